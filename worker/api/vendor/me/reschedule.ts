import { Hono } from "hono";
import * as v from "valibot";
import { ServiceOrderQuery, VendorProposeBody, VendorRescheduleBody } from "../../../../schema/payloads/orders";
import type { AppEnv } from "../../../http/types";
import { parseOrFail, validate } from "../../../http/validate";
import { requireVendor, viewerOf } from "../../../middleware/roles";
import { answerReschedule, pendingRescheduleRequests } from "../../../orders/reschedule";
import { proposeReschedule, vendorRescheduleTimes } from "../../../orders/vendor-reschedule";

/**
 * The vendor's side of a reschedule (/api/vendor/me/reschedule*, docs/api-orders.md). Mounted at /vendor/me next
 * to vendorApi; each route guards itself so nothing here reaches the other sub-app's paths.
 */
export const vendorRescheduleApi = new Hono<AppEnv>()
  /**
   * { request_id, accept }: consent to a customer's request moves the job; a refusal keeps it.
   * { service_order_id, selectedDate, reason? }: the pro proposes a new time; the customer must consent
   * (docs/decisions/066). Answers the request with its message.
   */
  .post("/reschedule", requireVendor, validate("json", v.record(v.string(), v.unknown())), async (c) => {
    const raw = c.req.valid("json");
    const viewer = viewerOf(c);
    const vendorId = viewer.vendor_id!;
    const db = c.get("db");
    const now = c.get("now");
    if ("request_id" in raw) {
      const body = parseOrFail(VendorRescheduleBody, raw);
      return c.json({ data: await answerReschedule(c.env, db, vendorId, body, now) });
    }
    const body = parseOrFail(VendorProposeBody, raw);
    const origin = new URL(c.req.url).origin;
    const proposal = await proposeReschedule(c.env, db, { vendorId, userId: viewer.user_id }, body, origin, now);
    return c.json({ data: proposal }, 201);
  })

  /** The pro's free times for moving one of their jobs (its own booking left out). */
  .get("/reschedule-times", requireVendor, validate("query", ServiceOrderQuery), async (c) => {
    const q = c.req.valid("query");
    const vendorId = viewerOf(c).vendor_id!;
    return c.json({ data: await vendorRescheduleTimes(c.get("db"), vendorId, q.service_order_id, c.get("now")) });
  })

  /** Customer requests waiting for this vendor's answer. */
  .get("/reschedule-requests", requireVendor, async (c) => {
    const vendorId = viewerOf(c).vendor_id!;
    return c.json({ data: await pendingRescheduleRequests(c.get("db"), vendorId, c.get("now")) });
  });
