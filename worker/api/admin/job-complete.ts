import { Hono } from "hono";
import * as v from "valibot";
import { ReadMessage } from "../../admin/paging";
import type { AppEnv } from "../../http/types";
import { validate } from "../../http/validate";
import { staffCompleteJob } from "../../jobs/staff-complete";
import { requireAdmin, viewerOf } from "../../middleware/roles";

const JobIdParam = v.object({ id: v.pipe(v.string(), v.regex(/^\d{1,12}$/), v.transform(Number)) });
const CompleteJobBody = v.object({
  reason: v.pipe(v.string(), v.trim(), v.minLength(6, "Say why staff closes this job."), v.maxLength(500)),
  pro_message: ReadMessage,
});

/**
 * POST /api/admin/jobs/:id/complete: support closes a job the vendor did but could not mark complete
 * (worker/jobs/staff-complete.ts). Mounted at /jobs beside worker/api/admin/jobs.ts.
 */
export const adminJobCompleteApi = new Hono<AppEnv>()
  .use(requireAdmin)
  .post("/:id/complete", validate("param", JobIdParam), validate("json", CompleteJobBody), async (c) => {
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    const data = await staffCompleteJob(c.env, c.get("db"), {
      jobId: id,
      actorUserId: viewerOf(c).user_id,
      reason: body.reason,
      proMessage: body.pro_message,
      now: c.get("now"),
    });
    return c.json({ data });
  });
