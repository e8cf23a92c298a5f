import { sql } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { completionProblem, JOB_CHECKLIST, missingChecklistItems } from "../../domain/job-actions";
import { messageFor } from "../../domain/messages";
import { ServiceOrderStatus } from "../../domain/order-status";
import { sendSms } from "../adapters/sms";
import { fail } from "../http/errors";
import { d1Batch } from "../orders/d1-batch";
import { notifyOrderChanged } from "../orders/notify-customer";
import { customerPhoneOf, firstNameOf, parseJobImages, vendorJob, type VendorJob } from "./vendor-job";

/**
 * Completing a job (docs/product.md section 7 "/vendor/me/complete-job-validate", "POST /vendor/me/job/complete";
 * docs/decisions/061-job-completion-and-pay.md). Checks, in order: the job is the pro's and active, its
 * appointment has started (FAILED_VENDOR_JOB_COMPLETION), it has before and after pictures
 * (JOB_PHOTOS_MISSING), every checklist item is ticked (COMPLETE_JOB_ERROR). Completion is one batch: the
 * conditional close (only from scheduled or in progress), then, only if this request closed it, the pro's
 * completed-job count, their pay line (`job:<id>` in vendor_earnings, released for the next payout), the
 * audit row and the order's own completion. The customer is then texted a rating request; the site shows it
 * after sign-in (GET /account/user/getRedirect answers redirect 2 for an unrated completed job).
 */

export interface CompletionCheck {
  service_order_id: number;
  checklist: { id: string; label: string }[];
  missing: string[];
  before: number;
  after: number;
  message: string;
}

function check(job: VendorJob, now: number, ticked?: readonly string[]) {
  const images = parseJobImages(job.job_images);
  const problem = completionProblem({
    status: job.service_order_status_id,
    start: job.promised_arrival_time,
    now,
    before: images.before.length,
    after: images.after.length,
    ticked,
  });
  return { problem, images };
}

export async function validateCompletion(
  db: DrizzleD1Database,
  vendorId: number,
  input: { service_order_id: number; checklist?: string[] },
  now: number,
): Promise<CompletionCheck> {
  const job = await vendorJob(db, vendorId, input.service_order_id);
  const { problem, images } = check(job, now, input.checklist);
  if (problem) fail(problem);
  return {
    service_order_id: job.service_order_id,
    checklist: JOB_CHECKLIST.map((i) => ({ id: i.id, label: i.label })),
    missing: input.checklist ? missingChecklistItems(input.checklist) : JOB_CHECKLIST.map((i) => i.id),
    before: images.before.length,
    after: images.after.length,
    message: messageFor("JOB_READY_TO_COMPLETE"),
  };
}

export interface CompletionResult {
  service_order_id: number;
  service_order_status_id: number;
  completion_time: string;
  payout_cents: number;
  rating_requested: boolean;
  rating_sms_sent?: boolean;
  message: string;
  replayed?: boolean;
}

