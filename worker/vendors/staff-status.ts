import type { DrizzleD1Database } from "drizzle-orm/d1";
import { ServiceOrderStatus } from "../../domain/order-status";
import { proReason } from "../../domain/pro-notices";
import { newAuditedAction, runAudited } from "../admin/audit";
import { reofferJobs, type ReleasedJob } from "../admin/reoffer";
import { fail } from "../http/errors";
import { endLiveDashboards, reopenLiveDashboards } from "../calendar/live-sockets";
import { proNoticeStatement, staffProNotice, textProNotice } from "./notify-pro";
import { endClientSubscriptions, tellCustomersOfReleasedJobs } from "./stand-down";

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
  deactivated_by: "pro" | "staff" | null;
}

export async function vendorState(d1: D1Database, id: number): Promise<VendorState> {
  const row = await d1
    .prepare(
      "SELECT vendor_id, status, soft_banned, reliability, payouts_paused, deactivated_by FROM vendors WHERE vendor_id = ?",
    )
    .bind(id)
    .first<VendorState>();
  if (!row) fail("NOT_FOUND");
  return row;
}

/**
 * Staff reactivate a deactivated pro (one staff deactivated, or one who paused their own account), audited
 * with the reason; their reactivation request is answered and their dashboards may connect again.
 * STAFF_ACTION_NOT_ALLOWED when the pro is not deactivated or another request changed it first.
 */
export async function reactivateVendor(
  env: Env,
  db: DrizzleD1Database,
  input: StaffAction,
): Promise<{ vendor_id: number; status: "active" }> {
  const { vendorId: id, actorUserId, reason, now } = input;
  const d1 = env.DB;
  const before = await vendorState(d1, id);
  if (before.status !== "deactivated") fail("STAFF_ACTION_NOT_ALLOWED");
  const op = newAuditedAction();
  const notice = staffProNotice(op, "vendor.reactivate", id, {}, input.proMessage, now);
  const { done } = await runAudited(
    d1,
    op,
    d1
      .prepare(
        `UPDATE vendors SET status = 'active', deactivated_by = NULL, reactivation_requested_at = NULL,
           reactivation_note = NULL, updated_at = ?2
         WHERE vendor_id = ?1 AND status = 'deactivated'`,
      )
      .bind(id, now),
    {
      actorUserId,
      action: "vendor.reactivate",
      targetType: "vendor",
      targetId: id,
      reason,
      before: { status: "deactivated", deactivated_by: before.deactivated_by },
      after: { status: "active" },
      now,
    },
    [proNoticeStatement(d1, notice, op.guard)],
  );
  if (!done) fail("STAFF_ACTION_NOT_ALLOWED");
  await reopenLiveDashboards(env, id);
  await textProNotice(env, db, id, notice.key, now);
  return { vendor_id: id, status: "active" };
}

/**
 * Staff deactivate a pro (reversible by staff): like a termination without its finality
 * (docs/decisions/118): their offers are withdrawn, their upcoming jobs offered to other pros and the
 * customers told, their client subscriptions end and their dashboards close. Payouts of what they earned
 * go on. STAFF_ACTION_NOT_ALLOWED for a pro already deactivated by staff, terminated, or changed meanwhile.
 */
export async function deactivateVendor(
  env: Env,
  db: DrizzleD1Database,
  input: StaffAction,
): Promise<{ vendor_id: number; status: "deactivated"; reoffered: Record<number, number[]> }> {
  const before = await vendorState(env.DB, input.vendorId);
  // A pro who paused their own account can still be deactivated by staff.
  if (before.status === "terminated" || (before.status === "deactivated" && before.deactivated_by !== "pro"))
    fail("STAFF_ACTION_NOT_ALLOWED");
  const reoffered = await standDown(env, db, before, {
    ...input,
    set: "status = 'deactivated', deactivated_by = 'staff', reactivation_requested_at = NULL, reactivation_note = NULL",
    action: "vendor.deactivate" as const,
    audit: { before: { status: before.status }, after: { status: "deactivated" } },
  });
  return { vendor_id: input.vendorId, status: "deactivated", reoffered };
}

/**
 * Terminates a pro (irreversible): payouts paused; their offers withdrawn; their accepted jobs that have not
 * started go back to pending with no pro, are offered to other pros and their customers are told; their
 * client subscriptions end (clients told); every dashboard socket closes and no new one opens. Audited with
 * the released jobs; STAFF_ACTION_NOT_ALLOWED for a pro already terminated or changed meanwhile.
 */
export async function terminateVendor(
  env: Env,
  db: DrizzleD1Database,
  input: StaffAction,
): Promise<{
  vendor_id: number;
  status: "terminated";
  payouts_paused: true;
  reoffered: Record<number, number[]>;
}> {
  const before = await vendorState(env.DB, input.vendorId);
  if (before.status === "terminated") fail("STAFF_ACTION_NOT_ALLOWED");
  const reoffered = await standDown(env, db, before, {
    ...input,
    set: "status = 'terminated', payouts_paused = 1, reactivation_requested_at = NULL, reactivation_note = NULL",
    action: "vendor.terminate" as const,
    audit: {
      before: { status: before.status, payouts_paused: Boolean(before.payouts_paused) },
      after: { status: "terminated", payouts_paused: true },
    },
  });
  return { vendor_id: input.vendorId, status: "terminated", payouts_paused: true, reoffered };
}

/**
 * Takes a pro off the market (deactivation, termination): one audited batch changes the account (only if it
 * is still as `before` says), withdraws their offers and releases their upcoming jobs; then the jobs are
 * offered to other pros (worker/admin/reoffer.ts) and their customers texted, the client subscriptions end
 * with a text to each client, and the pro's dashboards close and stay closed.
 */
