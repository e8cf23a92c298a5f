import { and, gt, isNull, lt, or, sql } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import {
  canBookHoliday,
  canBookSameDay,
  freeSlots,
  isFreeAt,
  type BusyInterval,
  type FreeSlotsResult,
} from "../../domain/calendar/availability";
import { holidayMap } from "../../domain/calendar/holidays";
import type { MatchingWindow } from "../../domain/calendar/matching";
import { BOOKING_HORIZON_DAYS } from "../../domain/calendar/slots";
import { addDays, DAY_MS, dayNumber, MINUTE_MS, zoneTable } from "../../domain/calendar/time";
import { rulesInputOf, type VendorSettings } from "../../domain/calendar/hold-rules";
import { vendorBusy } from "../../schema/tables/vendors";

const SLOT_MS = 30 * MINUTE_MS;

/**
 * Free-slot search over D1's busy projection (DESIGN section 3): one query for the busy rows of any number
 * of vendors, then pure computation with domain/calendar's freeSlots, the same rules the vendor's object
 * applies when it grants a hold. No Durable Object is woken by a search.
 */

/** Busy rows of these vendors that can matter to starts in [from, to): expired holds left out. */
export function busyQuery(db: DrizzleD1Database, vendorIds: readonly number[], now: number, from: number, to: number) {
  return db
    .select({
      vendor_id: vendorBusy.vendor_id,
      starts_at: vendorBusy.starts_at,
      ends_at: vendorBusy.ends_at,
      kind: vendorBusy.kind,
      ref_id: vendorBusy.ref_id,
      is_connect: vendorBusy.is_connect,
    })
    .from(vendorBusy)
    .where(
      and(
        sql`${vendorBusy.vendor_id} IN (SELECT value FROM json_each(${JSON.stringify(vendorIds)}))`,
        gt(vendorBusy.ends_at, from),
        lt(vendorBusy.starts_at, to),
        or(isNull(vendorBusy.expires_at), gt(vendorBusy.expires_at, now)),
      ),
    );
}

export type BusyRow = Awaited<ReturnType<typeof busyQuery>>[number];

/** What a search leaves out: the caller's own holds (an item being moved) and a booking being rescheduled. */
export interface Exclusions {
  holds?: ReadonlySet<string>;
  bookings?: ReadonlySet<string>;
}

/** Busy rows per vendor as domain/calendar intervals (booking -> job, hold -> hold, time_off -> block). */
export function busyByVendor(rows: readonly BusyRow[], exclude: Exclusions = {}): Map<number, BusyInterval[]> {
  const out = new Map<number, BusyInterval[]>();
  for (const r of rows) {
    if (r.kind === "hold" && exclude.holds?.has(r.ref_id)) continue;
    if (r.kind === "booking" && exclude.bookings?.has(r.ref_id)) continue;
    const list = out.get(r.vendor_id) ?? [];
    list.push({
      start: r.starts_at,
      end: r.ends_at,
      isConnect: r.is_connect,
      kind: r.kind === "time_off" ? "block" : r.kind === "hold" ? "hold" : "job",
    });
    out.set(r.vendor_id, list);
  }
  return out;
}

export interface SlotSearch {
  settings: VendorSettings;
  busy: readonly BusyInterval[];
  durationMinutes: number;
  isConnect: boolean;
  now: number;
  /** Local dates in the vendor's zone (defaults: today .. the 88-day horizon). */
  from?: string;
  to?: string;
  /**
   * Days from today the search may reach (default the 88-day horizon). A short window passes its own
   * length: freeSlots reads the zone's offsets once per day of the horizon, the main cost per vendor.
   */
  horizonDays?: number;
}

/** One vendor's free starts (domain/calendar freeSlots with the vendor's settings). */
export function vendorFreeSlots(s: SlotSearch): FreeSlotsResult {
  if (!s.settings.bookable) return { days: [], sameDayAllowed: false, holidaysAllowed: false };
  return freeSlots({
    ...rulesInputOf(s.settings, s, s.busy),
    from: s.from,
    to: s.to,
    horizonDays: s.horizonDays,
  });
}

/** Is the vendor free at `start` by the projection (domain/calendar isFreeAt, as the object will check)? */
export function vendorFreeAt(s: Omit<SlotSearch, "from" | "to">, start: number): boolean {
  if (!s.settings.bookable) return false;
  return isFreeAt(rulesInputOf(s.settings, s, s.busy), start);
}

/** Local "HH:MM" of increasing instants in `tz`, through one zone table instead of an Intl call each. */
export function wallTimes(starts: readonly number[], tz: string): string[] {
  if (starts.length === 0) return [];
  const zone = zoneTable(tz, starts[0]!, starts[starts.length - 1]!);
  return starts.map((s) => new Date(zone.toWall(s)).toISOString().slice(11, 16));
}

// ---------------------------------------------------------------------------------------- matching

