import { Hono, type Context } from "hono";
import * as v from "valibot";
import type { AppEnv } from "../../http/types";
import { validate, validateOptionalJson } from "../../http/validate";
import { IdParam, ReasonBody } from "../../admin/paging";
import { requireAdmin, viewerOf } from "../../middleware/roles";
import { approveApplication } from "../../vendors/approve-application";
import {
  APPLICATION_STATUSES,
  decideApplication,
  listApplications,
  textApplicant,
  type ApplicationDecision,
} from "../../vendors/application-review";
import { applicationFile } from "../../vendors/licence-review";
import { staffFileResponse } from "../../http/staff-file";

const ApplicationsQuery = v.object({
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100)), ""),
  status: v.optional(v.picklist(APPLICATION_STATUSES), "submitted"),
  page: v.optional(v.pipe(v.string(), v.regex(/^\d{1,4}$/), v.transform(Number), v.minValue(1)), "1"),
});

const ApproveParams = v.object({ id: v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number)) });
const FileParams = v.object({
  id: v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number)),
  upload: v.pipe(v.string(), v.regex(/^\d{1,12}$/), v.transform(Number)),
});
const ApproveBody = v.object({
  reason: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(500))),
});

/**
 * Staff decisions on vendor applications (/api/admin/applications): the review list, approval (which creates
 * the vendor: worker/vendors/approve-application.ts) and reject, silent reject and ignore
 * (worker/vendors/application-review.ts). Only a submitted application can be decided.
 */
export const adminApplicationsApi = new Hono<AppEnv>()
  .use(requireAdmin)
  .get("/", validate("query", ApplicationsQuery), async (c) =>
    c.json(await listApplications(c.env.DB, c.req.valid("query"))),
  )
  .post("/:id/reject", validate("param", IdParam), validate("json", ReasonBody), (c) =>
    decide(c, c.req.valid("param").id, c.req.valid("json").reason, "rejected", "application.reject"),
  )
  .post("/:id/silent-reject", validate("param", IdParam), validate("json", ReasonBody), (c) =>
    decide(c, c.req.valid("param").id, c.req.valid("json").reason, "silently_rejected", "application.silent_reject"),
  )
  .post("/:id/ignore", validate("param", IdParam), validate("json", ReasonBody), (c) =>
    decide(c, c.req.valid("param").id, c.req.valid("json").reason, "ignored", "application.ignore"),
  )
  // The application's photo and licences, for staff deciding it (never public).
  .get("/:id/file/:upload", validate("param", FileParams), async (c) => {
    const { id, upload } = c.req.valid("param");
    return staffFileResponse(await applicationFile(c.env, id, upload));
  })
  .post("/:id/approve", validate("param", ApproveParams), validateOptionalJson(ApproveBody, {}), async (c) => {
    const { id } = c.req.valid("param");
    const { reason } = c.req.valid("json");
    const now = c.get("now");
    const result = await approveApplication(c.get("db"), c.env.DB, {
      applicationId: id,
      staffUserId: viewerOf(c).user_id,
      now,
      note: reason ?? null,
    });
    await textApplicant(c.env, c.get("db"), id, "approved", now);
    return c.json({ data: result });
  });

/** The shared handler of the three non-approval decisions (their id and reason validated by the route): decide, answer. */
async function decide(c: Context<AppEnv>, id: number, reason: string, to: ApplicationDecision, action: string) {
  const data = await decideApplication(c.env.DB, {
    applicationId: id,
    to,
    action,
    actorUserId: viewerOf(c).user_id,
    reason,
    now: c.get("now"),
  });
  await textApplicant(c.env, c.get("db"), id, to, c.get("now"));
  return c.json({ data, code: "STAFF_ACTION_DONE" as const });
}
