/**
 * Free start times of one vendor, and the conflict check the vendor's Durable Object repeats before it
 * accepts a hold (docs/architecture.md section 3: search is computed from D1's projection, the object re-checks).
 * Both paths go through the same pair rule below, so a slot search shows is a slot the object accepts.
 *
 * Rules applied (docs/product.md section 9, readings in docs/decisions/010-calendar-rules.md):
 * - 30-minute grid 06:00-21:30 local, horizon 88 days, starts no sooner than now + 90 minutes (slots.ts).
 * - The job's listed duration must fit inside one of the day's working ranges and must not overlap time
 *   off or other hard blocks.
 * - Against other jobs and holds, a non-connect job (candidate or booked) counts for 60% of its duration,
 *   and consecutive jobs need the padding of padding.ts between them.
 * - Holidays are skipped unless the vendor works holidays and is reliable enough; today is offered only
 *   when same-day booking is on and the vendor is reliable enough.
 *
 * Cost: one Intl read per day of the span (zone table), a sort of the busy list, then a single sweep over
 * the 32 slots of each day with two moving pointers. 88 days and 300 jobs run in well under 2 ms.
 */
import { messageFor } from "../messages";
import { holidayMap, type Holiday, type HolidayName } from "./holidays";
import {
  COMMUTE_BUFFER_MINUTES,
  MAX_GAP_MINUTES,
  isCommuteEnd,
  isCommuteStart,
  paddingMinutes,
  type LocalPoint,
} from "./padding";
import { BOOKING_HORIZON_DAYS, SLOT_START_MINUTES, earliestStart } from "./slots";
import {
  DAY_MS,
  MINUTE_MS,
  dateOfDayNumber,
  dayNumber,
  minutesOfTime,
  weekdayOfDayNumber,
  zoneTable,
  type ZoneTable,
} from "./time";

// ---------------------------------------------------------------------------------------------------
// Reliability gates (docs/product.md section 6)

/** Reliability needed to work holidays: the starting level, so new vendors in good standing may. */
export const HOLIDAY_MIN_RELIABILITY = 50;
/** Reliability needed to take same-day bookings: above the starting level, earned by a track record. */
export const SAME_DAY_MIN_RELIABILITY = 70;

export type FeatureGate = { allowed: true } | { allowed: false; code: "RELIABILITY_TOO_LOW"; message: string };

function gate(reliability: number, min: number): FeatureGate {
  if (Number.isFinite(reliability) && reliability >= min) return { allowed: true };
  return { allowed: false, code: "RELIABILITY_TOO_LOW", message: messageFor("RELIABILITY_TOO_LOW") };
}

/** May a vendor with this reliability enable same-day bookings? */
export function canBookSameDay(reliability: number): FeatureGate {
  return gate(reliability, SAME_DAY_MIN_RELIABILITY);
}

/** May a vendor with this reliability enable holiday work? */
export function canBookHoliday(reliability: number): FeatureGate {
  return gate(reliability, HOLIDAY_MIN_RELIABILITY);
}

// ---------------------------------------------------------------------------------------------------
// Inputs

export const WEEKDAY_KEYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"] as const;
export type WeekdayKey = (typeof WEEKDAY_KEYS)[number];

/** Local working ranges per weekday, e.g. { mon: [["09:00", "17:00"]] }; "24:00" ends at midnight. */
export type WeeklySchedule = Partial<Record<WeekdayKey, ReadonlyArray<readonly [string, string]>>>;

/**
 * job: a booked job; hold: a checkout reservation (treated like a job); block: hard unavailability
 * such as a synced personal event (treated like time off: no padding, no 60% rule).
 */
export type BusyKind = "job" | "hold" | "block";

export interface BusyInterval {
  /** Instant the job starts (promised arrival). */
  start: number;
  /** Instant the job's listed duration ends. */
  end: number;
  isConnect: boolean;
  kind: BusyKind;
}

export interface TimeRange {
  start: number;
  end: number;
}

/** Share of a non-connect job's duration that counts in conflict checks (docs/product.md section 9). */
export const NON_CONNECT_CONFLICT_SHARE = 0.6;