export interface MatchCandidate {
  vendorId: number;
  isPro: boolean;
  settings: VendorSettings;
  busy: readonly BusyInterval[];
}

export interface MatchResult {
  days: Array<{
    date: string;
    holiday?: string;
    slots: Array<{ time: string; start: number; standard_vendor_count: number; pro_vendor_count: number }>;
  }>;
  /** Vendors with at least one free start in the window. */
  freeVendors: number;
  /** The earliest free start of any vendor, or null. */
  first: number | null;
}

/**
 * Professional matching (processType 2): for each start time in the window, how many standard and pro
 * vendors are free, in the customer's zone `tz`. Vendors with no busy time and the same rules give the same
 * answer, so their free starts are computed once per distinct rule set (most of a market on most days).
 */
export function matchSlots(args: {
  candidates: readonly MatchCandidate[];
  durationMinutes: number;
  isConnect: boolean;
  now: number;
  tz: string;
  window: MatchingWindow;
}): MatchResult {
  // Counts per start in two typed arrays indexed by half-hour since `base`: US zones sit on the half-hour
  // grid, so every start has a slot; anything else (a 45-minute zone) falls back to a map.
  const base = Math.floor((dayNumber(args.window.from) - 2) * (DAY_MS / SLOT_MS)) * SLOT_MS;
  const size = (args.window.days + 4) * (DAY_MS / SLOT_MS);
  const std = new Uint32Array(size);
  const pro = new Uint32Array(size);
  const odd = new Map<number, { std: number; pro: number }>();
  const memo = new Map<string, number[]>();
  let freeVendors = 0;
  for (const c of args.candidates) {
    const v = c.settings;
    if (!v.bookable) continue;
    // The window is the customer's dates; a vendor in another zone is searched a day wider and trimmed below.
    const search = {
      settings: v,
      busy: c.busy,
      durationMinutes: args.durationMinutes,
      isConnect: args.isConnect,
      now: args.now,
      from: v.tz === args.tz ? args.window.from : addDays(args.window.from, -1),
      to: v.tz === args.tz ? args.window.to : addDays(args.window.to, 1),
      // The window counts today as day 1; one more day covers a vendor whose zone is ahead.
      horizonDays: Math.min(BOOKING_HORIZON_DAYS, args.window.days + 1),
    };
    let starts: number[] | undefined;
    let key: string | null = null;
    if (c.busy.length === 0) {
      // With nothing booked, padding and the 60% rule cannot matter: hours, zone and gates decide.
      key = JSON.stringify([
        v.tz,
        v.weekly,
        v.sameDay && canBookSameDay(v.reliability).allowed,
        v.holidayPolicy === "work" && canBookHoliday(v.reliability).allowed,
      ]);
      starts = memo.get(key);
    }
    if (!starts) {
      starts = vendorFreeSlots(search).days.flatMap((d) => d.starts);
      if (key !== null) memo.set(key, starts);
    }
    if (starts.length > 0) freeVendors += 1;
    const counter = c.isPro ? pro : std;
    for (const s of starts) {
      const offset = s - base;
      const i = offset / SLOT_MS;
      if (offset % SLOT_MS === 0 && i >= 0 && i < size) counter[i]! += 1;
      else {
        const entry = odd.get(s) ?? { std: 0, pro: 0 };
        if (c.isPro) entry.pro += 1;
        else entry.std += 1;
        odd.set(s, entry);
      }
    }
  }
  const counts = new Map<number, { std: number; pro: number }>(odd);
  for (let i = 0; i < size; i++)
    if (std[i]! > 0 || pro[i]! > 0) counts.set(base + i * SLOT_MS, { std: std[i]!, pro: pro[i]! });

  const { from, to } = args.window;
  const holidays = holidayMap(from, to);
  const byDate = new Map<string, MatchResult["days"][number]>();
  for (let d = dayNumber(from); d <= dayNumber(to); d++) {
    const date = addDays(from, d - dayNumber(from));
    const day: MatchResult["days"][number] = { date, slots: [] };
    const holiday = holidays.get(date);
    if (holiday) day.holiday = holiday;
    byDate.set(date, day);
  }
  const starts = [...counts.keys()].sort((a, b) => a - b);
  let first: number | null = null;
  if (starts.length > 0) {
    // One zone table for all starts: wall times by lookup instead of an Intl call per start.
    const zone = zoneTable(args.tz, starts[0]!, starts[starts.length - 1]!);
    for (const s of starts) {
      const wall = new Date(zone.toWall(s)).toISOString();
      const day = byDate.get(wall.slice(0, 10));
      if (!day) continue;
      const n = counts.get(s)!;
      first ??= s;
      day.slots.push({ time: wall.slice(11, 16), start: s, standard_vendor_count: n.std, pro_vendor_count: n.pro });
    }
  }
  return { days: [...byDate.values()], freeVendors, first };
}
