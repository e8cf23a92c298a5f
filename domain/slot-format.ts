import { localDate, localTime } from "./calendar/time";

/**
 * How booking times read on screen. The API speaks in local wall times of the service address
 * ("YYYY-MM-DD HH:MM", decision 011), so these functions never convert zones to show a time: the wall
 * time is already what the customer's pro will see on their calendar. Only the zone's short name
 * ("EST") needs the instant, which the API also sends (`selected_at`). Pure: `now` is an argument.
 */

const WEEKDAYS_SHORT = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;
const WEEKDAYS_LONG = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
const MONTHS_SHORT = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;
const MONTHS_LONG = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)$/;
const LOCAL_RE = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})$/;

export interface LocalDay {
  /** "YYYY-MM-DD" */
  date: string;
  year: number;
  /** 1-12 */
  month: number;
  day: number;
  /** 0 = Sunday */
  weekday: number;
}

/** Reads "YYYY-MM-DD"; null for anything malformed or impossible (2026-02-30). */
export function parseLocalDay(date: string): LocalDay | null {
  const m = DATE_RE.exec(date);
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return { date, year, month, day, weekday: d.getUTCDay() };
}

/** Splits "YYYY-MM-DD HH:MM" into its date and time; null when malformed. */
export function splitLocal(local: string): { date: string; time: string } | null {
  const m = LOCAL_RE.exec(local.trim());
  if (!m || !parseLocalDay(m[1]!) || !TIME_RE.test(m[2]!)) return null;
  return { date: m[1]!, time: m[2]! };
}

