import { and, eq, inArray } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { formatLocal, iso } from "../../domain/calendar/time";
import { messageFor, type MessageCode } from "../../domain/messages";
import type { RescheduleCheckout } from "../../schema/contracts/checkout";
import { services } from "../../schema/tables/catalogue";
import { rescheduleRequests } from "../../schema/tables/orders";
import { reschedulePayments } from "../../schema/tables/reschedule-payments";
import type { PaymentIntent, PaymentsPort } from "../adapters/payments/port";
import { fail } from "../http/errors";
import { jobById, type JobRow } from "../orders/jobs";
import { tellVendorOfRequest, type RequestRow } from "../orders/reschedule";
import { awaitingPayment, paymentOf, settleDifference, type PaymentRow } from "../orders/reschedule-price";
import { chargeSavedCard } from "../payments/saved-card";
import { cardRefusal, intentView, type IntentView } from "./payments";

/**
 * /checkout/reschedule and /checkout/reschedule-complete (docs/decisions/067-reschedule-price-difference.md): the
 * customer reviews the price difference of a reschedule that changes the appointment's length and pays it with
 * their saved card, off-session through the payments port (key `reschedule:<id>:charge`). A card that needs the
 * bank's check gets an on-session intent (key `reschedule:<id>:charge-3ds`) that the browser authenticates, then
 * completes again. Only a paid request reaches the pro. A lower price is refunded when the pro accepts
 * (worker/orders/reschedule-price.ts settleDifference).
 */

/** The answer of both calls, typed once with the web (schema/contracts/checkout.ts). */
export type RescheduleCheckoutView = RescheduleCheckout;

interface Loaded {
  request: RequestRow;
  payment: PaymentRow;
  job: JobRow;
}

/** The caller's own request with a price difference; anything else is NOT_FOUND. */
async function ownRequest(db: DrizzleD1Database, userId: number, requestId: number): Promise<Loaded> {
  const missing = () => fail("NOT_FOUND", { request_id: "We couldn't find this reschedule request." });
  const [request] = await db
    .select()
    .from(rescheduleRequests)
    .where(eq(rescheduleRequests.reschedule_id, requestId))
    .limit(1);
  const payment = request ? await paymentOf(db, requestId) : null;
  if (!request || !payment || payment.user_id !== userId || request.requested_by !== "customer") return missing();
  const job = await jobById(db, request.service_order_id);
  if (!job || job.user_id !== userId) return missing();
  return { request, payment, job };
}

function messageOf(l: Loaded, now: number): MessageCode {
  const open = l.request.status === "pending" && (l.request.expires_at ?? 0) > now;
  if (awaitingPayment(l.payment)) return open ? "RESCHEDULE_PAYMENT_DUE" : "RESCHEDULE_PAYMENT_GONE";
  if (l.payment.charge_status === "paid") return "RESCHEDULE_DIFFERENCE_PAID";
  return "RESCHEDULE_REQUESTED";
}

async function viewOf(db: DrizzleD1Database, l: Loaded, now: number, intent: IntentView | null) {
  const { request: r, payment: p, job } = l;
  const toId = r.to_service_id ?? job.service_id;
  const names = await db
    .select({ id: services.service_id, description: services.description })
    .from(services)
    .where(inArray(services.service_id, [toId, p.old_service_id]));
  const to = names.find((n) => n.id === toId);
  const from = names.find((n) => n.id === p.old_service_id);
  const lapsed = r.status === "pending" && (r.expires_at ?? 0) <= now;
  const view: RescheduleCheckoutView = {
    request_id: r.reschedule_id,
    service_order_id: r.service_order_id,
    status: lapsed ? "expired" : r.status,
    time_zone: job.time_zone,
    from: formatLocal(r.from_time, job.time_zone),
    selectedDate: formatLocal(r.to_time, job.time_zone),
    expires_at: r.expires_at === null ? null : iso(r.expires_at),
    service_from: { service_id: p.old_service_id, description: from?.description ?? "", minutes: p.old_job_minutes },
    service_to: { service_id: toId, description: to?.description ?? "", minutes: r.to_job_minutes ?? job.job_minutes },
    old_price_cents: p.old_price_cents,
    new_price_cents: p.new_price_cents,
    old_discount_cents: p.old_discount_cents,
    new_discount_cents: p.new_discount_cents,
    old_fee_cents: p.old_fee_cents,
    new_fee_cents: p.new_fee_cents,
    old_total_cents: p.old_total_cents,
    new_total_cents: p.new_total_cents,
    difference_cents: p.difference_cents,
    charge_status: p.charge_status,
    charged_cents: p.charge_status === "paid" ? p.difference_cents : 0,
    refund_status: p.refund_status,
    refund_cents:
      p.refund_status === "none" && p.charge_status === "refund_on_accept" ? -p.difference_cents : p.refund_cents,
    credit_return_cents: p.credit_return_cents,
    payment_intent: intent,
    message: messageFor(messageOf(l, now)),
  };
  return view;
}

