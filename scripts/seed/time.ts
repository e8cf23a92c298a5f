/** The seed's time helpers: the calendar's own rules from domain/calendar/time.ts, with day names. */
import {
  addDays,
  localDate,
  localToInstant,
  minutesOfTime,
  timeOfMinutes,
  weekdayOf as weekdayNumberOf,
} from "../../domain/calendar/time";

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export { addDays, localDate };

/** The instant of local date "YYYY-MM-DD" at "HH:MM" in tz. */
export const zonedToUtc = localToInstant;
export const minutesOf = minutesOfTime;
export const timeOf = timeOfMinutes;

export const WEEKDAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export function weekdayOf(date: string): Weekday {
  return WEEKDAYS[weekdayNumberOf(date)]!;
}
