import { Hono, type Context } from "hono";
import * as v from "valibot";
import { ServiceOrderStatus } from "../../../domain/order-status";
import { newAuditedAction, runAudited } from "../../admin/audit";
import { IdParam, offsetOf, pageOf, ReasonBody } from "../../admin/paging";
import { fail } from "../../http/errors";
import type { AppEnv } from "../../http/types";
import { jsonBody, parseOrFail, queryOf } from "../../http/validate";
import { requireAdmin, viewerOf } from "../../middleware/roles";
import { requireRatingReviewer } from "../../middleware/staff-roles";

const PageQuery = v.object({
  page: v.optional(v.pipe(v.string(), v.regex(/^\d{1,4}$/), v.transform(Number), v.minValue(1)), "1"),
});

const HELD = `vendor_rating IS NOT NULL AND rating_approved = 0 AND rating_rejected_at IS NULL
  AND service_order_status_id = ${ServiceOrderStatus.COMPLETED}`;

/**
 * Held ratings (1 to 3 stars wait for staff, worker/orders/rating.ts). Any admin may read the queue; only a
 * team lead or a manager may approve (it then counts in the vendor's average) or reject it (it never
 * counts). docs/decisions/092.
 */
export const adminRatingsApi = new Hono<AppEnv>()
  .use(requireAdmin)
  .get("/", async (c) => {
    const { page } = queryOf(c, PageQuery);
    const rows = await c.env.DB.prepare(
      `SELECT so.service_order_id, so.vendor_id, v.display_name AS vendor_name, u.name AS customer_name,
              so.vendor_rating, so.vendor_rating_notes, so.rated_at, s.description AS service
       FROM service_orders so JOIN vendors v ON v.vendor_id = so.vendor_id JOIN users u ON u.user_id = so.user_id
       JOIN services s ON s.service_id = so.service_id
       WHERE so.vendor_rating IS NOT NULL AND so.rating_approved = 0 AND so.rating_rejected_at IS NULL
         AND so.service_order_status_id = ${ServiceOrderStatus.COMPLETED}
       ORDER BY so.rated_at, so.service_order_id LIMIT 11 OFFSET ?1`,
    )
      .bind(offsetOf(page))
      .all();
    return c.json(pageOf(rows.results, page));
  })
  .post("/:id/approve", requireRatingReviewer, (c) => review(c, "approve"))
  .post("/:id/reject", requireRatingReviewer, (c) => review(c, "reject"));

async function review(c: Context<AppEnv>, decision: "approve" | "reject") {
  const { id } = parseOrFail(IdParam, c.req.param());
  const { reason } = await jsonBody(c, ReasonBody);
  const now = c.get("now");
  const d1 = c.env.DB;
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
      actorUserId: viewerOf(c).user_id,
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
  return c.json({
    data: { service_order_id: id, rating_approved: decision === "approve" },
    code: "STAFF_ACTION_DONE" as const,
  });
}