export async function completeJob(
  env: Env,
  db: DrizzleD1Database,
  vendor: { vendorId: number; userId: number; name: string },
  input: { service_order_id: number; checklist?: string[] },
  origin: string,
  now: number,
): Promise<CompletionResult> {
  const job = await vendorJob(db, vendor.vendorId, input.service_order_id);
  const soid = job.service_order_id;
  const payout = await payoutOf(env, soid);
  if (job.service_order_status_id === ServiceOrderStatus.COMPLETED && job.completion_time !== null) {
    return {
      service_order_id: soid,
      service_order_status_id: ServiceOrderStatus.COMPLETED,
      completion_time: new Date(job.completion_time).toISOString(),
      payout_cents: payout,
      rating_requested: job.vendor_rating === null,
      message: messageFor("JOB_COMPLETED"),
      replayed: true,
    };
  }
  const { problem } = check(job, now, input.checklist ?? []);
  if (problem) fail(problem);
  // The checklist record carries a random claim, so only the request whose UPDATE closed the job (not a
  // racing twin with the same clock reading) counts it, pays it and audits it.
  const ticked = JSON.stringify({ items: JOB_CHECKLIST.map((i) => i.id), claim: crypto.randomUUID() });
  const closedByUs = sql`EXISTS (SELECT 1 FROM service_orders WHERE service_order_id = ${soid}
    AND service_order_status_id = ${ServiceOrderStatus.COMPLETED} AND completion_checklist = ${ticked})`;
  const [closed] = await d1Batch(env.DB, [
    sql`UPDATE service_orders SET service_order_status_id = ${ServiceOrderStatus.COMPLETED}, completion_time = ${now},
        completion_checklist = ${ticked}, updated_at = ${now}
      WHERE service_order_id = ${soid} AND vendor_id = ${vendor.vendorId}
        AND service_order_status_id IN (${ServiceOrderStatus.SCHEDULED}, ${ServiceOrderStatus.IN_PROGRESS})
        AND promised_arrival_time <= ${now}
        AND json_array_length(job_images, '$.before') > 0 AND json_array_length(job_images, '$.after') > 0
      RETURNING service_order_id`,
    sql`UPDATE vendors SET completed_jobs = completed_jobs + 1, updated_at = ${now}
      WHERE vendor_id = ${vendor.vendorId} AND ${closedByUs}`,
    sql`INSERT INTO vendor_earnings (vendor_id, service_order_id, kind, amount_cents, ref, created_at)
      SELECT ${vendor.vendorId}, ${soid}, 'job', vendor_payout_cents, ${`job:${soid}`}, ${now}
      FROM service_orders WHERE service_order_id = ${soid} AND vendor_payout_cents > 0 AND ${closedByUs}
      ON CONFLICT (ref) DO NOTHING`,
    sql`INSERT INTO audit_log (actor_user_id, action, target_type, target_id, details, created_at)
      SELECT ${vendor.userId}, 'job.complete', 'service_order', ${String(soid)}, ${JSON.stringify({ by: "vendor", checklist: ticked })}, ${now}
      WHERE ${closedByUs}`,
    sql`UPDATE orders SET status = 'completed', updated_at = ${now}
      WHERE order_id = ${job.order_id} AND ${closedByUs}
        AND NOT EXISTS (SELECT 1 FROM service_orders WHERE order_id = ${job.order_id}
          AND service_order_status_id NOT IN (${ServiceOrderStatus.COMPLETED}, ${ServiceOrderStatus.CANCELLED}))`,
  ]);
  if (!closed || closed.length === 0) {
    // A racing request closed it first: answer it; anything else moved the job away.
    const again = await vendorJob(db, vendor.vendorId, soid);
    if (again.service_order_status_id === ServiceOrderStatus.COMPLETED) {
      return completeJob(env, db, vendor, input, origin, now);
    }
    fail("FAILED_VENDOR_JOB_COMPLETION");
  }
  await notifyOrderChanged(env, soid, "done", now);
  const phone = customerPhoneOf(job);
  let asked = false;
  if (phone) {
    const link = new URL("/account/orders", origin);
    link.searchParams.set("rate", String(soid));
    asked = await sendSms(env, db, {
      to: phone,
      body:
        `Hi ${firstNameOf(job.customer_name)}, ${vendor.name} finished your ${job.service_description}. ` +
        `How did it go? Rate your professional: ${link.toString()}`,
      now,
    }).catch((err) => {
      console.error(JSON.stringify({ at: "job.complete.sms", service_order_id: soid, error: String(err) }));
      return false;
    });
  }
  return {
    service_order_id: soid,
    service_order_status_id: ServiceOrderStatus.COMPLETED,
    completion_time: new Date(now).toISOString(),
    payout_cents: await payoutOf(env, soid),
    rating_requested: true,
    message: messageFor("JOB_COMPLETED"),
    rating_sms_sent: asked,
  };
}

async function payoutOf(env: Env, soid: number): Promise<number> {
  const row = await env.DB.prepare("SELECT vendor_payout_cents AS c FROM service_orders WHERE service_order_id = ?")
    .bind(soid)
    .first<{ c: number }>();
  return row?.c ?? 0;
}
