import { Hono } from "hono";
import { ServiceOrderQuery } from "../../../schema/payloads/orders";
import type { AppEnv } from "../../http/types";
import { validate } from "../../http/validate";
import { requireUser, viewerOf } from "../../middleware/roles";
import { bookAgain } from "../../visit-plan/book-again";
import { calendarLinks, customerVisitCalendar, icsResponse } from "../../visit-plan/visit-calendar";

/**
 * Before and after the visit, for the order's customer (docs/decisions/152, 153): the visit's calendar links
 * and `.ics` file, and "book again" on a completed visit. Mounted at /order by ./routes.ts.
 */
export const visitApi = new Hono<AppEnv>()
  .use(requireUser)

  /** The visit's calendar links: the `.ics` file, a subscribe link for calendar apps, and Google Calendar. */
  .get("/calendar", validate("query", ServiceOrderQuery), async (c) => {
    const q = c.req.valid("query");
    const url = new URL(c.req.url);
    const base = { origin: url.origin, host: url.hostname };
    const cal = await customerVisitCalendar(c.env.DB, viewerOf(c).user_id, q.service_order_id, base, c.get("now"));
    return c.json({ data: calendarLinks(cal, base, q.service_order_id) });
  })

  /** The visit as an RFC 5545 file (a cancelled visit answers a cancelled event). */
  .get("/calendar.ics", validate("query", ServiceOrderQuery), async (c) => {
    const q = c.req.valid("query");
    const url = new URL(c.req.url);
    const base = { origin: url.origin, host: url.hostname };
    const cal = await customerVisitCalendar(c.env.DB, viewerOf(c).user_id, q.service_order_id, base, c.get("now"));
    return icsResponse(cal.ics, `visit-${q.service_order_id}.ics`, "attachment");
  })

  /** The same service with the same pro: the pro's next free times, or why it cannot be booked again. */
  .get("/book-again", validate("query", ServiceOrderQuery), async (c) => {
    const q = c.req.valid("query");
    return c.json({
      data: await bookAgain(c.env.DB, c.get("db"), viewerOf(c).user_id, q.service_order_id, c.get("now")),
    });
  });
