import { ServiceOrderStatus } from "../../domain/order-status";
import { newAuditedAction, runAudited } from "../admin/audit";
import { fail } from "../http/errors";

/**
 * Staff approve or reject a customer's rating of a pro that waits for review. Only a held rating (given,
 * neither approved nor rejected, on a completed job) can be decided; approving recomputes the pro's rating
 * count and average from every approved rating in the same audited batch. STAFF_ACTION_NOT_ALLOWED
 * otherwise.
 */

const HELD = `vendor_rating IS NOT NULL AND rating_approved = 0 AND rating_rejected_at IS NULL
  AND service_order_status_id = ${ServiceOrderStatus.COMPLETED}`;

export async function reviewRating(
  d1: D1Database,
  input: { serviceOrderId: number; decision: "approve" | "reject"; actorUserId: number; reason: string; now: number },
): Promise<{ service_order_id: number; rating_approved: boolean }> {
  const { serviceOrderId: id, decision, reason, now } = input;
  const job = await d1
    .prepare(
      `SELECT vendor_id, vendor_rating, rating_approved, rating_rejected_at, service_order_status_id
       FROM service_orders WHERE service_order_id = ?`,
    )
    .bind(id)
    .first<{
      vendor_id: number | null;
      vendor_rating: number | null;
      rating_approved: number;
      rating_rejected_at: number | null;
      service_order_status_id: number;
    }>();
  if (!job) fail("NOT_FOUND");
  if (job.vendor_rating === null || job.rating_approved || job.rating_rejected_at !== null || job.vendor_id === null) {
    fail("STAFF_ACTION_NOT_ALLOWED");
  }
  const op = newAuditedAction();
  const approved = `FROM service_orders WHERE vendor_id = ?1 AND vendor_rating IS NOT NULL AND rating_approved = 1`;
  const { done } = await runAudited(
    d1,
    op,
    d1
      .prepare(
        decision === "approve"
          ? `UPDATE service_orders SET rating_approved = 1, updated_at = ?2 WHERE service_order_id = ?1 AND ${HELD}`
          : `UPDATE service_orders SET rating_rejected_at = ?2, updated_at = ?2 WHERE service_order_id = ?1 AND ${HELD}`,
      )
      .bind(id, now),
    {
      actorUserId: input.actorUserId,
      action: `rating.${decision}`,
      targetType: "service_order",
      targetId: id,
      reason,
      before: { vendor_rating: job.vendor_rating, rating_approved: false, rating_rejected: false },
      after: {
        vendor_rating: job.vendor_rating,
        rating_approved: decision === "approve",
        rating_rejected: decision === "reject",
      },
      now,
    },
    decision === "approve"
      ? [
          // The vendor's figures, recomputed from every approved rating (as worker/orders/rating.ts does).
          d1
            .prepare(
              `UPDATE vendors SET rating_count = (SELECT count(*) ${approved}),
                 rating_avg_x100 = coalesce((SELECT CAST(round(sum(vendor_rating) * 100.0 / count(*)) AS INTEGER) ${approved}), 0)
               WHERE vendor_id = ?1 AND ${op.guard}`,
            )
            .bind(job.vendor_id),
        ]
      : [],
  );
  if (!done) fail("STAFF_ACTION_NOT_ALLOWED");
  return { service_order_id: id, rating_approved: decision === "approve" };
}
