import { Hono } from "hono";
import type { AppEnv } from "../../../http/types";
import { requireVendor, viewerOf } from "../../../middleware/roles";
import { setupView } from "../../../vendors/setup";

/** GET /vendor/me/setup: the pro's setup checklist and whether they are Live (docs/decisions/131). */
export const vendorSetupApi = new Hono<AppEnv>()
  .use("/setup", requireVendor)
  .get("/setup", async (c) => c.json({ data: await setupView(c.env.DB, viewerOf(c).vendor_id!, c.get("now")) }));
