import { Hono } from "hono";
import { messageFor } from "../../../../domain/messages";
import { VisitLocationBody, VisitStepBody } from "../../../../schema/payloads/order-live";
import type { AppEnv } from "../../../http/types";
import { validate } from "../../../http/validate";
import { requireVendor, viewerOf } from "../../../middleware/roles";
import { markVisitStep, shareLocation } from "../../../jobs/visit-progress";

/**
 * The pro's one-tap steps of a visit, mounted at /vendor/me (docs/decisions/151-on-the-way-and-arrived.md):
 * - POST /visit-step { service_order_id, step }: on my way, arrived, started; the customer's page shows it at
 *   once, and a customer not looking at it is texted at "on my way" and "arrived".
 * - POST /visit-location { service_order_id, latitude, longitude }: while on the way, if the pro allowed it;
 *   the customer sees only the distance and the estimate.
 */
export const vendorVisitApi = new Hono<AppEnv>()
  .post("/visit-step", requireVendor, validate("json", VisitStepBody), async (c) => {
    const body = c.req.valid("json");
    const data = await markVisitStep(c.env, c.get("db"), {
      vendorId: viewerOf(c).vendor_id!,
      serviceOrderId: body.service_order_id,
      step: body.step,
      now: c.get("now"),
      origin: new URL(c.req.url).origin,
    });
    return c.json({ data, message: messageFor("VISIT_STEP_SAVED") });
  })
  .post("/visit-location", requireVendor, validate("json", VisitLocationBody), async (c) => {
    const body = c.req.valid("json");
    const data = await shareLocation(c.env, c.get("db"), {
      vendorId: viewerOf(c).vendor_id!,
      serviceOrderId: body.service_order_id,
      lat: body.latitude,
      lng: body.longitude,
      now: c.get("now"),
    });
    return c.json({ data });
  });
