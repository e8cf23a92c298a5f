import { Hono } from "hono";
import { VendorRescheduleBody } from "../../schema/payloads/orders";
import type { AppEnv } from "../http/types";
import { jsonBody } from "../http/validate";
import { requireVendor, viewerOf } from "../middleware/roles";
import { answerReschedule, pendingRescheduleRequests } from "../orders/reschedule";

/**
 * The vendor's side of a customer's reschedule (/api/vendor/me/reschedule*, docs/api-orders.md). Mounted at
 * /vendor/me next to vendorApi; each route guards itself so nothing here reaches the other sub-app's paths.
 */
export const vendorRescheduleApi = new Hono<AppEnv>()
  /** { request_id, accept }: consent moves the job; a refusal keeps it. Answers the message. */
  .post("/reschedule", requireVendor, async (c) => {
    const body = await jsonBody(c, VendorRescheduleBody);
    const vendorId = viewerOf(c).vendor_id!;
    return c.json({ data: await answerReschedule(c.env, c.get("db"), vendorId, body, c.get("now")) });
  })

  /** Customer requests waiting for this vendor's answer. */
  .get("/reschedule-requests", requireVendor, async (c) => {
    const vendorId = viewerOf(c).vendor_id!;
    return c.json({ data: await pendingRescheduleRequests(c.get("db"), vendorId, c.get("now")) });
  });
