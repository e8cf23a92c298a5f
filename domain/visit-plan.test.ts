import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import {
  customerReminderText,
  dueLead,
  googleCalendarUrl,
  proReminderText,
  reminderDueAt,
  visitIcs,
  type VisitEvent,
} from "./visit-plan";

const NY = "America/New_York";
const LA = "America/Los_Angeles";
const H = 3_600_000;

describe("reminder times", () => {
  it("sends the 24-hour reminder at the same local time the day before, 23 hours ahead across spring forward", () => {
    const at = Date.UTC(2026, 2, 8, 14); // Sun Mar 8 2026 10:00 EDT (clocks went forward at 02:00)
    expect(reminderDueAt(at, NY, "24h")).toBe(Date.UTC(2026, 2, 7, 15)); // Sat Mar 7 10:00 EST
    expect(at - reminderDueAt(at, NY, "24h")).toBe(23 * H);
  });

  it("is 25 hours ahead across fall back, in a western zone too", () => {
    const at = Date.UTC(2026, 10, 1, 18); // Sun Nov 1 2026 10:00 PST
    expect(reminderDueAt(at, LA, "24h")).toBe(Date.UTC(2026, 9, 31, 17)); // Sat Oct 31 10:00 PDT
    expect(at - reminderDueAt(at, LA, "24h")).toBe(25 * H);
  });

  it("keeps the 2-hour reminder at two elapsed hours, even over the repeated hour", () => {
    const at = Date.UTC(2026, 10, 1, 7, 30); // Sun Nov 1 2026 01:30 EST (the second 01:30)
    expect(reminderDueAt(at, NY, "2h")).toBe(at - 2 * H);
  });

  it("answers the one lead due now, none before the 24-hour time and none once the visit began", () => {
    const at = Date.UTC(2026, 2, 8, 14);
    const due24 = Date.UTC(2026, 2, 7, 15);
    expect(dueLead(at, NY, due24 - 1)).toBeNull();
    expect(dueLead(at, NY, due24)).toBe("24h");
    expect(dueLead(at, NY, at - 2 * H - 1)).toBe("24h");
    expect(dueLead(at, NY, at - 2 * H)).toBe("2h");
    expect(dueLead(at, NY, at)).toBeNull();
  });
});

describe("reminder texts", () => {
  const facts = {
    at: Date.UTC(2026, 2, 8, 14),
    tz: NY,
    service: "Swedish Massage",
    pro: "Pat P.",
    customer: "Casey",
    address: "1 Main St, New York, NY 10001",
    link: "https://example.test/account/orders?so=7",
  };

  it("says tomorrow in the visit's zone on the day before, with the manage link", () => {
    const text = customerReminderText({ ...facts, now: Date.UTC(2026, 2, 7, 15) });
    expect(text).toContain("your Swedish Massage with Pat P. is tomorrow at 10:00 AM EDT.");
    expect(text).toContain("Reschedule, cancel or message your pro: https://example.test/account/orders?so=7");
  });

  it("says today on the day, and gives the pro the client, the address and the job page", () => {
    const text = proReminderText({
      ...facts,
      now: Date.UTC(2026, 2, 8, 12),
      link: "https://example.test/business/jobs/7",
    });
    expect(text).toContain("Swedish Massage for Casey today at 10:00 AM EDT at 1 Main St, New York, NY 10001.");
    expect(text).toContain("https://example.test/business/jobs/7");
  });
});

describe("the visit's calendar event", () => {
  const event: VisitEvent = {
    uid: "visit-7@example.test",
    sequence: 2,
    start: Date.UTC(2026, 2, 8, 14),
    minutes: 90,
    cancelled: false,
    summary: 'Swedish Massage, with Pat; "deep"',
    location: "1 Main St, Apt 2\nNew York, NY 10001",
    description: `Booked with ${"a very long description ".repeat(6)}`,
    url: "https://example.test/account/orders?so=7",
  };

  it("parses back with the same UID, sequence, times, escaped text and folded lines", () => {
    const text = visitIcs(event, Date.UTC(2026, 2, 1), "-//test//EN");
    for (const line of text.split("\r\n")) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    const vevent = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent("vevent")!;
    const parsed = new ICAL.Event(vevent);
    expect(parsed.uid).toBe("visit-7@example.test");
    expect(parsed.sequence).toBe(2);
    expect(parsed.startDate.toJSDate().getTime()).toBe(event.start);
    expect(parsed.endDate.toJSDate().getTime()).toBe(event.start + 90 * 60_000);
    expect(parsed.summary).toBe(event.summary);
    expect(parsed.location).toBe(event.location);
    expect(parsed.description).toBe(event.description);
    expect(vevent.getFirstPropertyValue("status")).toBe("CONFIRMED");
    expect(vevent.getFirstSubcomponent("valarm")).not.toBeNull();
  });

  it("answers a cancelled visit as the same UID, cancelled, with no alarm", () => {
    const text = visitIcs({ ...event, cancelled: true, sequence: 3 }, Date.UTC(2026, 2, 1), "-//test//EN");
    const cal = new ICAL.Component(ICAL.parse(text));
    expect(cal.getFirstPropertyValue("method")).toBe("CANCEL");
    const vevent = cal.getFirstSubcomponent("vevent")!;
    expect(vevent.getFirstPropertyValue("uid")).toBe("visit-7@example.test");
    expect(vevent.getFirstPropertyValue("status")).toBe("CANCELLED");
    expect(vevent.getFirstPropertyValue("sequence")).toBe(3);
    expect(vevent.getFirstSubcomponent("valarm")).toBeNull();
  });

  it("links to Google Calendar with UTC times and the zone", () => {
    const url = new URL(googleCalendarUrl(event, NY));
    expect(url.origin + url.pathname).toBe("https://calendar.google.com/calendar/render");
    expect(url.searchParams.get("dates")).toBe("20260308T140000Z/20260308T153000Z");
    expect(url.searchParams.get("ctz")).toBe(NY);
    expect(url.searchParams.get("text")).toBe(event.summary);
  });
});