/** Duration (ms) a job occupies for conflict checks: 60% for non-connect jobs, all of it for connect jobs. */
export function conflictDurationMs(durationMs: number, isConnect: boolean): number {
  return isConnect ? durationMs : Math.round((durationMs * 3) / 5);
}

// ---------------------------------------------------------------------------------------------------
// The pair rule

interface PreparedJob {
  start: number;
  /** start + conflict duration */
  effEnd: number;
  /** The drive to this job is a rush-hour drive. */
  startsRush: boolean;
  /** The drive from this job is a rush-hour drive. */
  endsRush: boolean;
}

function localPoint(zone: ZoneTable, instant: number): LocalPoint {
  const wall = zone.toWall(instant);
  const day = Math.floor(wall / DAY_MS);
  return { weekday: weekdayOfDayNumber(day), minute: Math.floor((wall - day * DAY_MS) / MINUTE_MS) };
}

function prepareJob(zone: ZoneTable, start: number, end: number, isConnect: boolean): PreparedJob {
  const effEnd = start + conflictDurationMs(end - start, isConnect);
  return {
    start,
    effEnd,
    startsRush: isCommuteStart(localPoint(zone, start)),
    endsRush: isCommuteEnd(localPoint(zone, effEnd)),
  };
}

const COMMUTE_MS = COMMUTE_BUFFER_MINUTES * MINUTE_MS;
const MAX_GAP_MS = MAX_GAP_MINUTES * MINUTE_MS;

/** Do jobs c and b collide once padding (padMs) and the commute buffer of the drive between them apply? */
function pairConflicts(c: PreparedJob, b: PreparedJob, padMs: number): boolean {
  if (b.start <= c.start) {
    const gap = padMs + (b.endsRush || c.startsRush ? COMMUTE_MS : 0);
    return b.effEnd + gap > c.start;
  }
  const gap = padMs + (c.endsRush || b.startsRush ? COMMUTE_MS : 0);
  return c.effEnd + gap > b.start;
}

function splitBusy(
  zone: ZoneTable,
  busy: readonly BusyInterval[],
  timeOff: readonly TimeRange[],
  lo: number,
  hi: number,
): { jobs: PreparedJob[]; blocks: TimeRange[] } {
  const jobs: PreparedJob[] = [];
  const blocks: TimeRange[] = [];
  for (const b of busy) {
    if (!(b.end > b.start) || b.end <= lo || b.start >= hi) continue;
    if (b.kind === "block") blocks.push({ start: b.start, end: b.end });
    else jobs.push(prepareJob(zone, b.start, b.end, b.isConnect));
  }
  for (const t of timeOff) {
    if (t.end > t.start && t.end > lo && t.start < hi) blocks.push({ start: t.start, end: t.end });
  }
  jobs.sort((x, y) => x.start - y.start);
  blocks.sort((x, y) => x.start - y.start);
  return { jobs, blocks };
}

// ---------------------------------------------------------------------------------------------------
// Conflict check for one candidate (used by the vendor's Durable Object)

export interface Candidate {
  start: number;
  /** Instant the listed duration ends. */
  end: number;
  isConnect: boolean;
}

export interface ConflictRules {
  now: number;
  tz: string;
  completedJobCount: number;
}

/**
 * True when the candidate cannot sit next to the vendor's busy time: it overlaps a block or time off
 * (full listed duration), or it is closer to a job or hold than padding and commute buffers allow (60%
 * rule applied to non-connect jobs on both sides). Working hours are not checked here (see isFreeAt).
 */
export function conflicts(
  candidate: Candidate,
  busy: readonly BusyInterval[],
  rules: ConflictRules,
  timeOff: readonly TimeRange[] = [],
): boolean {
  if (!(candidate.end > candidate.start)) throw new RangeError("Candidate must end after it starts");
  const lo = candidate.start - MAX_GAP_MS;
  const hi = candidate.end + MAX_GAP_MS;
  const zone = zoneTable(rules.tz, lo, hi);
  const { jobs, blocks } = splitBusy(zone, busy, timeOff, lo, hi);
  for (const b of blocks) if (b.start < candidate.end && b.end > candidate.start) return true;
  const c = prepareJob(zone, candidate.start, candidate.end, candidate.isConnect);
  const padMs = paddingMinutes(rules.completedJobCount, (candidate.start - rules.now) / MINUTE_MS) * MINUTE_MS;
  for (const b of jobs) if (pairConflicts(c, b, padMs)) return true;
  return false;
}

