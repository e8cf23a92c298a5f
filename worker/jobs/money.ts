import { and, eq, ne, sql } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { bpsOf } from "../../domain/checkout-rules";
import {
  addedChargeCap,
  addedChargeRefusal,
  inAutoChargeWindow,
  type AddedChargeJob,
} from "../../domain/added-charges";
import { canAddPhotos } from "../../domain/job-actions";
import { messageFor } from "../../domain/messages";
import { centsToDecimal } from "../../domain/money";
import { ServiceOrderStatus } from "../../domain/order-status";
import { PRICING } from "../../domain/pricing-config";
import { orderCancellations, payLinks } from "../../schema/tables/after-booking";
import { jobAdjustments } from "../../schema/tables/job-actions";
import { paymentIntents, refunds } from "../../schema/tables/payments";
import { PaymentsError, type PaymentsPort } from "../adapters/payments/port";
import { sendSms } from "../adapters/sms";
import { fail } from "../http/errors";
import { d1Batch } from "../orders/d1-batch";
import { jobMoney } from "../orders/job-money";
import { createPayLink, TIP_LINK_TTL_MS } from "../orders/pay-links";
import { chargeSavedCard } from "../payments/saved-card";
import { customerPhoneOf, firstNameOf, vendorJob, type VendorJob } from "./vendor-job";

/**
 * Money a pro moves on their own job (docs/decisions/064-job-refunds-and-added-charges.md).
 *
 * Refund (POST /vendor/me/issue-refund): full (no amount: all that is left) or partial, from the job's share
 * of its order's card payment, never more than that share minus what was already refunded for the job
 * (by the pro, or by the customer's cancellation). The claim is one conditional INSERT into
 * job_adjustments keyed `so:<id>:refund:<request key>`: D1 runs it atomically, so of any number of racing
 * requests one claims, identical retries find the claim and answer it, and different keys cannot together
 * pass the limit. The provider refund uses the claim's id as its key. The pro's pay goes down by their share
 * of the refund (vendor_earnings adjustment `refund:<adjustment id>`, negative).
 *
 * Added charge (POST /vendor/me/add-charge, /add-charge-connect): an extra service or product. Within the policy
 * of domain/added-charges.ts (docs/decisions/116: the job's window and its cap in total) it is charged to the
 * customer's saved card off-session (key `so:<id>:add-charge:<adjustment id>`), with a text receipt that links
 * to the order page where it can be disputed. Beyond the policy, or when the card needs the customer (3-D
 * Secure), is declined or there is none, the customer is texted a payment link to approve (pay) or decline
 * (status awaiting_approval); nothing is taken until they pay. The pro earns their share (`add-charge:<id>`).
 */

const PENDING_RETRY_MS = 60_000;

export interface AdjustmentResult {
  adjustment_id: number;
  service_order_id: number;
  kind: "refund" | "add_charge";
  amount_cents: number;
  status: AdjustmentRow["status"];
  /** Added charges: auto (charged within the policy) or customer (a request the customer approves). */
  consent?: "auto" | "customer";
  refundable_cents?: number;
  pay_url?: string;
  message: string;
}

type AdjustmentRow = typeof jobAdjustments.$inferSelect;

/**
 * The job's share of its order's card payment, and what has gone back of it already. The share is split by the
 * jobs' original prices, less the lower prices of reschedules given back (docs/decisions/068,
 * worker/orders/job-money.ts).
 */
export async function refundContext(db: DrizzleD1Database, job: VendorJob) {
  const [money, cancellations] = await Promise.all([
    jobMoney(db, job.order_id, job.service_order_id),
    db
      .select({ refund_cents: orderCancellations.refund_cents, status: orderCancellations.refund_status })
      .from(orderCancellations)
      .where(eq(orderCancellations.service_order_id, job.service_order_id)),
  ]);
  const intentLeft = money.paymentIntentId
    ? await db
        .select({ total: sql<number>`coalesce(sum(${refunds.amount_cents}), 0)`, amount: paymentIntents.amount_cents })
        .from(paymentIntents)
        .leftJoin(refunds, and(eq(refunds.payment_intent_id, paymentIntents.id), ne(refunds.status, "failed")))
        .where(eq(paymentIntents.id, money.paymentIntentId))
        .then(([r]) => Math.max(0, (r?.amount ?? 0) - (r?.total ?? 0)))
    : 0;
  const cancelled = cancellations[0] && cancellations[0].status !== "failed" ? cancellations[0].refund_cents : 0;
  return {
    paymentIntentId: money.paymentIntentId,
    cap: Math.max(0, money.orderShareCents - cancelled),
    intentLeft,
  };
}

