/**
 * The booking grid (docs/product.md section 9): 30-minute start times from 06:00 to 21:30 local (32 per day), a
 * horizon of 88 days, and same-day starts no sooner than 90 minutes from now.
 *
 * Horizon: the last bookable local date is today + 88 (a date "88 days ahead" can be booked, 89 cannot);
 * see docs/decisions/010-calendar-rules.md.
 */
import { DAY_MS, MINUTE_MS, addDays, dayNumber, localDate, minutesOfTime, timeOfMinutes, wallToInstant } from "./time";

export const SLOT_MINUTES = 30;
export const FIRST_SLOT = "06:00";
export const LAST_SLOT = "21:30";
export const FIRST_SLOT_MINUTE = 6 * 60;
export const LAST_SLOT_MINUTE = 21 * 60 + 30;
export const SLOTS_PER_DAY = (LAST_SLOT_MINUTE - FIRST_SLOT_MINUTE) / SLOT_MINUTES + 1; // 32
export const BOOKING_HORIZON_DAYS = 88;
export const SAME_DAY_LEAD_MINUTES = 90;

/** Minutes after local midnight of each slot start: 360, 390, ..., 1290. */
export const SLOT_START_MINUTES: readonly number[] = Object.freeze(
  Array.from({ length: SLOTS_PER_DAY }, (_, i) => FIRST_SLOT_MINUTE + i * SLOT_MINUTES),
);

/** The 32 slot start times "06:00" ... "21:30". */
export function slotTimes(): string[] {
  return SLOT_START_MINUTES.map(timeOfMinutes);
}

/** True for a wall time on the grid ("06:00" ... "21:30" on the half hour). */
export function isSlotTime(time: string): boolean {
  let m: number;
  try {
    m = minutesOfTime(time);
  } catch {
    return false;
  }
  return m >= FIRST_SLOT_MINUTE && m <= LAST_SLOT_MINUTE && m % SLOT_MINUTES === 0;
}

/**
 * Slot start instants of a local date. On a day whose gap swallows a slot, the slot moves forward and can
 * coincide with the next one; duplicates are dropped so instants stay strictly increasing.
 */
export function daySlotStarts(date: string, tz: string): number[] {
  const base = dayNumber(date) * DAY_MS;
  const out: number[] = [];
  for (const m of SLOT_START_MINUTES) {
    const s = wallToInstant(base + m * MINUTE_MS, tz);
    if (out.length === 0 || s > out[out.length - 1]!) out.push(s);
  }
  return out;
}

/** The earliest instant a job may start: now + 90 minutes (inclusive). */
export function earliestStart(now: number): number {
  return now + SAME_DAY_LEAD_MINUTES * MINUTE_MS;
}

/** The last local date a job may be booked on. */
export function lastBookableDate(now: number, tz: string, horizonDays = BOOKING_HORIZON_DAYS): string {
  return addDays(localDate(now, tz), horizonDays);
}

export type SlotRejection = "off-grid" | "too-soon" | "beyond-horizon";

/**
 * Checks an exact start instant against the grid, the 90-minute lead and the horizon. Returns null when
 * the start is acceptable. Vendor availability is checked separately (availability.ts).
 */
export function checkSlotStart(
  start: number,
  now: number,
  tz: string,
  horizonDays = BOOKING_HORIZON_DAYS,
): SlotRejection | null {
  const date = localDate(start, tz);
  if (!daySlotStarts(date, tz).includes(start)) return "off-grid";
  if (start < earliestStart(now)) return "too-soon";
  if (date > lastBookableDate(now, tz, horizonDays)) return "beyond-horizon";
  return null;
}
