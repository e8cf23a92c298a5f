import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { WEEKDAY_KEYS } from "../../domain/calendar/availability";
import { holidayOn } from "../../domain/calendar/holidays";
import { basePaddingMinutes } from "../../domain/calendar/padding";
import {
  addDays,
  DAY_MS,
  formatLocal,
  iso,
  isValidTimeZone,
  localDate,
  localTime,
  minutesOfTime,
  MINUTE_MS,
  startOfLocalDay,
  weekdayOf,
} from "../../domain/calendar/time";
import { bufferIntervals, type BusyForBuffers } from "../../domain/calendar/vendor-view";
import { ServiceOrderStatus } from "../../domain/order-status";
import type { CalendarDay, CalendarItem, CalendarView } from "../../schema/payloads/vendor-dashboard";
import { serviceOrders } from "../../schema/tables/orders";
import { vendorBusy, vendors, vendorTimeOff } from "../../schema/tables/vendors";
import { parseAvailableSetting } from "../calendar/settings";
import { fail } from "../http/errors";
import { jobSelect, toJobView } from "./dashboard";
import { services } from "../../schema/tables/catalogue";
import { users } from "../../schema/tables/accounts";

/**
 * GET /vendor/me/calendar: the vendor's own days as the calendar page draws them, read from D1 (the
 * vendor_busy projection the vendor's object writes, the jobs, the vendors row). Every item carries local
 * times in the vendor's zone; the buffers are the ones the booking search keeps around jobs and holds
 * (domain/calendar/vendor-view.ts), so the pro sees why a time is not offered.
 */

/** Widest zone offsets (UTC-12 .. UTC+14): a UTC window this much wider holds any zone's local days. */
const ZONE_SLACK_MS = 15 * 3_600_000;
const SHOWN_STATUSES = [ServiceOrderStatus.SCHEDULED, ServiceOrderStatus.IN_PROGRESS, ServiceOrderStatus.COMPLETED];

