/**
 * Time-zone arithmetic with Intl only (no libraries, no clock reads).
 *
 * Vocabulary used across domain/calendar:
 * - instant: integer milliseconds since the Unix epoch, UTC.
 * - wall: the local wall-clock time of some zone written as if it were UTC milliseconds
 *   (Date.UTC(y, m - 1, d, h, mi)). Wall values make local calendar arithmetic plain integer math.
 * - date: a local calendar date "YYYY-MM-DD"; time: a local wall time "HH:MM".
 *
 * Wall -> instant is ambiguous twice a year in DST zones. We follow the "compatible" rule of Temporal and
 * of most calendar products: a wall time inside a spring-forward gap moves forward by the gap length
 * (02:30 on a US spring-forward day is 03:30 daylight time), and a wall time that happens twice on a
 * fall-back day resolves to its first occurrence (the daylight-time one).
 */

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

export interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 0 = Sunday ... 6 = Saturday */
  weekday: number;
}

// Formatter construction costs tens of microseconds; keeping one per zone is a pure memo (the output of
// a formatter never changes), not state that could disagree between isolates.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: tz,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(tz, f);
  }
  return f;
}

/** True when Intl knows the IANA zone name. */
export function isValidTimeZone(tz: string): boolean {
  if (typeof tz !== "string" || tz === "") return false;
  try {
    formatterFor(tz);
    return true;
  } catch {
    return false;
  }
}

/**
 * The wall value of an instant in a zone, at second precision. `format` is about 3x faster than
 * `formatToParts`; the en-US numeric output is "MM/DD/YYYY, HH:MM:SS" and we read its six digit runs.
 */
function wallOfInstant(instant: number, tz: string): number {
  const text = formatterFor(tz).format(instant);
  const n = [0, 0, 0, 0, 0, 0];
  let k = -1;
  let inRun = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i) - 48;
    if (c >= 0 && c <= 9) {
      if (!inRun) {
        inRun = true;
        k++;
        if (k > 5) break;
      }
      n[k] = n[k]! * 10 + c;
    } else {
      inRun = false;
    }
  }
  if (k < 5) throw new RangeError(`Cannot read the local time of ${instant} in ${tz}`);
  // n = [month, day, year, hour, minute, second]
  return Date.UTC(n[2]!, n[0]! - 1, n[1]!, n[3]!, n[4]!, n[5]!);
}

function floorToSecond(instant: number): number {
  return instant - (((instant % 1000) + 1000) % 1000);
}

/** UTC offset of the zone at an instant, in milliseconds (local = instant + offset). */
export function offsetMsAt(instant: number, tz: string): number {
  const whole = floorToSecond(instant);
  return wallOfInstant(whole, tz) - whole;
}

/** UTC offset of the zone at an instant, in minutes (e.g. -300 for New York in winter, 330 for Kolkata). */
export function offsetMinutes(instant: number, tz: string): number {
  return Math.round(offsetMsAt(instant, tz) / MINUTE_MS);
}

/**
 * Wall -> instant given any offset function. The offsets a day before and a day after bracket any single
 * transition; each gives a candidate instant which is valid when the zone really has that offset there.
 */
export function wallToInstantWith(wall: number, offsetAt: (instant: number) => number): number {
  const early = offsetAt(wall - DAY_MS);
  const late = offsetAt(wall + DAY_MS);
  const a = wall - early;
  if (early === late) return a;
  const b = wall - late;
  const aOk = offsetAt(a) === early;
  const bOk = offsetAt(b) === late;
  if (aOk && bOk) return Math.min(a, b); // overlap: first occurrence
  if (bOk) return b;
  // a valid, or neither (gap): reading the wall time with the pre-transition offset moves it forward.
  return a;
}

/** Instant of a local wall value in a zone (gap: forward, overlap: first occurrence). */
export function wallToInstant(wall: number, tz: string): number {
  return wallToInstantWith(wall, (i) => offsetMsAt(i, tz));
}

/** Wall value (local time as if UTC) of an instant in a zone. */
export function instantToWall(instant: number, tz: string): number {
  return instant + offsetMsAt(instant, tz);
}

// ---------------------------------------------------------------------------------------------------
// Local dates and times as strings

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_RE = /^(\d{2}):(\d{2})$/;

/** Day number (days since 1970-01-01) of a local date "YYYY-MM-DD"; throws on a malformed or impossible date. */
export function dayNumber(date: string): number {
  const m = DATE_RE.exec(date);
  if (!m) throw new RangeError(`Not a date: ${date}`);
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  const ms = Date.UTC(y, mo - 1, d);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) {
    throw new RangeError(`Not a date: ${date}`);
  }
  return ms / DAY_MS;
}

const pad2 = (n: number) => (n < 10 ? "0" : "") + n;

/** "YYYY-MM-DD" of a day number. */
export function dateOfDayNumber(day: number): string {
  const d = new Date(day * DAY_MS);
  return `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`;
}

/** Minutes since midnight of "HH:MM" (00:00 to 24:00; 24:00 is the end of the day). */
export function minutesOfTime(time: string): number {
  const m = TIME_RE.exec(time);
  if (!m) throw new RangeError(`Not a time: ${time}`);
  const h = Number(m[1]);
  const mi = Number(m[2]);
  if (mi > 59 || h > 24 || (h === 24 && mi !== 0)) throw new RangeError(`Not a time: ${time}`);
  return h * 60 + mi;
}

