import { sha256Hex } from "../auth/crypto";
import type { Quote } from "./quote";

/**
 * Checkout drafts (docs/decisions/032-checkout-and-job-offers.md). A draft is an order in status
 * pending_payment with its checkout_items, made from exactly one state of the cart: its key is
 * `checkout:u<user_id>:<fingerprint>`, the fingerprint covering every line (item, hold, service, time,
 * price, vendor) and every amount. The same cart asks for the same draft (and so the same PaymentIntent,
 * keyed `order:<order_id>:charge`); a cart that changed in any way that matters gets a new draft.
 */

export interface Contact {
  email: string;
  phone: string;
  address: string;
  zipcode: string;
  time_zone: string;
  /** The customer's notes for the pro (cleaned), or null. */
  notes: string | null;
}

export interface DraftRow {
  order_id: number;
  user_id: number;
  status: "pending_payment" | "confirmed" | "completed" | "cancelled" | "failed";
  total_cents: number;
  credit_applied_cents: number;
  payment_intent_id: string | null;
  idempotency_key: string;
  completion_key: string | null;
  failure_reason: string | null;
}

export async function draftKey(userId: number, q: Quote): Promise<string> {
  const t = q.totals;
  const fingerprint = await sha256Hex(
    JSON.stringify({
      v: 1,
      lines: q.lines.map((l, i) => [
        l.item.cartitemid,
        l.item.hold_id,
        l.item.service_id,
        l.item.selected_date,
        l.item.total_duration,
        l.item.price_cents,
        l.item.vendor_id,
        l.item.is_connect_type,
        t.line_discounts_cents[i],
      ]),
      totals: [
        t.subtotal_cents,
        t.member_discount_cents,
        t.service_fee_cents,
        t.tax_cents,
        t.credit_applied_cents,
        t.total_cents,
      ],
    }),
  );
  return `checkout:u${userId}:${fingerprint}`;
}

/**
 * The draft of this cart state, created on first call (order and lines in one batch; a racing twin
 * request finds the same row through the unique key). The contact details of a draft still waiting for
 * payment follow the latest call.
 */
export async function upsertDraft(
  d1: D1Database,
  userId: number,
  q: Quote,
  contact: Contact,
  now: number,
): Promise<DraftRow> {
  const key = await draftKey(userId, q);
  const t = q.totals;
  const statements: D1PreparedStatement[] = [
    d1
      .prepare(
        `INSERT INTO orders (user_id, status, subtotal_cents, discount_cents, credit_applied_cents, fee_cents, tax_cents, total_cents,
           email, phone, address, zipcode, time_zone, idempotency_key, created_at, updated_at, customer_notes)
         VALUES (?1, 'pending_payment', ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?14, ?15)
         ON CONFLICT (idempotency_key) DO UPDATE SET email = excluded.email, phone = excluded.phone, address = excluded.address,
           zipcode = excluded.zipcode, time_zone = excluded.time_zone, updated_at = excluded.updated_at,
           customer_notes = excluded.customer_notes
         WHERE orders.status = 'pending_payment'`,
      )
      .bind(
        userId,
        t.subtotal_cents,
        t.member_discount_cents,
        t.credit_applied_cents,
        t.service_fee_cents,
        t.tax_cents,
        t.total_cents,
        contact.email,
        contact.phone,
        contact.address,
        contact.zipcode,
        contact.time_zone,
        key,
        now,
        contact.notes,
      ),
  ];
  q.lines.forEach((l, i) => {
    const item = l.item;
    statements.push(
      d1
        .prepare(
          `INSERT OR IGNORE INTO checkout_items (order_id, position, cartitemid, service_id, chosen_vendor_id, hint_v, hold_id, hold_vendor_id,
             start_at, job_minutes, is_connect, is_subscription, price_cents, discount_cents, time_zone)
           SELECT order_id, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15 FROM orders WHERE idempotency_key = ?1`,
        )
        .bind(
          key,
          i,
          item.cartitemid,
          item.service_id,
          item.vendor_id,
          item.hint_v,
          item.hold_id,
          l.vendorId,
          item.selected_date,
          item.total_duration,
          item.is_connect_type ? 1 : 0,
          item.is_subscription ? 1 : 0,
          item.price_cents,
          t.line_discounts_cents[i] ?? 0,
          l.tz,
        ),
    );
  });
  statements.push(
    d1
      .prepare(
        `SELECT order_id, user_id, status, total_cents, credit_applied_cents, payment_intent_id, idempotency_key, completion_key, failure_reason
         FROM orders WHERE idempotency_key = ?`,
      )
      .bind(key),
  );
  const results = await d1.batch(statements);
  const row = results[results.length - 1]!.results[0] as DraftRow | undefined;
  if (!row) throw new Error(`draft ${key} was not written`);
  return row;
}

/** Records the draft's PaymentIntent (the first one wins; the same key always gives the same intent). */
export async function setDraftIntent(d1: D1Database, orderId: number, intentId: string, now: number): Promise<void> {
  await d1
    .prepare("UPDATE orders SET payment_intent_id = ?, updated_at = ? WHERE order_id = ? AND payment_intent_id IS NULL")
    .bind(intentId, now, orderId)
    .run();
}
