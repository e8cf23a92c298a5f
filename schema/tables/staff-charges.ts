import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";
import { cents, createdAt, instant } from "./columns";
import { jobIncidents } from "./job-actions";
import { serviceOrders } from "./orders";
import { vendors } from "./vendors";

/**
 * Money staff take from a customer (migration 0013, docs/decisions/097-staff-charges.md): a charge for one of
 * their jobs, or the fee of a job staff suspended (098). Charged off-session to the saved card; when the card
 * needs the customer (3-D Secure), is declined or there is none, a payment link is texted (status link_sent).
 * idempotency_key is derived from the staff action, unique: one row, one provider call, one audit row.
 */
export const staffCharges = sqliteTable(
  "staff_charges",
  {
    staff_charge_id: integer("staff_charge_id").primaryKey({ autoIncrement: true }),
    kind: text("kind", { enum: ["charge", "suspension_fee"] }).notNull(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.user_id),
    service_order_id: integer("service_order_id")
      .notNull()
      .references(() => serviceOrders.service_order_id),
    amount_cents: cents("amount_cents").notNull(),
    reason: text("reason").notNull(),
    status: text("status", { enum: ["pending", "succeeded", "failed", "link_sent"] })
      .notNull()
      .default("pending"),
    idempotency_key: text("idempotency_key").notNull(),
    payment_intent_id: text("payment_intent_id"),
    pay_link_id: integer("pay_link_id"),
    failure: text("failure"),
    created_by_user_id: integer("created_by_user_id")
      .notNull()
      .references(() => users.user_id),
    created_at: createdAt(),
    updated_at: instant("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("staff_charges_key_uq").on(t.idempotency_key),
    index("staff_charges_user_idx").on(t.user_id, t.created_at),
  ],
);

/**
 * An exception (docs/decisions/099-exceptions.md): a pro asks staff to lift the reliability penalty of a job
 * they gave back (job_incidents.penalty). Staff approve (the points come back, never above the maximum, and
 * not for a soft-banned or terminated pro) or deny. One request an incident (unique).
 */
export const vendorExceptions = sqliteTable(
  "vendor_exceptions",
  {
    exception_id: integer("exception_id").primaryKey({ autoIncrement: true }),
    vendor_id: integer("vendor_id")
      .notNull()
      .references(() => vendors.vendor_id),
    incident_id: integer("incident_id")
      .notNull()
      .references(() => jobIncidents.incident_id),
    penalty: integer("penalty").notNull(),
    explanation: text("explanation").notNull(),
    status: text("status", { enum: ["pending", "approved", "denied"] })
      .notNull()
      .default("pending"),
    decided_by_user_id: integer("decided_by_user_id").references(() => users.user_id),
    decision_note: text("decision_note"),
    decided_at: instant("decided_at"),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex("vendor_exceptions_incident_uq").on(t.incident_id),
    index("vendor_exceptions_status_idx").on(t.status, t.created_at),
  ],
);
