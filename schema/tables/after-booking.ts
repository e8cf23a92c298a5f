import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";
import { cents, createdAt, instant } from "./columns";
import { serviceOrders } from "./orders";
import { vendors } from "./vendors";

/**
 * What happens to a job after checkout that the order tables do not already hold: customer payment links
 * for a job (secure pay) and the outcome of a cancellation (docs/api-orders.md,
 * docs/decisions/033-cancellation-and-reschedule.md).
 */

/**
 * A secure-pay link for one job (docs/product.md section 2 "cpid with vid: secure-pay link on home"): the payer opens
 * `/?cpid=<token>&vid=<vendor_id>` and pays without an account. kind "tip" asks only for a tip (the
 * customer's shareable tip link, POST /order/tip/url); kind "charge" asks for amount_cents, with an optional
 * tip. Only the token's SHA-256 is kept. A link is open until paid, revoked (a newer tip link replaces an
 * older one) or expired. A vendor's own payment request (`?vpid=`) is payment_requests.
 */
export const payLinks = sqliteTable(
  "pay_links",
  {
    pay_link_id: integer("pay_link_id").primaryKey({ autoIncrement: true }),
    token_hash: text("token_hash").notNull().unique(),
    kind: text("kind", { enum: ["tip", "charge"] }).notNull(),
    service_order_id: integer("service_order_id")
      .notNull()
      .references(() => serviceOrders.service_order_id),
    vendor_id: integer("vendor_id")
      .notNull()
      .references(() => vendors.vendor_id),
    /** What the payer is asked for besides a tip; 0 for a tip link. */
    amount_cents: cents("amount_cents").notNull().default(0),
    description: text("description").notNull(),
    created_by_user_id: integer("created_by_user_id").references(() => users.user_id),
    status: text("status", { enum: ["open", "paid", "revoked", "declined"] })
      .notNull()
      .default("open"),
    expires_at: instant("expires_at").notNull(),
    payment_intent_id: text("payment_intent_id"),
    paid_at: instant("paid_at"),
    created_at: createdAt(),
  },
  (t) => [index("pay_links_so_idx").on(t.service_order_id, t.status)],
);

/**
 * A customer's cancellation of a job and what it cost: the policy window, the fee kept, and what went back
 * to the card (refund_status tracks the provider refund, retried until it succeeds) and to account credit.
 * `claim` is the random token of the request that cancelled: the statements of that request's batch act
 * only when the claim is theirs, so a double click cancels, refunds and credits once.
 */
export const orderCancellations = sqliteTable(
  "order_cancellations",
  {
    service_order_id: integer("service_order_id")
      .primaryKey()
      .references(() => serviceOrders.service_order_id),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.user_id),
    window: text("window", { enum: ["free", "late"] }).notNull(),
    /** domain/order-rules.ts CancellationQuote reason: before-window, no-vendor, inside-window, moved-late. */
    policy_reason: text("policy_reason").notNull(),
    fee_cents: cents("fee_cents").notNull(),
    refund_cents: cents("refund_cents").notNull(),
    credit_return_cents: cents("credit_return_cents").notNull(),
    /** The order's card payment the refund comes from; null when nothing was paid by card. */
    payment_intent_id: text("payment_intent_id"),
    refund_status: text("refund_status", { enum: ["none", "pending", "succeeded", "failed"] }).notNull(),
    refund_id: text("refund_id"),
    claim: text("claim").notNull(),
    created_at: createdAt(),
    updated_at: instant("updated_at").notNull(),
  },
  (t) => [index("order_cancellations_refund_idx").on(t.refund_status)],
);
