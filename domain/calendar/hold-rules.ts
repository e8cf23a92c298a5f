/**
 * The hold judgement shared by search and the vendor's calendar object: the rules input built from a vendor's
 * settings, the refusal a start gets (and why), a live hold re-validated later, and the free start nearest to
 * a refused one. Pure: time and settings come in as arguments.
 */
import {
  allStarts,
  canBookHoliday,
  canBookSameDay,
  freeSlots,
  isFreeAt,
  type BusyInterval,
  type FreeSlotsInput,
  type HolidayPolicy,
  type TimeRange,
  type WeeklySchedule,
} from "./availability";
import { holidayOn } from "./holidays";
import { checkSlotStart } from "./slots";
import { DAY_MS, MINUTE_MS, addDays, formatLocal, localDate } from "./time";

/** A vendor's calendar settings (built from the vendors row by worker/calendar/settings.ts). */
export interface VendorSettings {
  vendorId: number;
  /** vendors.updated_at: the object keeps the newest snapshot it has seen. */
  version: number;
  tz: string;
  weekly: WeeklySchedule;
  sameDay: boolean;
  holidayPolicy: HolidayPolicy;
  completedJobs: number;
  reliability: number;
  /** Active and not soft-banned. */
  bookable: boolean;
}

export type RefusalCode =
  | "CART_ITEM_NOT_AVAILABLE"
  | "CART_ITEM_DATE_CHANGED"
  | "INVALID_INPUT"
  | "RELIABILITY_TOO_LOW"
  | "TIME_OFF_OVERLAPS_JOB";

/** The free start nearest to the one asked for, so the UI can highlight it. */
export interface Alternative {
  start: number;
  /** "YYYY-MM-DD HH:MM" in the vendor's zone. */
  local: string;
}

export interface Refusal {
  ok: false;
  code: RefusalCode;
  /** Why, for logs and tests: conflict, off-grid, outside-hours, too-soon, past, beyond-horizon, ... */
  reason: string;
  fields?: Record<string, string>;
  alternative: Alternative | null;
}

export interface JudgeInput {
  settings: VendorSettings;
  now: number;
  start: number;
  durationMinutes: number;
  isConnect: boolean;
  /** Jobs, holds and blocks (time off as kind "block"). */
  busy: readonly BusyInterval[];
}

/** What a job asks of a vendor's time: when the question is asked, how long, and whether it is connect. */
export interface JobAsk {
  now: number;
  durationMinutes: number;
  isConnect: boolean;
}

/**
 * The one builder of the availability rules' input from a vendor's settings: search (worker/calendar/search.ts)
 * and the vendor's object both call it, so a time search shows is a time the object grants.
 */
export function rulesInputOf(
  settings: VendorSettings,
  ask: JobAsk,
  busy: readonly BusyInterval[],
): Omit<FreeSlotsInput, "from" | "to"> {
  return {
    now: ask.now,
    tz: settings.tz,
    weekly: settings.weekly,
    busy,
    durationMinutes: ask.durationMinutes,
    isConnect: ask.isConnect,
    completedJobCount: settings.completedJobs,
    reliability: settings.reliability,
    sameDay: settings.sameDay,
    holidayPolicy: settings.holidayPolicy,
  };
}

const rulesInput = (j: JudgeInput, busy: readonly BusyInterval[]) => rulesInputOf(j.settings, j, busy);

/**
 * The free start nearest to `start` over the booking horizon (ties go to the earlier one), or null. The
 * local day before, of and after the start are searched first: a start found there no more than 24 hours
 * away is nearer than anything two days off, so the full horizon is swept only when those days are full.
 */
export function nearestFreeStart(j: JudgeInput): Alternative | null {
  const nearest = (starts: readonly number[]): number | null => {
    let best: number | null = null;
    for (const s of starts) if (best === null || Math.abs(s - j.start) < Math.abs(best - j.start)) best = s;
    return best;
  };
  const date = localDate(j.start, j.settings.tz);
  const around = nearest(
    allStarts(freeSlots({ ...rulesInput(j, j.busy), from: addDays(date, -1), to: addDays(date, 1) })),
  );
  const best =
    around !== null && Math.abs(around - j.start) <= DAY_MS
      ? around
      : nearest(allStarts(freeSlots(rulesInput(j, j.busy))));
  return best === null ? null : { start: best, local: formatLocal(best, j.settings.tz) };
}

