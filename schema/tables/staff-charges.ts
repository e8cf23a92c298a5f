import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";
import { cents, createdAt, instant } from "./columns";
import { serviceOrders } from "./orders";

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
