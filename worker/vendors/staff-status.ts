import { newAuditedAction, runAudited } from "../admin/audit";
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
