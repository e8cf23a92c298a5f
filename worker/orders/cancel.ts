import { formatWhen } from "../../domain/slot-format";
import type { CancellationPolicyView } from "../../schema/contracts/orders";
import { and, eq, ne, sql } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { formatLocal, HOUR_MS, iso } from "../../domain/calendar/time";
import { messageFor } from "../../domain/messages";
import { centsToDecimal } from "../../domain/money";
import { cardRefundSources } from "../../domain/job-payment";
import { canCancel, movedOutOfLateWindow, quoteCancellation, type CancellationQuote } from "../../domain/order-rules";
import { ServiceOrderStatus } from "../../domain/order-status";
import { PRICING } from "../../domain/pricing-config";
import { orderCancellations } from "../../schema/tables/after-booking";
import { checkoutItems, rescheduleRequests, serviceOrders } from "../../schema/tables/orders";
import { reschedulePayments } from "../../schema/tables/reschedule-payments";
import { PaymentsError, type PaymentsPort } from "../adapters/payments/port";
import { sendSms } from "../adapters/sms";
import { randomToken } from "../auth/crypto";
import { calendarFor } from "../calendar/calendar-client";
import { notifyVendor, notifyVendors } from "../calendar/notify-vendor";
import { notifyOrderChanged } from "./notify-customer";
import { fail } from "../http/errors";
import { returnAddedCharges } from "../jobs/added-charges";
import { d1Batch } from "./d1-batch";
import { jobMoney } from "./job-money";
import { ownJob, type JobRow } from "./jobs";
import { refundJobDifferences } from "./reschedule-price";

/**
 * Cancelling a job (docs/decisions/033-cancellation-and-reschedule.md): the policy quote shown before
 * confirming (GET /order/cancel-policy) and the cancellation itself (POST /order/cancel), which keeps the
 * fee, refunds the rest of the card payment through the payments port (key `order:<id>:cancel-refund`),
 * returns the credit part to the account, refunds the pro's added charges and frees the vendor's booking.
 */

export type { CancellationPolicyView };

function summary(q: CancellationQuote, tz: string): string {
  const back = [
    q.refund_cents > 0 ? `$${centsToDecimal(q.refund_cents)} back to your card` : null,
    q.credit_return_cents > 0 ? `$${centsToDecimal(q.credit_return_cents)} back to your account credit` : null,
  ].filter(Boolean);
  const returned = back.length > 0 ? back.join(" and ") : "nothing to return";
  if (q.window === "free") {
    const until =
      q.reason === "no-vendor" ? "while no professional has accepted it" : `until ${formatWhen(q.free_until, tz)}`;
    return `Cancelling is free ${until}: ${returned}.`;
  }
  const why =
    q.reason === "moved-late"
      ? "This service was moved after its free cancellation window had closed"
      : `The free cancellation window closed at ${formatWhen(q.free_until, tz)}`;
  return `${why}: a $${centsToDecimal(q.fee_cents)} late cancellation fee applies, ${returned}.`;
}

function policyView(job: JobRow, q: CancellationQuote, paid: number): CancellationPolicyView {
  return {
    service_order_id: job.service_order_id,
    window: q.window,
    reason: q.reason,
    free_until: iso(q.free_until),
    free_until_local: formatLocal(q.free_until, job.time_zone),
    free_cancellation_hours: PRICING.freeCancellationHours,
    paid_cents: paid,
    fee_cents: q.fee_cents,
    refund_cents: q.refund_cents,
    credit_return_cents: q.credit_return_cents,
    summary: summary(q, job.time_zone),
  };
}

interface Context {
  job: JobRow;
  /** The quote; its refund_cents is everything back to a card (the order's payment and the charged differences). */
  quote: CancellationQuote;
  paid: number;
  paymentIntentId: string | null;
  /** Back to the order's card payment (the rest of the card refund goes back to the differences' own intents). */
  orderRefund: number;
  /** Accepted differences charged for the job: what of each goes back (the rest is kept towards the fee). */
  chargeRefunds: Array<{ reschedule_id: number; cents: number }>;
  /** The job's price changes counted when the context was read (worker/orders/job-money.ts seenChanges). */
  seenChanges: number[];
  /** What the pro had refunded of the job when the context was read. */
  jobRefunds: number;
  /** Holds of pending reschedule requests, released with the booking. */
  holds: string[];
}

