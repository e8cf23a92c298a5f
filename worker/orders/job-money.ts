import { asc, eq, sql } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { jobPayment, type JobPayment, type PriceChange } from "../../domain/job-payment";
import { jobAdjustments } from "../../schema/tables/job-actions";
import { orders, rescheduleRequests, serviceOrders } from "../../schema/tables/orders";
import { paymentIntents, refunds } from "../../schema/tables/payments";
import { reschedulePayments } from "../../schema/tables/reschedule-payments";

/**
 * What a job paid, read from D1 for domain/job-payment.ts jobPayment
 * (docs/decisions/068-money-after-a-price-changing-reschedule.md): the order's payment split by the jobs'
 * original prices (a job's price before its first accepted price-changing reschedule), plus the differences
 * charged for the job and accepted, minus the lower prices already given back.
 */

export interface JobMoney {
  paid: JobPayment;
  /** The order's card payment, when it succeeded (where the order part is refunded). */
  paymentIntentId: string | null;
  /** The job's changes counted (accepted charges, lower prices given back): a cancellation checks none was added since. */
  seenChanges: number[];
  /** What the pro refunded of the job (decision 064), off its share of the order's card payment. */
  jobRefundsCents: number;
  /** The job's share of the order's card payment before the pro's refunds (by original prices, less lower prices given back). */
  orderShareCents: number;
}

export async function jobMoney(db: DrizzleD1Database, orderId: number, serviceOrderId: number): Promise<JobMoney> {
  const [orderRows, jobs, changes, adjustments] = await db.batch([
    db
      .select({
        total_cents: orders.total_cents,
        credit_applied_cents: orders.credit_applied_cents,
        payment_intent_id: orders.payment_intent_id,
        intent_status: paymentIntents.status,
        intent_amount: paymentIntents.amount_cents,
        refunded: sql<number>`(SELECT coalesce(sum(${refunds.amount_cents}), 0) FROM ${refunds} WHERE ${refunds.payment_intent_id} = ${orders.payment_intent_id} AND ${refunds.status} <> 'failed')`,
      })
      .from(orders)
      .leftJoin(paymentIntents, eq(paymentIntents.id, orders.payment_intent_id))
      .where(eq(orders.order_id, orderId)),
    db
      .select({ id: serviceOrders.service_order_id, price_cents: serviceOrders.price_cents })
      .from(serviceOrders)
      .where(eq(serviceOrders.order_id, orderId))
      .orderBy(asc(serviceOrders.service_order_id)),
    db
      .select({
        reschedule_id: reschedulePayments.reschedule_id,
        service_order_id: reschedulePayments.service_order_id,
        charge_status: reschedulePayments.charge_status,
        old_price_cents: reschedulePayments.old_price_cents,
        difference_cents: reschedulePayments.difference_cents,
        refund_status: reschedulePayments.refund_status,
        refund_cents: reschedulePayments.refund_cents,
        credit_return_cents: reschedulePayments.credit_return_cents,
      })
      .from(reschedulePayments)
      .innerJoin(rescheduleRequests, eq(rescheduleRequests.reschedule_id, reschedulePayments.reschedule_id))
      .innerJoin(serviceOrders, eq(serviceOrders.service_order_id, reschedulePayments.service_order_id))
      .where(sql`${serviceOrders.order_id} = ${orderId} AND ${rescheduleRequests.status} = 'accepted'`)
      .orderBy(asc(reschedulePayments.reschedule_id)),
    db
      .select({ total: sql<number>`coalesce(sum(${jobAdjustments.amount_cents}), 0)` })
      .from(jobAdjustments)
      .where(
        sql`${jobAdjustments.service_order_id} = ${serviceOrderId} AND ${jobAdjustments.kind} = 'refund' AND ${jobAdjustments.status} <> 'failed'`,
      ),
  ]);
  const order = orderRows[0];
  const index = jobs.findIndex((j) => j.id === serviceOrderId);
  if (index < 0) throw new Error(`service order ${serviceOrderId} is not in order ${orderId}`);
  // A job's original price: the old price of its first accepted change, else its price now.
  const original = jobs.map((j) => changes.find((c) => c.service_order_id === j.id)?.old_price_cents ?? j.price_cents);
  const mine: PriceChange[] = [];
  const seenChanges: number[] = [];
  for (const c of changes) {
    if (c.service_order_id !== serviceOrderId) continue;
    if (c.charge_status === "paid") {
      const refunded = c.refund_status === "none" ? 0 : c.refund_cents;
      mine.push({
        reschedule_id: c.reschedule_id,
        kind: "charge",
        card_cents: c.difference_cents - refunded,
        credit_cents: 0,
      });
      seenChanges.push(c.reschedule_id);
    } else if (c.charge_status === "refund_on_accept" && c.refund_status !== "none") {
      mine.push({
        reschedule_id: c.reschedule_id,
        kind: "refund",
        card_cents: c.refund_cents,
        credit_cents: c.credit_return_cents,
      });
      seenChanges.push(c.reschedule_id);
    }
  }
  const succeeded = Boolean(order?.payment_intent_id) && order?.intent_status === "succeeded";
  const base = {
    original_prices: original,
    index,
    order_card_cents: succeeded ? (order?.total_cents ?? 0) : 0,
    order_credit_cents: order?.credit_applied_cents ?? 0,
    order_card_left_cents: succeeded ? Math.max(0, (order?.intent_amount ?? 0) - (order?.refunded ?? 0)) : 0,
  };
  const jobRefundsCents = adjustments[0]?.total ?? 0;
  // The pro's refunds of the job came off its share of the order's card payment too.
  const byPro: PriceChange[] =
    jobRefundsCents > 0 ? [{ reschedule_id: 0, kind: "refund", card_cents: jobRefundsCents, credit_cents: 0 }] : [];
  const paid = jobPayment({ ...base, changes: [...mine, ...byPro] });
  const share = jobPayment({ ...base, order_card_left_cents: base.order_card_cents, changes: mine });
  return {
    paid,
    paymentIntentId: succeeded ? order!.payment_intent_id : null,
    seenChanges,
    jobRefundsCents,
    orderShareCents: share.order_card_cents,
  };
}
