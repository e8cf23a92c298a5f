import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { cents, createdAt, instant } from "./columns";

/**
 * Texted links that let a customer authenticate (3-D Secure) one off-session charge their bank refused with
 * "authentication_required" (docs/decisions/147-authenticate-later-charges.md). One link per intent; only the
 * token's hash is kept. A link serves one intent of one provider customer, expires, and is spent once the charge
 * succeeded and the thing it paid for is recorded (`completed_at`).
 */
export const paymentAuthLinks = sqliteTable(
  "payment_auth_links",
  {
    token_hash: text("token_hash").primaryKey(),
    payment_intent_id: text("payment_intent_id").notNull().unique(),
    /** The provider customer the intent charges; the link answers only while the intent still has it. */
    customer_id: text("customer_id").notNull(),
    payment_method_id: text("payment_method_id").notNull(),
    /** What the charge pays for: a PAYMENT_PURPOSES value and the ref its completion reads (`csub:<id>:<date>`). */
    purpose: text("purpose").notNull(),
    ref: text("ref").notNull(),
    amount_cents: cents("amount_cents").notNull(),
    description: text("description").notNull(),
    phone: text("phone").notNull(),
    expires_at: instant("expires_at").notNull(),
    completed_at: instant("completed_at"),
    created_at: createdAt(),
  },
  (t) => [index("payment_auth_links_ref_idx").on(t.purpose, t.ref)],
);
