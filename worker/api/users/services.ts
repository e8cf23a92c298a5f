import { Hono } from "hono";
import { UserServicesBody } from "../../../schema/payloads/catalogue";
import { geoFromEnv } from "../../adapters/geo";
import { customerServicesAt } from "../../catalogue/customer-services";
import type { AppEnv } from "../../http/types";
import { validate } from "../../http/validate";
import { requireUser, viewerOf } from "../../middleware/roles";

/**
 * POST /api/users/me/services {zip}: the services at the ZIP, each with how often the signed-in customer had
 * it done, for "book again" (worker/catalogue/customer-services.ts). Mounted at /users/me: its guard covers
 * everything under it.
 */
export const userServicesApi = new Hono<AppEnv>()
  .use(requireUser)
  .post("/services", validate("json", UserServicesBody), async (c) => {
    const body = c.req.valid("json");
    const db = c.get("db");
    const data = await customerServicesAt(db, geoFromEnv(c.env, db), { zip: body.zip, userId: viewerOf(c).user_id });
    return c.json({ data });
  });
