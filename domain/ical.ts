/**
 * A small RFC 5545 writer for the vendor's calendar feed (docs/decisions/042-ical-feed.md): one VCALENDAR
 * of VEVENTs with times in UTC, TEXT values escaped (section 3.3.11), lines folded at 75 octets
 * (section 3.1) and CRLF line ends. Pure: the stamp time comes in as an argument.
 */

export interface IcalEvent {
  /** Globally unique and stable across feeds, so calendar apps update an event instead of duplicating it. */
  uid: string;
  start: number;
  end: number;
  summary: string;
  location?: string | null;
  description?: string | null;
  /** OPAQUE (busy) by default. */
  transparent?: boolean;
  status?: "CONFIRMED" | "TENTATIVE";
  /** Last change, ms UTC. */
  lastModified?: number | null;
}

/** 20261124T150000Z */
export function icalUtc(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/** TEXT escaping: backslash, semicolon, comma and newlines. */
export function icalText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

const encoder = new TextEncoder();

/** Folds a content line at 75 octets without splitting a UTF-8 character; continuation lines start with a space. */
export function foldLine(line: string): string {
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = "";
  let size = 0;
  let limit = 75;
  for (const ch of line) {
    const n = encoder.encode(ch).length;
    if (size + n > limit) {
      parts.push(current);
      current = "";
      size = 0;
      limit = 74; // the leading space of a continuation counts
    }
    current += ch;
    size += n;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

export function buildIcal(opts: { name: string; events: readonly IcalEvent[]; now: number; prodId: string }): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:${opts.prodId}`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${icalText(opts.name)}`,
    // Calendar apps that honour it poll hourly; the feed is built from live data on every request.
    "REFRESH-INTERVAL;VALUE=DURATION:PT1H",
    "X-PUBLISHED-TTL:PT1H",
  ];
  const stamp = icalUtc(opts.now);
  for (const e of opts.events) {
    lines.push(
      "BEGIN:VEVENT",
      `UID:${e.uid}`,
      `DTSTAMP:${stamp}`,
      `DTSTART:${icalUtc(e.start)}`,
      `DTEND:${icalUtc(e.end)}`,
      `SUMMARY:${icalText(e.summary)}`,
    );
    if (e.location) lines.push(`LOCATION:${icalText(e.location)}`);
    if (e.description) lines.push(`DESCRIPTION:${icalText(e.description)}`);
    if (e.lastModified) lines.push(`LAST-MODIFIED:${icalUtc(e.lastModified)}`);
    lines.push(`STATUS:${e.status ?? "CONFIRMED"}`, `TRANSP:${e.transparent ? "TRANSPARENT" : "OPAQUE"}`, "END:VEVENT");
  }
  lines.push("END:VCALENDAR");
  return lines.map(foldLine).join("\r\n") + "\r\n";
}
