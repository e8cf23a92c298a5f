import type { ReviewRow } from "../../../schema/contracts/admin";
import { Hono } from "hono";
import * as v from "valibot";
import { offsetOf, pageOf } from "../../admin/paging";
import type { AppEnv } from "../../http/types";
import { jsonBody, parseOrFail, queryOf } from "../../http/validate";
import { requireAdmin, viewerOf } from "../../middleware/roles";
import { reviewProfileItem } from "../../vendors/profile-review";

const Param = v.object({
  id: v.pipe(v.string(), v.regex(/^\d{1,12}$/), v.transform(Number)),
  kind: v.picklist(["license", "photo"]),
});
const DecisionBody = v.variant("decision", [
  v.object({ decision: v.literal("approve"), comment: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(500))) }),
  v.object({
    decision: v.literal("reject"),
    comment: v.pipe(
      v.string(),
      v.trim(),
      v.minLength(6, "Tell the pro what to fix (at least 6 characters)."),
      v.maxLength(500),
    ),
  }),
]);
const PageQuery = v.object({
  page: v.optional(v.pipe(v.string(), v.regex(/^\d{1,4}$/), v.transform(Number), v.minValue(1)), "1"),
});

/**
 * Licence renewals and profile photos waiting for review (docs/product.md section 6): approve, or reject with a
 * comment the pro sees (vendors.review_note). Only a pending item can be decided.
 */
export const adminVendorReviewsApi = new Hono<AppEnv>()
  .use(requireAdmin)
  .get("/", async (c) => {
    const { page } = queryOf(c, PageQuery);
    const rows = await c.env.DB.prepare(
      `SELECT vendor_id, display_name, photo, photo_status, license_status, license_upload_id, license_expires_at
       FROM vendors WHERE license_status = 'pending' OR photo_status = 'pending'
       ORDER BY updated_at, vendor_id LIMIT 11 OFFSET ?1`,
    )
      .bind(offsetOf(page))
      .all<ReviewRow>();
    return c.json(pageOf(rows.results, page));
  })
  .post("/:id/:kind", async (c) => {
    const { id, kind } = parseOrFail(Param, c.req.param());
    const body = await jsonBody(c, DecisionBody);
    const data = await reviewProfileItem(c.env.DB, {
      vendorId: id,
      kind,
      decision: body.decision,
      comment: body.comment,
      actorUserId: viewerOf(c).user_id,
      now: c.get("now"),
    });
    return c.json({ data, code: "STAFF_ACTION_DONE" as const });
  });