/**
 * What the job paid (docs/decisions/068-money-after-a-price-changing-reschedule.md, worker/orders/job-money.ts):
 * its share of the order's card total and credit split by the jobs' original prices (card part capped by what
 * is left of the payment after earlier refunds), plus the accepted differences charged for it, minus the lower
 * prices already given back. The fee is the policy's on the job's current price, capped by that.
 */
async function cancellationContext(db: DrizzleD1Database, job: JobRow, now: number): Promise<Context> {
  const [money, requests] = await Promise.all([
    jobMoney(db, job.order_id, job.service_order_id),
    db
      .select({
        requested_by: rescheduleRequests.requested_by,
        status: rescheduleRequests.status,
        created_at: rescheduleRequests.created_at,
        from_time: rescheduleRequests.from_time,
        hold_id: rescheduleRequests.hold_id,
      })
      .from(rescheduleRequests)
      .where(eq(rescheduleRequests.service_order_id, job.service_order_id)),
  ]);
  const { paid } = money;
  const quote = quoteCancellation({
    now,
    start: job.promised_arrival_time,
    price_cents: job.price_cents,
    vendor_assigned: job.vendor_id !== null,
    late_locked: movedOutOfLateWindow(requests),
    card_cents: paid.card_cents,
    credit_cents: paid.credit_cents,
  });
  const sources = cardRefundSources(paid, quote.refund_cents);
  return {
    job,
    quote,
    paid: paid.total_cents,
    paymentIntentId: paid.order_card_cents > 0 ? money.paymentIntentId : null,
    orderRefund: sources.order_cents,
    chargeRefunds: sources.charges,
    seenChanges: money.seenChanges,
    jobRefunds: money.jobRefundsCents,
    holds: requests.filter((r) => r.status === "pending" && r.hold_id).map((r) => r.hold_id!),
  };
}

async function cancellableJob(db: DrizzleD1Database, userId: number, serviceOrderId: number): Promise<JobRow> {
  const job = await ownJob(db, userId, serviceOrderId);
  if (!job) fail("NOT_FOUND", { service_order_id: "We couldn't find this service." });
  if (!canCancel(job.service_order_status_id)) fail("ORDER_NOT_CANCELLABLE");
  return job;
}

/** GET /order/cancel-policy: what cancelling now would cost, for the confirmation dialog. */
export async function cancellationPolicy(
  db: DrizzleD1Database,
  userId: number,
  serviceOrderId: number,
  now: number,
): Promise<CancellationPolicyView> {
  const job = await cancellableJob(db, userId, serviceOrderId);
  const ctx = await cancellationContext(db, job, now);
  return policyView(job, ctx.quote, ctx.paid);
}

export interface CancellationResult {
  service_order_id: number;
  service_order_status_id: number;
  cancellation: CancellationPolicyView & { refund_status: "none" | "pending" | "succeeded" | "failed" };
  message: string;
}

type CancellationRow = typeof orderCancellations.$inferSelect;

/**
 * POST /order/cancel. One batch claims the cancellation (the order_cancellations row, written only while
 * the job is still open and carrying a random claim) and, only for that claim, marks the job cancelled,
 * closes its pending reschedule requests and offers, returns the credit part to the account (ledger entry
 * `refund` / `so:<id>:cancel`), gives the vendor their share of a late fee and closes an order whose jobs
 * are all cancelled. After the batch the vendor's booking and any reschedule hold are released and the card
 * part is refunded. A repeated call for a cancelled job finishes what is left (release, refund) and answers
 * the same cancellation, so a lost answer or a failed refund is mended by calling again.
 */
export async function cancelJob(
  env: Env,
  db: DrizzleD1Database,
  port: () => PaymentsPort,
  userId: number,
  input: { service_order_id: number; reason?: string | null },
  now: number,
): Promise<CancellationResult> {
  const existing = await findCancellation(db, userId, input.service_order_id);
  if (existing) return finish(env, db, port, existing.job, existing.row, userId, now, false);

  // The claim is written only if the job's price changes are those the quote counted; a change accepted or given
  // back in between (a rare race with the pro's answer) makes it read again.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const job = await cancellableJob(db, userId, input.service_order_id);
    const ctx = await cancellationContext(db, job, now);
    const claim = randomToken(16);
    await claimCancellation(env, db, ctx, userId, claim, input.reason, now);
    const [row] = await db
      .select()
      .from(orderCancellations)
      .where(eq(orderCancellations.service_order_id, job.service_order_id));
    if (!row) continue; // the job left the open states (the next read says so) or its money changed
    const first = row.claim === claim;
    if (first) await releaseReschedules(env, job, ctx.holds, now);
    return finish(env, db, port, job, row, userId, now, first);
  }
  return fail("ORDER_NOT_CANCELLABLE");
}

