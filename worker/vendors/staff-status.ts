import type { DrizzleD1Database } from "drizzle-orm/d1";
import { ServiceOrderStatus } from "../../domain/order-status";
import { newAuditedAction, runAudited } from "../admin/audit";
import { reofferJobs, type ReleasedJob } from "../admin/reoffer";
import { fail } from "../http/errors";

/** A pro's standing as staff change it (worker/api/admin/vendors.ts). */

/** Reliability a soft ban sets and a reset restores (docs/product.md section 9). */
export const SOFT_BAN_RELIABILITY = 1;
export const INITIAL_RELIABILITY = 50;

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

type StaffAction = { vendorId: number; actorUserId: number; reason: string; now: number };

/**
 * Soft ban: the account stays, reliability drops to 1 and the pro is no longer offered jobs; audited.
 * STAFF_ACTION_NOT_ALLOWED for a terminated or already soft-banned pro, or one changed meanwhile.
 */
export async function softBanVendor(
  d1: D1Database,
  input: StaffAction,
): Promise<{ vendor_id: number; soft_banned: true; reliability: number }> {
  const { vendorId: id, actorUserId, reason, now } = input;
  const before = await vendorState(d1, id);
  if (before.status === "terminated" || before.soft_banned) fail("STAFF_ACTION_NOT_ALLOWED");
  const { done } = await runAudited(
    d1,
    newAuditedAction(),
    d1
      .prepare(
        `UPDATE vendors SET soft_banned = 1, reliability = ?3, updated_at = ?2
           WHERE vendor_id = ?1 AND soft_banned = 0 AND status <> 'terminated' AND reliability = ?4`,
      )
      .bind(id, now, SOFT_BAN_RELIABILITY, before.reliability),
    {
      actorUserId: actorUserId,
      action: "vendor.soft_ban",
      targetType: "vendor",
      targetId: id,
      reason,
      before: { soft_banned: false, reliability: before.reliability },
      after: { soft_banned: true, reliability: SOFT_BAN_RELIABILITY },
      now,
    },
  );
  if (!done) fail("STAFF_ACTION_NOT_ALLOWED");
  return { vendor_id: id, soft_banned: true, reliability: SOFT_BAN_RELIABILITY };
}

/**
 * Resets reliability to the initial 50; it also lifts a soft ban (docs/decisions/093); audited.
 * STAFF_ACTION_NOT_ALLOWED for a terminated pro, one with nothing to reset, or one changed meanwhile.
 */
export async function resetVendorReliability(
  d1: D1Database,
  input: StaffAction,
): Promise<{ vendor_id: number; soft_banned: false; reliability: number }> {
  const { vendorId: id, actorUserId, reason, now } = input;
  const before = await vendorState(d1, id);
  if (before.status === "terminated") fail("STAFF_ACTION_NOT_ALLOWED");
  if (before.reliability === INITIAL_RELIABILITY && !before.soft_banned) fail("STAFF_ACTION_NOT_ALLOWED");
  const { done } = await runAudited(
    d1,
    newAuditedAction(),
    d1
      .prepare(
        `UPDATE vendors SET soft_banned = 0, reliability = ?3, updated_at = ?2
           WHERE vendor_id = ?1 AND status <> 'terminated' AND reliability = ?4 AND soft_banned = ?5`,
      )
      .bind(id, now, INITIAL_RELIABILITY, before.reliability, before.soft_banned),
    {
      actorUserId: actorUserId,
      action: "vendor.reset_reliability",
      targetType: "vendor",
      targetId: id,
      reason,
      before: { soft_banned: Boolean(before.soft_banned), reliability: before.reliability },
      after: { soft_banned: false, reliability: INITIAL_RELIABILITY },
      now,
    },
  );
  if (!done) fail("STAFF_ACTION_NOT_ALLOWED");
  return { vendor_id: id, soft_banned: false, reliability: INITIAL_RELIABILITY };
}

/** Restricts the pro from one service for all future jobs (search and offers skip restricted links); audited. */
export async function restrictVendorService(
  d1: D1Database,
  input: StaffAction & { serviceId: number },
): Promise<{ vendor_id: number; service_id: number; restricted: true }> {
  const { vendorId: id, serviceId, actorUserId, reason, now } = input;
  const link = await d1
    .prepare("SELECT restricted_at FROM vendor_services WHERE vendor_id = ? AND service_id = ?")
    .bind(id, serviceId)
    .first<{ restricted_at: number | null }>();
  if (!link) fail("NOT_FOUND");
  if (link.restricted_at !== null) fail("STAFF_ACTION_NOT_ALLOWED");
  const { done } = await runAudited(
    d1,
    newAuditedAction(),
    d1
      .prepare(
        "UPDATE vendor_services SET restricted_at = ?3 WHERE vendor_id = ?1 AND service_id = ?2 AND restricted_at IS NULL",
      )
      .bind(id, serviceId, now),
    {
      actorUserId: actorUserId,
      action: "vendor.restrict_service",
      targetType: "vendor",
      targetId: id,
      reason,
      before: { service_id: serviceId, restricted: false },
      after: { service_id: serviceId, restricted: true },
      now,
    },
  );
  if (!done) fail("STAFF_ACTION_NOT_ALLOWED");
  return { vendor_id: id, service_id: serviceId, restricted: true };
}

/**
 * Deletes the pro's payout account: marked deleted with payouts disabled, so no transfer goes to it; audited.
 * Closing the account at the provider is left to the payouts work (docs/decisions/093).
 */
export async function deleteVendorPayoutAccount(
  d1: D1Database,
  input: StaffAction,
): Promise<{ vendor_id: number; payout_account: "deleted" }> {
  const { vendorId: id, actorUserId, reason, now } = input;
  const acct = await d1
    .prepare("SELECT provider, account_id, status, payouts_enabled FROM connected_accounts WHERE vendor_id = ?")
    .bind(id)
    .first<{ provider: string; account_id: string; status: string; payouts_enabled: number }>();
  if (!acct) fail("NOT_FOUND");
  if (acct.status === "deleted") fail("STAFF_ACTION_NOT_ALLOWED");
  const { done } = await runAudited(
    d1,
    newAuditedAction(),
    d1
      .prepare(
        "UPDATE connected_accounts SET status = 'deleted', payouts_enabled = 0, updated_at = ?2 WHERE vendor_id = ?1 AND status = ?3",
      )
      .bind(id, now, acct.status),
    {
      actorUserId: actorUserId,
      action: "vendor.delete_payout_account",
      targetType: "vendor",
      targetId: id,
      reason,
      before: { status: acct.status, payouts_enabled: Boolean(acct.payouts_enabled), account_id: acct.account_id },
      after: { status: "deleted", payouts_enabled: false },
      now,
    },
  );
  if (!done) fail("STAFF_ACTION_NOT_ALLOWED");
  return { vendor_id: id, payout_account: "deleted" };
}