// ---------------------------------------------------------------------------------------------------
// Free slots

export type HolidayPolicy = "skip" | "work";

export interface FreeSlotsInput {
  /** The frozen "now" (instant). */
  now: number;
  /** The vendor's IANA time zone (the service address's zone). */
  tz: string;
  weekly: WeeklySchedule;
  busy: readonly BusyInterval[];
  timeOff?: readonly TimeRange[];
  /** Listed duration of the job being booked. */
  durationMinutes: number;
  /** The job being booked is a connect job (counts at full length). Default false. */
  isConnect?: boolean;
  /** Vendor experience; sets the padding tier (padding.ts). */
  completedJobCount: number;
  reliability: number;
  /** The vendor accepts same-day bookings (still gated by reliability). Default true. */
  sameDay?: boolean;
  /** "work": the vendor works holidays (still gated by reliability). Default "skip". */
  holidayPolicy?: HolidayPolicy;
  /** Holiday list override; defaults to holidays.ts. */
  holidays?: readonly Holiday[];
  horizonDays?: number;
  /** First local date to list (clamped to today). */
  from?: string;
  /** Last local date to list (clamped to the horizon). */
  to?: string;
}

export interface DaySlots {
  date: string;
  /** Free start instants, increasing. */
  starts: number[];
  /** Set when the date is a holiday (skipped unless holiday work is on). */
  holiday?: HolidayName;
}

export interface FreeSlotsResult {
  days: DaySlots[];
  sameDayAllowed: boolean;
  holidaysAllowed: boolean;
}

type MinuteRange = [number, number];

/** Per weekday (0 = Sunday), the working ranges in minutes, sorted and merged. */
function weeklyMinutes(weekly: WeeklySchedule): MinuteRange[][] {
  return WEEKDAY_KEYS.map((key) => {
    const ranges: MinuteRange[] = [];
    for (const [a, b] of weekly[key] ?? []) {
      const s = minutesOfTime(a);
      const e = minutesOfTime(b);
      if (e > s) ranges.push([s, e]);
    }
    ranges.sort((x, y) => x[0] - y[0]);
    const merged: MinuteRange[] = [];
    for (const r of ranges) {
      const last = merged[merged.length - 1];
      if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
      else merged.push([r[0], r[1]]);
    }
    return merged;
  });
}

