import type { DrizzleD1Database } from "drizzle-orm/d1";
import { ServiceOrderStatus } from "../../domain/order-status";
import { newAuditedAction, runAudited } from "../admin/audit";
import { reofferJobs, type ReleasedJob } from "../admin/reoffer";
import { fail } from "../http/errors";

/** A pro's standing as staff change it (worker/api/admin/vendors.ts). */

export interface VendorState {
  vendor_id: number;
  status: "active" | "deactivated" | "terminated";
  soft_banned: number;
  reliability: number;
  payouts_paused: number;
}

export async function vendorState(d1: D1Database, id: number): Promise<VendorState> {
  const row = await d1
    .prepare("SELECT vendor_id, status, soft_banned, reliability, payouts_paused FROM vendors WHERE vendor_id = ?")
    .bind(id)
    .first<VendorState>();
  if (!row) fail("NOT_FOUND");
  return row;
}

/**
 * Deactivates or reactivates a pro (only from the expected status), audited with the reason;
 * STAFF_ACTION_NOT_ALLOWED when the pro is not in `from` or another request changed it first.
 */
export async function setVendorStatus(
  d1: D1Database,
  input: {
    vendorId: number;
    from: "active" | "deactivated";
    to: "active" | "deactivated";
    action: string;
    actorUserId: number;
    reason: string;
    now: number;
  },
): Promise<{ vendor_id: number; status: "active" | "deactivated" }> {
  const { vendorId: id, from, to, action, actorUserId, reason, now } = input;
  const before = await vendorState(d1, id);
  if (before.status !== from) fail("STAFF_ACTION_NOT_ALLOWED");
  const { done } = await runAudited(
    d1,
    newAuditedAction(),
    d1
      .prepare("UPDATE vendors SET status = ?3, updated_at = ?4 WHERE vendor_id = ?1 AND status = ?2")
      .bind(id, from, to, now),
    {
      actorUserId,
      action,
      targetType: "vendor",
      targetId: id,
      reason,
      before: { status: from },
      after: { status: to },
      now,
    },
  );
  if (!done) fail("STAFF_ACTION_NOT_ALLOWED");
  return { vendor_id: id, status: to };
}

/**
 * Terminates a pro (irreversible): payouts paused; their offers withdrawn; their accepted jobs that have not
 * started go back to pending with no pro and are offered to other pros. Audited with the released jobs;
 * STAFF_ACTION_NOT_ALLOWED for a pro already terminated or changed meanwhile.
 */
export async function terminateVendor(
  env: Env,
  db: DrizzleD1Database,
  input: { vendorId: number; actorUserId: number; reason: string; now: number },
): Promise<{
  vendor_id: number;
  status: "terminated";
  payouts_paused: true;
  reoffered: Awaited<ReturnType<typeof reofferJobs>>;
}> {
  const { vendorId: id, actorUserId, reason, now } = input;
  const d1 = env.DB;
  const before = await vendorState(d1, id);
  if (before.status === "terminated") fail("STAFF_ACTION_NOT_ALLOWED");
  const open = `vendor_id = ?1 AND service_order_status_id IN (${ServiceOrderStatus.SCHEDULED}, ${ServiceOrderStatus.IN_PROGRESS}) AND promised_arrival_time > ?2`;
  const { results: jobs } = await d1
    .prepare(
      `SELECT so.service_order_id, so.user_id, so.service_id, s.description, so.promised_arrival_time, so.job_minutes,
              so.is_connect, so.zipcode, so.time_zone
       FROM service_orders so JOIN services s ON s.service_id = so.service_id
       WHERE so.vendor_id = ?1 AND so.service_order_status_id IN (${ServiceOrderStatus.SCHEDULED}, ${ServiceOrderStatus.IN_PROGRESS})
         AND so.promised_arrival_time > ?2`,
    )
    .bind(id, now)
    .all<ReleasedJob>();
  const op = newAuditedAction();
  const { done } = await runAudited(
    d1,
    op,
    d1
      .prepare(
        "UPDATE vendors SET status = 'terminated', payouts_paused = 1, updated_at = ?3 WHERE vendor_id = ?1 AND status = ?2",
      )
      .bind(id, before.status, now),
    {
      actorUserId: actorUserId,
      action: "vendor.terminate",
      targetType: "vendor",
      targetId: id,
      reason,
      before: { status: before.status, payouts_paused: Boolean(before.payouts_paused) },
      after: { status: "terminated", payouts_paused: true },
      details: { released_jobs: jobs.map((j) => j.service_order_id) },
      now,
    },
    [
      d1
        .prepare(
          `UPDATE job_offers SET status = 'expired', responded_at = ?2
           WHERE vendor_id = ?1 AND status IN ('offered', 'accepted') AND ${op.guard}
             AND service_order_id IN (SELECT service_order_id FROM service_orders WHERE service_order_status_id = ${ServiceOrderStatus.PENDING} OR (${open}))`,
        )
        .bind(id, now),
      d1
        .prepare(
          `UPDATE service_orders SET vendor_id = NULL, service_order_status_id = ${ServiceOrderStatus.PENDING},
             scheduled_status = 0, vendor_payout_cents = 0, updated_at = ?2
           WHERE ${open} AND ${op.guard}`,
        )
        .bind(id, now),
    ],
  );
  if (!done) fail("STAFF_ACTION_NOT_ALLOWED");
  const offered = await reofferJobs(env, db, id, jobs, now);
  return { vendor_id: id, status: "terminated", payouts_paused: true, reoffered: offered };
}
