import { ServiceOrderStatus } from "../../domain/order-status";
import { checkPayoutAdjust } from "../../domain/staff-limits";
import { newAuditedAction, runAudited } from "../admin/audit";
import { fail } from "../http/errors";

/**
 * Staff set a job's payout within the limits of domain/staff-limits.ts (PRICE_ADJUST_FAILED outside them;
 * only a job a pro holds, scheduled, in progress or completed). When the job's earning line already exists,
 * the change is added as an "adjustment" line so a paid-out line is never rewritten; otherwise the job's
 * vendor_payout_cents is what completion will pay. Audited; STAFF_ACTION_NOT_ALLOWED when another change won.
 */
export async function adjustJobPayout(
  d1: D1Database,
  input: { jobId: number; payoutCents: number; reason: string; actorUserId: number; now: number },
): Promise<{ service_order_id: number; vendor_payout_cents: number; delta_cents: number }> {
  const { jobId: id, payoutCents, reason, actorUserId, now } = input;
  const job = await d1
    .prepare(
      `SELECT vendor_id, service_order_status_id, price_cents, vendor_payout_cents
       FROM service_orders WHERE service_order_id = ?1`,
    )
    .bind(id)
    .first<{
      vendor_id: number | null;
      service_order_status_id: number;
      price_cents: number;
      vendor_payout_cents: number;
    }>();
  if (!job) fail("NOT_FOUND");
  const payable = [ServiceOrderStatus.SCHEDULED, ServiceOrderStatus.IN_PROGRESS, ServiceOrderStatus.COMPLETED];
  if (job.vendor_id === null || !payable.includes(job.service_order_status_id as 20)) {
    fail("STAFF_ACTION_NOT_ALLOWED");
  }
  const check = checkPayoutAdjust({
    current: job.vendor_payout_cents,
    next: payoutCents,
    jobPrice: job.price_cents,
  });
  if (!check.ok) fail("PRICE_ADJUST_FAILED", { payout_cents: check.reason });
  const op = newAuditedAction();
  const { done } = await runAudited(
    d1,
    op,
    d1
      .prepare(
        `UPDATE service_orders SET vendor_payout_cents = ?3, updated_at = ?4
         WHERE service_order_id = ?1 AND vendor_payout_cents = ?2 AND vendor_id = ?5`,
      )
      .bind(id, job.vendor_payout_cents, payoutCents, now, job.vendor_id),
    {
      actorUserId: actorUserId,
      action: "payout.adjust",
      targetType: "service_order",
      targetId: id,
      reason: reason,
      before: { vendor_payout_cents: job.vendor_payout_cents },
      after: { vendor_payout_cents: payoutCents },
      details: { delta_cents: check.delta_cents, vendor_id: job.vendor_id },
      now,
    },
    [
      d1
        .prepare(
          `INSERT INTO vendor_earnings (vendor_id, service_order_id, kind, amount_cents, ref, created_at)
           SELECT ?1, ?2, 'adjustment', ?3, ?4, ?5
           WHERE EXISTS (SELECT 1 FROM vendor_earnings WHERE ref = ?6) AND ${op.guard}`,
        )
        .bind(job.vendor_id, id, check.delta_cents, `adjust:${id}:${op.opKey}`, now, `job:${id}`),
    ],
  );
  if (!done) fail("STAFF_ACTION_NOT_ALLOWED");
  return { service_order_id: id, vendor_payout_cents: payoutCents, delta_cents: check.delta_cents };
}
