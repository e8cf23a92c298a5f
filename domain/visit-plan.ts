import { BRAND_NAME } from "./brand";
import { addDaysInZone, HOUR_MS, localDate, localTime } from "./calendar/time";
import { foldLine, icalText, icalUtc } from "./ical";
import { formatLocalDateTime, todayIn } from "./slot-format";

/**
 * Before and after the visit (docs/decisions/152-visit-reminders-and-calendar.md and
 * 153-book-again-and-favourite-pros.md): when reminders fall due and what they say, the visit's calendar event
 * and Google Calendar link, and the limits of favourites and "book again". Pure: `now` and zones are arguments.
 */

// ------------------------------------------------------------------------------------------- reminders

export type ReminderLead = "24h" | "2h";

/** What a SQL pre-filter must allow for before reminderDueAt decides: the longest local day plus slack. */
export const REMINDER_SCAN_MS = 26 * HOUR_MS;

/**
 * When a reminder of a visit at `at` falls due. "24h" is the same local time the day before (23 or 25 hours
 * across a DST change, so "tomorrow at 10:00 AM" is always the day before at 10:00 AM); "2h" is two elapsed
 * hours, which is what "in about 2 hours" means whatever the clocks do.
 */
export function reminderDueAt(at: number, tz: string, lead: ReminderLead): number {
  return lead === "24h" ? addDaysInZone(at, -1, tz) : at - 2 * HOUR_MS;
}

/**
 * The reminder due at `now` for a visit at `at`, if any: the 2-hour one once its time has come, else the
 * 24-hour one; none once the visit has started. A visit booked or moved inside a window gets only that
 * window's reminder (never both at once).
 */
export function dueLead(at: number, tz: string, now: number): ReminderLead | null {
  if (at <= now) return null;
  if (reminderDueAt(at, tz, "2h") <= now) return "2h";
  if (reminderDueAt(at, tz, "24h") <= now) return "24h";
  return null;
}

/** The key a reminder is done under: a moved visit (another `at`) is a new reminder. */
export function reminderKey(serviceOrderId: number, at: number, lead: ReminderLead): string {
  return `reminder:${serviceOrderId}:${at}:${lead}`;
}

/** "Tomorrow at 10:00 AM EST", "Today at 1:00 PM PDT", or "Tue, Nov 24 at ...", in the visit's zone. */
export function visitWhen(at: number, tz: string, now: number): string {
  return formatLocalDateTime(`${localDate(at, tz)} ${localTime(at, tz)}`, {
    timeZone: tz,
    instant: at,
    today: todayIn(tz, now),
  });
}

function lowerFirst(text: string): string {
  return text.startsWith("Today") || text.startsWith("Tomorrow") ? text[0]!.toLowerCase() + text.slice(1) : text;
}

export interface ReminderFacts {
  at: number;
  tz: string;
  now: number;
  service: string;
  /** The pro's display name; null while no pro has accepted. */
  pro: string | null;
  /** The customer's first name. */
  customer: string;
  address: string;
  /** Absolute link to the page where this reader manages the visit. */
  link: string;
}

/** The customer's reminder: when, with whom, and where to reschedule, cancel or message the pro. */
export function customerReminderText(f: ReminderFacts): string {
  const who = f.pro ? ` with ${f.pro}` : "";
  return `${BRAND_NAME} reminder: your ${f.service}${who} is ${lowerFirst(visitWhen(f.at, f.tz, f.now))}. Reschedule, cancel or message your pro: ${f.link}`;
}

/** The pro's reminder: the job, the client, the address and the job page. */
export function proReminderText(f: ReminderFacts): string {
  return `${BRAND_NAME} reminder: ${f.service} for ${f.customer} ${lowerFirst(visitWhen(f.at, f.tz, f.now))} at ${f.address}. Job details: ${f.link}`;
}

// ---------------------------------------------------------------------------------------- calendar event

export interface VisitEvent {
  /** Stable per visit: `visit-{service_order_id}@{host}`. */
  uid: string;
  /** Goes up each time the event changes (a move, a cancellation). */
  sequence: number;
  start: number;
  minutes: number;
  cancelled: boolean;
  summary: string;
  location: string;
  description: string;
  /** The order page, shown as the event's URL. */
  url: string;
}

/** The visit's UID: the same for every version of the visit's event. */
export function visitUid(serviceOrderId: number, host: string): string {
  return `visit-${serviceOrderId}@${host}`;
}

/**
 * The visit as an RFC 5545 calendar of one event: times in UTC (no VTIMEZONE to get wrong; apps show them in
 * the reader's zone), TEXT escaped, lines folded at 75 octets, CRLF ends. A cancelled visit is the same UID
 * with METHOD:CANCEL and STATUS:CANCELLED, so apps that imported it remove or strike it.
 */
export function visitIcs(e: VisitEvent, now: number, prodId: string): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:${prodId}`,
    "CALSCALE:GREGORIAN",
    `METHOD:${e.cancelled ? "CANCEL" : "PUBLISH"}`,
    "BEGIN:VEVENT",
    `UID:${e.uid}`,
    `SEQUENCE:${e.sequence}`,
    `DTSTAMP:${icalUtc(now)}`,
    `DTSTART:${icalUtc(e.start)}`,
    `DTEND:${icalUtc(e.start + e.minutes * 60_000)}`,
    `SUMMARY:${icalText(e.summary)}`,
    `LOCATION:${icalText(e.location)}`,
    `DESCRIPTION:${icalText(e.description)}`,
    `URL:${e.url}`,
    `STATUS:${e.cancelled ? "CANCELLED" : "CONFIRMED"}`,
    `TRANSP:${e.cancelled ? "TRANSPARENT" : "OPAQUE"}`,
  ];
  if (!e.cancelled) {
    // A reminder an hour ahead in the reader's own calendar, besides our texts.
    lines.push("BEGIN:VALARM", "ACTION:DISPLAY", `DESCRIPTION:${icalText(e.summary)}`, "TRIGGER:-PT1H", "END:VALARM");
  }
  lines.push("END:VEVENT", "END:VCALENDAR");
  return lines.map(foldLine).join("\r\n") + "\r\n";
}

/** Google Calendar's "add event" link for the visit (the template URL Google documents; times in UTC). */
export function googleCalendarUrl(e: VisitEvent, tz: string): string {
  const q = new URLSearchParams({
    action: "TEMPLATE",
    text: e.summary,
    dates: `${icalUtc(e.start)}/${icalUtc(e.start + e.minutes * 60_000)}`,
    details: `${e.description}\n${e.url}`,
    location: e.location,
    ctz: tz,
  });
  return `https://calendar.google.com/calendar/render?${q.toString()}`;
}

// ------------------------------------------------------------------------------------ favourites, book again

/** At most this many favourite pros per customer. */
export const FAVOURITE_LIMIT = 20;

/** Favourites shown on the home page (the account shows them all). */
export const HOME_FAVOURITES = 4;

/** "Book again" shows this many of the pro's next free times. */
export const BOOK_AGAIN_TIMES = 6;
