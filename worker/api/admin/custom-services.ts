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
import { validate } from "../../http/validate";
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
  .get("/", validate("query", ListQuery), async (c) => c.json(await listCustomServices(c.env.DB, c.req.valid("query"))))
  .get("/choices", async (c) => c.json({ data: await customServiceChoices(c.env.DB) }))
  .post("/", validate("json", CustomServiceInput), async (c) => {
    const input = c.req.valid("json");
    const data = await createCustomService(c.env.DB, input, viewerOf(c).user_id, c.get("now"));
    return c.json({ data, code: "STAFF_ACTION_DONE" as const });
  })
  .put("/:id", validate("param", IdParam), validate("json", CustomServiceInput), async (c) => {
    const { id } = c.req.valid("param");
    const input = c.req.valid("json");
    const data = await updateCustomService(c.env.DB, id, input, viewerOf(c).user_id, c.get("now"));
    return c.json({ data, code: "STAFF_ACTION_DONE" as const });
  })
  .post("/:id/retire", validate("param", IdParam), validate("json", ReasonBody), async (c) => {
    const { id } = c.req.valid("param");
    const { reason } = c.req.valid("json");
    const data = await setCustomServiceEnabled(c.env.DB, id, false, reason, viewerOf(c).user_id, c.get("now"));
    return c.json({ data, code: "STAFF_ACTION_DONE" as const });
  })
  .post("/:id/restore", validate("param", IdParam), validate("json", ReasonBody), async (c) => {
    const { id } = c.req.valid("param");
    const { reason } = c.req.valid("json");
    const data = await setCustomServiceEnabled(c.env.DB, id, true, reason, viewerOf(c).user_id, c.get("now"));
    return c.json({ data, code: "STAFF_ACTION_DONE" as const });
  });
