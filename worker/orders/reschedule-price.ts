import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { isLengthOption, optionFamily, refundSplit, reschedulePrice } from "../../domain/reschedule-pricing";
import { ServiceOrderStatus } from "../../domain/order-status";
import { services } from "../../schema/tables/catalogue";
import { orders, rescheduleRequests, serviceOrders } from "../../schema/tables/orders";
import { reschedulePayments } from "../../schema/tables/reschedule-payments";
import { vendorServices } from "../../schema/tables/vendors";
import { geoFromEnv } from "../adapters/geo";
import { PaymentsError, type PaymentsPort } from "../adapters/payments/port";
import { loadVendorOffers } from "../calendar/market";
import { AppError, fail } from "../http/errors";
import { d1Batch } from "./d1-batch";
import { jobMoney } from "./job-money";
import type { JobRow } from "./jobs";

/**
 * The price side of a customer's reschedule that also changes the appointment's length
 * (docs/decisions/067-reschedule-price-difference.md). The options are the other lengths of the job's
 * service (domain/reschedule-pricing.ts optionFamily) that the job's pro offers, priced as the cart prices
 * them (the area price of the job's ZIP and the pro's own price, worker/calendar/market.ts loadVendorOffers);
 * the difference is checkout's totals before and after (reschedulePrice). Refunds here are idempotent by keys
 * derived from the request id.
 */

export type PaymentRow = typeof reschedulePayments.$inferSelect;

export interface LengthOption {
  service_id: number;
  service_code: string;
  description: string;
  minutes: number;
  /** The pro's list price for it in the job's ZIP (cents). */
  price_cents: number;
  current: boolean;
}

const badOption = (): never =>
  fail("ERROR_WHILE_ORDER_RESCHEDULE_SERVICE_DATA", { service_id: "This option can't be booked for this service." });

/**
 * The lengths the customer may switch the job to (its own first): same family and type, enabled, not an
 * add-on, offered by the job's pro, priced for the job's ZIP. Empty for a job without a pro or a family.
 */
export async function lengthOptions(env: Env, db: DrizzleD1Database, job: JobRow): Promise<LengthOption[]> {
  const family = optionFamily(job.service_code);
  if (job.vendor_id === null || family === null) return [];
  const rows = await db
    .select({
      service_id: services.service_id,
      service_code: services.service_code,
      description: services.description,
      minutes: services.duration_minutes,
      type: services.type,
      surcharge: services.surcharge,
      enable: services.enable,
    })
    .from(services)
    .innerJoin(
      vendorServices,
      and(
        eq(vendorServices.service_id, services.service_id),
        eq(vendorServices.vendor_id, job.vendor_id),
        eq(vendorServices.enabled, true),
        sql`${vendorServices.restricted_at} IS NULL`,
      ),
    )
    .where(sql`upper(${services.service_code}) LIKE ${`${family}-%`}`)
    .orderBy(asc(services.duration_minutes), asc(services.service_id));
  const current = rows.find((r) => r.service_id === job.service_id);
  const others = current ? rows.filter((r) => isLengthOption(current, r)) : [];
  if (others.length === 0) return [];
  const place = await geoFromEnv(env, db).lookupZip(job.zipcode);
  if (!place) return [];
  const vendorId = job.vendor_id;
  const options: LengthOption[] = [
    {
      service_id: job.service_id,
      service_code: job.service_code,
      description: job.service_description,
      minutes: job.job_minutes,
      price_cents: job.price_cents,
      current: true,
    },
  ];
  for (const r of others) {
    try {
      const [offer] = await loadVendorOffers(db, place, [{ serviceId: r.service_id, vendorId }]);
      options.push({
        service_id: r.service_id,
        service_code: r.service_code,
        description: r.description,
        minutes: r.minutes,
        price_cents: offer!.price_cents,
        current: false,
      });
    } catch (err) {
      if (!(err instanceof AppError)) throw err; // not bookable here: not an option
    }
  }
  return options;
}

/** The option a request asks for, or ERROR_WHILE_ORDER_RESCHEDULE_SERVICE_DATA (field service_id). */
export async function chosenOption(
  env: Env,
  db: DrizzleD1Database,
  job: JobRow,
  serviceId: number,
): Promise<LengthOption> {
  const option = (await lengthOptions(env, db, job)).find((o) => o.service_id === serviceId && !o.current);
  return option ?? badOption();
}