/** POST /checkout/reschedule { request_id }: the review of the difference (and, after payment, its outcome). */
export async function rescheduleReview(
  db: DrizzleD1Database,
  userId: number,
  requestId: number,
  now: number,
): Promise<RescheduleCheckoutView> {
  const loaded = await ownRequest(db, userId, requestId);
  return viewOf(db, loaded, now, null);
}

/**
 * POST /checkout/reschedule-complete { request_id }: pays a due difference (once, whatever the number of calls)
 * and hands the request to the pro. The request must still be open (RESCHEDULE_PAYMENT_GONE otherwise); no
 * saved card is RESCHEDULE_NO_SAVED_CARD; a declined card is the card's catalogue code (the request stays
 * unpaid and lapses); the bank's check answers the intent to authenticate, and completing again finishes.
 * Nothing to pay (a lower or equal price, or already paid) answers the outcome.
 */
export async function completeReschedule(
  env: Env,
  db: DrizzleD1Database,
  port: () => PaymentsPort,
  userId: number,
  requestId: number,
  now: number,
): Promise<RescheduleCheckoutView> {
  let loaded = await ownRequest(db, userId, requestId);
  const { request, job } = loaded;
  const p = loaded.payment;
  const answer = async (intent: IntentView | null = null) => {
    loaded = { ...loaded, payment: (await paymentOf(db, requestId)) ?? loaded.payment };
    return viewOf(db, loaded, now, intent);
  };
  if (!awaitingPayment(p)) return answer();
  const open = request.status === "pending" && request.resolved_at === null && (request.expires_at ?? 0) > now;
  if (!open) fail("RESCHEDULE_PAYMENT_GONE");

  let intent: PaymentIntent | null = null;
  if (p.charge_status === "requires_action" && p.payment_intent_id) {
    intent = await port().retrieveIntent(p.payment_intent_id);
  } else if (p.charge_status === "failed" && p.payment_intent_id) {
    // The same key would answer the same decline: the card was refused for this request.
    intent = await port().retrieveIntent(p.payment_intent_id);
    throw cardRefusal(intent);
  } else {
    const label = `Price difference for ${job.service_description} (job #${job.service_order_id})`;
    const charged = await chargeSavedCard(db, port, userId, {
      amount_cents: p.difference_cents,
      description: label,
      metadata: {
        purpose: "reschedule",
        ref: `reschedule:${requestId}`,
        service_order_id: String(job.service_order_id),
      },
      idempotency_key: `reschedule:${requestId}:charge`,
    });
    if (!charged) fail("RESCHEDULE_NO_SAVED_CARD");
    if (!charged.intent) fail("CHARGE_ERROR");
    intent = charged.intent;
    if (intent.status === "requires_payment_method" && intent.last_error?.code === "authentication_required") {
      // The bank wants the customer, who is here: an on-session intent for the browser to authenticate.
      const customerId = intent.customer_id;
      intent = await port().createIntent({
        amount_cents: p.difference_cents,
        customer_id: customerId,
        payment_method_id: charged.method.id,
        confirm: true,
        description: label,
        metadata: {
          purpose: "reschedule",
          ref: `reschedule:${requestId}`,
          service_order_id: String(job.service_order_id),
        },
        idempotency_key: `reschedule:${requestId}:charge-3ds`,
      });
    }
  }

  if (intent.status === "succeeded") {
    const paid = await db
      .update(reschedulePayments)
      .set({ charge_status: "paid", payment_intent_id: intent.id, updated_at: now })
      .where(
        and(
          eq(reschedulePayments.reschedule_id, requestId),
          inArray(reschedulePayments.charge_status, ["due", "requires_action"]),
        ),
      )
      .returning();
    if (paid.length > 0) {
      // First to record the payment: the pro learns of the request now. A request that lapsed meanwhile is
      // refunded at once.
      await tellVendorOfRequest(env, db, job, request, now);
      await settleDifference(env, db, port, requestId, now);
    }
    return answer();
  }
  if (intent.status === "requires_action") {
    await db
      .update(reschedulePayments)
      .set({ charge_status: "requires_action", payment_intent_id: intent.id, updated_at: now })
      .where(
        and(
          eq(reschedulePayments.reschedule_id, requestId),
          inArray(reschedulePayments.charge_status, ["due", "requires_action"]),
        ),
      );
    return answer(intentView(intent));
  }
  await db
    .update(reschedulePayments)
    .set({ charge_status: "failed", payment_intent_id: intent.id, updated_at: now })
    .where(
      and(
        eq(reschedulePayments.reschedule_id, requestId),
        inArray(reschedulePayments.charge_status, ["due", "requires_action"]),
      ),
    );
  throw cardRefusal(intent);
}
