import { drizzle } from "drizzle-orm/d1";
import { HOUR_MS, MINUTE_MS } from "../../domain/calendar/time";
import { paymentsFromEnv } from "../adapters/payments";
import { completeCheckout, refundFailedOrder } from "./complete";

/**
 * Cron housekeeping of checkouts (safe to run twice, or concurrently with the customer's own calls):
 *
 * - A paid draft the browser never completed (closed tab, lost network) is completed server-side, which
 *   books it if its holds are still alive and otherwise fails and refunds it: money taken for an order is
 *   never left without one.
 * - A draft nobody paid for within an hour is cancelled, its PaymentIntent too (`order:<id>:cancel`), so a
 *   forgotten tab can never charge for holds long gone.
 * - A failed order whose refund did not go through ("refund-pending") is refunded again (same key).
 */
export const PAID_DRAFT_GRACE_MS = 2 * MINUTE_MS;
export const UNPAID_DRAFT_TTL_MS = HOUR_MS;
const BATCH = 50;

export interface SweepReport {
  completed: number;
  failed: number;
  cancelled: number;
  refunded: number;
}

type Port = ReturnType<typeof paymentsFromEnv>;
type DraftRow = { order_id: number; payment_intent_id: string | null; total_cents: number; updated_at: number };

/** The drafts to look at (paid or not, older than the grace): the cron's queue items, or the sweep's loop. */
export async function draftsDue(env: Env, now: number, limit = BATCH): Promise<DraftRow[]> {
  const { results } = await env.DB.prepare(
    `SELECT order_id, payment_intent_id, total_cents, updated_at FROM orders
     WHERE status = 'pending_payment' AND updated_at < ? ORDER BY updated_at LIMIT ?`,
  )
    .bind(now - PAID_DRAFT_GRACE_MS, limit)
    .all<DraftRow>();
  return results;
}

/** Failed orders whose refund did not go through yet. */
export async function refundsDue(env: Env, limit = BATCH) {
  const { results } = await env.DB.prepare(
    "SELECT order_id, payment_intent_id, failure_reason FROM orders WHERE status = 'failed' AND failure_reason LIKE '%:refund-pending' LIMIT ?",
  )
    .bind(limit)
    .all<{ order_id: number; payment_intent_id: string | null; failure_reason: string }>();
  return results;
}

/**
 * One draft: completed (paid), cancelled (unpaid past the hour), or left for a later run ("wait": still within
 * the hour, or its payment is processing). Safe to run twice, or concurrently with the customer's own calls.
 */
export async function settleDraft(
  env: Env,
  port: Port,
  orderId: number,
  now: number,
): Promise<"completed" | "failed" | "cancelled" | "wait" | "stale"> {
  const db = drizzle(env.DB);
  const d = await env.DB.prepare(
    "SELECT order_id, payment_intent_id, total_cents, updated_at FROM orders WHERE order_id = ? AND status = 'pending_payment'",
  )
    .bind(orderId)
    .first<DraftRow>();
  if (!d) return "stale";
  let status: string | null = null;
  if (d.payment_intent_id) status = (await port.retrieveIntent(d.payment_intent_id)).status;
  if (status === "succeeded") {
    const done = await completeCheckout(env, db, port, d.order_id, now).catch(() => null);
    if (done?.kind === "completed") return "completed";
    // Still a draft (the completion threw, or lost a race that is still running): a later run tries again.
    const still = await env.DB.prepare("SELECT 1 FROM orders WHERE order_id = ? AND status = 'pending_payment'")
      .bind(d.order_id)
      .first();
    return still ? "wait" : "failed";
  }
  if (d.updated_at >= now - UNPAID_DRAFT_TTL_MS || status === "processing") return "wait";
  if (d.payment_intent_id && (status === "requires_payment_method" || status === "requires_action")) {
    await port.cancelIntent(d.payment_intent_id, `order:${d.order_id}:cancel`);
  }
  const cancelled = await env.DB.prepare(
    "UPDATE orders SET status = 'cancelled', failure_reason = 'abandoned', updated_at = ? WHERE order_id = ? AND status = 'pending_payment'",
  )
    .bind(now, d.order_id)
    .run();
  return cancelled.meta.changes > 0 ? "cancelled" : "stale";
}

/** Refunds a failed order again (same key); "wait" when the refund is still not through. */
export async function retryOrderRefund(env: Env, port: Port, orderId: number, now: number) {
  const o = await env.DB.prepare(
    "SELECT payment_intent_id, failure_reason FROM orders WHERE order_id = ? AND status = 'failed' AND failure_reason LIKE '%:refund-pending'",
  )
    .bind(orderId)
    .first<{ payment_intent_id: string | null; failure_reason: string }>();
  if (!o?.payment_intent_id) return "stale" as const;
  await refundFailedOrder(
    env,
    port,
    orderId,
    o.payment_intent_id,
    o.failure_reason.replace(/:refund-pending$/, ""),
    now,
  );
  const after = await env.DB.prepare("SELECT failure_reason FROM orders WHERE order_id = ?")
    .bind(orderId)
    .first<{ failure_reason: string | null }>();
  return after?.failure_reason?.endsWith(":refund-pending") ? ("wait" as const) : ("refunded" as const);
}

/**
 * The whole sweep in one call (what the cron did inline before it went through the queue; kept for tools and
 * tests). The cron now enqueues one item per draft and per refund (worker/cron/queue.ts).
 */
export async function sweepCheckouts(env: Env, now: number): Promise<SweepReport> {
  const port = paymentsFromEnv(env, drizzle(env.DB), now);
  const report: SweepReport = { completed: 0, failed: 0, cancelled: 0, refunded: 0 };
  for (const d of await draftsDue(env, now)) {
    try {
      const outcome = await settleDraft(env, port, d.order_id, now);
      if (outcome === "completed" || outcome === "failed" || outcome === "cancelled") report[outcome] += 1;
    } catch (err) {
      console.error(JSON.stringify({ at: "checkout.sweep", order_id: d.order_id, error: String(err) }));
    }
  }
  for (const o of await refundsDue(env)) {
    if (!o.payment_intent_id) continue;
    await retryOrderRefund(env, port, o.order_id, now);
    report.refunded += 1;
  }
  return report;
}
