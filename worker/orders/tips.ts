import { formatWhen } from "../../domain/slot-format";
import { and, count, eq, sql } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { messageFor } from "../../domain/messages";
import { centsToDecimal } from "../../domain/money";
import { ServiceOrderStatus } from "../../domain/order-status";
import { checkTip, TIP_MAX_CUSTOMER_CENTS } from "../../domain/tip-rules";
import { tips } from "../../schema/tables/payments";
import { orFail } from "../adapters/payments";
import type { PaymentsPort } from "../adapters/payments/port";
import { sendSms } from "../adapters/sms";
import { emailOrFail } from "../auth/accounts";
import { customerOf, intentView, ownMethodOrFail, type IntentView } from "../checkout/payments";
import type { SessionUser } from "../auth/sessions";
import { fail } from "../http/errors";
import { d1Batch } from "./d1-batch";
import { ownJob, type JobRow } from "./jobs";

/**
 * Tips on a completed job (docs/product.md sections 3 "Tip payload", 4 "Tip modal", 5 "Tip amount"): the intent for
 * the tip modal, its confirmation, and the one place a succeeded tip payment is recorded (also used by
 * secure pay and, for payments confirmed only by the provider, by the webhook).
 */

/** The tip amount as typed, or its catalogue error with the limit in the field message. */
export function tipCentsOrFail(input: unknown, maxCents: number, field = "tip_amount"): number {
  const tip = checkTip(input, maxCents);
  if (tip.ok) return tip.cents;
  const why =
    tip.code === "TIP_TOO_LARGE"
      ? `The most you can tip is $${centsToDecimal(maxCents)}.`
      : tip.code === "TIP_TOO_SMALL"
        ? messageFor("TIP_TOO_SMALL")
        : "Use digits and one decimal point, with at most 2 decimals.";
  return fail(tip.code, { [field]: why });
}

/** A job the caller may tip: their own, completed, with a vendor. */
export async function tippableJob(db: DrizzleD1Database, userId: number, serviceOrderId: number): Promise<JobRow> {
  const job = await ownJob(db, userId, serviceOrderId);
  if (!job) fail("NOT_FOUND", { service_order_id: "We couldn't find this service." });
  if (job.service_order_status_id !== ServiceOrderStatus.COMPLETED || job.vendor_id === null) fail("TIP_NOT_AVAILABLE");
  return job;
}

export interface TipIntentResult {
  payment_intent: IntentView;
  tip_cents: number;
  /** The provider's message when a saved card was charged at once and refused (shown beneath the card). */
  tip_error?: string;
  /** The saved card was charged at once and the tip is recorded. */
  recorded: boolean;
  total_tip_cents: number;
}

/**
 * POST /order/tip: an intent for a tip on the caller's completed job. With a saved card it is charged at
 * once (and recorded when it succeeds); otherwise the browser confirms it. The key is the job, the tip's
 * number among the job's succeeded tips, the amount and the card, so a double click gets the same intent
 * while "Tip Again?" after a successful tip gets a new one.
 */
export async function createTipIntent(
  env: Env,
  db: DrizzleD1Database,
  port: PaymentsPort,
  viewer: SessionUser,
  input: {
    service_order_id: number;
    tip_amount: unknown;
    isSavePaymentMethod: boolean;
    email?: string | null;
    payment_method_id?: string | null;
  },
  now: number,
): Promise<TipIntentResult> {
  const cents = tipCentsOrFail(input.tip_amount, TIP_MAX_CUSTOMER_CENTS);
  const job = await tippableJob(db, viewer.user_id, input.service_order_id);
  const email = input.email ? emailOrFail(input.email) : viewer.email;
  const customer = await orFail(customerOf(port, viewer));
  const method = input.payment_method_id ?? null;
  if (method) await orFail(ownMethodOrFail(port, method, customer));
  const [{ n }] = (await db
    .select({ n: count() })
    .from(tips)
    .where(and(eq(tips.service_order_id, job.service_order_id), eq(tips.status, "succeeded")))) as [{ n: number }];
  const intent = await orFail(
    port.createIntent({
      amount_cents: cents,
      customer_id: customer,
      payment_method_id: method ?? undefined,
      confirm: method !== null,
      save_payment_method: method === null && input.isSavePaymentMethod,
      description: `Tip for ${job.vendor_name ?? "your professional"} (${job.service_description}, job #${job.service_order_id})`,
      metadata: {
        purpose: "tip",
        ref: String(job.service_order_id),
        service_order_id: String(job.service_order_id),
        vendor_id: String(job.vendor_id),
        user_id: String(viewer.user_id),
        receipt_email: email,
      },
      idempotency_key: `tip:${job.service_order_id}:${n + 1}:${cents}:${method ?? "new"}`,
    }),
  );
  await db.run(sql`INSERT INTO tips (service_order_id, user_id, vendor_id, amount_cents, source, status, payment_intent_id, created_at)
    SELECT ${job.service_order_id}, ${viewer.user_id}, ${job.vendor_id}, ${cents}, 'customer', 'pending', ${intent.id}, ${now}
    WHERE NOT EXISTS (SELECT 1 FROM tips WHERE payment_intent_id = ${intent.id})`);
  let recorded = false;
  let total = job.tip_cents;
  if (intent.status === "succeeded") {
    const r = await recordTip(
      env,
      db,
      { payment_intent_id: intent.id, job, user_id: viewer.user_id, amount_cents: cents, source: "customer" },
      now,
    );
    recorded = true;
    total = r.total_tip_cents;
  }
  const result: TipIntentResult = {
    payment_intent: intentView(intent),
    tip_cents: cents,
    recorded,
    total_tip_cents: total,
  };
  if (intent.last_error) result.tip_error = intent.last_error.message;
  return result;
}

