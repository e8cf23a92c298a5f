import type { RatingRow } from "../../../schema/contracts/admin";
import { Hono, type Context } from "hono";
import * as v from "valibot";
import { ServiceOrderStatus } from "../../../domain/order-status";
import { IdParam, offsetOf, pageOf, ReasonBody } from "../../admin/paging";
import type { AppEnv } from "../../http/types";
import { validate } from "../../http/validate";
import { requireAdmin, viewerOf } from "../../middleware/roles";
import { requireRatingReviewer } from "../../middleware/staff-roles";
import { reviewRating } from "../../vendors/rating-review";

const PageQuery = v.object({
  page: v.optional(v.pipe(v.string(), v.regex(/^\d{1,4}$/), v.transform(Number), v.minValue(1)), "1"),
});

/**
 * Held ratings (1 to 3 stars wait for staff, worker/orders/rating.ts). Any admin may read the queue; only a
 * team lead or a manager may approve (it then counts in the vendor's average) or reject it (it never
 * counts). docs/decisions/092.
 */
export const adminRatingsApi = new Hono<AppEnv>()
  .use(requireAdmin)
  .get("/", validate("query", PageQuery), async (c) => {
    const { page } = c.req.valid("query");
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
      .all<RatingRow>();
    return c.json(pageOf(rows.results, page));
  })
  .post("/:id/approve", requireRatingReviewer, validate("param", IdParam), validate("json", ReasonBody), (c) =>
    review(c, c.req.valid("param").id, c.req.valid("json").reason, "approve"),
  )
  .post("/:id/reject", requireRatingReviewer, validate("param", IdParam), validate("json", ReasonBody), (c) =>
    review(c, c.req.valid("param").id, c.req.valid("json").reason, "reject"),
  );

/** A held rating approved or rejected (its id and reason validated by the route). */
async function review(c: Context<AppEnv>, id: number, reason: string, decision: "approve" | "reject") {
  const data = await reviewRating(c.env.DB, {
    serviceOrderId: id,
    decision,
    actorUserId: viewerOf(c).user_id,
    reason,
    now: c.get("now"),
  });
  return c.json({ data, code: "STAFF_ACTION_DONE" as const });
}
