import { Hono, type Context } from "hono";
import * as v from "valibot";
import type { AppEnv } from "../../http/types";
import { jsonBody, parseOrFail, queryOf } from "../../http/validate";
import { IdParam, ReasonBody } from "../../admin/paging";
import { requireAdmin, viewerOf } from "../../middleware/roles";
import { approveApplication } from "../../vendors/approve-application";
import {
  APPLICATION_STATUSES,
  decideApplication,
  listApplications,
  type ApplicationDecision,
} from "../../vendors/application-review";

const ApplicationsQuery = v.object({
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100)), ""),
  status: v.optional(v.picklist(APPLICATION_STATUSES), "submitted"),
  page: v.optional(v.pipe(v.string(), v.regex(/^\d{1,4}$/), v.transform(Number), v.minValue(1)), "1"),
});

const ApproveParams = v.object({ id: v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number)) });

/**
 * Staff decisions on vendor applications (/api/admin/applications): the review list, approval (which creates
 * the vendor: worker/vendors/approve-application.ts) and reject, silent reject and ignore
 * (worker/vendors/application-review.ts). Only a submitted application can be decided.
 */
export const adminApplicationsApi = new Hono<AppEnv>()
  .use(requireAdmin)
  .get("/", async (c) => c.json(await listApplications(c.env.DB, queryOf(c, ApplicationsQuery))))
  .post("/:id/reject", (c) => decide(c, "rejected", "application.reject"))
  .post("/:id/silent-reject", (c) => decide(c, "silently_rejected", "application.silent_reject"))
  .post("/:id/ignore", (c) => decide(c, "ignored", "application.ignore"))
  .post("/:id/approve", async (c) => {
    const { id } = parseOrFail(ApproveParams, c.req.param());
    const result = await approveApplication(c.get("db"), c.env.DB, {
      applicationId: id,
      staffUserId: viewerOf(c).user_id,
      now: c.get("now"),
    });
    return c.json({ data: result });
  });

/** The shared handler of the three non-approval decisions: parse, decide, answer. */
async function decide(c: Context<AppEnv>, to: ApplicationDecision, action: string) {
  const { id } = parseOrFail(IdParam, c.req.param());
  const { reason } = await jsonBody(c, ReasonBody);
  const data = await decideApplication(c.env.DB, {
    applicationId: id,
    to,
    action,
    actorUserId: viewerOf(c).user_id,
    reason,
    now: c.get("now"),
  });
  return c.json({ data, code: "STAFF_ACTION_DONE" as const });
}
