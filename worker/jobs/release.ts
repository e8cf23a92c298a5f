import { formatWhen } from "../../domain/slot-format";
import { sql } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { isActiveJob, RELIABILITY_FLOOR, RELIABILITY_PENALTY } from "../../domain/job-actions";
import { ServiceOrderStatus } from "../../domain/order-status";
import { geoFromEnv } from "../adapters/geo";
import { sendSms } from "../adapters/sms";
import { calendarFor } from "../calendar/calendar-client";
import { notifyVendor } from "../calendar/notify-vendor";
import { notifyOrderChanged } from "../orders/notify-customer";
import { zipPlaceOrFail } from "../catalogue/queries";
import { jobCandidates, offerExpiresAt } from "../checkout/job-candidates";
import { fail } from "../http/errors";
import { d1Batch } from "../orders/d1-batch";
import { customerPhoneOf, firstNameOf, vendorJob } from "./vendor-job";

/**
 * A pro gives an accepted job back (docs/product.md section 7 "/vendor/me/emergency-reschedule",
 * "/vendor/me/cannot-provide-service"; docs/decisions/063-giving-a-job-back.md). The job becomes a new
 * offer to the other pros who are free at its time (the checkout's candidate rule, this pro left out), the
 * pro's booking is freed, the customer is texted, and the pro's reliability drops by the kind's penalty:
 * an emergency 5 points, cannot provide 10, and no penalty when the reason is the customer's (they asked
 * for a service the pro does not offer, or the place is unsafe). One batch claims it: the job leaves this
 * pro only while it is still theirs and active, and the offers and penalty follow only that claim.
 */

export const RELEASE_REASONS = ["emergency", "not_offered", "unsafe", "customer_request", "other"] as const;
export type ReleaseReason = (typeof RELEASE_REASONS)[number];

const NO_PENALTY: readonly ReleaseReason[] = ["unsafe", "customer_request"];

export interface ReleaseResult {
  code: 200;
  /** 1: released with a penalty, 2: released with no penalty (as schedule/decline answers). */
  message: 1 | 2;
  service_order_id: number;
  penalty: number;
  offered_to: number;
  text: string;
}

export async function releaseJob(
  env: Env,
  db: DrizzleD1Database,
  vendor: { vendorId: number; name: string },
  input: {
    service_order_id: number;
    kind: "emergency_reschedule" | "cannot_provide";
    reason: ReleaseReason;
    note?: string;
  },
  now: number,
): Promise<ReleaseResult> {
  const job = await vendorJob(db, vendor.vendorId, input.service_order_id);
  const soid = job.service_order_id;
  if (!isActiveJob(job.service_order_status_id) || job.promised_arrival_time <= now) fail("JOB_ACTION_NOT_ALLOWED");
  const noPenalty = input.kind === "cannot_provide" && NO_PENALTY.includes(input.reason);
  const penalty = noPenalty
    ? RELIABILITY_PENALTY.no_penalty
    : input.kind === "emergency_reschedule"
      ? RELIABILITY_PENALTY.emergency_reschedule
      : RELIABILITY_PENALTY.cannot_provide;
  const place = await zipPlaceOrFail(geoFromEnv(env, db), job.zipcode, "zipcode");
  const [candidates] = await jobCandidates(
    db,
    place,
    job.user_id,
    [
      {
        serviceId: job.service_id,
        start: job.promised_arrival_time,
        minutes: job.job_minutes,
        isConnect: job.is_connect,
        holdId: "",
        holdVendorId: -1,
        chosenVendorId: null,
        hint: null,
      },
    ],
    now,
  );
  const others = (candidates ?? []).filter((id) => id !== vendor.vendorId);
  const key = `so:${soid}:release:v${vendor.vendorId}`;
  // The note carries a random claim so only the request that wrote the incident (not a racing twin with the
  // same clock reading) moves the job, offers it and takes the penalty.
  const claim = crypto.randomUUID();
  const note = `${input.reason}${input.note ? `: ${input.note}` : ""} [${claim}]`;
  const mine = sql`EXISTS (SELECT 1 FROM job_incidents WHERE idempotency_key = ${key} AND note = ${note})`;
  const expires = offerExpiresAt(job.promised_arrival_time);
  await d1Batch(env.DB, [
    sql`INSERT INTO job_incidents (service_order_id, vendor_id, kind, note, penalty, idempotency_key, created_at)
      SELECT ${soid}, ${vendor.vendorId}, ${input.kind}, ${note}, ${penalty}, ${key}, ${now}
      WHERE EXISTS (SELECT 1 FROM service_orders WHERE service_order_id = ${soid} AND vendor_id = ${vendor.vendorId}
        AND service_order_status_id IN (${ServiceOrderStatus.SCHEDULED}, ${ServiceOrderStatus.IN_PROGRESS}))
      ON CONFLICT (idempotency_key) DO NOTHING`,
    sql`UPDATE service_orders SET vendor_id = NULL, service_order_status_id = ${ServiceOrderStatus.PENDING}, scheduled_status = 0,
        vendor_payout_cents = 0, updated_at = ${now}
      WHERE service_order_id = ${soid} AND vendor_id = ${vendor.vendorId} AND ${mine}`,
    sql`UPDATE job_offers SET status = 'declined', responded_at = ${now}
      WHERE service_order_id = ${soid} AND vendor_id = ${vendor.vendorId} AND ${mine}`,
    ...others.map(
      (id) => sql`INSERT INTO job_offers (service_order_id, vendor_id, status, offered_at, expires_at)
        SELECT ${soid}, ${id}, 'offered', ${now}, ${expires} WHERE ${mine}
        ON CONFLICT (service_order_id, vendor_id) DO UPDATE SET status = 'offered', offered_at = ${now},
          expires_at = ${expires}, responded_at = NULL`,
    ),
    sql`UPDATE vendors SET reliability = max(${RELIABILITY_FLOOR}, reliability - ${penalty}), updated_at = ${now}
      WHERE vendor_id = ${vendor.vendorId} AND ${penalty} > 0 AND ${mine}`,
  ]);
  const claimed = await env.DB.prepare("SELECT note FROM job_incidents WHERE idempotency_key = ?")
    .bind(key)
    .first<{ note: string }>();
  if (!claimed) fail("JOB_ACTION_NOT_ALLOWED");
  if (claimed.note === note) {
    await calendarFor(env, vendor.vendorId)
      .releaseBooking(vendor.vendorId, String(soid), `job:${soid}:release:v${vendor.vendorId}`, now)
      .catch((err) => console.error(JSON.stringify({ at: "job.release.unbook", soid, error: String(err) })));
    await Promise.all([
      ...others.map((id) => notifyVendor(env, id, { type: "offer.new", service_order_id: soid, at: now })),
      notifyOrderChanged(env, soid, "finding_pro", now),
    ]);
    const phone = customerPhoneOf(job);
    if (phone) {
      await sendSms(env, db, {
        to: phone,
        body:
          `Hi ${firstNameOf(job.customer_name)}, ${vendor.name} can no longer do your ${job.service_description} on ` +
          `${formatWhen(job.promised_arrival_time, job.time_zone)}. We're finding another professional for the same time ` +
          `and will text you when one accepts. You can also cancel for free from My Orders.`,
        now,
      }).catch(() => false);
    }
  }
  return {
    code: 200,
    message: noPenalty ? 2 : 1,
    service_order_id: soid,
    penalty,
    offered_to: others.length,
    text: noPenalty
      ? "The job was released with no penalty. We're offering it to other professionals."
      : `The job was released and your reliability went down by ${penalty}. We're offering it to other professionals.`,
  };
}
