import { formatLocal } from "../../domain/calendar/time";
import type {
  PaymentEntry,
  PaymentHistoryPage,
  PaymentKind,
  Receipt,
  ReceiptLine,
} from "../../schema/contracts/receipts";
import { fail } from "../http/errors";

/**
 * The signed-in customer's payment history and receipts (docs/decisions/154): every payment that went through
 * (a booking, a reschedule difference, a tip, an added charge, a gift card, a membership, a subscription visit),
 * every refund of one, and every account credit entry (added: gift card, membership, welcome, referral, a refund
 * to credit; used: on a booking). Only the user's own rows are ever read: every query is keyed by their user id,
 * and someone else's receipt is NOT_FOUND (no hint that it exists).
 */

export const PAYMENTS_PAGE_SIZE = 20;

interface EntryRow {
  id: string;
  source: "pi" | "rf" | "cr";
  purpose: string;
  amount_cents: number;
  at: number;
  ref: string;
}

const PURPOSE: Record<string, { kind: PaymentKind; title: string }> = {
  order: { kind: "charge", title: "Booking" },
  reschedule: { kind: "charge", title: "Reschedule difference" },
  tip: { kind: "tip", title: "Tip" },
  add_charge: { kind: "added_charge", title: "Added charge" },
  secure_pay: { kind: "added_charge", title: "Payment link" },
  staff_charge: { kind: "added_charge", title: "Added charge" },
  gift_card: { kind: "charge", title: "Gift card purchase" },
  membership: { kind: "charge", title: "Membership" },
  client_subscription: { kind: "charge", title: "Subscription visit" },
};

const CREDIT: Record<string, string> = {
  gift_card: "Gift card redeemed",
  membership: "Membership credit",
  welcome: "Welcome credit",
  referral: "Referral credit",
  refund: "Refund to your credit",
  order: "Credit used on a booking",
  admin: "Credit from support",
};

function purposeOf(purpose: string) {
  return PURPOSE[purpose] ?? { kind: "charge" as const, title: "Payment" };
}

function entryOf(r: EntryRow): PaymentEntry {
  const created_at = new Date(r.at).toISOString();
  if (r.source === "pi") {
    const p = purposeOf(r.purpose);
    const title = r.purpose === "order" ? `${p.title} (order #${r.ref})` : p.title;
    return { id: r.id, kind: p.kind, direction: "paid", title, amount_cents: r.amount_cents, created_at };
  }
  if (r.source === "rf") {
    return {
      id: r.id,
      kind: "refund",
      direction: "returned",
      title: `Refund of ${purposeOf(r.purpose).title.toLowerCase()}`,
      amount_cents: r.amount_cents,
      created_at,
    };
  }
  const added = r.amount_cents >= 0;
  return {
    id: r.id,
    kind: "credit",
    direction: added ? "credit_added" : "credit_used",
    title: CREDIT[r.purpose] ?? (added ? "Account credit" : "Account credit used"),
    amount_cents: Math.abs(r.amount_cents),
    created_at,
  };
}

/** The three sources as one list, newest first (ties by id, so pages never overlap). */
const ENTRIES = `
  SELECT 'pi:' || pi.id AS id, 'pi' AS source, pi.purpose AS purpose, pi.amount_cents AS amount_cents,
         pi.updated_at AS at, pi.ref AS ref
    FROM payment_intents pi WHERE pi.user_id = ?1 AND pi.status = 'succeeded'
  UNION ALL
  SELECT 'rf:' || r.refund_id, 'rf', pi.purpose, r.amount_cents, r.created_at, pi.id
    FROM refunds r JOIN payment_intents pi ON pi.id = r.payment_intent_id
   WHERE pi.user_id = ?1 AND r.status = 'succeeded'
  UNION ALL
  SELECT 'cr:' || c.entry_id, 'cr', c.reason, c.delta_cents, c.created_at, c.ref
    FROM credit_ledger c WHERE c.user_id = ?1 AND c.delta_cents <> 0`;

/** One page (1-based) of the user's history, newest first. */
export async function paymentHistory(d1: D1Database, userId: number, page: number): Promise<PaymentHistoryPage> {
  const rows = await d1
    .prepare(`SELECT * FROM (${ENTRIES}) ORDER BY at DESC, id DESC LIMIT ?2 OFFSET ?3`)
    .bind(userId, PAYMENTS_PAGE_SIZE + 1, (page - 1) * PAYMENTS_PAGE_SIZE)
    .all<EntryRow>();
  const list = rows.results;
  return {
    entries: list.slice(0, PAYMENTS_PAGE_SIZE).map(entryOf),
    page,
    has_more: list.length > PAYMENTS_PAGE_SIZE,
  };
}

