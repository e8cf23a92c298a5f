import { Hono, type Context } from "hono";
import * as v from "valibot";
import { newAuditedAction, runAudited } from "../../admin/audit";
import { offsetOf, pageOf } from "../../admin/paging";
import { fail } from "../../http/errors";
import type { AppEnv } from "../../http/types";
import { jsonBody, parseOrFail, queryOf } from "../../http/validate";
import { requireAdmin, viewerOf } from "../../middleware/roles";

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
 * Licence renewals and profile photos waiting for review (SPEC section 6): approve, or reject with a
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
      .all();
    return c.json(pageOf(rows.results, page));
  })
  .post("/:id/:kind", async (c: Context<AppEnv>) => {
    const { id, kind } = parseOrFail(Param, c.req.param());
    const body = await jsonBody(c, DecisionBody);
    const now = c.get("now");
    const d1 = c.env.DB;
    const column = kind === "license" ? "license_status" : "photo_status";
    const row = await d1
      .prepare(`SELECT ${column} AS status, review_note FROM vendors WHERE vendor_id = ?`)
      .bind(id)
      .first<{ status: string; review_note: string | null }>();
    if (!row) fail("NOT_FOUND");
    if (row.status !== "pending") fail("STAFF_ACTION_NOT_ALLOWED");
    const to = body.decision === "approve" ? "approved" : "rejected";
    const note = body.decision === "reject" ? body.comment : row.review_note;
    const { done } = await runAudited(
      d1,
      newAuditedAction(),
      d1
        .prepare(`UPDATE vendors SET ${column} = ?2, review_note = ?3 WHERE vendor_id = ?1 AND ${column} = 'pending'`)
        .bind(id, to, note),
      {
        actorUserId: viewerOf(c).user_id,
        action: `vendor.${kind}_${body.decision}`,
        targetType: "vendor",
        targetId: id,
        reason: body.comment ?? null,
        before: { [column]: "pending", review_note: row.review_note },
        after: { [column]: to, review_note: note },
        now,
      },
    );
    if (!done) fail("STAFF_ACTION_NOT_ALLOWED");
    return c.json({ data: { vendor_id: id, [column]: to }, code: "STAFF_ACTION_DONE" as const });
  });
