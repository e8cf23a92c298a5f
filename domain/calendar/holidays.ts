/**
 * The product's holiday list (docs/product.md section 3 "Holiday entry"), computed for any year rather than kept as a
 * table, so the calendar never runs out of years. Dates are the holidays themselves, not "observed"
 * weekdays: a vendor who works holidays cares about the day customers are off, and Christmas Eve or Mother's
 * Day have no observed date anyway.
 */
import { dateOfDayNumber, dayNumber, weekdayOfDayNumber } from "./time";

export interface Holiday {
  readonly name: HolidayName;
  /** Local calendar date "YYYY-MM-DD". */
  readonly date: string;
}

export type HolidayName =
  | "New Year's Day"
  | "MLK Day"
  | "Presidents' Day"
  | "Easter"
  | "Mother's Day"
  | "Memorial Day"
  | "Juneteenth"
  | "Independence Day"
  | "Labor Day"
  | "Columbus Day"
  | "Veterans Day"
  | "Thanksgiving Day"
  | "Christmas Eve"
  | "Christmas Day";

const pad2 = (n: number) => (n < 10 ? "0" : "") + n;
const ymd = (year: number, month: number, day: number) => `${year}-${pad2(month)}-${pad2(day)}`;

/** Easter Sunday by the anonymous Gregorian algorithm (Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return ymd(year, month, day);
}

/** The n-th (1-based) given weekday (0 = Sunday) of a month. */
export function nthWeekdayOfMonth(year: number, month: number, weekday: number, n: number): string {
  const first = dayNumber(ymd(year, month, 1));
  const shift = (weekday - weekdayOfDayNumber(first) + 7) % 7;
  return dateOfDayNumber(first + shift + (n - 1) * 7);
}

/** The last given weekday (0 = Sunday) of a month. */
export function lastWeekdayOfMonth(year: number, month: number, weekday: number): string {
  const nextFirst = month === 12 ? ymd(year + 1, 1, 1) : ymd(year, month + 1, 1);
  const last = dayNumber(nextFirst) - 1;
  const back = (weekdayOfDayNumber(last) - weekday + 7) % 7;
  return dateOfDayNumber(last - back);
}

const SUN = 0;
const MON = 1;
const THU = 4;

/** The 14 holidays of a year, in calendar order. */
export function holidaysForYear(year: number): Holiday[] {
  if (!Number.isInteger(year) || year < 1583 || year > 9999) throw new RangeError(`Unsupported year ${year}`);
  const list: Holiday[] = [
    { name: "New Year's Day", date: ymd(year, 1, 1) },
    { name: "MLK Day", date: nthWeekdayOfMonth(year, 1, MON, 3) },
    { name: "Presidents' Day", date: nthWeekdayOfMonth(year, 2, MON, 3) },
    { name: "Easter", date: easterSunday(year) },
    { name: "Mother's Day", date: nthWeekdayOfMonth(year, 5, SUN, 2) },
    { name: "Memorial Day", date: lastWeekdayOfMonth(year, 5, MON) },
    { name: "Juneteenth", date: ymd(year, 6, 19) },
    { name: "Independence Day", date: ymd(year, 7, 4) },
    { name: "Labor Day", date: nthWeekdayOfMonth(year, 9, MON, 1) },
    { name: "Columbus Day", date: nthWeekdayOfMonth(year, 10, MON, 2) },
    { name: "Veterans Day", date: ymd(year, 11, 11) },
    { name: "Thanksgiving Day", date: nthWeekdayOfMonth(year, 11, THU, 4) },
    { name: "Christmas Eve", date: ymd(year, 12, 24) },
    { name: "Christmas Day", date: ymd(year, 12, 25) },
  ];
  // Easter (March 22 to April 25) always falls between Presidents' Day and Mother's Day, so the
  // literal order above is already the calendar order.
  return list;
}

/** Holidays whose date lies in [from, to] (inclusive local dates), in calendar order. */
export function holidaysBetween(from: string, to: string): Holiday[] {
  if (to < from) return [];
  const y0 = Number(from.slice(0, 4));
  const y1 = Number(to.slice(0, 4));
  const out: Holiday[] = [];
  for (let y = y0; y <= y1; y++) {
    for (const h of holidaysForYear(y)) if (h.date >= from && h.date <= to) out.push(h);
  }
  return out;
}

/** Date -> holiday name lookup for a span (inclusive), for per-day checks. */
export function holidayMap(from: string, to: string): Map<string, HolidayName> {
  return new Map(holidaysBetween(from, to).map((h) => [h.date, h.name]));
}

/** The holiday on a date, if any. */
export function holidayOn(date: string): Holiday | undefined {
  return holidaysForYear(Number(date.slice(0, 4))).find((h) => h.date === date);
}
