import type { DrizzleD1Database } from "drizzle-orm/d1";
import type { StaffJob } from "../../schema/contracts/admin";
import { formatLocal, HOUR_MS, iso, localToInstant } from "../../domain/calendar/time";
import { ServiceOrderStatus } from "../../domain/order-status";
import { PRICING } from "../../domain/pricing-config";
import { formatWhen } from "../../domain/slot-format";
import { checkStaffCharge, suspensionFee } from "../../domain/staff-limits";
import type { PaymentsPort } from "../adapters/payments/port";
import { sendSms } from "../adapters/sms";
import { newAuditedAction, runAudited } from "../admin/audit";
import { claimStaffCharge, settleStaffCharge, staffChargeByKey, type StaffChargeResult } from "../admin/charges";
import { reofferJobs } from "../admin/reoffer";
import { notifyVendor } from "../calendar/notify-vendor";
import { notifyOrderChanged } from "../orders/notify-customer";
import { fail } from "../http/errors";
import { proNoticeStatement, staffProNotice, textProNotice } from "../vendors/notify-pro";
import { releaseJobBooking } from "./booking-release";

/**
 * A job as staff see it, and the staff's suspension and reschedule (docs/product.md section 4 "Vendor jobs"; worker/api/admin/jobs.ts;
 * docs/decisions/098-staff-job-reschedule-suspend.md): suspended with the fee waived, assessed or reduced; a
 * reschedule fee can be waived, rescheduling without a waiver goes through a suspension first. Each action is
 * one audited batch; the fee is a staff charge (worker/admin/charges.ts) claimed in it.
 */

export type StaffFee = "waived" | "assessed" | "reduced";

/** A reschedule must be at least this far ahead, and at most this far. */
export const RESCHEDULE_MIN_LEAD_MS = 2 * HOUR_MS;
export const RESCHEDULE_MAX_AHEAD_MS = 90 * 24 * HOUR_MS;

export interface JobRow {
  service_order_id: number;
  order_id: number;
  user_id: number;
  vendor_id: number | null;
  vendor_name: string | null;
  customer_name: string;
  service_id: number;
  description: string;
  service_order_status_id: number;
  promised_arrival_time: number;
  job_minutes: number;
  is_connect: number;
  zipcode: string;
  time_zone: string;
  price_cents: number;
  vendor_payout_cents: number;
  phone: string | null;
}

export async function jobOf(d1: D1Database, id: number): Promise<JobRow> {
  const job = await d1
    .prepare(
      `SELECT so.service_order_id, so.order_id, so.user_id, so.vendor_id, v.display_name AS vendor_name, u.name AS customer_name,
              so.service_id, s.description, so.service_order_status_id, so.promised_arrival_time, so.job_minutes,
              so.is_connect, so.zipcode, so.time_zone, so.price_cents, so.vendor_payout_cents,
              coalesce(o.phone, u.phone) AS phone
       FROM service_orders so JOIN services s ON s.service_id = so.service_id JOIN users u ON u.user_id = so.user_id
       JOIN orders o ON o.order_id = so.order_id LEFT JOIN vendors v ON v.vendor_id = so.vendor_id
       WHERE so.service_order_id = ?1`,
    )
    .bind(id)
    .first<JobRow>();
  if (!job) fail("NOT_FOUND");
  return job;
}

const SUSPENDABLE: number[] = [ServiceOrderStatus.PENDING, ServiceOrderStatus.SCHEDULED];
const RESCHEDULABLE: number[] = [...SUSPENDABLE, ServiceOrderStatus.SUSPENDED];

/** The statement that changes the job only while it is as staff saw it (state, pro and time). */
function sameJob(job: JobRow): string {
  return `service_order_id = ${job.service_order_id} AND service_order_status_id = ${job.service_order_status_id}
    AND coalesce(vendor_id, 0) = ${job.vendor_id ?? 0} AND promised_arrival_time = ${job.promised_arrival_time}`;
}

async function textSafely(env: Env, db: Parameters<typeof sendSms>[1], to: string | null, body: string, now: number) {
  if (!to) return;
  await sendSms(env, db, { to, body, now }).catch(() => false);
}