/**
 * null when the start can be held; otherwise the refusal (without the alternative). The acceptance test is
 * exactly domain/calendar isFreeAt, the rule search uses; the rest only explains a refusal:
 * - off the grid, outside the vendor's hours, a holiday or same-day the vendor does not work:
 *   CART_ITEM_DATE_CHANGED (the vendor's time moved);
 * - a holiday or same-day the vendor works but is not reliable enough for: RELIABILITY_TOO_LOW;
 * - past, sooner than 90 minutes, beyond the 88-day horizon: INVALID_INPUT;
 * - everything else (a job, hold or time off in the way): CART_ITEM_NOT_AVAILABLE.
 */
export function judgeHold(j: JudgeInput): Omit<Refusal, "alternative"> | null {
  const s = j.settings;
  if (!s.bookable) return { ok: false, code: "CART_ITEM_NOT_AVAILABLE", reason: "vendor-not-bookable" };
  if (isFreeAt(rulesInput(j, j.busy), j.start)) return null;

  const slot = checkSlotStart(j.start, j.now, s.tz);
  if (slot === "off-grid") return { ok: false, code: "CART_ITEM_DATE_CHANGED", reason: "off-grid" };
  if (slot === "too-soon") {
    const past = j.start <= j.now;
    return {
      ok: false,
      code: "INVALID_INPUT",
      reason: past ? "past" : "too-soon",
      fields: {
        selectedDate: past ? "That time has passed." : "Choose a time at least 90 minutes from now.",
      },
    };
  }
  if (slot === "beyond-horizon") {
    return {
      ok: false,
      code: "INVALID_INPUT",
      reason: "beyond-horizon",
      fields: { selectedDate: "Choose a time within the next 88 days." },
    };
  }
  const date = localDate(j.start, s.tz);
  if (holidayOn(date) && s.holidayPolicy === "work" && !canBookHoliday(s.reliability).allowed) {
    return { ok: false, code: "RELIABILITY_TOO_LOW", reason: "holiday-gate" };
  }
  if (date === localDate(j.now, s.tz) && s.sameDay && !canBookSameDay(s.reliability).allowed) {
    return { ok: false, code: "RELIABILITY_TOO_LOW", reason: "same-day-gate" };
  }
  if (!isFreeAt(rulesInput(j, []), j.start)) {
    return { ok: false, code: "CART_ITEM_DATE_CHANGED", reason: "outside-hours" };
  }
  return { ok: false, code: "CART_ITEM_NOT_AVAILABLE", reason: "conflict" };
}

/**
 * A live hold re-validated later (GET /booking/cart): it keeps its time unless the vendor's hours or
 * opt-ins no longer cover it (CART_ITEM_DATE_CHANGED) or time off now covers it (CART_ITEM_NOT_AVAILABLE).
 * Other jobs cannot have moved into it (the object refused them), and the lead time and short-notice
 * padding are judged as of the moment the hold was granted, so a hold does not flip while it is held.
 */
export function judgeLiveHold(
  j: Omit<JudgeInput, "busy"> & { grantedAt: number; timeOff: readonly TimeRange[] },
): "CART_ITEM_DATE_CHANGED" | "CART_ITEM_NOT_AVAILABLE" | null {
  const base: JudgeInput = { ...j, now: j.grantedAt, busy: [] };
  if (!isFreeAt(rulesInput(base, []), j.start)) return "CART_ITEM_DATE_CHANGED";
  const end = j.start + j.durationMinutes * MINUTE_MS;
  for (const t of j.timeOff) if (t.start < end && t.end > j.start) return "CART_ITEM_NOT_AVAILABLE";
  return null;
}
