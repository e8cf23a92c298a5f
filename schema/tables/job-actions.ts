import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { cents, createdAt, instant } from "./columns";
import { serviceOrders } from "./orders";
import { vendors } from "./vendors";

/**
 * What a pro does on one of their accepted jobs after acceptance (issue 10, migration 0009;
 * docs/decisions/060-069).
 */

/**
 * Money a pro moves on a job: a refund to the customer (kind refund) or an added charge (kind add_charge).
 * The row is the claim, written first under conditions (the job's state, what is left to refund), with a
 * key derived from the job and the pro's request key; the provider call then uses that key, so a retried or
 * racing request moves money once. Status: pending (claimed) -> succeeded | failed. An added charge the customer
 * must approve (docs/decisions/116: outside the policy, or the card needs them) is awaiting_approval with a texted
 * payment link, then succeeded when they pay it, declined when they decline it, withdrawn when the job is
 * cancelled first (link_sent is the same state for charges made before migration 0019).
 */
export const jobAdjustments = sqliteTable(
  "job_adjustments",
  {
    adjustment_id: integer("adjustment_id").primaryKey({ autoIncrement: true }),
    service_order_id: integer("service_order_id")
      .notNull()
      .references(() => serviceOrders.service_order_id),
    vendor_id: integer("vendor_id")
      .notNull()
      .references(() => vendors.vendor_id),
    kind: text("kind", { enum: ["refund", "add_charge"] }).notNull(),
    amount_cents: cents("amount_cents").notNull(),
    description: text("description").notNull(),
    status: text("status", {
      enum: ["pending", "succeeded", "failed", "link_sent", "awaiting_approval", "declined", "withdrawn"],
    }).notNull(),
    idempotency_key: text("idempotency_key").notNull(),
    payment_intent_id: text("payment_intent_id"),
    /** The provider's refund id, for refunds. */
    provider_ref: text("provider_ref"),
    pay_link_id: integer("pay_link_id"),
    failure: text("failure"),
    created_at: createdAt(),
    updated_at: instant("updated_at").notNull(),
    /** Added charges (migration 0019): auto (the saved card, within the policy) or customer (they approve it). */
    consent: text("consent", { enum: ["auto", "customer"] })
      .notNull()
      .default("auto"),
    /** The customer's dispute of an added charge. */
    disputed_at: instant("disputed_at"),
    dispute_reason: text("dispute_reason"),
    /** The refund of an added charge (staff, or the job's cancellation). */
    refund_status: text("refund_status", { enum: ["none", "pending", "succeeded", "failed"] })
      .notNull()
      .default("none"),
    refund_ref: text("refund_ref"),
    refund_reason: text("refund_reason"),
    refunded_at: instant("refunded_at"),
  },
  (t) => [
    uniqueIndex("job_adjustments_key_uq").on(t.idempotency_key),
    index("job_adjustments_so_idx").on(t.service_order_id, t.kind),
    index("job_adjustments_kind_created_idx").on(t.kind, t.created_at),
  ],
);

/**
 * Events on the day or to the plan: the customer was unreachable (with the pro's video), an emergency
 * reschedule, the pro cannot provide the service, a contact-info request.
 */
export const jobIncidents = sqliteTable(
  "job_incidents",
  {
    incident_id: integer("incident_id").primaryKey({ autoIncrement: true }),
    service_order_id: integer("service_order_id")
      .notNull()
      .references(() => serviceOrders.service_order_id),
    vendor_id: integer("vendor_id")
      .notNull()
      .references(() => vendors.vendor_id),
    kind: text("kind", {
      enum: ["unreachable", "emergency_reschedule", "cannot_provide", "contact_request"],
    }).notNull(),
    note: text("note"),
    video_key: text("video_key"),
    video_duration_ms: integer("video_duration_ms"),
    fee_cents: cents("fee_cents").notNull().default(0),
    /** Reliability points taken from the pro (0 for the no-penalty variant). */
    penalty: integer("penalty").notNull().default(0),
    idempotency_key: text("idempotency_key").notNull(),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex("job_incidents_key_uq").on(t.idempotency_key),
    index("job_incidents_so_idx").on(t.service_order_id, t.kind),
  ],
);
