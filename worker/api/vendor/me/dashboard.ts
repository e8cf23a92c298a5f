import { eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import { canBookHoliday, canBookSameDay } from "../../../../domain/calendar/availability";
import { weeklyProblems } from "../../../../domain/calendar/vendor-view";
import { CalendarQuery, CalendarSettingsBody, MainDetailsBody } from "../../../../schema/payloads/vendor-dashboard";
import { vendors } from "../../../../schema/tables/vendors";
import { fail } from "../../../http/errors";
import type { AppEnv } from "../../../http/types";
import { validate, validateOptionalJson } from "../../../http/validate";
import { requireVendor, viewerOf } from "../../../middleware/roles";
import { calendarView } from "../../../pro-dashboard/calendar-view";
import { mainDetails } from "../../../pro-dashboard/dashboard";
import { ensureFeed, regenerateFeed } from "../../../pro-dashboard/feed";

/**
 * The vendor's dashboard and calendar (/api/vendor/me/*, issue 8; docs/api.md "Vendor dashboard"). Every
 * route is for the signed-in vendor's own data: 401 signed out, 403 for anyone without a vendor id.
 * Job offers, the live socket, accept/decline and time off are the calendar object's routes (the lead's
 * half of issue 8); this sub-app only reads D1 and writes the vendor's own row.
 */
export const vendorDashboardApi = new Hono<AppEnv>()
  /** docs/product.md section 3 "Vendor main-details response": [profile, upcoming, photos, [], requests, offers, now]. */
  .post("/main-details", requireVendor, validateOptionalJson(MainDetailsBody, undefined), async (c) => {
    const body = c.req.valid("json");
    const vendorId = viewerOf(c).vendor_id!;
    return c.json({ data: await mainDetails(c.get("db"), vendorId, c.get("now"), { agreement: body.agreement }) });
  })

  /** ?from=YYYY-MM-DD&days=1..7: the vendor's days in their zone with jobs, holds, time off and buffers. */
  .get("/calendar", requireVendor, validate("query", CalendarQuery), async (c) => {
    const q = c.req.valid("query");
    const vendorId = viewerOf(c).vendor_id!;
    return c.json({ data: await calendarView(c.get("db"), vendorId, q.from, q.days, c.get("now")) });
  })

  /**
   * Weekly hours, same-day and holiday work. Answers data.message 1. Same-day and holidays need the
   * reliability of docs/product.md section 6 (RELIABILITY_TOO_LOW otherwise); the service range is not touched.
   * updated_at moves forward, so the calendar object and the search take the new settings version.
   */
  .post("/calendar/settings", requireVendor, validate("json", CalendarSettingsBody), async (c) => {
    const body = c.req.valid("json");
    const setting = body.available_setting;
    const problems = weeklyProblems(setting.weekly);
    if (Object.keys(problems).length > 0) fail("INVALID_INPUT", problems);
    const vendorId = viewerOf(c).vendor_id!;
    const db = c.get("db");
    const now = c.get("now");
    const [vendor] = await db
      .select({ reliability: vendors.reliability, soft_banned: vendors.soft_banned })
      .from(vendors)
      .where(eq(vendors.vendor_id, vendorId))
      .limit(1);
    if (!vendor) fail("NOT_FOUND");
    const reliability = vendor.soft_banned ? 1 : vendor.reliability;
    if (setting.same_day && !canBookSameDay(reliability).allowed) {
      fail("RELIABILITY_TOO_LOW", { same_day: "Same-day bookings need a higher Reliability Level." });
    }
    if (setting.holidays === "work" && !canBookHoliday(reliability).allowed) {
      fail("RELIABILITY_TOO_LOW", { holidays: "Holiday work needs a higher Reliability Level." });
    }
    const weekly = Object.fromEntries(Object.entries(setting.weekly).filter(([, ranges]) => ranges.length > 0));
    const json = JSON.stringify({ weekly, same_day: setting.same_day, holidays: setting.holidays });
    await db
      .update(vendors)
      .set({ available_setting: json, updated_at: sql`max(${vendors.updated_at} + 1, ${now})` })
      .where(eq(vendors.vendor_id, vendorId));
    return c.json({ data: { message: 1, available_setting: JSON.parse(json) } });
  })

  /** The secret feed URL, made on first ask (shown once: only its hash is kept). */
  .get("/calendar/feed", requireVendor, async (c) => {
    const vendorId = viewerOf(c).vendor_id!;
    return c.json({ data: await ensureFeed(c.get("db"), vendorId, c.get("now"), new URL(c.req.url).origin) });
  })

  /** A new feed URL; the old one stops working. */
  .post("/calendar/feed/regenerate", requireVendor, async (c) => {
    const vendorId = viewerOf(c).vendor_id!;
    return c.json({ data: await regenerateFeed(c.get("db"), vendorId, c.get("now"), new URL(c.req.url).origin) });
  });