export interface TipRecord {
  service_order_id: number;
  tip_cents: number;
  /** Every succeeded tip on the job. */
  total_tip_cents: number;
  /** true for the call that recorded it; a repeated confirm answers false. */
  recorded_now: boolean;
  message: string;
}

/**
 * Records a succeeded tip payment once: the tip row (made if the intent had none) turns succeeded only
 * from another state, the job's tip_cents is recomputed from its succeeded tips, and the vendor earns the
 * tip in full (vendor_earnings ref `tip:<tip_id>`). All in one batch; repeating it changes nothing.
 */
export async function recordTip(
  env: Env,
  db: DrizzleD1Database,
  input: {
    payment_intent_id: string;
    job: Pick<
      JobRow,
      "service_order_id" | "vendor_id" | "vendor_phone" | "service_description" | "promised_arrival_time" | "time_zone"
    >;
    user_id: number | null;
    amount_cents: number;
    source: "customer" | "secure_pay";
  },
  now: number,
): Promise<TipRecord> {
  const { job } = input;
  const pi = input.payment_intent_id;
  const [, flipped = [], , totals = []] = await d1Batch(env.DB, [
    sql`INSERT INTO tips (service_order_id, user_id, vendor_id, amount_cents, source, status, payment_intent_id, created_at)
      SELECT ${job.service_order_id}, ${input.user_id}, ${job.vendor_id}, ${input.amount_cents}, ${input.source}, 'pending', ${pi}, ${now}
      WHERE NOT EXISTS (SELECT 1 FROM tips WHERE payment_intent_id = ${pi})`,
    sql`UPDATE tips SET status = 'succeeded' WHERE payment_intent_id = ${pi} AND status <> 'succeeded'
      RETURNING tip_id, amount_cents`,
    sql`INSERT INTO vendor_earnings (vendor_id, service_order_id, kind, amount_cents, ref, created_at)
      SELECT vendor_id, service_order_id, 'tip', amount_cents, 'tip:' || tip_id, ${now}
      FROM tips WHERE payment_intent_id = ${pi} AND status = 'succeeded' AND vendor_id IS NOT NULL
      ON CONFLICT (ref) DO NOTHING`,
    sql`UPDATE service_orders SET updated_at = ${now}, tip_cents =
        (SELECT coalesce(sum(amount_cents), 0) FROM tips WHERE service_order_id = ${job.service_order_id} AND status = 'succeeded')
      WHERE service_order_id = ${job.service_order_id} RETURNING tip_cents`,
  ]);
  const recordedNow = flipped.length > 0;
  const amount = (flipped[0]?.amount_cents as number | undefined) ?? input.amount_cents;
  if (recordedNow && job.vendor_phone) {
    await sendSms(env, db, {
      to: job.vendor_phone,
      now,
      body: `You received a $${centsToDecimal(amount)} tip for ${job.service_description} on ${formatWhen(job.promised_arrival_time, job.time_zone)}. Thank you for your great work!`,
    }).catch((err) => console.error(JSON.stringify({ at: "tip.sms", error: String(err) })));
  }
  return {
    service_order_id: job.service_order_id,
    tip_cents: amount,
    total_tip_cents: (totals[0]?.tip_cents as number | undefined) ?? 0,
    recorded_now: recordedNow,
    message: messageFor("TIP_SUCCESS"),
  };
}

/**
 * POST /order/tip/confirm: after the browser confirmed the card, records the tip once. The intent must be
 * the caller's tip intent; one that has not succeeded is TIP_ERROR with the provider's message.
 */
export async function confirmTip(
  env: Env,
  db: DrizzleD1Database,
  port: PaymentsPort,
  viewer: SessionUser,
  paymentIntentId: string,
  now: number,
): Promise<TipRecord> {
  const [tip] = await db
    .select()
    .from(tips)
    .where(
      and(eq(tips.payment_intent_id, paymentIntentId), eq(tips.user_id, viewer.user_id), eq(tips.source, "customer")),
    )
    .limit(1);
  if (!tip) fail("NOT_FOUND", { payment_intent_id: "We couldn't find this tip." });
  const intent = await orFail(port.retrieveIntent(paymentIntentId));
  if (intent.metadata.purpose !== "tip" || intent.metadata.ref !== String(tip.service_order_id)) {
    fail("NOT_FOUND", { payment_intent_id: "We couldn't find this tip." });
  }
  if (intent.status !== "succeeded") {
    fail("TIP_ERROR", intent.last_error ? { card: intent.last_error.message } : undefined);
  }
  const job = await ownJob(db, viewer.user_id, tip.service_order_id);
  if (!job) fail("NOT_FOUND");
  return recordTip(
    env,
    db,
    { payment_intent_id: intent.id, job, user_id: viewer.user_id, amount_cents: tip.amount_cents, source: "customer" },
    now,
  );
}
