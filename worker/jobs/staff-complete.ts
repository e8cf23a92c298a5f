import { eq } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { ServiceOrderStatus } from "../../domain/order-status";
import { serviceOrders } from "../../schema/tables/orders";
import { services } from "../../schema/tables/catalogue";
import { formatWhen } from "../../domain/slot-format";
import { fail } from "../http/errors";
import { proNoticeStatement, staffProNotice, textProNotice } from "../vendors/notify-pro";
import { releaseJobBooking } from "./booking-release";

/**
 * Support closes a job the vendor did the work for but could not mark complete (a dead phone, a lost
 * connection). Only an accepted job (scheduled or in progress) can be closed; the action is audited with the
 * reason, and the vendor's completed-job count (which sets their padding tier) moves with it. One batch: the
 * conditional close, then the vendor's count and the audit row only if this request closed it (a racing
 * duplicate changes nothing and writes nothing). FAILED_VENDOR_JOB_COMPLETION when the job is not open.
 * The closing request then frees the job's booking in the pro's calendar object and the search projection, so
 * a job closed before its booked time ends no longer blocks that time.
 */
export async function staffCompleteJob(
  env: Env,
  db: DrizzleD1Database,
  input: { jobId: number; actorUserId: number; reason: string; proMessage?: string; now: number },
): Promise<{ service_order_id: number; service_order_status_id: typeof ServiceOrderStatus.COMPLETED }> {
  const { jobId: id, actorUserId, reason, now } = input;
  const d1 = env.DB;
  const [job] = await db
    .select({
      vendor_id: serviceOrders.vendor_id,
      status: serviceOrders.service_order_status_id,
      start: serviceOrders.promised_arrival_time,
      time_zone: serviceOrders.time_zone,
      what: services.description,
    })
    .from(serviceOrders)
    .innerJoin(services, eq(services.service_id, serviceOrders.service_id))
    .where(eq(serviceOrders.service_order_id, id))
    .limit(1);
  if (!job) fail("NOT_FOUND");
  const open = [ServiceOrderStatus.SCHEDULED, ServiceOrderStatus.IN_PROGRESS];
  if (job.vendor_id === null || !open.includes(job.status as 20 | 30)) fail("FAILED_VENDOR_JOB_COMPLETION");
  // The pro is told with the close (written only by the request that closed it), then texted once.
  const notice = staffProNotice(
    { opKey: `job.complete:${id}` },
    "job.complete",
    job.vendor_id,
    { what: job.what, when: formatWhen(job.start, job.time_zone) },
    input.proMessage,
    now,
  );
  const closedByUs = `EXISTS (SELECT 1 FROM service_orders WHERE service_order_id = ?1 AND service_order_status_id = ${ServiceOrderStatus.COMPLETED} AND completion_time = ?2)`;
  const [update] = await d1.batch([
    d1
      .prepare(
        `UPDATE service_orders SET service_order_status_id = ${ServiceOrderStatus.COMPLETED}, completion_time = ?2, updated_at = ?2
         WHERE service_order_id = ?1 AND service_order_status_id IN (${open.join(", ")})`,
      )
      .bind(id, now),
    d1
      .prepare(
        `UPDATE vendors SET completed_jobs = completed_jobs + 1, updated_at = ?2 WHERE vendor_id = ?3 AND ${closedByUs}`,
      )
      .bind(id, now, job.vendor_id),
    d1
      .prepare(
        `INSERT INTO audit_log (actor_user_id, action, target_type, target_id, details, created_at)
         SELECT ?3, 'job.complete', 'service_order', ?5, ?4, ?2 WHERE ${closedByUs}`,
      )
      .bind(id, now, actorUserId, JSON.stringify({ reason }), String(id)),
    proNoticeStatement(d1, notice, closedByUs.replace("?1", String(id)).replace("?2", String(now))),
  ]);
  const closed = (update?.meta.changes ?? 0) > 0;
  if (!closed) fail("FAILED_VENDOR_JOB_COMPLETION");
  await releaseJobBooking(env, { service_order_id: id, vendor_id: job.vendor_id }, `staff:complete:${id}`, now);
  await textProNotice(env, db, job.vendor_id, notice.key, now);
  return { service_order_id: id, service_order_status_id: ServiceOrderStatus.COMPLETED };
}