/** One job with what support may do to it. */
export async function staffJob(d1: D1Database, id: number): Promise<StaffJob> {
  const job = await jobOf(d1, id);
  return {
    ...job,
    is_connect: job.is_connect === 1,
    local_time: formatLocal(job.promised_arrival_time, job.time_zone),
    starts_at: iso(job.promised_arrival_time),
    reschedule_fee_cents: PRICING.rescheduleFeeCents,
    may_suspend: SUSPENDABLE.includes(job.service_order_status_id),
    may_reschedule: RESCHEDULABLE.includes(job.service_order_status_id),
  };
}

/**
 * Suspends a pending or scheduled job, with the reschedule fee waived, assessed or reduced (a staff charge on
 * the customer's saved card); the pro's calendar is freed and the customer texted.
 */
export async function suspendJob(
  env: Env,
  db: DrizzleD1Database,
  payments: () => PaymentsPort,
  input: {
    id: number;
    /** The staff note: audit log only, never shown to the customer or the pro. */
    reason: string;
    /** What the customer reads (added to their text; empty adds nothing). */
    customerMessage?: string;
    /** What the pro reads (a default when empty). */
    proMessage?: string;
    fee: StaffFee;
    feeCents?: number;
    actorUserId: number;
    origin: string;
    now: number;
  },
): Promise<{
  service_order_id: number;
  service_order_status_id: number;
  fee: StaffFee;
  fee_cents: number;
  fee_charge: StaffChargeResult | null;
}> {
  const { id, reason, actorUserId, origin, now } = input;
  const d1 = env.DB;
  const job = await jobOf(d1, id);
  if (!SUSPENDABLE.includes(job.service_order_status_id)) fail("STAFF_ACTION_NOT_ALLOWED");
  const fee = suspensionFee(input.fee, PRICING.rescheduleFeeCents, input.feeCents);
  if (!fee.ok) fail("STAFF_CHARGE_OUT_OF_LIMITS", { fee_cents: fee.reason });
  if (fee.fee_cents > 0 && job.vendor_id === null) {
    fail("STAFF_ACTION_NOT_ALLOWED", { fee: "A job no pro took can only be suspended with the fee waived." });
  }
  if (fee.fee_cents > 0) {
    // The fee is a staff charge: it must fit the job's staff-charge cap (decision 097) like any other.
    const so_far = await d1
      .prepare(
        "SELECT coalesce(sum(amount_cents), 0) AS n FROM staff_charges WHERE service_order_id = ? AND status <> 'failed'",
      )
      .bind(id)
      .first<{ n: number }>();
    const check = checkStaffCharge({
      amount: fee.fee_cents,
      jobPrice: job.price_cents,
      chargedSoFar: so_far?.n ?? 0,
    });
    if (!check.ok) fail("STAFF_CHARGE_OUT_OF_LIMITS", { fee_cents: check.reason });
  }
  const op = newAuditedAction();
  const feeKey = `staff-suspension_fee:${id}:${op.opKey}`;
  const charge = chargeable(job);
  const when = formatWhen(job.promised_arrival_time, job.time_zone);
  const notice =
    job.vendor_id === null
      ? null
      : staffProNotice(op, "job.suspend", job.vendor_id, { what: job.description, when }, input.proMessage, now);
  const { done } = await runAudited(
    d1,
    op,
    d1
      .prepare(
        `UPDATE service_orders SET service_order_status_id = ${ServiceOrderStatus.SUSPENDED}, updated_at = ?1 WHERE ${sameJob(job)}`,
      )
      .bind(now),
    {
      actorUserId,
      action: "job.suspend",
      targetType: "service_order",
      targetId: id,
      reason,
      before: { service_order_status_id: job.service_order_status_id, vendor_id: job.vendor_id },
      after: { service_order_status_id: ServiceOrderStatus.SUSPENDED, fee: input.fee, fee_cents: fee.fee_cents },
      details: fee.fee_cents > 0 ? { fee_key: feeKey } : undefined,
      now,
    },
    [
      d1
        .prepare(
          `UPDATE job_offers SET status = 'expired', responded_at = ?2 WHERE service_order_id = ?1 AND status = 'offered' AND ${op.guard}`,
        )
        .bind(id, now),
      ...(notice ? [proNoticeStatement(d1, notice, op.guard)] : []),
      ...(fee.fee_cents > 0
        ? [
            claimStaffCharge(
              d1,
              {
                kind: "suspension_fee",
                job: charge,
                amount_cents: fee.fee_cents,
                reason,
                key: feeKey,
                actorUserId,
                now,
              },
              op.guard,
            ),
          ]
        : []),
    ],
  );
  if (!done) fail("STAFF_ACTION_NOT_ALLOWED");
  // The pro's booking, or for a job no pro took the one checkout made on the holder's calendar.
  await releaseJobBooking(env, job, `staff:suspend:${id}:${op.opKey}`, now);
  if (job.vendor_id !== null) {
    await notifyVendor(env, job.vendor_id, { type: "job.changed", service_order_id: id, at: now }).catch(
      () => undefined,
    );
  }
  await notifyOrderChanged(env, id, "cancelled", now);
  if (notice) await textProNotice(env, db, notice.vendorId, notice.key, now);
  let feeCharge: StaffChargeResult | null = null;
  const row = fee.fee_cents > 0 ? await staffChargeByKey(db, feeKey) : null;
  if (row) {
    feeCharge = await settleStaffCharge(env, db, payments, row, charge, origin, now);
  }
  // The customer reads staff's message to them, never the staff note (which stays in the audit log).
  await textSafely(
    env,
    db,
    job.phone,
    `Hi ${job.customer_name.split(" ")[0]}, your ${job.description} on ${when} is on hold. ` +
      withMessage(input.customerMessage) +
      `Our team will contact you to pick a new time.`,
    now,
  );
  return {
    service_order_id: id,
    service_order_status_id: ServiceOrderStatus.SUSPENDED,
    fee: input.fee,
    fee_cents: fee.fee_cents,
    fee_charge: feeCharge,
  };
}

