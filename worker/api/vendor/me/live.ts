import { Hono } from "hono";
import { messageFor } from "../../../../domain/messages";
import { AcceptJobBody } from "../../../../schema/payloads/checkout";
import { calendarFor } from "../../../calendar/calendar-client";
import { fail } from "../../../http/errors";
import type { AppEnv } from "../../../http/types";
import { validate } from "../../../http/validate";
import { requireVendor, viewerOf } from "../../../middleware/roles";
import { confirmSchedule, declineOffer, declineSchedule } from "../../../jobs/vendor-answers";

/**
 * The vendor's live dashboard and its answers to jobs (docs/decisions/046-live-offers.md), mounted at
 * /vendor/me:
 * - GET /live: the dashboard's WebSocket, held by the vendor's calendar object (hibernating).
 * - POST /schedule/accept: the pro confirms an accepted job's schedule (scheduled_status 1).
 * - POST /schedule/decline: the pro gives back an accepted job not yet confirmed; it is offered to others.
 * - POST /offers/decline: the pro passes on an open offer (it leaves their dashboard); their booked time is
 *   freed, the job goes to the next pros at once, and a customer who chose them is told (decision 122).
 */

export { DECLINE_RELIABILITY_PENALTY, FREE_DECLINE_BEFORE_MS } from "../../../jobs/vendor-answers";

const SoBody = AcceptJobBody;

function sameOrigin(origin: string, requestUrl: string): boolean {
  if (!URL.canParse(origin)) return false;
  return new URL(origin).origin === new URL(requestUrl).origin;
}

export const vendorLiveApi = new Hono<AppEnv>()
  .get("/live", requireVendor, async (c) => {
    if (c.req.header("upgrade")?.toLowerCase() !== "websocket") fail("LIVE_UPGRADE_REQUIRED");
    // A cross-site page must not open a socket with the pro's cookies (cross-site WebSocket hijacking): the
    // origin must be this site's scheme, host and port; "null" (a sandboxed or file page) is refused too.
    const origin = c.req.header("origin");
    if (origin !== undefined && !sameOrigin(origin, c.req.url)) fail("FORBIDDEN");
    const vendorId = viewerOf(c).vendor_id!;
    const url = new URL("https://calendar.internal/live");
    url.searchParams.set("vendor", String(vendorId));
    url.searchParams.set("now", String(c.get("now")));
    // The socket is tagged with its session, so ending the session closes it (docs/decisions/118).
    const session = c.get("sessionHash");
    if (!session) fail("INVALID_SESSION");
    url.searchParams.set("session", session);
    return calendarFor(c.env, vendorId).fetch(new Request(url, { headers: { Upgrade: "websocket" } }));
  })
  .post("/schedule/accept", requireVendor, validate("json", SoBody), async (c) => {
    const { service_order_id: soId } = c.req.valid("json");
    await confirmSchedule(c.env, { vendorId: viewerOf(c).vendor_id!, serviceOrderId: soId, now: c.get("now") });
    return c.json({ data: { service_order_id: soId, scheduled_status: 1, message: messageFor("SCHEDULE_CONFIRMED") } });
  })
  .post("/schedule/decline", requireVendor, validate("json", SoBody), async (c) => {
    const { service_order_id: soId } = c.req.valid("json");
    const { free } = await declineSchedule(c.env, {
      vendorId: viewerOf(c).vendor_id!,
      serviceOrderId: soId,
      now: c.get("now"),
    });
    return c.json({ code: 200, message: free ? 2 : 1, text: messageFor("SCHEDULE_DECLINED") });
  })
  .post("/offers/decline", requireVendor, validate("json", SoBody), async (c) => {
    const { service_order_id: soId } = c.req.valid("json");
    await declineOffer(c.env, {
      vendorId: viewerOf(c).vendor_id!,
      serviceOrderId: soId,
      now: c.get("now"),
      origin: new URL(c.req.url).origin,
    });
    return c.json({ data: { service_order_id: soId, message: messageFor("OFFER_DECLINED") } });
  });
