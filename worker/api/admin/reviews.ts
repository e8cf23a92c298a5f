import type { PhotoReviewItem, ReviewRow } from "../../../schema/contracts/admin";
import { Hono } from "hono";
import * as v from "valibot";
import { offsetOf, STAFF_PAGE_SIZE } from "../../admin/paging";
import type { AppEnv } from "../../http/types";
import { validate } from "../../http/validate";
import { requireAdmin, viewerOf } from "../../middleware/roles";
import { decideLicence, licenceFile, licenceQueue } from "../../vendors/licence-review";
import { reviewProfileItem } from "../../vendors/profile-review";
import { staffFileResponse } from "../../http/staff-file";

const Param = v.object({
  id: v.pipe(v.string(), v.regex(/^\d{1,12}$/), v.transform(Number)),
  kind: v.picklist(["photo"]),
});
const LicenceParam = v.object({
  id: v.pipe(v.string(), v.regex(/^\d{1,12}$/), v.transform(Number)),
  group: v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number)),
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
 * Licences and profile photos waiting for review (docs/product.md section 6; decision 121): each licence with a
 * link to its file (served here, to staff only), approved or rejected with a comment the pro sees and is texted;
 * photos likewise. Only an item still waiting can be decided. A page holds up to 10 licences and 10 photos.
 */
export const adminVendorReviewsApi = new Hono<AppEnv>()
  .use(requireAdmin)
  .get("/", validate("query", PageQuery), async (c) => {
    const { page } = c.req.valid("query");
    const licences = await licenceQueue(c.env.DB, STAFF_PAGE_SIZE + 1, offsetOf(page));
    const photos = await c.env.DB.prepare(
      `SELECT 'photo' AS kind, vendor_id, display_name, photo FROM vendors WHERE photo_status = 'pending'
       ORDER BY updated_at, vendor_id LIMIT ?1 OFFSET ?2`,
    )
      .bind(STAFF_PAGE_SIZE + 1, offsetOf(page))
      .all<PhotoReviewItem>();
    const items: ReviewRow[] = [...licences.slice(0, STAFF_PAGE_SIZE), ...photos.results.slice(0, STAFF_PAGE_SIZE)];
    const hasMore = licences.length > STAFF_PAGE_SIZE || photos.results.length > STAFF_PAGE_SIZE;
    return c.json({ data: { items, page, page_size: STAFF_PAGE_SIZE, has_more: hasMore } });
  })
  .get("/:id/license/:group/file", validate("param", LicenceParam), async (c) => {
    const { id, group } = c.req.valid("param");
    return staffFileResponse(await licenceFile(c.env, id, group));
  })
  .post("/:id/license/:group", validate("param", LicenceParam), validate("json", DecisionBody), async (c) => {
    const { id, group } = c.req.valid("param");
    const body = c.req.valid("json");
    const data = await decideLicence(c.env, c.get("db"), {
      vendorId: id,
      groupId: group,
      decision: body.decision,
      comment: body.comment || null,
      actorUserId: viewerOf(c).user_id,
      now: c.get("now"),
    });
    return c.json({ data, code: "STAFF_ACTION_DONE" as const });
  })
  .post("/:id/:kind", validate("param", Param), validate("json", DecisionBody), async (c) => {
    const { id, kind } = c.req.valid("param");
    const body = c.req.valid("json");
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