async function standDown(
  env: Env,
  db: DrizzleD1Database,
  before: VendorState,
  input: StaffAction & {
    set: string;
    action: "vendor.deactivate" | "vendor.terminate";
    audit: { before: unknown; after: unknown };
  },
): Promise<Record<number, number[]>> {
  const { vendorId: id, actorUserId, reason, now } = input;
  const d1 = env.DB;
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
  // Told before their dashboards close: the notice is written with the action, and texted below.
  const notice = staffProNotice(op, input.action, id, {}, input.proMessage, now);
  const { done } = await runAudited(
    d1,
    op,
    d1
      .prepare(
        `UPDATE vendors SET ${input.set}, updated_at = ?3
         WHERE vendor_id = ?1 AND status = ?2 AND deactivated_by IS ?4`,
      )
      .bind(id, before.status, now, before.deactivated_by),
    {
      actorUserId,
      action: input.action,
      targetType: "vendor",
      targetId: id,
      reason,
      before: input.audit.before,
      after: input.audit.after,
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
      proNoticeStatement(d1, notice, op.guard),
    ],
  );
  if (!done) fail("STAFF_ACTION_NOT_ALLOWED");
  await textProNotice(env, db, id, notice.key, now);
  // Nothing may reach the pro any more: their open dashboards close before the jobs move on.
  await endLiveDashboards(env, id, { all: true, bar: true }, now);
  const offered = await reofferJobs(env, db, id, jobs, now);
  await tellCustomersOfReleasedJobs(env, db, jobs, now);
  await endClientSubscriptions(env, db, id, now);
  return offered;
}

/** `reason` is the staff note (audit log only); `proMessage` what the pro reads (a default when empty). */
type StaffAction = { vendorId: number; actorUserId: number; reason: string; proMessage?: string | null; now: number };

/**
 * Soft ban: the account stays, reliability drops to 1 and the pro is no longer offered jobs; audited.
 * STAFF_ACTION_NOT_ALLOWED for a terminated or already soft-banned pro, or one changed meanwhile.
 */
export async function softBanVendor(
  env: Env,
  db: DrizzleD1Database,
  input: StaffAction,
): Promise<{ vendor_id: number; soft_banned: true; reliability: number }> {
  const { vendorId: id, actorUserId, reason, now } = input;
  const d1 = env.DB;
  const before = await vendorState(d1, id);
  if (before.status === "terminated" || before.soft_banned) fail("STAFF_ACTION_NOT_ALLOWED");
  const op = newAuditedAction();
  const notice = staffProNotice(op, "vendor.soft_ban", id, {}, input.proMessage, now);
  const { done } = await runAudited(
    d1,
    op,
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
    [proNoticeStatement(d1, notice, op.guard)],
  );
  if (!done) fail("STAFF_ACTION_NOT_ALLOWED");
  await textProNotice(env, db, id, notice.key, now);
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
  env: Env,
  db: DrizzleD1Database,
  input: StaffAction & { serviceId: number },
): Promise<{ vendor_id: number; service_id: number; restricted: true }> {
  const { vendorId: id, serviceId, actorUserId, reason, now } = input;
  const d1 = env.DB;
  const link = await d1
    .prepare(
      `SELECT vs.restricted_at, s.description FROM vendor_services vs JOIN services s ON s.service_id = vs.service_id
       WHERE vs.vendor_id = ? AND vs.service_id = ?`,
    )
    .bind(id, serviceId)
    .first<{ restricted_at: number | null; description: string }>();
  if (!link) fail("NOT_FOUND");
  if (link.restricted_at !== null) fail("STAFF_ACTION_NOT_ALLOWED");
  const op = newAuditedAction();
  const proReasonText = proReason("service.restrict", input.proMessage);
  const notice = staffProNotice(op, "service.restrict", id, { what: link.description }, proReasonText, now);
  const { done } = await runAudited(
    d1,
    op,
    d1
      .prepare(
        `UPDATE vendor_services SET restricted_at = ?3, restricted_reason = ?4
         WHERE vendor_id = ?1 AND service_id = ?2 AND restricted_at IS NULL`,
      )
      .bind(id, serviceId, now, proReasonText),
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
    [proNoticeStatement(d1, notice, op.guard)],
  );
  if (!done) fail("STAFF_ACTION_NOT_ALLOWED");
  await textProNotice(env, db, id, notice.key, now);
  return { vendor_id: id, service_id: serviceId, restricted: true };
}

/**
 * Deletes the pro's payout account: marked deleted with payouts disabled, so no transfer goes to it; audited.
 * Closing the account at the provider is left to the payouts work (docs/decisions/093).
 */
export async function deleteVendorPayoutAccount(
  env: Env,
  db: DrizzleD1Database,
  input: StaffAction,
): Promise<{ vendor_id: number; payout_account: "deleted" }> {
  const { vendorId: id, actorUserId, reason, now } = input;
  const d1 = env.DB;
  const acct = await d1
    .prepare("SELECT provider, account_id, status, payouts_enabled FROM connected_accounts WHERE vendor_id = ?")
    .bind(id)
    .first<{ provider: string; account_id: string; status: string; payouts_enabled: number }>();
  if (!acct) fail("NOT_FOUND");
  if (acct.status === "deleted") fail("STAFF_ACTION_NOT_ALLOWED");
  const op = newAuditedAction();
  const notice = staffProNotice(op, "payout_account.delete", id, {}, input.proMessage, now);
  const { done } = await runAudited(
    d1,
    op,
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
    [proNoticeStatement(d1, notice, op.guard)],
  );
  if (!done) fail("STAFF_ACTION_NOT_ALLOWED");
  await textProNotice(env, db, id, notice.key, now);
  return { vendor_id: id, payout_account: "deleted" };
}
