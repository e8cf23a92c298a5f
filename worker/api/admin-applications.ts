import { Hono } from "hono";
import * as v from "valibot";
import type { AppEnv } from "../http/types";
import { parseOrFail } from "../http/validate";
import { requireAdmin, viewerOf } from "../middleware/roles";
import { approveApplication } from "../vendors/approve-application";

const Params = v.object({ id: v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number)) });

/**
 * Staff decisions on vendor applications (/api/admin/applications/*). Approval lives in
 * worker/vendors/approve-application.ts so the staff review screens (issue 13) call the same code.
 */
export const adminApplicationsApi = new Hono<AppEnv>().use(requireAdmin).post("/:id/approve", async (c) => {
  const { id } = parseOrFail(Params, c.req.param());
  const result = await approveApplication(c.get("db"), c.env.DB, {
    applicationId: id,
    staffUserId: viewerOf(c).user_id,
    now: c.get("now"),
  });
  return c.json({ data: result });
});