/** The batch that claims the cancellation; every statement after the first runs only for this claim. */
async function claimCancellation(
  env: Env,
  db: DrizzleD1Database,
  ctx: Context,
  userId: number,
  claim: string,
  reason: string | null | undefined,
  now: number,
): Promise<void> {
  const { job, quote: q } = ctx;
  const soid = job.service_order_id;
  const mine = sql`EXISTS (SELECT 1 FROM order_cancellations WHERE service_order_id = ${soid} AND claim = ${claim})`;
  const open = [ServiceOrderStatus.PENDING, ServiceOrderStatus.SCHEDULED, ServiceOrderStatus.IN_PROGRESS];
  const vendorShare = Math.floor((q.fee_cents * PRICING.vendorShareBps) / 10_000);
  const seen =
    ctx.seenChanges.length > 0
      ? sql.join(
          ctx.seenChanges.map((id) => sql`${id}`),
          sql`, `,
        )
      : sql`NULL`;
  const sameChanges = sql`NOT EXISTS (SELECT 1 FROM reschedule_payments rp
    JOIN reschedule_requests rr ON rr.reschedule_id = rp.reschedule_id
    WHERE rp.service_order_id = ${soid} AND rr.status = 'accepted' AND rp.reschedule_id NOT IN (${seen})
      AND (rp.charge_status = 'paid' OR (rp.charge_status = 'refund_on_accept' AND rp.refund_status <> 'none')))
    AND (SELECT coalesce(sum(amount_cents), 0) FROM job_adjustments
      WHERE service_order_id = ${soid} AND kind = 'refund' AND status <> 'failed') = ${ctx.jobRefunds}`;
  const orderRefund = ctx.paymentIntentId ? ctx.orderRefund : 0;
  await d1Batch(env.DB, [
    sql`INSERT INTO order_cancellations (service_order_id, user_id, "window", policy_reason, fee_cents, refund_cents,
        credit_return_cents, payment_intent_id, refund_status, refund_id, claim, created_at, updated_at)
      SELECT ${soid}, ${userId}, ${q.window}, ${q.reason}, ${q.fee_cents}, ${orderRefund}, ${q.credit_return_cents},
        ${ctx.paymentIntentId}, ${orderRefund > 0 ? "pending" : "none"}, NULL, ${claim}, ${now}, ${now}
      WHERE EXISTS (SELECT 1 FROM service_orders WHERE service_order_id = ${soid} AND user_id = ${userId}
        AND service_order_status_id IN (${sql.join(open, sql`, `)})) AND ${sameChanges}
      ON CONFLICT (service_order_id) DO NOTHING`,
    db
      .update(serviceOrders)
      .set({
        service_order_status_id: ServiceOrderStatus.CANCELLED,
        cancelled_at: now,
        cancel_reason: reason || "Cancelled by the customer",
        updated_at: now,
      })
      .where(and(eq(serviceOrders.service_order_id, soid), mine)),
    db
      .update(rescheduleRequests)
      .set({ status: "cancelled", resolved_at: now })
      .where(and(eq(rescheduleRequests.service_order_id, soid), eq(rescheduleRequests.status, "pending"), mine)),
    // What of each accepted difference goes back to its own intent (the rest is kept towards the fee): claimed
    // here, refunded after the batch by refundJobDifferences (key reschedule:<id>:charge-refund).
    ...ctx.chargeRefunds.map(
      (c) => sql`UPDATE reschedule_payments SET refund_status = ${c.cents > 0 ? "pending" : "succeeded"},
          refund_cents = ${c.cents}, credit_return_cents = 0, updated_at = ${now}
        WHERE reschedule_id = ${c.reschedule_id} AND charge_status = 'paid' AND refund_status = 'none' AND ${mine}`,
    ),
    sql`UPDATE job_offers SET status = 'expired', responded_at = ${now}
      WHERE service_order_id = ${soid} AND status = 'offered' AND ${mine}`,
    sql`INSERT INTO credit_ledger (user_id, delta_cents, reason, ref, note, created_at)
      SELECT ${userId}, ${q.credit_return_cents}, 'refund', ${`so:${soid}:cancel`}, 'Cancelled service', ${now}
      WHERE ${q.credit_return_cents} > 0 AND ${mine}
      ON CONFLICT (reason, ref) DO NOTHING`,
    sql`UPDATE users SET credit_balance_cents = credit_balance_cents + ${q.credit_return_cents}, updated_at = ${now}
      WHERE user_id = ${userId} AND ${q.credit_return_cents} > 0 AND ${mine}`,
    sql`INSERT INTO vendor_earnings (vendor_id, service_order_id, kind, amount_cents, ref, created_at)
      SELECT ${job.vendor_id}, ${soid}, 'adjustment', ${vendorShare}, ${`cancel-fee:${soid}`}, ${now}
      WHERE ${job.vendor_id} IS NOT NULL AND ${vendorShare} > 0 AND ${mine}
      ON CONFLICT (ref) DO NOTHING`,
    sql`UPDATE orders SET status = 'cancelled', updated_at = ${now}
      WHERE order_id = ${job.order_id} AND ${mine}
        AND NOT EXISTS (SELECT 1 FROM service_orders WHERE order_id = ${job.order_id}
          AND service_order_status_id <> ${ServiceOrderStatus.CANCELLED})`,
  ]);
}

