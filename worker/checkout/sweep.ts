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

export async function sweepCheckouts(env: Env, now: number): Promise<SweepReport> {
  const db = drizzle(env.DB);
  const port = paymentsFromEnv(env, db, now);
  const report: SweepReport = { completed: 0, failed: 0, cancelled: 0, refunded: 0 };

  const { results: drafts } = await env.DB.prepare(
    `SELECT order_id, payment_intent_id, total_cents, updated_at FROM orders
     WHERE status = 'pending_payment' AND updated_at < ? ORDER BY updated_at LIMIT ?`,
  )
    .bind(now - PAID_DRAFT_GRACE_MS, BATCH)
    .all<{ order_id: number; payment_intent_id: string | null; total_cents: number; updated_at: number }>();
  for (const d of drafts) {
    try {
      let status: string | null = null;
      if (d.payment_intent_id) status = (await port.retrieveIntent(d.payment_intent_id)).status;
      if (status === "succeeded") {
        const done = await completeCheckout(env, db, port, d.order_id, now).catch(() => null);
        if (done?.kind === "completed") report.completed += 1;
        else report.failed += 1;
        continue;
      }
      if (d.updated_at >= now - UNPAID_DRAFT_TTL_MS || status === "processing") continue;
      if (d.payment_intent_id && (status === "requires_payment_method" || status === "requires_action")) {
        await port.cancelIntent(d.payment_intent_id, `order:${d.order_id}:cancel`);
      }
      const cancelled = await env.DB.prepare(
        "UPDATE orders SET status = 'cancelled', failure_reason = 'abandoned', updated_at = ? WHERE order_id = ? AND status = 'pending_payment'",
      )
        .bind(now, d.order_id)
        .run();
      if (cancelled.meta.changes > 0) report.cancelled += 1;
    } catch (err) {
      console.error(JSON.stringify({ at: "checkout.sweep", order_id: d.order_id, error: String(err) }));
    }
  }

  const { results: pending } = await env.DB.prepare(
    "SELECT order_id, payment_intent_id, failure_reason FROM orders WHERE status = 'failed' AND failure_reason LIKE '%:refund-pending' LIMIT ?",
  )
    .bind(BATCH)
    .all<{ order_id: number; payment_intent_id: string | null; failure_reason: string }>();
  for (const o of pending) {
    if (!o.payment_intent_id) continue;
    await refundFailedOrder(
      env,
      port,
      o.order_id,
      o.payment_intent_id,
      o.failure_reason.replace(/:refund-pending$/, ""),
      now,
    );
    report.refunded += 1;
  }
  return report;
}
