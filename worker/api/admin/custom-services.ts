import { Hono } from "hono";
import * as v from "valibot";
import { CustomServiceInput } from "../../../schema/payloads/catalogue";
import { IdParam, ReasonBody } from "../../admin/paging";
import {
  createCustomService,
  customServiceChoices,
  listCustomServices,
  setCustomServiceEnabled,
  updateCustomService,
} from "../../catalogue/custom-services-admin";
import type { AppEnv } from "../../http/types";
import { jsonBody, parseOrFail, queryOf } from "../../http/validate";
import { requireAdmin, viewerOf } from "../../middleware/roles";

const ListQuery = v.object({
  state: v.optional(v.picklist(["active", "retired", "all"]), "active"),
  area_id: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{0,9}$/),
      v.transform((s) => (s === "" ? null : Number(s))),
    ),
    "",
  ),
  page: v.optional(v.pipe(v.string(), v.regex(/^\d{1,4}$/), v.transform(Number), v.minValue(1)), "1"),
});

/**
 * /api/admin/custom-services: staff create, edit, retire and restore the custom services of an area
 * (docs/decisions/134); every change is audited (worker/catalogue/custom-services-admin.ts).
 */
export const adminCustomServicesApi = new Hono<AppEnv>()
  .use(requireAdmin)
  .get("/", async (c) => c.json(await listCustomServices(c.env.DB, queryOf(c, ListQuery))))
  .get("/choices", async (c) => c.json({ data: await customServiceChoices(c.env.DB) }))
  .post("/", async (c) => {
    const input = await jsonBody(c, CustomServiceInput);
    const data = await createCustomService(c.env.DB, input, viewerOf(c).user_id, c.get("now"));
    return c.json({ data, code: "STAFF_ACTION_DONE" as const });
  })
  .put("/:id", async (c) => {
    const { id } = parseOrFail(IdParam, c.req.param());
    const input = await jsonBody(c, CustomServiceInput);
    const data = await updateCustomService(c.env.DB, id, input, viewerOf(c).user_id, c.get("now"));
    return c.json({ data, code: "STAFF_ACTION_DONE" as const });
  })
  .post("/:id/retire", async (c) => {
    const { id } = parseOrFail(IdParam, c.req.param());
    const { reason } = await jsonBody(c, ReasonBody);
    const data = await setCustomServiceEnabled(c.env.DB, id, false, reason, viewerOf(c).user_id, c.get("now"));
    return c.json({ data, code: "STAFF_ACTION_DONE" as const });
  })
  .post("/:id/restore", async (c) => {
    const { id } = parseOrFail(IdParam, c.req.param());
    const { reason } = await jsonBody(c, ReasonBody);
    const data = await setCustomServiceEnabled(c.env.DB, id, true, reason, viewerOf(c).user_id, c.get("now"));
    return c.json({ data, code: "STAFF_ACTION_DONE" as const });
  });