/** "HH:MM" of minutes since midnight (0 to 1440). */
export function timeOfMinutes(minutes: number): string {
  return `${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}`;
}

/** Weekday (0 = Sunday) of a day number; 1970-01-01 was a Thursday. */
export function weekdayOfDayNumber(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

/** Weekday (0 = Sunday) of a local date. */
export function weekdayOf(date: string): number {
  return weekdayOfDayNumber(dayNumber(date));
}

/** Adds calendar days to a local date (no zone involved: a local date has no DST). */
export function addDays(date: string, days: number): string {
  return dateOfDayNumber(dayNumber(date) + days);
}

/** Whole calendar days from `a` to `b` (positive when b is later). */
export function daysBetween(a: string, b: string): number {
  return dayNumber(b) - dayNumber(a);
}

/** Instant of a local date and wall time in a zone (gap: forward, overlap: first occurrence). */
export function localToInstant(date: string, time: string, tz: string): number {
  return wallToInstant(dayNumber(date) * DAY_MS + minutesOfTime(time) * MINUTE_MS, tz);
}

/** Local calendar date of an instant in a zone. */
export function localDate(instant: number, tz: string): string {
  return dateOfDayNumber(Math.floor(instantToWall(instant, tz) / DAY_MS));
}

/** Local "HH:MM" of an instant in a zone. */
export function localTime(instant: number, tz: string): string {
  const wall = instantToWall(instant, tz);
  const minutes = Math.floor((wall - Math.floor(wall / DAY_MS) * DAY_MS) / MINUTE_MS);
  return timeOfMinutes(minutes);
}

/** "YYYY-MM-DD HH:MM" in the zone: the promised_arrival_time format of the API. */
export function formatLocal(instant: number, tz: string): string {
  return `${localDate(instant, tz)} ${localTime(instant, tz)}`;
}

/** Parses "YYYY-MM-DD HH:MM" (promised_arrival_time) in a zone to an instant. */
export function parseLocal(text: string, tz: string): number {
  const [date, time] = text.trim().split(/\s+/);
  if (!date || !time) throw new RangeError(`Not a local date-time: ${text}`);
  return localToInstant(date, time, tz);
}

/** All local fields of an instant in a zone. */
export function zonedParts(instant: number, tz: string): ZonedParts {
  const d = new Date(instantToWall(instant, tz));
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    weekday: d.getUTCDay(),
  };
}

/** Instant at which the local date begins (its first existing wall time if midnight is skipped). */
export function startOfLocalDay(date: string, tz: string): number {
  return wallToInstant(dayNumber(date) * DAY_MS, tz);
}

/**
 * The same local wall time `days` calendar days later (a day in local time is 23, 24 or 25 hours
 * across DST changes). A wall time that does not exist on the target day moves forward.
 */
export function addDaysInZone(instant: number, days: number, tz: string): number {
  return wallToInstant(instantToWall(instant, tz) + days * DAY_MS, tz);
}

// ---------------------------------------------------------------------------------------------------
// Zone tables: the hot path of free-slot search

/**
 * A zone's offsets over a bounded span, read from Intl once per day and refined by bisection where the
 * offset changes, so later conversions are array lookups instead of Intl calls (about 1 microsecond each).
 * Outside the span it falls back to Intl, so it is never wrong, only slower.
 */
export interface ZoneTable {
  readonly tz: string;
  offsetAt(instant: number): number;
  toWall(instant: number): number;
  toInstant(wall: number): number;
}

export function zoneTable(tz: string, fromInstant: number, toInstant: number): ZoneTable {
  const lo = floorToSecond(fromInstant) - 2 * DAY_MS;
  const hi = floorToSecond(toInstant) + 2 * DAY_MS;
  const starts: number[] = [lo];
  const offsets: number[] = [offsetMsAt(lo, tz)];
  let prevT = lo;
  let prevO = offsets[0]!;
  for (let t = lo + DAY_MS; ; t += DAY_MS) {
    if (t > hi) t = hi;
    const o = offsetMsAt(t, tz);
    if (o !== prevO) {
      // First second at which the new offset holds, between prevT (old) and t (new).
      let a = prevT / 1000;
      let b = t / 1000;
      while (b - a > 1) {
        const mid = Math.floor((a + b) / 2);
        if (offsetMsAt(mid * 1000, tz) === prevO) a = mid;
        else b = mid;
      }
      starts.push(b * 1000);
      offsets.push(o);
      prevO = o;
    }
    prevT = t;
    if (t === hi) break;
  }
  const single = offsets.length === 1 ? offsets[0]! : null;
  const offsetAt = (instant: number): number => {
    if (instant < lo || instant > hi) return offsetMsAt(instant, tz);
    if (single !== null) return single;
    let i = starts.length - 1;
    while (starts[i]! > instant) i--;
    return offsets[i]!;
  };
  return {
    tz,
    offsetAt,
    toWall: (instant) => instant + offsetAt(instant),
    toInstant: (wall) => wallToInstantWith(wall, offsetAt),
  };
}

/** ISO-8601 UTC string of an instant (for logs and tests). */
export function iso(instant: number): string {
  return new Date(instant).toISOString();
}