async function findCancellation(db: DrizzleD1Database, userId: number, serviceOrderId: number) {
  const [row] = await db
    .select()
    .from(orderCancellations)
    .where(and(eq(orderCancellations.service_order_id, serviceOrderId), eq(orderCancellations.user_id, userId)));
  if (!row) return null;
  const job = await ownJob(db, userId, serviceOrderId);
  return job ? { row, job } : null;
}

async function releaseReschedules(env: Env, job: JobRow, holds: readonly string[], now: number) {
  if (job.vendor_id === null) return;
  for (const holdId of holds) {
    await calendarFor(env, job.vendor_id)
      .releaseHold(holdId, `order:${job.service_order_id}:cancel-release:${holdId}`, now)
      .catch((err) => console.error(JSON.stringify({ at: "cancel.releaseHold", holdId, error: String(err) })));
  }
}

/** The pro's dashboard drops the job; pros it was still offered to drop the offer (the batch closed them at `now`). */
async function announceCancellation(env: Env, job: JobRow, now: number): Promise<void> {
  const soid = job.service_order_id;
  const offered = await env.DB.prepare(
    "SELECT vendor_id FROM job_offers WHERE service_order_id = ? AND status = 'expired' AND responded_at = ?",
  )
    .bind(soid, now)
    .all<{ vendor_id: number }>();
  await Promise.all([
    job.vendor_id !== null
      ? notifyVendor(env, job.vendor_id, { type: "job.cancelled", service_order_id: soid, at: now })
      : null,
    notifyVendors(
      env,
      offered.results.map((r) => r.vendor_id),
      { type: "offer.gone", service_order_id: soid, reason: "cancelled", at: now },
    ),
    notifyOrderChanged(env, soid, "cancelled", now),
  ]);
}

/** The vendor whose calendar the checkout booked an unassigned job on (null: none, e.g. a staff-made job). */
async function checkoutHolder(db: DrizzleD1Database, soid: number): Promise<number | null> {
  const [row] = await db
    .select({ vendorId: checkoutItems.hold_vendor_id })
    .from(checkoutItems)
    .where(eq(checkoutItems.service_order_id, soid))
    .limit(1);
  return row?.vendorId ?? null;
}

