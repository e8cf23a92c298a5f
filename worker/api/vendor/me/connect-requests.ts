import { Hono } from "hono";
import * as v from "valibot";
import { messageFor } from "../../../../domain/messages";
import { CONNECT_MAX_SESSIONS, scheduleConnectRequest } from "../../../connect/schedule";
import { proposeConnectTime } from "../../../connect/propose";
import { vendorConnectRequests } from "../../../connect/vendor-requests";
import { LocalDateTime } from "../../../../schema/payloads/cart";
import type { AppEnv } from "../../../http/types";
import { validate } from "../../../http/validate";
import { requireVendor, viewerOf } from "../../../middleware/roles";
import { NumberId } from "../../../../schema/payloads/bounds";

const ScheduleBody = v.object({
  connect_request_id: NumberId,
  sessions: v.optional(
    v.pipe(
      v.number(),
      v.integer(),
      v.minValue(1, "Book at least one session."),
      v.maxValue(CONNECT_MAX_SESSIONS, `Book at most ${CONNECT_MAX_SESSIONS} sessions.`),
    ),
    1,
  ),
});

const ProposeBody = v.object({
  connect_request_id: v.pipe(v.number(), v.integer(), v.minValue(1)),
  selectedDate: LocalDateTime,
  sessions: ScheduleBody.entries.sessions,
});

/**
 * The pro's side of business (connect) requests (docs/decisions/095, 087). A pro sees and schedules only the
 * requests connect staff assigned to them.
 */
export const vendorConnectApi = new Hono<AppEnv>()
  .use(requireVendor)
  /**
   * GET /api/vendor/me/connect-requests: requests waiting for this pro to schedule them, upcoming first: assigned
   * to them, or offered to them among several (`shared`: the first pro to schedule it gets it).
   */
  .get("/connect-requests", async (c) => {
    const data = await vendorConnectRequests(c.env.DB, viewerOf(c).vendor_id!, c.get("now"));
    return c.json({ data });
  })
  /**
   * POST /api/vendor/me/vendor-connect-schedule `{ connect_request_id, sessions? }`: books the request on the
   * pro's calendar as one connect job of `sessions` x the service's length (worker/connect/schedule.ts).
   */
  .post("/vendor-connect-schedule", validate("json", ScheduleBody), async (c) => {
    const body = c.req.valid("json");
    const data = await scheduleConnectRequest(c.env, c.get("db"), viewerOf(c).vendor_id!, body, c.get("now"));
    return c.json({ data, code: "CONNECT_SCHEDULED" as const, message: messageFor("CONNECT_SCHEDULED") });
  })
  /**
   * POST /api/vendor/me/vendor-connect-propose `{ connect_request_id, selectedDate, sessions? }`: a pro who cannot
   * make the requested time proposes another they are free at (the refusal's `alternative`); connect staff
   * accept it or not (worker/connect/propose.ts, docs/decisions/123).
   */
  .post("/vendor-connect-propose", validate("json", ProposeBody), async (c) => {
    const body = c.req.valid("json");
    const data = await proposeConnectTime(c.env, c.get("db"), viewerOf(c).vendor_id!, body, c.get("now"));
    return c.json({ data }, 201);
  });
