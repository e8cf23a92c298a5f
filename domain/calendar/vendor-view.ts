import { conflictDurationMs, WEEKDAY_KEYS, type WeekdayKey } from "./availability";
import {
  basePaddingMinutes,
  COMMUTE_BUFFER_MINUTES,
  isCommuteEnd,
  isCommuteStart,
  SHORT_NOTICE_EXTRA_MINUTES,
  SHORT_NOTICE_HOURS,
} from "./padding";
import { SLOT_MINUTES } from "./slots";
import { HOUR_MS, MINUTE_MS, minutesOfTime, zonedParts } from "./time";

/**
 * What the vendor's own calendar page (/business/calendar) shows besides the jobs themselves: the padding
 * and commute buffers the booking search keeps around each job (so a pro sees why a time is not offered),
 * and the rules of the weekly working hours a pro may save. Pure: time and zone come in as arguments.
 */

/** Working hours a pro may set: 06:00 to 22:00 on the 30-minute grid (docs/product.md section 9: slots 06:00-21:30). */
export const WORK_DAY_FIRST_MINUTE = 6 * 60;
export const WORK_DAY_LAST_MINUTE = 22 * 60;
/** At most this many ranges per day (a split shift or two is plenty; keeps the JSON small). */
export const MAX_RANGES_PER_DAY = 4;

const HHMM = /^([01]\d|2[0-4]):([0-5]\d)$/;

/**
 * Checks one day's ranges: "HH:MM" on the 30-minute grid, start before end, within 06:00-22:00, in order
 * and not overlapping. Answers the first problem as a sentence, or null.
 */
export function weeklyRangeProblem(ranges: ReadonlyArray<readonly [string, string]>): string | null {
  if (ranges.length > MAX_RANGES_PER_DAY) return `Use at most ${MAX_RANGES_PER_DAY} time ranges a day.`;
  let previousEnd = -1;
  for (const [from, to] of ranges) {
    if (!HHMM.test(from) || !HHMM.test(to)) return "Times must look like 09:00.";
    const a = minutesOfTime(from);
    const b = minutesOfTime(to);
    if (a % SLOT_MINUTES !== 0 || b % SLOT_MINUTES !== 0) return "Times must be on the hour or half hour.";
    if (a < WORK_DAY_FIRST_MINUTE || b > WORK_DAY_LAST_MINUTE) return "Working hours must be between 06:00 and 22:00.";
    if (b <= a) return "Each range must end after it starts.";
    if (a < previousEnd) return "Ranges must be in order and must not overlap.";
    previousEnd = b;
  }
  return null;
}

/** Problems of a whole week, keyed by "weekly.<day>" for the INVALID_INPUT answer; empty when fine. */
export function weeklyProblems(weekly: Partial<Record<string, ReadonlyArray<readonly [string, string]>>>) {
  const fields: Record<string, string> = {};
  for (const [day, ranges] of Object.entries(weekly)) {
    if (!(WEEKDAY_KEYS as readonly string[]).includes(day)) {
      fields[`weekly.${day}`] = "Unknown day.";
      continue;
    }
    const problem = weeklyRangeProblem(ranges ?? []);
    if (problem) fields[`weekly.${day as WeekdayKey}`] = problem;
  }
  return fields;
}

export interface BusyForBuffers {
  start: number;
  /** End of the listed duration. */
  end: number;
  isConnect: boolean;
  /** What the buffer belongs to (a job id, "hold"...), echoed back. */
  ref: string;
}

export interface BufferInterval {
  kind: "padding" | "commute";
  start: number;
  end: number;
  ref: string;
}

function localPoint(instant: number, tz: string) {
  const p = zonedParts(instant, tz);
  return { weekday: p.weekday, minute: p.hour * 60 + p.minute };
}

/**
 * The time around each job or hold in which the booking search offers no other job (domain/calendar
 * availability `conflicts`): after the job's conflict end (60% of a non-connect job), the base padding for
 * the pro's experience, 30 minutes more when that time is under 24 hours from `now` (short notice), then
 * the 30-minute commute buffer when the job ends in the evening rush; before the job, the padding a job
 * ending there would need, plus the commute buffer when this job starts in the rush. Parts that fall
 * inside the job itself are left out, so the page draws them beside the job.
 */
export function bufferIntervals(
  busy: readonly BusyForBuffers[],
  rules: { tz: string; completedJobs: number; now: number },
): BufferInterval[] {
  const out: BufferInterval[] = [];
  const base = basePaddingMinutes(rules.completedJobs) * MINUTE_MS;
  const shortNotice = (at: number) =>
    at - rules.now < SHORT_NOTICE_HOURS * HOUR_MS ? SHORT_NOTICE_EXTRA_MINUTES * MINUTE_MS : 0;
  const commute = COMMUTE_BUFFER_MINUTES * MINUTE_MS;
  for (const b of busy) {
    if (!(b.end > b.start)) continue;
    const effEnd = b.start + conflictDurationMs(b.end - b.start, b.isConnect);
    // After: padding from the conflict end, shown from where the listed job ends.
    const padAfterEnd = effEnd + base + shortNotice(effEnd);
    if (padAfterEnd > b.end) out.push({ kind: "padding", start: b.end, end: padAfterEnd, ref: b.ref });
    if (isCommuteEnd(localPoint(effEnd, rules.tz))) {
      const from = Math.max(padAfterEnd, b.end);
      if (padAfterEnd + commute > from)
        out.push({ kind: "commute", start: from, end: padAfterEnd + commute, ref: b.ref });
    }
    // Before: a job ending within the padding (and commute) before this start cannot be booked.
    const padBeforeStart = b.start - base - shortNotice(b.start - base);
    const commuteBefore = isCommuteStart(localPoint(b.start, rules.tz)) ? commute : 0;
    if (commuteBefore)
      out.push({ kind: "commute", start: padBeforeStart - commuteBefore, end: padBeforeStart, ref: b.ref });
    out.push({ kind: "padding", start: padBeforeStart, end: b.start, ref: b.ref });
  }
  return out.sort((x, y) => x.start - y.start || x.end - y.end);
}
