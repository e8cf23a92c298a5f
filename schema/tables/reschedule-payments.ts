import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";
import { services } from "./catalogue";
import { cents, createdAt, instant } from "./columns";
import { rescheduleRequests, serviceOrders } from "./orders";

/**
 * The price difference of a customer's reschedule that changes the appointment's length
 * (docs/decisions/067-reschedule-price-difference.md; migration 0016). One row per request: the figures of
 * domain/reschedule-pricing.ts reschedulePrice, then what happened to the money. Every charge and refund's
 * idempotency key derives from the request id (`reschedule:<id>:charge`, `:refund`, `:charge-refund`).
 */
export const reschedulePayments = sqliteTable(
  "reschedule_payments",
  {
    reschedule_id: integer("reschedule_id")
      .primaryKey()
      .references(() => rescheduleRequests.reschedule_id, { onDelete: "cascade" }),
    service_order_id: integer("service_order_id")
      .notNull()
      .references(() => serviceOrders.service_order_id, { onDelete: "cascade" }),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.user_id),
    /** The option the job had when the request was made (the request's to_service_id is the new one). */
    old_service_id: integer("old_service_id")
      .notNull()
      .references(() => services.service_id),
    old_job_minutes: integer("old_job_minutes").notNull(),
    old_price_cents: cents("old_price_cents").notNull(),
    new_price_cents: cents("new_price_cents").notNull(),
    old_discount_cents: cents("old_discount_cents").notNull(),
    new_discount_cents: cents("new_discount_cents").notNull(),
    old_fee_cents: cents("old_fee_cents").notNull(),
    new_fee_cents: cents("new_fee_cents").notNull(),
    old_total_cents: cents("old_total_cents").notNull(),
    new_total_cents: cents("new_total_cents").notNull(),
    /** new - old; above 0 is charged before the pro sees the request, below 0 refunded when they accept. */
    difference_cents: cents("difference_cents").notNull(),
    /** The pro's pay for the job at the new price (their share of the list price). */
    new_payout_cents: cents("new_payout_cents").notNull(),
    charge_status: text("charge_status", {
      enum: ["due", "requires_action", "paid", "failed", "waived", "refund_on_accept"],
    }).notNull(),
    payment_intent_id: text("payment_intent_id"),
    /** The refund of a lower price, or of a charged difference the request did not use. */
    refund_status: text("refund_status", { enum: ["none", "pending", "succeeded", "failed"] })
      .notNull()
      .default("none"),
    refund_id: text("refund_id"),
    refund_cents: cents("refund_cents").notNull().default(0),
    credit_return_cents: cents("credit_return_cents").notNull().default(0),
    created_at: createdAt(),
    updated_at: instant("updated_at").notNull(),
  },
  (t) => [
    index("reschedule_payments_so_idx").on(t.service_order_id),
    index("reschedule_payments_status_idx").on(t.charge_status, t.refund_status),
  ],
);