const ID = /^(pi|rf|cr):([A-Za-z0-9_]{1,120})$/;

/** One receipt of the user's, or NOT_FOUND (a malformed id, another person's, or none). */
export async function receiptOf(d1: D1Database, userId: number, id: string): Promise<Receipt> {
  if (!ID.test(id)) fail("NOT_FOUND");
  const row = await d1.prepare(`SELECT * FROM (${ENTRIES}) WHERE id = ?2`).bind(userId, id).first<EntryRow>();
  if (!row) fail("NOT_FOUND");
  const entry = entryOf(row);
  const receipt: Receipt = { ...entry, description: null, card: null, lines: [], refunds: [], original: null };
  if (row.source === "cr") return receipt;

  const intentId = row.source === "pi" ? id.slice(3) : row.ref;
  const [intent, refunds] = await d1.batch([
    d1
      .prepare(
        `SELECT pi.id, pi.purpose, pi.ref, pi.amount_cents, pi.description,
              json_extract(pi.metadata, '$.service_order_id') AS service_order_id,
              COALESCE(pm.brand, lpm.brand) AS brand, COALESCE(pm.last4, lpm.last4) AS last4
         FROM payment_intents pi
         LEFT JOIN payment_methods pm ON pm.id = pi.payment_method_id
         LEFT JOIN local_payment_methods lpm ON lpm.id = pi.payment_method_id
        WHERE pi.id = ?1 AND pi.user_id = ?2`,
      )
      .bind(intentId, userId),
    d1
      .prepare(
        `SELECT r.refund_id, r.amount_cents, r.created_at FROM refunds r
        WHERE r.payment_intent_id = ?1 AND r.status = 'succeeded' ORDER BY r.created_at, r.refund_id`,
      )
      .bind(intentId),
  ]);
  const pi = intent!.results[0] as
    | {
        id: string;
        purpose: string;
        ref: string;
        amount_cents: number;
        description: string | null;
        service_order_id: string | number | null;
        brand: string | null;
        last4: string | null;
      }
    | undefined;
  if (!pi) return receipt;
  if (pi.brand && pi.last4) receipt.card = `${brandName(pi.brand)} •••• ${pi.last4}`;
  receipt.description = pi.description;
  receipt.lines = await linesOf(d1, userId, pi.purpose === "order" ? { order: pi.ref } : { job: pi.service_order_id });
  if (row.source === "pi") {
    receipt.refunds = (refunds!.results as Array<{ refund_id: number; amount_cents: number; created_at: number }>).map(
      (r) => ({
        id: `rf:${r.refund_id}`,
        amount_cents: r.amount_cents,
        created_at: new Date(r.created_at).toISOString(),
      }),
    );
  } else {
    receipt.original = {
      id: `pi:${pi.id}`,
      title: entryOf({ ...row, source: "pi", id: `pi:${pi.id}`, ref: pi.ref, amount_cents: pi.amount_cents }).title,
      amount_cents: pi.amount_cents,
    };
  }
  return receipt;
}

function brandName(brand: string): string {
  if (brand === "amex") return "American Express";
  return brand.charAt(0).toUpperCase() + brand.slice(1);
}

/** The visits a payment was for: an order's jobs, or the one job of a tip, added charge or reschedule. */
async function linesOf(
  d1: D1Database,
  userId: number,
  of: { order: string } | { job: string | number | null },
): Promise<ReceiptLine[]> {
  const byOrder = "order" in of;
  const key = Number(byOrder ? of.order : of.job);
  if (!Number.isSafeInteger(key) || key <= 0) return [];
  const rows = await d1
    .prepare(
      `SELECT s.description, so.promised_arrival_time AS at, so.time_zone, so.price_cents
         FROM service_orders so JOIN services s ON s.service_id = so.service_id
        WHERE so.user_id = ?1 AND ${byOrder ? "so.order_id" : "so.service_order_id"} = ?2
        ORDER BY so.promised_arrival_time, so.service_order_id`,
    )
    .bind(userId, key)
    .all<{ description: string; at: number; time_zone: string; price_cents: number }>();
  return rows.results.map((r) => ({
    label: r.description,
    when: formatLocal(r.at, r.time_zone),
    time_zone: r.time_zone,
    amount_cents: byOrder ? r.price_cents : null,
  }));
}
