import { describe, expect, it } from "vitest";
import { buildIcal, foldLine, icalText, icalUtc } from "./ical";

describe("iCalendar writer", () => {
  it("writes UTC times and escapes TEXT values", () => {
    expect(icalUtc(Date.UTC(2026, 10, 24, 15, 0, 0))).toBe("20261124T150000Z");
    expect(icalText("a;b,c\\d\ne")).toBe("a\\;b\\,c\\\\d\\ne");
  });

  it("folds long lines at 75 octets without splitting a character", () => {
    const line = `SUMMARY:${"é".repeat(60)}`;
    const folded = foldLine(line);
    const parts = folded.split("\r\n");
    expect(parts.length).toBeGreaterThan(1);
    for (const p of parts) expect(new TextEncoder().encode(p).length).toBeLessThanOrEqual(75);
    expect(parts.slice(1).every((p) => p.startsWith(" "))).toBe(true);
    expect(parts.map((p, i) => (i === 0 ? p : p.slice(1))).join("")).toBe(line);
    expect(foldLine("SHORT:x")).toBe("SHORT:x");
  });

  it("builds a calendar with CRLF line ends and one VEVENT per event", () => {
    const text = buildIcal({
      name: "Pro jobs",
      prodId: "-//test//EN",
      now: Date.UTC(2026, 10, 22, 15, 0, 0),
      events: [
        { uid: "job-1@test", start: Date.UTC(2026, 10, 24, 15), end: Date.UTC(2026, 10, 24, 16), summary: "Mani" },
      ],
    });
    expect(text.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(text).toContain("\r\nDTSTAMP:20261122T150000Z\r\nDTSTART:20261124T150000Z\r\nDTEND:20261124T160000Z\r\n");
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(text.replace(/\r\n/g, "")).not.toContain("\n");
  });
});
