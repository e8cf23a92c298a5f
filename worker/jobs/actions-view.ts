import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { addedChargeAllowance } from "../../domain/added-charges";
import { formatLocal, iso } from "../../domain/calendar/time";
import {
  ADD_CHARGE_MAX_CENTS,
  ADD_CHARGE_MIN_CENTS,
  canAddPhotos,
  isActiveJob,
  JOB_CHECKLIST,
  MAX_JOB_PHOTOS_PER_TYPE,
  MAX_JOB_VIDEO_BYTES,
  maskPhone,
  unreachableAllowedAt,
} from "../../domain/job-actions";
import { ServiceOrderStatus } from "../../domain/order-status";
import { MAX_UNREACHABLE_VIDEO_MS } from "../../domain/video-probe";
import type { JobActionsView } from "../../schema/payloads/job-actions";
import { jobAdjustments, jobIncidents } from "../../schema/tables/job-actions";
import { auditLog } from "../../schema/tables/operations";
import { fail } from "../http/errors";
import { addedChargeJob, refundContext } from "./money";
import { customerPhoneOf, firstNameOf, parseJobImages, vendorJob } from "./vendor-job";
import { proVisitView } from "./visit-progress";

/**
 * Everything the pro's job-actions panel shows for one of their jobs (worker/api/vendor/me/job-actions.ts):
 * the job, its pictures, the checklist, money moved, what is allowed at `now`. NOT_FOUND for a job that is
 * not the pro's.
 */
export async function jobActionsView(
  db: DrizzleD1Database,
  vendorId: number,
  id: number,
  now: number,
): Promise<JobActionsView> {
  const job = await vendorJob(db, vendorId, id).catch(async (err: unknown) => {
    // A job this pro gave back, or that staff moved to another pro, is no longer theirs: say so, rather than
    // "not found" (decision 130).
    const gaveBack = await db
      .select({ id: jobIncidents.incident_id })
      .from(jobIncidents)
      .where(
        and(
          eq(jobIncidents.service_order_id, id),
          eq(jobIncidents.vendor_id, vendorId),
          inArray(jobIncidents.kind, ["emergency_reschedule", "cannot_provide"]),
        ),
      )
      .limit(1);
    if (gaveBack.length > 0) fail("JOB_GIVEN_BACK");
    // Staff moved it to another pro (a business booking's reassign): the same page, with staff as the reason.
    const movedAway = await db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, "connect_request.reassign"),
          sql`json_extract(${auditLog.details}, '$.service_order_id') = ${id}`,
          sql`json_extract(${auditLog.before_value}, '$.vendor_id') = ${vendorId}`,
        ),
      )
      .limit(1);
    if (movedAway.length > 0) fail("JOB_MOVED_BY_STAFF");
    throw err;
  });
  const [adjustments, ctx, visit] = await Promise.all([
    db
      .select()
      .from(jobAdjustments)
      .where(eq(jobAdjustments.service_order_id, id))
      .orderBy(desc(jobAdjustments.adjustment_id)),
    refundContext(db, job),
    proVisitView(db, id, vendorId),
  ]);
  const refunded = adjustments
    .filter((a) => a.kind === "refund" && a.status !== "failed")
    .reduce((n, a) => n + a.amount_cents, 0);
  const status = job.service_order_status_id;
  const autoCharged = adjustments
    .filter(
      (a) => a.kind === "add_charge" && a.consent === "auto" && !["failed", "declined", "withdrawn"].includes(a.status),
    )
    .reduce((n, a) => n + a.amount_cents, 0);
  const allowance = addedChargeAllowance(addedChargeJob(job), autoCharged, now);
  return {
    service_order_id: id,
    service_order_status_id: status,
    description: job.service_description,
    promised_arrival_time: formatLocal(job.promised_arrival_time, job.time_zone),
    promised_arrival_at: iso(job.promised_arrival_time),
    job_minutes: job.job_minutes,
    is_connect: job.is_connect,
    price_cents: job.price_cents,
    customer: { first_name: firstNameOf(job.customer_name), phone: maskPhone(customerPhoneOf(job)) },
    photos: parseJobImages(job.job_images),
    max_photos_per_type: MAX_JOB_PHOTOS_PER_TYPE,
    checklist: JOB_CHECKLIST.map((i) => ({ id: i.id, label: i.label })),
    refundable_cents: Math.max(0, Math.min(ctx.cap - refunded, ctx.intentLeft)),
    add_charge_limits: {
      min_cents: ADD_CHARGE_MIN_CENTS,
      max_cents: ADD_CHARGE_MAX_CENTS,
      cap_cents: allowance.cap_cents,
      auto_left_cents: allowance.auto_left_cents,
      auto_until: iso(allowance.auto_until),
      auto_until_local: formatLocal(allowance.auto_until, job.time_zone),
    },
    unreachable_from: iso(unreachableAllowedAt(job.promised_arrival_time)),
    video: { max_ms: MAX_UNREACHABLE_VIDEO_MS, max_bytes: MAX_JOB_VIDEO_BYTES },
    adjustments: adjustments.map((a) => ({
      adjustment_id: a.adjustment_id,
      kind: a.kind,
      amount_cents: a.amount_cents,
      description: a.description,
      status: a.status === "link_sent" ? "awaiting_approval" : a.status,
      consent: a.consent,
      disputed: a.disputed_at !== null,
      refund_status: a.refund_status,
      created_at: iso(a.created_at),
    })),
    can: {
      photos: canAddPhotos(status),
      complete: isActiveJob(status) && now >= job.promised_arrival_time,
      refund: canAddPhotos(status) && ctx.paymentIntentId !== null,
      add_charge: allowance.allowed,
      unreachable: isActiveJob(status) && now >= unreachableAllowedAt(job.promised_arrival_time),
      contact: canAddPhotos(status),
    },
    completed: status === ServiceOrderStatus.COMPLETED,
    visit,
    server_time: now,
  };
}