/** The figures of moving the job to `option`: the order's open jobs, the job's line at the new price. */
export async function priceChange(db: DrizzleD1Database, job: JobRow, option: LengthOption) {
  const [orderRows, lines] = await db.batch([
    db.select({ discount_cents: orders.discount_cents }).from(orders).where(eq(orders.order_id, job.order_id)),
    db
      .select({ id: serviceOrders.service_order_id, price_cents: serviceOrders.price_cents })
      .from(serviceOrders)
      .where(
        and(
          eq(serviceOrders.order_id, job.order_id),
          ne(serviceOrders.service_order_status_id, ServiceOrderStatus.CANCELLED),
        ),
      )
      .orderBy(asc(serviceOrders.service_order_id)),
  ]);
  const index = lines.findIndex((l) => l.id === job.service_order_id);
  if (index < 0) return badOption();
  return reschedulePrice({
    lines: lines.map((l) => l.price_cents),
    index,
    newPriceCents: option.price_cents,
    // The order's membership terms: it was priced with the member discount or without it.
    isMember: (orderRows[0]?.discount_cents ?? 0) > 0,
  });
}

export async function paymentOf(db: DrizzleD1Database, requestId: number): Promise<PaymentRow | null> {
  const [row] = await db.select().from(reschedulePayments).where(eq(reschedulePayments.reschedule_id, requestId));
  return row ?? null;
}

/** A request whose difference is still to be paid is not shown to the pro and cannot be answered. */
export const awaitingPayment = (p: Pick<PaymentRow, "charge_status"> | null | undefined) =>
  p != null && (p.charge_status === "due" || p.charge_status === "requires_action" || p.charge_status === "failed");

/** SQL: the request (alias-free column) has no unpaid difference. */
export const paymentSettledSql = sql`NOT EXISTS (SELECT 1 FROM reschedule_payments rp
  WHERE rp.reschedule_id = ${rescheduleRequests.reschedule_id} AND rp.charge_status IN ('due', 'requires_action', 'failed'))`;

/**
 * Gives money back once the request's fate is known, idempotently (call it as often as you like):
 * - accepted at a lower price: the difference, to the order's card first (up to what is left of its payment),
 *   the rest as account credit; key `reschedule:<id>:refund`;
 * - declined, lapsed, replaced or cancelled after the difference was charged: the whole charge, key
 *   `reschedule:<id>:charge-refund`.
 * The D1 claim (refund_status none → pending, the credit entry and balance) is one batch; a failed provider
 * call leaves refund_status failed for the next call (same key, never twice).
 */
export async function settleDifference(
  env: Env,
  db: DrizzleD1Database,
  port: () => PaymentsPort,
  requestId: number,
  now: number,
): Promise<PaymentRow | null> {
  const payment = await paymentOf(db, requestId);
  if (!payment) return null;
  const [request] = await db
    .select({
      status: rescheduleRequests.status,
      expires_at: rescheduleRequests.expires_at,
      job_status: serviceOrders.service_order_status_id,
      order_id: serviceOrders.order_id,
    })
    .from(rescheduleRequests)
    .innerJoin(serviceOrders, eq(serviceOrders.service_order_id, rescheduleRequests.service_order_id))
    .where(eq(rescheduleRequests.reschedule_id, requestId));
  if (!request) return payment;
  const lapsed = request.status === "pending" && (request.expires_at ?? 0) <= now;
  const over = request.status === "declined" || request.status === "expired" || request.status === "cancelled";
  // A cancelled job gives back the difference paid for its longer option too (the order's own payment is
  // refunded by the cancellation, decision 033).
  const jobCancelled = request.job_status === ServiceOrderStatus.CANCELLED;
  const lower = request.status === "accepted" && payment.charge_status === "refund_on_accept" && !jobCancelled;
  const unused = (over || lapsed || jobCancelled) && payment.charge_status === "paid";
  if (!lower && !unused) return payment;
  if (payment.refund_status === "succeeded" || payment.refund_status === "pending") {
    if (payment.refund_id !== null || payment.refund_status === "succeeded") return payment;
  }

  let intentId: string | null = payment.payment_intent_id;
  let card = payment.refund_cents;
  let credit = payment.credit_return_cents;
  if (payment.refund_status === "none") {
    if (lower) {
      // Back to the order's card up to what this job still holds of it (decision 068), the rest as credit.
      const money = await jobMoney(db, request.order_id, payment.service_order_id);
      const split = refundSplit(-payment.difference_cents, money.paid.order_card_cents);
      card = split.card_cents;
      credit = split.credit_cents;
      intentId = card > 0 ? money.paymentIntentId : null;
    } else {
      card = payment.difference_cents;
      credit = 0;
    }
    const ref = `reschedule:${requestId}:refund`;
    // A lower price is not given back once the job is cancelled: the cancellation returns what the job paid.
    const live = lower
      ? sql`NOT EXISTS (SELECT 1 FROM service_orders WHERE service_order_id = ${payment.service_order_id}
          AND service_order_status_id = ${ServiceOrderStatus.CANCELLED})`
      : sql`1 = 1`;
    const claimed = sql`EXISTS (SELECT 1 FROM reschedule_payments WHERE reschedule_id = ${requestId} AND refund_status = 'none') AND ${live}`;
    const firstCredit = sql`NOT EXISTS (SELECT 1 FROM credit_ledger WHERE reason = 'refund' AND ref = ${ref})`;
    await d1Batch(env.DB, [
      sql`UPDATE users SET credit_balance_cents = credit_balance_cents + ${credit}, updated_at = ${now}
        WHERE user_id = ${payment.user_id} AND ${credit} > 0 AND ${claimed} AND ${firstCredit}`,
      sql`INSERT INTO credit_ledger (user_id, delta_cents, reason, ref, note, created_at)
        SELECT ${payment.user_id}, ${credit}, 'refund', ${ref}, 'Rescheduled to a shorter option', ${now}
        WHERE ${credit} > 0 AND ${claimed}
        ON CONFLICT (reason, ref) DO NOTHING`,
      sql`UPDATE reschedule_payments SET refund_status = ${card > 0 && intentId ? "pending" : "succeeded"},
          refund_cents = ${card}, credit_return_cents = ${credit}, payment_intent_id = ${intentId}, updated_at = ${now}
        WHERE reschedule_id = ${requestId} AND refund_status = 'none' AND ${live}`,
    ]);
  }
  const claimedRow = await paymentOf(db, requestId);
  if (!claimedRow || claimedRow.refund_status === "succeeded" || claimedRow.refund_id !== null) return claimedRow;
  if (claimedRow.refund_cents <= 0 || !claimedRow.payment_intent_id) return claimedRow;

  let status: "pending" | "succeeded" | "failed" = "failed";
  let refundId: string | null = null;
  try {
    const refund = await port().refund({
      payment_intent_id: claimedRow.payment_intent_id,
      amount_cents: claimedRow.refund_cents,
      reason: "requested_by_customer",
      idempotency_key: lower ? `reschedule:${requestId}:refund` : `reschedule:${requestId}:charge-refund`,
      service_order_id: claimedRow.service_order_id,
      requested_by_user_id: claimedRow.user_id,
    });
    status = refund.status;
    refundId = refund.id;
  } catch (err) {
    console.error(
      JSON.stringify({
        at: "reschedule.refund",
        reschedule_id: requestId,
        code: err instanceof PaymentsError ? err.code : undefined,
        error: String(err),
      }),
    );
  }
  await db
    .update(reschedulePayments)
    .set({ refund_status: status, refund_id: refundId, updated_at: now })
    .where(and(eq(reschedulePayments.reschedule_id, requestId), ne(reschedulePayments.refund_status, "succeeded")));
  return paymentOf(db, requestId);
}

