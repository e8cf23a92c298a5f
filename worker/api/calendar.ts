import { Hono } from "hono";
import { fail } from "../http/errors";
import type { AppEnv } from "../http/types";
import { feedIcs } from "../pro-dashboard/feed";
import { validate } from "../http/validate";
import { icsResponse, tokenVisitCalendar } from "../visit-plan/visit-calendar";
import { VisitCalendarFileParam } from "../../schema/payloads/visit-plan";

/**
 * Public: GET /api/calendar/{token}.ics, the RFC 5545 feed a calendar app subscribes to; GET
 * /api/calendar/visit/{token}.ics, one customer's visit (docs/decisions/152), current on every fetch.
 */
export const calendarFeedApi = new Hono<AppEnv>()
  .get("/visit/:file", validate("param", VisitCalendarFileParam), async (c) => {
    const file = c.req.valid("param").file;
    const token = file.endsWith(".ics") ? file.slice(0, -4) : "";
    const url = new URL(c.req.url);
    const cal = await tokenVisitCalendar(c.env.DB, token, { origin: url.origin, host: url.hostname }, c.get("now"));
    return icsResponse(cal.ics, "visit.ics", "inline");
  })
  .get("/:file", async (c) => {
    const file = c.req.param("file");
    const token = file.endsWith(".ics") ? file.slice(0, -4) : "";
    const url = new URL(c.req.url);
    const ics = await feedIcs(c.get("db"), token, c.get("now"), url.hostname);
    if (ics === null) fail("NOT_FOUND");
    return new Response(ics, {
      headers: {
        "content-type": "text/calendar; charset=utf-8",
        "content-disposition": 'inline; filename="jobs.ics"',
        // Always current: apps may poll as often as they like; nothing stale is served from a cache.
        "cache-control": "private, no-cache",
        "x-robots-tag": "noindex",
      },
    });
  });
