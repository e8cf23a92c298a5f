/**
 * Professional matching window (docs/product.md section 9): search 16 days, one more day for each holiday inside the
 * window, never more than 40 days. The window starts on the customer's local "today" and counts it as day
 * one. Days added by the extension can hold holidays of their own, which extend it again (Thanksgiving,
 * Christmas Eve, Christmas Day and New Year's Day chain this way at year end).
 */
import { holidaysBetween, type Holiday } from "./holidays";
import { addDays, dayNumber, localDate } from "./time";

export const MATCHING_BASE_DAYS = 16;
export const MATCHING_MAX_DAYS = 40;

export interface MatchingWindow {
  /** First local date searched (today). */
  from: string;
  /** Last local date searched, inclusive. */
  to: string;
  /** Number of days searched: 16 + holidays inside, at most 40. */
  days: number;
  /** Holidays inside the window. */
  holidays: Holiday[];
}

/**
 * The window from a local date. `holidays` overrides the list of holidays.ts (any span); only dates inside
 * the window count, and several holidays on one date count once.
 */
export function matchingWindow(today: string, holidays?: readonly Holiday[]): MatchingWindow {
  dayNumber(today); // validates
  const inside = (to: string): Holiday[] =>
    holidays ? holidays.filter((h) => h.date >= today && h.date <= to) : holidaysBetween(today, to);
  let days = MATCHING_BASE_DAYS;
  for (;;) {
    const to = addDays(today, days - 1);
    const found = inside(to);
    const distinct = new Set(found.map((h) => h.date)).size;
    const next = Math.min(MATCHING_MAX_DAYS, MATCHING_BASE_DAYS + distinct);
    if (next === days) return { from: today, to, days, holidays: found };
    days = next;
  }
}

/** The window for a frozen now in the service address's zone. */
export function matchingWindowAt(now: number, tz: string, holidays?: readonly Holiday[]): MatchingWindow {
  return matchingWindow(localDate(now, tz), holidays);
}
