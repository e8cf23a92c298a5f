import { Hono, type Context } from "hono";
import * as v from "valibot";
import { normalizeUsPhone } from "../../../domain/phone";
import { newAuditedAction, runAudited } from "../../admin/audit";
import { IdParam, likePattern, offsetOf, pageOf, ReasonBody } from "../../admin/paging";
import { fail } from "../../http/errors";
import type { AppEnv } from "../../http/types";
import { jsonBody, parseOrFail, queryOf } from "../../http/validate";
import { requireAdmin, viewerOf } from "../../middleware/roles";

const STATUSES = ["submitted", "approved", "rejected", "silently_rejected", "ignored"] as const;

const ApplicationsQuery = v.object({
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100)), ""),
  status: v.optional(v.picklist(STATUSES), "submitted"),
  page: v.optional(v.pipe(v.string(), v.regex(/^\d{1,4}$/), v.transform(Number), v.minValue(1)), "1"),
});

/**
 * Staff decisions on vendor applications other than approval (SPEC section 4 "Vendor application"):
 * reject (permanent: the applicant cannot reapply), silent reject (the applicant keeps seeing "pending"),
 * ignore (the applicant may submit again). Only a submitted application can be decided. Approval, which
 * creates the vendor, is POST /api/admin/applications/:id/approve (worker/api/admin-applications.ts).
 */
export const adminApplicationsReviewApi = new Hono<AppEnv>()
  .use(requireAdmin)
  .get("/", async (c) => {
    const { q, status, page } = queryOf(c, ApplicationsQuery);
    const phone = q ? normalizeUsPhone(q) : null;
    const rows = await c.env.DB.prepare(
      `SELECT application_id, name, phone, email, zipcode, service_groups, experience_years, about, license_number,
              license_state, status, review_notes, reviewed_at, vendor_id, created_at
       FROM vendor_applications
       WHERE status = ?1 AND (?2 = '' OR name LIKE ?3 ESCAPE '\\' OR email LIKE ?3 ESCAPE '\\' OR zipcode = ?2
             OR (?4 IS NOT NULL AND phone = ?4))
       ORDER BY created_at, application_id LIMIT 11 OFFSET ?5`,
    )
      .bind(status, q, likePattern(q), phone, offsetOf(page))
      .all<Record<string, unknown> & { service_groups: string }>();
    return c.json(
      pageOf(
        rows.results.map((r) => ({ ...r, service_groups: JSON.parse(r.service_groups) as number[] })),
        page,
      ),
    );
  })
  .post("/:id/reject", (c) => decide(c, "rejected", "application.reject"))
  .post("/:id/silent-reject", (c) => decide(c, "silently_rejected", "application.silent_reject"))
  .post("/:id/ignore", (c) => decide(c, "ignored", "application.ignore"));

async function decide(c: Context<AppEnv>, to: "rejected" | "silently_rejected" | "ignored", action: string) {
  const { id } = parseOrFail(IdParam, c.req.param());
  const { reason } = await jsonBody(c, ReasonBody);
  const now = c.get("now");
  const d1 = c.env.DB;
  const app = await d1
    .prepare("SELECT status FROM vendor_applications WHERE application_id = ?")
    .bind(id)
    .first<{ status: string }>();
  if (!app) fail("NOT_FOUND");
  if (app.status !== "submitted") fail("STAFF_ACTION_NOT_ALLOWED");
  const actor = viewerOf(c).user_id;
  const { done } = await runAudited(
    d1,
    newAuditedAction(),
    d1
      .prepare(
        `UPDATE vendor_applications SET status = ?2, reviewed_by_user_id = ?3, reviewed_at = ?4, review_notes = ?5
         WHERE application_id = ?1 AND status = 'submitted'`,
      )
      .bind(id, to, actor, now, reason),
    {
      actorUserId: actor,
      action,
      targetType: "vendor_application",
      targetId: id,
      reason,
      before: { status: "submitted" },
      after: { status: to },
      now,
    },
  );
  if (!done) fail("STAFF_ACTION_NOT_ALLOWED");
  return c.json({ data: { application_id: id, status: to }, code: "STAFF_ACTION_DONE" as const });
}