/** After a cancellation: the paid differences of the job's reschedules come back (each idempotent). */
export async function refundJobDifferences(
  env: Env,
  db: DrizzleD1Database,
  port: () => PaymentsPort,
  serviceOrderId: number,
  now: number,
): Promise<void> {
  const rows = await db
    .select({ id: reschedulePayments.reschedule_id })
    .from(reschedulePayments)
    .where(
      and(
        eq(reschedulePayments.service_order_id, serviceOrderId),
        eq(reschedulePayments.charge_status, "paid"),
        sql`(${reschedulePayments.refund_status} IN ('none', 'failed')
          OR (${reschedulePayments.refund_status} = 'pending' AND ${reschedulePayments.refund_id} IS NULL))`,
      ),
    );
  for (const r of rows) await settleDifference(env, db, port, r.id, now);
}

/**
 * The cron's sweep: refunds the differences of requests that will not go through (lapsed, declined, replaced,
 * cancelled with the job) and retries failed refunds. Each through settleDifference, so it is safe to repeat.
 */
export async function sweepRescheduleRefunds(env: Env, db: DrizzleD1Database, port: () => PaymentsPort, now: number) {
  const rows = await db
    .select({ id: reschedulePayments.reschedule_id })
    .from(reschedulePayments)
    .innerJoin(rescheduleRequests, eq(rescheduleRequests.reschedule_id, reschedulePayments.reschedule_id))
    .where(
      sql`${reschedulePayments.refund_status} IN ('none', 'failed') AND (
        (${reschedulePayments.charge_status} = 'paid' AND (${rescheduleRequests.status} IN ('declined', 'expired', 'cancelled')
          OR (${rescheduleRequests.status} = 'pending' AND ${rescheduleRequests.expires_at} <= ${now})
          OR EXISTS (SELECT 1 FROM service_orders so WHERE so.service_order_id = ${reschedulePayments.service_order_id}
            AND so.service_order_status_id = ${ServiceOrderStatus.CANCELLED})))
        OR (${reschedulePayments.charge_status} = 'refund_on_accept' AND ${rescheduleRequests.status} = 'accepted'
          AND NOT EXISTS (SELECT 1 FROM service_orders so WHERE so.service_order_id = ${reschedulePayments.service_order_id}
            AND so.service_order_status_id = ${ServiceOrderStatus.CANCELLED})))`,
    )
    .limit(100);
  let done = 0;
  for (const r of rows) {
    await settleDifference(env, db, port, r.id, now);
    done += 1;
  }
  return done;
}