/** "14:30" -> "2:30 PM"; "00:00" -> "12:00 AM". Returns the input when it is not a time. */
export function formatTime12(time: string): string {
  const m = TIME_RE.exec(time);
  if (!m) return time;
  const h = Number(m[1]);
  const suffix = h < 12 ? "AM" : "PM";
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${h12}:${m[2]} ${suffix}`;
}

/** "2026-11-24" -> "Tue, Nov 24"; with `long`, "Tuesday, November 24". */
export function formatDay(date: string, opts: { long?: boolean; year?: boolean } = {}): string {
  const d = parseLocalDay(date);
  if (!d) return date;
  const text = opts.long
    ? `${WEEKDAYS_LONG[d.weekday]}, ${MONTHS_LONG[d.month - 1]} ${d.day}`
    : `${WEEKDAYS_SHORT[d.weekday]}, ${MONTHS_SHORT[d.month - 1]} ${d.day}`;
  return opts.year ? `${text}, ${d.year}` : text;
}

/** The parts a day button shows: "Tue", "24", "Nov". */
export function dayParts(date: string): { weekday: string; day: string; month: string } {
  const d = parseLocalDay(date);
  if (!d) return { weekday: "", day: date, month: "" };
  return { weekday: WEEKDAYS_SHORT[d.weekday]!, day: String(d.day), month: MONTHS_SHORT[d.month - 1]! };
}

/** Whole days from `today` to `date` (both "YYYY-MM-DD"); NaN when either is malformed. */
export function daysFrom(today: string, date: string): number {
  const a = parseLocalDay(today);
  const b = parseLocalDay(date);
  if (!a || !b) return Number.NaN;
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 86_400_000);
}

/** "Today", "Tomorrow", or the short day ("Tue, Nov 24") relative to the service zone's `today`. */
export function relativeDay(date: string, today: string | null): string {
  if (today) {
    const n = daysFrom(today, date);
    if (n === 0) return "Today";
    if (n === 1) return "Tomorrow";
  }
  return formatDay(date);
}

/**
 * The short name of a zone at an instant ("EST", "PDT"); the zone id when Intl has no short name, and ""
 * for an unknown zone.
 */
export function zoneAbbreviation(timeZone: string, instant: number): string {
  try {
    const parts = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "short" }).formatToParts(instant);
    return parts.find((p) => p.type === "timeZoneName")?.value ?? "";
  } catch {
    return "";
  }
}

/**
 * A local wall time "YYYY-MM-DD HH:MM" for people: "Tue, Nov 24 at 10:00 AM", with " EST" when the zone and
 * the instant are given. The input is returned unchanged when malformed.
 */
export function formatLocalDateTime(
  local: string,
  opts: { timeZone?: string | null; instant?: string | number | null; today?: string | null; long?: boolean } = {},
): string {
  const parts = splitLocal(local);
  if (!parts) return local;
  const day =
    opts.today && Math.abs(daysFrom(opts.today, parts.date)) <= 1 && daysFrom(opts.today, parts.date) >= 0
      ? relativeDay(parts.date, opts.today)
      : formatDay(parts.date, { long: opts.long });
  let text = `${day} at ${formatTime12(parts.time)}`;
  if (opts.timeZone && opts.instant != null) {
    const ms = typeof opts.instant === "number" ? opts.instant : Date.parse(opts.instant);
    const abbr = Number.isFinite(ms) ? zoneAbbreviation(opts.timeZone, ms) : "";
    if (abbr) text += ` ${abbr}`;
  }
  return text;
}

/** "YYYY-MM-DD" of an instant in a zone (the service zone's "today"); null for an unknown zone. */
export function todayIn(timeZone: string, now: number): string | null {
  try {
    const parts = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    }).formatToParts(now);
    const get = (t: string) => parts.find((p) => p.type === t)?.value;
    const y = get("year");
    const m = get("month");
    const d = get("day");
    return y && m && d ? `${y}-${m}-${d}` : null;
  } catch {
    return null;
  }
}

/** 60 -> "1 hr", 90 -> "1 hr 30 min", 45 -> "45 min". */
export function formatDuration(minutes: number): string {
  if (!Number.isFinite(minutes) || minutes <= 0) return "";
  const m = Math.round(minutes);
  const h = Math.floor(m / 60);
  const rest = m % 60;
  if (h === 0) return `${rest} min`;
  return rest === 0 ? `${h} hr` : `${h} hr ${rest} min`;
}

export type DayPeriod = "morning" | "afternoon" | "evening";

/** Morning before 12:00, afternoon before 17:00, evening after: how the time grid groups its buttons. */
export function dayPeriod(time: string): DayPeriod {
  const m = TIME_RE.exec(time);
  const h = m ? Number(m[1]) : 0;
  if (h < 12) return "morning";
  if (h < 17) return "afternoon";
  return "evening";
}

export interface HoldLeft {
  /** Milliseconds left, never negative. */
  ms: number;
  expired: boolean;
  /** "14:05" (minutes:seconds), "0:00" when expired. */
  clock: string;
  /** "14 minutes", "1 minute", "45 seconds": for screen readers. */
  spoken: string;
}

/** Time left on a hold that lapses at `expiresAt` (ISO or ms), seen at `now`. */
export function holdLeft(expiresAt: string | number | null | undefined, now: number): HoldLeft {
  const end = typeof expiresAt === "number" ? expiresAt : expiresAt ? Date.parse(expiresAt) : Number.NaN;
  const ms = Number.isFinite(end) ? Math.max(0, end - now) : 0;
  const totalSeconds = Math.ceil(ms / 1000);
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  const spoken =
    minutes > 0 ? `${minutes} minute${minutes === 1 ? "" : "s"}` : `${seconds} second${seconds === 1 ? "" : "s"}`;
  return { ms, expired: ms <= 0, clock: `${minutes}:${String(seconds).padStart(2, "0")}`, spoken };
}

/**
 * An instant as people read it in a sentence, in the service's zone: "Mon, Nov 30 at 10:00 AM EST" (texts,
 * emails and notices; never the "2026-11-30 10:00" storage format).
 */
export function formatWhen(instant: number, timeZone: string): string {
  return formatLocalDateTime(localDate(instant, timeZone) + " " + localTime(instant, timeZone), { timeZone, instant });
}