export async function calendarView(
  db: DrizzleD1Database,
  vendorId: number,
  from: string,
  days: number,
  now: number,
): Promise<CalendarView> {
  const utcStart = Date.parse(`${from}T00:00:00Z`);
  if (!Number.isFinite(utcStart)) fail("INVALID_INPUT", { from: "Use a date like 2026-11-24." });
  // Padding reaches up to 2 hours around a job: read that much more so a neighbour's buffer shows.
  const lo = utcStart - ZONE_SLACK_MS - 3 * 3_600_000;
  const hi = utcStart + days * DAY_MS + ZONE_SLACK_MS + 3 * 3_600_000;
  // One D1 round trip (a batch answers rows by column name: no select repeats one).
  const [vendorRows, busyRows, jobRows, badgeRows] = await db.batch([
    db
      .select({
        tz: vendors.tz,
        available_setting: vendors.available_setting,
        completed_jobs: vendors.completed_jobs,
      })
      .from(vendors)
      .where(eq(vendors.vendor_id, vendorId))
      .limit(1),
    db
      .select({
        kind: vendorBusy.kind,
        ref_id: vendorBusy.ref_id,
        starts_at: vendorBusy.starts_at,
        ends_at: vendorBusy.ends_at,
        is_connect: vendorBusy.is_connect,
        expires_at: vendorBusy.expires_at,
        note: vendorTimeOff.reason,
      })
      .from(vendorBusy)
      .leftJoin(
        vendorTimeOff,
        and(
          eq(vendorBusy.kind, "time_off"),
          eq(vendorTimeOff.vendor_id, vendorBusy.vendor_id),
          sql`CAST(${vendorTimeOff.time_off_id} AS TEXT) = ${vendorBusy.ref_id}`,
        ),
      )
      .where(and(eq(vendorBusy.vendor_id, vendorId), lt(vendorBusy.starts_at, hi), gt(vendorBusy.ends_at, lo))),
    db
      .select(jobSelect)
      .from(serviceOrders)
      .innerJoin(services, eq(services.service_id, serviceOrders.service_id))
      .innerJoin(users, eq(users.user_id, serviceOrders.user_id))
      .where(
        and(
          eq(serviceOrders.vendor_id, vendorId),
          sql`${serviceOrders.service_order_status_id} IN (${sql.join(SHOWN_STATUSES, sql`, `)})`,
          lt(serviceOrders.promised_arrival_time, hi),
          gt(serviceOrders.promised_arrival_time, lo - DAY_MS),
        ),
      ),
    // docs/product.md section 2: the badge counts scheduled items (jobs not yet over) and is red if any waits for the
    // pro's schedule confirmation (scheduled_status 0).
    db
      .select({
        n: sql<number>`count(*)`.as("n"),
        unconfirmed:
          sql<number>`coalesce(sum(CASE WHEN ${serviceOrders.scheduled_status} = 0 THEN 1 ELSE 0 END), 0)`.as(
            "unconfirmed",
          ),
      })
      .from(serviceOrders)
      .where(
        and(
          eq(serviceOrders.vendor_id, vendorId),
          sql`${serviceOrders.service_order_status_id} IN (${ServiceOrderStatus.SCHEDULED}, ${ServiceOrderStatus.IN_PROGRESS})`,
          sql`${serviceOrders.promised_arrival_time} + ${serviceOrders.job_minutes} * ${MINUTE_MS} > ${now}`,
        ),
      ),
  ]);
  const vendor = vendorRows[0];
  if (!vendor) fail("NOT_FOUND");
  const tz = isValidTimeZone(vendor.tz) ? vendor.tz : "UTC";
  const setting = parseAvailableSetting(vendor.available_setting);

  type Raw = Omit<CalendarItem, "start" | "end" | "start_minute" | "end_minute"> & { s: number; e: number };
  const raw: Raw[] = [];
  const forBuffers: BusyForBuffers[] = [];
  const jobIds = new Set<string>();
  for (const j of jobRows) {
    const start = j.promised_arrival_time;
    const end = start + j.job_minutes * MINUTE_MS;
    const view = toJobView(j);
    jobIds.add(String(j.service_order_id));
    raw.push({
      kind: "job",
      id: String(j.service_order_id),
      s: start,
      e: end,
      title: `${view.service} · ${view.name}`,
      scheduled_status: j.scheduled_status,
      job: view,
    });
    if (j.service_order_status_id !== ServiceOrderStatus.COMPLETED) {
      forBuffers.push({ start, end, isConnect: j.is_connect, ref: String(j.service_order_id) });
    }
  }
  for (const b of busyRows) {
    if (b.kind === "time_off") {
      raw.push({
        kind: "time_off",
        id: b.ref_id,
        s: b.starts_at,
        e: b.ends_at,
        title: b.note || "Time off",
        note: b.note,
      });
    } else if (b.kind === "booking") {
      if (jobIds.has(b.ref_id)) continue;
      // Booked by a checkout on this calendar and still waiting for a pro to accept the job.
      raw.push({ kind: "reserved", id: b.ref_id, s: b.starts_at, e: b.ends_at, title: "Reserved for a booking" });
      forBuffers.push({ start: b.starts_at, end: b.ends_at, isConnect: b.is_connect, ref: b.ref_id });
    } else {
      if (b.expires_at !== null && b.expires_at <= now) continue;
      raw.push({
        kind: "hold",
        id: b.ref_id,
        s: b.starts_at,
        e: b.ends_at,
        title: "Held in a checkout",
        expires_at: b.expires_at === null ? null : iso(b.expires_at),
      });
      forBuffers.push({ start: b.starts_at, end: b.ends_at, isConnect: b.is_connect, ref: "hold" });
    }
  }
  for (const buf of bufferIntervals(forBuffers, { tz, completedJobs: vendor.completed_jobs, now })) {
    raw.push({
      kind: buf.kind,
      id: buf.ref,
      s: buf.start,
      e: buf.end,
      title: buf.kind === "padding" ? "Travel padding" : "Rush-hour commute buffer",
    });
  }

  const out: CalendarDay[] = [];
  for (let i = 0; i < days; i++) {
    const date = addDays(from, i);
    const dayStart = startOfLocalDay(date, tz);
    const dayEnd = startOfLocalDay(addDays(date, 1), tz);
    const minuteOf = (t: number) => (t <= dayStart ? 0 : t >= dayEnd ? 24 * 60 : minutesOfTime(localTime(t, tz)));
    const weekday = weekdayOf(date);
    const holiday = holidayOn(date)?.name ?? null;
    const items = raw
      .filter((r) => r.s < dayEnd && r.e > dayStart)
      .map(({ s, e, ...rest }) => ({
        ...rest,
        start: formatLocal(s, tz),
        end: formatLocal(e, tz),
        start_minute: minuteOf(s),
        end_minute: minuteOf(e),
      }))
      .sort((a, b) => a.start_minute - b.start_minute || a.kind.localeCompare(b.kind));
    out.push({
      date,
      weekday,
      hours: (setting.weekly[WEEKDAY_KEYS[weekday]!] ?? []).map(([a, b]) => [a, b] as [string, string]),
      holiday,
      off_for_holiday: holiday !== null && setting.holidayPolicy === "skip",
      items,
    });
  }
  const badge = badgeRows[0];
  return {
    tz,
    from,
    days: out,
    badge: Number(badge?.n ?? 0),
    badge_red: Number(badge?.unconfirmed ?? 0) > 0,
    padding_minutes: basePaddingMinutes(vendor.completed_jobs),
    now,
  };
}

/** Today's local date for the vendor (the page's default `from`). */
export function todayFor(tz: string, now: number): string {
  return localDate(now, isValidTimeZone(tz) ? tz : "UTC");
}