/**
 * Moves a job to a new local date and time: back to pending with no pro (the pro who had it is out of every
 * later round) and offered again; RESCHEDULE_FEE_NOT_WAIVED unless the fee is waived or the job was suspended.
 */
export async function rescheduleJob(
  env: Env,
  db: DrizzleD1Database,
  input: {
    id: number;
    /** The staff note: audit log only. */
    reason: string;
    customerMessage?: string;
    proMessage?: string;
    date: string;
    time: string;
    fee: StaffFee;
    actorUserId: number;
    now: number;
  },
): Promise<{ service_order_id: number; service_order_status_id: number; starts_at: string; offered_to: number[] }> {
  const { id, reason, date, time, fee, actorUserId, now } = input;
  const d1 = env.DB;
  const job = await jobOf(d1, id);
  if (!RESCHEDULABLE.includes(job.service_order_status_id)) fail("STAFF_ACTION_NOT_ALLOWED");
  // A suspended job's fee was decided when it was suspended; any other job moves only with the fee waived.
  if (fee !== "waived" && job.service_order_status_id !== ServiceOrderStatus.SUSPENDED) {
    fail("RESCHEDULE_FEE_NOT_WAIVED", { fee: "Suspend the job with the fee first, then reschedule it." });
  }
  const start = localToInstant(date, time, job.time_zone);
  if (!Number.isFinite(start) || start < now + RESCHEDULE_MIN_LEAD_MS || start > now + RESCHEDULE_MAX_AHEAD_MS) {
    fail("INVALID_INPUT", { date: "Pick a time at least 2 hours and at most 90 days ahead." });
  }
  if (start === job.promised_arrival_time) fail("ERROR_WHILE_ORDER_RESCHEDULE_SAME_TIME");
  const op = newAuditedAction();
  const notice =
    job.vendor_id === null
      ? null
      : staffProNotice(
          op,
          "job.reschedule",
          job.vendor_id,
          {
            what: job.description,
            when: formatWhen(job.promised_arrival_time, job.time_zone),
            newWhen: formatWhen(start, job.time_zone),
          },
          input.proMessage,
          now,
        );
  const { done } = await runAudited(
    d1,
    op,
    d1
      .prepare(
        `UPDATE service_orders SET promised_arrival_time = ?1, service_order_status_id = ${ServiceOrderStatus.PENDING},
           vendor_id = NULL, scheduled_status = 0, vendor_payout_cents = 0, updated_at = ?2 WHERE ${sameJob(job)}`,
      )
      .bind(start, now),
    {
      actorUserId,
      action: "job.reschedule",
      targetType: "service_order",
      targetId: id,
      reason,
      before: {
        promised_arrival_time: iso(job.promised_arrival_time),
        service_order_status_id: job.service_order_status_id,
        vendor_id: job.vendor_id,
      },
      after: {
        promised_arrival_time: iso(start),
        service_order_status_id: ServiceOrderStatus.PENDING,
        vendor_id: null,
        fee: fee,
      },
      now,
    },
    [
      d1
        .prepare(
          `UPDATE job_offers SET status = 'expired', responded_at = ?2 WHERE service_order_id = ?1 AND status = 'offered' AND ${op.guard}`,
        )
        .bind(id, now),
      // The pro who had it is out of every later round (docs/decisions/088): their offer is declined, like a
      // pro's own give-back, so neither the re-offer, nor an offer round's "last call", nor accept brings it back.
      d1
        .prepare(
          `INSERT INTO job_offers (service_order_id, vendor_id, status, offered_at, expires_at, responded_at)
             SELECT ?1, ?2, 'declined', ?3, ?3, ?3 WHERE ?2 IS NOT NULL AND ${op.guard}
             ON CONFLICT (service_order_id, vendor_id) DO UPDATE SET status = 'declined', responded_at = ?3`,
        )
        .bind(id, job.vendor_id, now),
      ...(notice ? [proNoticeStatement(d1, notice, op.guard)] : []),
    ],
  );
  if (!done) fail("STAFF_ACTION_NOT_ALLOWED");
  // A job no pro took is booked on the checkout holder's calendar at its old time: freed (the re-offer below
  // frees an assigned pro's).
  if (job.vendor_id === null) await releaseJobBooking(env, job, `staff:reschedule:${id}:${op.opKey}`, now);
  // The job goes back to the market at its new time: the vendor-side release's re-offer path.
  const offered = await reofferJobs(
    env,
    db,
    job.vendor_id,
    [
      {
        service_order_id: id,
        user_id: job.user_id,
        service_id: job.service_id,
        description: job.description,
        promised_arrival_time: start,
        job_minutes: job.job_minutes,
        is_connect: job.is_connect === 1,
        zipcode: job.zipcode,
        time_zone: job.time_zone,
      },
    ],
    now,
    `reschedule:${op.opKey}`,
  );
  if (job.vendor_id !== null) {
    await notifyVendor(env, job.vendor_id, { type: "job.rescheduled", service_order_id: id, at: now }).catch(
      () => undefined,
    );
  }
  await notifyOrderChanged(env, id, "rescheduled", now);
  if (notice) await textProNotice(env, db, notice.vendorId, notice.key, now);
  await textSafely(
    env,
    db,
    job.phone,
    `Hi ${job.customer_name.split(" ")[0]}, your ${job.description} moved to ${formatWhen(start, job.time_zone)}. ` +
      withMessage(input.customerMessage) +
      `We'll text you when a professional confirms.`,
    now,
  );
  return {
    service_order_id: id,
    service_order_status_id: ServiceOrderStatus.PENDING,
    starts_at: iso(start),
    offered_to: offered[id] ?? [],
  };
}

/** Staff's message to the customer as a sentence of their text, or nothing. */
function withMessage(message: string | undefined): string {
  const m = (message ?? "").trim();
  if (m === "") return "";
  return /[.!?]$/.test(m) ? `${m} ` : `${m}. `;
}

function chargeable(job: JobRow) {
  return {
    service_order_id: job.service_order_id,
    user_id: job.user_id,
    vendor_id: job.vendor_id,
    price_cents: job.price_cents,
    description: job.description,
    phone: job.phone,
    customer_name: job.customer_name,
  };
}