async function refundedSoFar(env: Env, soid: number): Promise<number> {
  const row = await env.DB.prepare(
    "SELECT coalesce(sum(amount_cents), 0) AS n FROM job_adjustments WHERE service_order_id = ? AND kind = 'refund' AND status <> 'failed'",
  )
    .bind(soid)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

function resultOf(row: AdjustmentRow, extra: Partial<AdjustmentResult> = {}): AdjustmentResult {
  const message =
    row.kind === "refund"
      ? row.status === "failed"
        ? "The refund could not be made. Please try again or contact support."
        : messageFor("REFUND_ISSUED")
      : row.status === "link_sent"
        ? messageFor("ADD_CHARGE_LINK_SENT")
        : row.status === "awaiting_approval"
          ? messageFor("ADD_CHARGE_APPROVAL_SENT")
          : row.status === "declined"
            ? "Your client declined this charge. Nothing was taken."
            : row.status === "withdrawn"
              ? "The job was cancelled before your client approved this charge. Nothing was taken."
              : row.status === "failed"
                ? "The charge could not be made and no payment link could be sent. Please try again."
                : messageFor("ADD_CHARGE_SUCCESS");
  return {
    adjustment_id: row.adjustment_id,
    service_order_id: row.service_order_id,
    kind: row.kind,
    amount_cents: row.amount_cents,
    status: row.status,
    ...(row.kind === "add_charge" ? { consent: row.consent } : {}),
    message,
    ...extra,
  };
}

async function byKey(db: DrizzleD1Database, key: string): Promise<AdjustmentRow | null> {
  const [row] = await db.select().from(jobAdjustments).where(eq(jobAdjustments.idempotency_key, key)).limit(1);
  return row ?? null;
}

export async function issueRefund(
  env: Env,
  db: DrizzleD1Database,
  port: () => PaymentsPort,
  vendor: { vendorId: number; userId: number },
  input: { service_order_id: number; amount_cents?: number; reason: string; idempotencyKey: string },
  now: number,
): Promise<AdjustmentResult> {
  const job = await vendorJob(db, vendor.vendorId, input.service_order_id);
  const soid = job.service_order_id;
  const key = `so:${soid}:refund:${input.idempotencyKey}`;
  const existing = await byKey(db, key);
  if (existing) return settleRefund(env, db, port, job, existing, now, false);
  if (!canAddPhotos(job.service_order_status_id)) fail("JOB_ACTION_NOT_ALLOWED");
  const ctx = await refundContext(db, job);
  if (!ctx.paymentIntentId) fail("PAYMENT_NOT_REFUNDABLE");
  const left = Math.min(ctx.cap - (await refundedSoFar(env, soid)), ctx.intentLeft);
  const amount = input.amount_cents ?? left;
  if (amount <= 0 || amount > left)
    fail("PAYMENT_NOT_REFUNDABLE", { amount_cents: `At most ${centsToDecimal(Math.max(0, left))}.` });
  const [claimed] = await d1Batch(env.DB, [
    sql`INSERT INTO job_adjustments (service_order_id, vendor_id, kind, amount_cents, description, status, idempotency_key,
        payment_intent_id, created_at, updated_at)
      SELECT ${soid}, ${vendor.vendorId}, 'refund', ${amount}, ${input.reason}, 'pending', ${key}, ${ctx.paymentIntentId}, ${now}, ${now}
      WHERE EXISTS (SELECT 1 FROM service_orders WHERE service_order_id = ${soid} AND vendor_id = ${vendor.vendorId}
          AND service_order_status_id IN (${ServiceOrderStatus.SCHEDULED}, ${ServiceOrderStatus.IN_PROGRESS}, ${ServiceOrderStatus.COMPLETED}))
        AND (SELECT coalesce(sum(amount_cents), 0) FROM job_adjustments
          WHERE service_order_id = ${soid} AND kind = 'refund' AND status <> 'failed') + ${amount} <= ${ctx.cap}
      ON CONFLICT (idempotency_key) DO NOTHING
      RETURNING adjustment_id`,
  ]);
  const row = await byKey(db, key);
  if (!row) fail("PAYMENT_NOT_REFUNDABLE"); // the condition failed: another refund took what was left
  return settleRefund(env, db, port, job, row, now, (claimed?.length ?? 0) > 0);
}

/**
 * The provider call for a claimed refund. Only the request that claimed it calls at once; a retry of a claim
 * still pending after a minute (its request died) calls again with the same key, which the provider answers
 * with the same refund. Everyone else answers the claim as it stands.
 */
async function settleRefund(
  env: Env,
  db: DrizzleD1Database,
  port: () => PaymentsPort,
  job: VendorJob,
  row: AdjustmentRow,
  now: number,
  claimedNow: boolean,
): Promise<AdjustmentResult> {
  if (row.status !== "pending" || (!claimedNow && now - row.updated_at < PENDING_RETRY_MS)) return resultOf(row);
  try {
    const refund = await port().refund({
      payment_intent_id: row.payment_intent_id!,
      amount_cents: row.amount_cents,
      reason: "requested_by_customer",
      idempotency_key: `job-adjustment:${row.adjustment_id}:refund`,
      service_order_id: row.service_order_id,
      requested_by_user_id: null,
    });
    const share = bpsOf(row.amount_cents, PRICING.vendorShareBps);
    await d1Batch(env.DB, [
      sql`UPDATE job_adjustments SET status = 'succeeded', provider_ref = ${refund.id}, updated_at = ${now}
        WHERE adjustment_id = ${row.adjustment_id} AND status = 'pending'`,
      sql`INSERT INTO vendor_earnings (vendor_id, service_order_id, kind, amount_cents, ref, created_at)
        VALUES (${row.vendor_id}, ${row.service_order_id}, 'adjustment', ${-share}, ${`refund:${row.adjustment_id}`}, ${now})
        ON CONFLICT (ref) DO NOTHING`,
    ]);
    const phone = customerPhoneOf(job);
    if (phone) {
      await sendSms(env, db, {
        to: phone,
        body: `Hi ${firstNameOf(job.customer_name)}, ${job.vendor_name ?? "your professional"} refunded $${centsToDecimal(row.amount_cents)} for your ${job.service_description}. It reaches your card in 5-10 business days.`,
        now,
      }).catch(() => false);
    }
  } catch (err) {
    if (!(err instanceof PaymentsError)) throw err;
    console.error(JSON.stringify({ at: "job.refund", adjustment_id: row.adjustment_id, code: err.code }));
    await env.DB.prepare(
      "UPDATE job_adjustments SET status = 'failed', failure = ?2, updated_at = ?3 WHERE adjustment_id = ?1 AND status = 'pending'",
    )
      .bind(row.adjustment_id, err.code, now)
      .run();
  }
  const [fresh] = await db.select().from(jobAdjustments).where(eq(jobAdjustments.adjustment_id, row.adjustment_id));
  if (fresh!.status === "failed") fail("PAYMENT_NOT_REFUNDABLE");
  return resultOf(fresh!);
}

export async function addCharge(
  env: Env,
  db: DrizzleD1Database,
  port: () => PaymentsPort,
  vendor: { vendorId: number; userId: number; name: string },
  input: {
    service_order_id: number;
    amount_cents: number;
    description: string;
    idempotencyKey: string;
    connect: boolean;
  },
  origin: string,
  now: number,
): Promise<AdjustmentResult> {
  const job = await vendorJob(db, vendor.vendorId, input.service_order_id);
  const soid = job.service_order_id;
  const key = `so:${soid}:add-charge:${input.idempotencyKey}`;
  const existing = await byKey(db, key);
  if (existing) return resultOf(existing);
  if (job.is_connect !== input.connect) fail("JOB_ACTION_NOT_ALLOWED");
  const policyJob = addedChargeJob(job);
  const refusal = addedChargeRefusal(policyJob, now);
  if (refusal) fail(refusal);
  // The claim decides how the charge goes (docs/decisions/116): without asking only inside the window and only
  // if every auto charge of the job, this one included, fits the job's cap. The sum is read inside the INSERT, so
  // D1 runs the check and the claim as one: of any number of racing charges, only those that fit together go auto.
  const cap = addedChargeCap(job.price_cents);
  const fits = sql`${inAutoChargeWindow(policyJob, now) ? 1 : 0} = 1
    AND (SELECT coalesce(sum(amount_cents), 0) FROM job_adjustments WHERE service_order_id = ${soid}
      AND kind = 'add_charge' AND consent = 'auto' AND status NOT IN ('failed', 'declined', 'withdrawn'))
      + ${input.amount_cents} <= ${cap}`;
  const [claimed] = await d1Batch(env.DB, [
    sql`INSERT INTO job_adjustments (service_order_id, vendor_id, kind, amount_cents, description, status, consent,
        idempotency_key, created_at, updated_at)
      SELECT ${soid}, ${vendor.vendorId}, 'add_charge', ${input.amount_cents}, ${input.description},
        CASE WHEN ${fits} THEN 'pending' ELSE 'awaiting_approval' END, CASE WHEN ${fits} THEN 'auto' ELSE 'customer' END,
        ${key}, ${now}, ${now}
      WHERE EXISTS (SELECT 1 FROM service_orders WHERE service_order_id = ${soid} AND vendor_id = ${vendor.vendorId}
        AND service_order_status_id IN (${ServiceOrderStatus.SCHEDULED}, ${ServiceOrderStatus.IN_PROGRESS}, ${ServiceOrderStatus.COMPLETED}))
      ON CONFLICT (idempotency_key) DO NOTHING
      RETURNING adjustment_id`,
  ]);
  const row = await byKey(db, key);
  if (!row) fail("ADD_CHARGE_NOT_ALLOWED"); // the job left the states that take a charge (cancelled meanwhile)
  if ((claimed?.length ?? 0) === 0) return resultOf(row);

  const phone = customerPhoneOf(job);
  const label = `${input.description} (${job.service_description} by ${vendor.name})`;
  if (row.consent === "auto") {
    const charged = await chargeSavedCard(db, port, job.user_id, {
      amount_cents: input.amount_cents,
      description: label,
      metadata: {
        purpose: "add_charge",
        ref: `job_adjustment:${row.adjustment_id}`,
        service_order_id: String(soid),
      },
      idempotency_key: `job-adjustment:${row.adjustment_id}:charge`,
    });
    if (charged?.intent?.status === "succeeded") {
      const { intent, method } = charged;
      await d1Batch(env.DB, [
        sql`UPDATE job_adjustments SET status = 'succeeded', payment_intent_id = ${intent.id}, updated_at = ${now}
          WHERE adjustment_id = ${row.adjustment_id} AND status = 'pending'`,
        sql`INSERT INTO vendor_earnings (vendor_id, service_order_id, kind, amount_cents, ref, created_at)
          VALUES (${vendor.vendorId}, ${soid}, 'add_charge', ${bpsOf(input.amount_cents, PRICING.vendorShareBps)},
            ${`add-charge:${row.adjustment_id}`}, ${now})
          ON CONFLICT (ref) DO NOTHING`,
      ]);
      if (phone) {
        await sendSms(env, db, {
          to: phone,
          body: `Receipt: $${centsToDecimal(input.amount_cents)} for ${label}, charged to your ${method.card.brand} ending ${method.card.last4}. Order #${job.order_id}. Not right? Dispute it: ${orderPageUrl(origin, soid, job.service_order_status_id === ServiceOrderStatus.COMPLETED)}`,
          now,
        }).catch(() => false);
      }
      return resultOf({ ...row, status: "succeeded", payment_intent_id: intent.id });
    }
    // The card needs the customer (3-D Secure), was declined, or there is none: the charge becomes a request
    // they approve by paying it, and stops counting against the job's cap for charges without asking.
    await env.DB.prepare(
      "UPDATE job_adjustments SET consent = 'customer', status = 'awaiting_approval', payment_intent_id = ?2, updated_at = ?3 WHERE adjustment_id = ?1 AND status = 'pending'",
    )
      .bind(row.adjustment_id, charged?.intent?.id ?? null, now)
      .run();
  }
  const { token, pay_link_id } = await createPayLink(
    db,
    {
      kind: "charge",
      service_order_id: soid,
      vendor_id: vendor.vendorId,
      amount_cents: input.amount_cents,
      description: label,
      created_by_user_id: vendor.userId,
      expires_at: now + TIP_LINK_TTL_MS,
    },
    now,
  );
  const url = new URL("/", origin);
  url.searchParams.set("cpid", token);
  url.searchParams.set("vid", String(vendor.vendorId));
  const texted = phone
    ? await sendSms(env, db, {
        to: phone,
        body: `Hi ${firstNameOf(job.customer_name)}, ${vendor.name} asks $${centsToDecimal(input.amount_cents)} for ${input.description} on your ${job.service_description}. Nothing is charged unless you approve. Approve or decline: ${url.toString()}`,
        now,
      }).catch(() => false)
    : false;
  const status = texted ? "awaiting_approval" : "failed";
  await env.DB.prepare(
    "UPDATE job_adjustments SET status = ?2, pay_link_id = ?3, failure = ?4, updated_at = ?5 WHERE adjustment_id = ?1",
  )
    .bind(row.adjustment_id, status, pay_link_id, texted ? null : "no-phone-or-sms-failed", now)
    .run();
  if (!texted) {
    await db.update(payLinks).set({ status: "revoked" }).where(eq(payLinks.pay_link_id, pay_link_id));
    fail("CHARGE_ERROR");
  }
  return resultOf({ ...row, consent: "customer", status, pay_link_id }, { pay_url: url.toString() });
}

/** The policy's view of a job (domain/added-charges.ts). */
export function addedChargeJob(job: {
  service_order_status_id: number;
  promised_arrival_time: number;
  job_minutes: number;
  completion_time: number | null;
  price_cents: number;
}): AddedChargeJob {
  return {
    status: job.service_order_status_id,
    start: job.promised_arrival_time,
    job_minutes: job.job_minutes,
    completed_at: job.completion_time,
    price_cents: job.price_cents,
  };
}

/** The customer's order page, opened on one job: where an added charge is shown and can be disputed. */
export function orderPageUrl(origin: string, soid: number, completed: boolean): string {
  const url = new URL("/account/orders", origin);
  if (completed) url.searchParams.set("completed", "1");
  url.searchParams.set("service_order_id", String(soid));
  return url.toString();
}
