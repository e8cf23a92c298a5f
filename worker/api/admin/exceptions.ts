import { Hono } from "hono";
import * as v from "valibot";
import { IdParam, pageOf, ReasonBody } from "../../admin/paging";
import type { AppEnv } from "../../http/types";
import { validate } from "../../http/validate";
import { requireAdmin, viewerOf } from "../../middleware/roles";
import { approveException, denyException, listExceptions } from "../../vendors/exception-review";

const ExceptionsQuery = v.object({
  status: v.optional(v.picklist(["pending", "approved", "denied"]), "pending"),
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100)), ""),
  page: v.optional(v.pipe(v.string(), v.regex(/^\d{1,4}$/), v.transform(Number), v.minValue(1)), "1"),
});

/**
 * /api/admin/exceptions (docs/product.md section 6 "approve or deny exceptions"; docs/decisions/099-exceptions.md): a
 * pro's request to lift the reliability penalty of a job they gave back. Approve gives the points back (not
 * above 100; refused for a terminated or soft-banned pro, whose reliability staff set by hand); deny keeps
 * them. Each decision is one audited batch, taken once; the pro is texted the answer.
 */
export const adminExceptionsApi = new Hono<AppEnv>()
  .use(requireAdmin)
  .get("/", validate("query", ExceptionsQuery), async (c) => {
    const { status, q, page } = c.req.valid("query");
    const rows = await listExceptions(c.env.DB, { status, q, page });
    return c.json(pageOf(rows, page));
  })
  .post("/:id/approve", validate("param", IdParam), validate("json", ReasonBody), async (c) => {
    const { id } = c.req.valid("param");
    const { reason } = c.req.valid("json");
    const data = await approveException(c.env, c.get("db"), {
      id,
      reason,
      actorUserId: viewerOf(c).user_id,
      now: c.get("now"),
    });
    return c.json({ data, code: "STAFF_ACTION_DONE" });
  })
  .post("/:id/deny", validate("param", IdParam), validate("json", ReasonBody), async (c) => {
    const { id } = c.req.valid("param");
    const { reason } = c.req.valid("json");
    const data = await denyException(c.env, c.get("db"), {
      id,
      reason,
      actorUserId: viewerOf(c).user_id,
      now: c.get("now"),
    });
    return c.json({ data, code: "STAFF_ACTION_DONE" });
  });