/** The steps after the claim, each idempotent: free the booking, refund the card part, tell the vendor. */
async function finish(
  env: Env,
  db: DrizzleD1Database,
  port: () => PaymentsPort,
  job: JobRow,
  row: CancellationRow,
  userId: number,
  now: number,
  first: boolean,
): Promise<CancellationResult> {
  const soid = job.service_order_id;
  // A job no pro has taken yet is booked on the calendar of the pro who held the time at checkout.
  const booked = job.vendor_id ?? (await checkoutHolder(db, soid));
  if (booked !== null) {
    await calendarFor(env, booked)
      .releaseBooking(booked, String(soid), `order:${soid}:cancel-release`, now)
      .catch((err) => console.error(JSON.stringify({ at: "cancel.releaseBooking", soid, error: String(err) })));
  }
  let refundStatus = row.refund_status;
  if ((refundStatus === "pending" || refundStatus === "failed") && row.payment_intent_id && row.refund_id === null) {
    let refundId: string | null = null;
    try {
      const refund = await port().refund({
        payment_intent_id: row.payment_intent_id,
        amount_cents: row.refund_cents,
        reason: "requested_by_customer",
        idempotency_key: `order:${soid}:cancel-refund`,
        service_order_id: soid,
        requested_by_user_id: userId,
      });
      refundStatus = refund.status;
      refundId = refund.id;
    } catch (err) {
      refundStatus = "failed";
      console.error(
        JSON.stringify({
          at: "cancel.refund",
          soid,
          code: err instanceof PaymentsError ? err.code : undefined,
          error: String(err),
        }),
      );
    }
    await db
      .update(orderCancellations)
      .set({ refund_status: refundStatus, refund_id: refundId, updated_at: now })
      .where(and(eq(orderCancellations.service_order_id, soid), ne(orderCancellations.refund_status, "succeeded")));
  }
  // A difference paid for a longer option (decision 067) is its own payment: what the cancellation gives back of
  // it goes back to it (decision 068); one paid for a request that never went through comes back in full.
  await refundJobDifferences(env, db, port, soid, now).catch((err) =>
    console.error(JSON.stringify({ at: "cancel.reschedule-differences", soid, error: String(err) })),
  );
  // The pro's added charges go back with the rest: paid ones refunded, requests awaiting approval withdrawn
  // (docs/decisions/116, worker/jobs/added-charges.ts).
  await returnAddedCharges(env, db, port, soid, now).catch((err) =>
    console.error(JSON.stringify({ at: "cancel.added-charges", soid, error: String(err) })),
  );
  // What the accepted differences give back with the cancellation (claimed in its batch, decision 068).
  const differences = await db
    .select({ refund_cents: reschedulePayments.refund_cents, refund_status: reschedulePayments.refund_status })
    .from(reschedulePayments)
    .innerJoin(rescheduleRequests, eq(rescheduleRequests.reschedule_id, reschedulePayments.reschedule_id))
    .where(
      and(
        eq(reschedulePayments.service_order_id, soid),
        eq(reschedulePayments.charge_status, "paid"),
        eq(rescheduleRequests.status, "accepted"),
        ne(reschedulePayments.refund_status, "none"),
      ),
    );
  const backToCards = differences.filter((d) => d.refund_cents > 0);
  const statuses = [...(row.refund_cents > 0 ? [refundStatus] : []), ...backToCards.map((d) => d.refund_status)];
  const overall: CancellationResult["cancellation"]["refund_status"] = statuses.includes("failed")
    ? "failed"
    : statuses.includes("pending")
      ? "pending"
      : statuses.includes("succeeded")
        ? "succeeded"
        : refundStatus;
  const refundTotal = row.refund_cents + backToCards.reduce((a, d) => a + d.refund_cents, 0);
  if (first) await announceCancellation(env, job, now);
  if (first && job.vendor_phone && job.vendor_id !== null) {
    await sendSms(env, db, {
      to: job.vendor_phone,
      now,
      body: `${job.service_description} (job #${soid}) on ${formatWhen(job.promised_arrival_time, job.time_zone)} was cancelled by the client. Your calendar is free again.`,
    }).catch((err) => console.error(JSON.stringify({ at: "cancel.sms", error: String(err) })));
  }
  const q: CancellationQuote = {
    window: row.window,
    reason: row.policy_reason as CancellationQuote["reason"],
    free_until: job.promised_arrival_time - PRICING.freeCancellationHours * HOUR_MS,
    fee_cents: row.fee_cents,
    refund_cents: refundTotal,
    credit_return_cents: row.credit_return_cents,
  };
  return {
    service_order_id: soid,
    service_order_status_id: ServiceOrderStatus.CANCELLED,
    cancellation: {
      ...policyView(job, q, row.fee_cents + refundTotal + row.credit_return_cents),
      refund_status: overall,
    },
    message: messageFor("ORDER_CANCELLED"),
  };
}
