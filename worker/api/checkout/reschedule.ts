import { Hono } from "hono";
import { RescheduleCheckoutBody as RequestBody } from "../../../schema/payloads/checkout";
import { completeReschedule, rescheduleReview } from "../../checkout/reschedule";
import { payments } from "../../checkout/payments";
import type { AppEnv } from "../../http/types";
import { validate } from "../../http/validate";
import { requireUser, viewerOf } from "../../middleware/roles";

/**
 * The checkout of a reschedule that changes the appointment's length (docs/decisions/067; docs/api.md). Mounted
 * at /checkout: POST /checkout/reschedule answers the review of the price difference, POST
 * /checkout/reschedule-complete pays it with the saved card (once, whatever the number of calls).
 */
export const checkoutRescheduleApi = new Hono<AppEnv>()
  .post("/reschedule", requireUser, validate("json", RequestBody), async (c) => {
    const body = c.req.valid("json");
    return c.json({ data: await rescheduleReview(c.get("db"), viewerOf(c).user_id, body.request_id, c.get("now")) });
  })
  .post("/reschedule-complete", requireUser, validate("json", RequestBody), async (c) => {
    const body = c.req.valid("json");
    const db = c.get("db");
    const now = c.get("now");
    const done = await completeReschedule(
      c.env,
      db,
      () => payments(c.env, db, now),
      viewerOf(c).user_id,
      body.request_id,
      now,
    );
    return c.json({ data: done });
  });