export function freeSlots(input: FreeSlotsInput): FreeSlotsResult {
  const { now, tz } = input;
  if (!Number.isInteger(input.durationMinutes) || input.durationMinutes <= 0) {
    throw new RangeError("durationMinutes must be a positive integer");
  }
  const durationMs = input.durationMinutes * MINUTE_MS;
  const effMs = conflictDurationMs(durationMs, input.isConnect ?? false);
  const horizonDays = input.horizonDays ?? BOOKING_HORIZON_DAYS;
  const sameDayAllowed = (input.sameDay ?? true) && canBookSameDay(input.reliability).allowed;
  const holidaysAllowed = input.holidayPolicy === "work" && canBookHoliday(input.reliability).allowed;

  // The zone table is built from a rough window first, then read to find "today".
  const nowDayRough = Math.floor(now / DAY_MS);
  const zone = zoneTable(tz, (nowDayRough - 1) * DAY_MS, (nowDayRough + horizonDays + 2) * DAY_MS);
  const today = Math.floor(zone.toWall(now) / DAY_MS);
  let first = today;
  let last = today + horizonDays;
  if (input.from !== undefined) first = Math.max(first, dayNumber(input.from));
  if (input.to !== undefined) last = Math.min(last, dayNumber(input.to));
  const result: FreeSlotsResult = { days: [], sameDayAllowed, holidaysAllowed };
  if (first > last) return result;

  const holidays = input.holidays
    ? new Map(input.holidays.map((h) => [h.date, h.name] as const))
    : holidayMap(dateOfDayNumber(first), dateOfDayNumber(last));
  const week = weeklyMinutes(input.weekly);

  // Busy time that can matter: anything within the largest gap of the listed days.
  const spanLo = first * DAY_MS - DAY_MS - MAX_GAP_MS;
  const spanHi = (last + 2) * DAY_MS + durationMs + MAX_GAP_MS;
  const { jobs, blocks } = splitBusy(zone, input.busy, input.timeOff ?? [], spanLo, spanHi);

  const earliest = earliestStart(now);
  let jobLo = 0;
  let jobHi = 0;
  let blockLo = 0;
  let blockHi = 0;

  for (let day = first; day <= last; day++) {
    const date = dateOfDayNumber(day);
    const entry: DaySlots = { date, starts: [] };
    const holiday = holidays.get(date);
    if (holiday) entry.holiday = holiday;
    result.days.push(entry);
    if (holiday && !holidaysAllowed) continue;
    if (day === today && !sameDayAllowed) continue;
    const ranges = week[weekdayOfDayNumber(day)]!;
    if (ranges.length === 0) continue;

    const dayWall = day * DAY_MS;
    const work = ranges.map(([a, b]) => [
      zone.toInstant(dayWall + a * MINUTE_MS),
      zone.toInstant(dayWall + b * MINUTE_MS),
    ]);
    let prev = -Infinity;
    for (const m of SLOT_START_MINUTES) {
      const s = zone.toInstant(dayWall + m * MINUTE_MS);
      if (s <= prev) continue; // a DST gap pushed this slot onto the next one
      prev = s;
      if (s < earliest) continue;
      const e = s + durationMs;

      let fits = false;
      for (const [ws, we] of work) {
        if (ws! <= s && e <= we!) {
          fits = true;
          break;
        }
      }
      if (!fits) continue;

      while (blockHi < blocks.length && blocks[blockHi]!.start < e) blockHi++;
      while (blockLo < blockHi && blocks[blockLo]!.end <= s) blockLo++;
      let blocked = false;
      for (let i = blockLo; i < blockHi; i++) {
        if (blocks[i]!.end > s) {
          blocked = true;
          break;
        }
      }
      if (blocked) continue;

      const cand: PreparedJob = {
        start: s,
        effEnd: s + effMs,
        startsRush: isCommuteStart(localPoint(zone, s)),
        endsRush: isCommuteEnd(localPoint(zone, s + effMs)),
      };
      const padMs = paddingMinutes(input.completedJobCount, (s - now) / MINUTE_MS) * MINUTE_MS;
      while (jobHi < jobs.length && jobs[jobHi]!.start < cand.effEnd + MAX_GAP_MS) jobHi++;
      while (jobLo < jobHi && jobs[jobLo]!.effEnd + MAX_GAP_MS <= s) jobLo++;
      let clash = false;
      for (let i = jobLo; i < jobHi; i++) {
        if (pairConflicts(cand, jobs[i]!, padMs)) {
          clash = true;
          break;
        }
      }
      if (!clash) entry.starts.push(s);
    }
  }
  return result;
}

/** All free start instants of a result, increasing. */
export function allStarts(result: FreeSlotsResult): number[] {
  return result.days.flatMap((d) => d.starts);
}

/**
 * The full re-check for one start: grid, lead time, horizon, holidays, same-day gate, working hours,
 * time off and conflicts. Computes that one local day with freeSlots, so it can never disagree with search.
 */
export function isFreeAt(input: Omit<FreeSlotsInput, "from" | "to">, start: number): boolean {
  const wall = zoneTable(input.tz, start - DAY_MS, start + DAY_MS).toWall(start);
  const date = dateOfDayNumber(Math.floor(wall / DAY_MS));
  const day = freeSlots({ ...input, from: date, to: date }).days[0];
  return day !== undefined && day.starts.includes(start);
}
