import { describe, expect, it } from "vitest";
import { localToInstant } from "./calendar/time";
import type { BusyInterval } from "./calendar/availability";
import type { VendorSettings } from "./calendar/hold-rules";
import { CHOSEN_PRO_CONFIRM_MS, chosenProConfirmBy, offerCutoff, offerMisfit, offerMisfitText } from "./offer-rules";

const MIN = 60_000;
const HOUR = 60 * MIN;
const NY = "America/New_York";
const KOLKATA = "Asia/Kolkata";

describe("offerCutoff", () => {
  it("is 90 minutes before the job", () => {
    // Tuesday 2026-11-24 10:00 New York (15:00Z): offers close at 08:30 local (13:30Z).
    expect(new Date(offerCutoff(localToInstant("2026-11-24", "10:00", NY))).toISOString()).toBe(
      "2026-11-24T13:30:00.000Z",
    );
  });
});

describe("chosenProConfirmBy", () => {
  it("gives a chosen pro 2 hours when the job is days away", () => {
    const start = localToInstant("2026-11-24", "10:00", NY);
    const now = start - 2 * 24 * HOUR;
    expect(chosenProConfirmBy(now, start) - now).toBe(CHOSEN_PRO_CONFIRM_MS);
  });

  it("gives half the time left before the cut-off when that is sooner", () => {
    // 10:00 local in a half-hour zone, booked at 06:30 local: the cut-off is 08:30, half of 2 hours is 1 hour.
    const start = localToInstant("2026-11-24", "10:00", KOLKATA);
    const now = localToInstant("2026-11-24", "06:30", KOLKATA);
    expect(new Date(chosenProConfirmBy(now, start)).toISOString()).toBe("2026-11-24T02:00:00.000Z"); // 07:30 IST
  });

  it("is the cut-off itself once that has passed, and never after it", () => {
    const start = localToInstant("2026-03-08", "03:30", NY); // the day clocks go forward
    expect(chosenProConfirmBy(start, start)).toBe(offerCutoff(start));
    for (const lead of [91, 120, 200, 300, 1000, 5000].map((m) => m * MIN)) {
      const now = start - lead;
      const by = chosenProConfirmBy(now, start);
      expect(by).toBeGreaterThan(now);
      expect(by).toBeLessThanOrEqual(offerCutoff(start));
      expect(by - now).toBeLessThanOrEqual(CHOSEN_PRO_CONFIRM_MS);
    }
  });
});

describe("offerMisfit", () => {
  // Maya in New York: Monday to Saturday 09:00-17:00, Sunday "Not working".
  const settings: VendorSettings = {
    vendorId: 7,
    version: 1,
    tz: NY,
    weekly: {
      mon: [["09:00", "17:00"]],
      tue: [["09:00", "17:00"]],
      wed: [["09:00", "17:00"]],
      thu: [["09:00", "17:00"]],
      fri: [["09:00", "17:00"]],
      sat: [["09:00", "17:00"]],
    },
    sameDay: true,
    holidayPolicy: "skip",
    completedJobs: 40,
    reliability: 95,
    bookable: true,
  };
  // Offers made on Wednesday 2026-11-25 at 09:00 New York.
  const now = localToInstant("2026-11-25", "09:00", NY);
  const ask = (date: string, time: string, busy: BusyInterval[] = [], s = settings) =>
    offerMisfit({
      settings: s,
      busy,
      now,
      start: localToInstant(date, time, NY),
      durationMinutes: 60,
      isConnect: false,
    });
  const job = (date: string, from: string, to: string, kind: BusyInterval["kind"] = "job"): BusyInterval => ({
    start: localToInstant(date, from, NY),
    end: localToInstant(date, to, NY),
    isConnect: false,
    kind,
  });

  it("fits a Monday at 10:00 in hours with nothing else booked", () => {
    expect(ask("2026-11-30", "10:00")).toBeNull();
  });

  it("refuses a Sunday the calendar marks not working, whatever the time", () => {
    for (const t of ["09:00", "10:00", "13:00"]) expect(ask("2026-11-29", t)).toEqual({ why: "not-working-day" });
    expect(offerMisfitText({ why: "not-working-day" }, NY)).toBe(
      "This job is on a day your calendar says you're not working.",
    );
  });

  it("refuses a working day's time outside the hours (the job must end by 17:00)", () => {
    expect(ask("2026-11-30", "07:00")).toEqual({ why: "outside-hours" });
    expect(ask("2026-11-30", "16:30")).toEqual({ why: "outside-hours" });
    expect(ask("2026-11-30", "16:00")).toBeNull();
  });

  it("refuses a time in the pro's time off and names it", () => {
    const off = job("2026-11-30", "12:00", "18:00", "block");
    expect(ask("2026-11-30", "13:00", [off])).toEqual({ why: "time-off", at: { start: off.start, end: off.end } });
    expect(ask("2026-11-30", "10:00", [off])).toBeNull();
  });

  it("refuses a time overlapping another booking and names its start in the pro's zone", () => {
    const booking = job("2026-11-30", "14:00", "15:30");
    const misfit = ask("2026-11-30", "14:30", [booking]);
    expect(misfit).toEqual({ why: "overlaps", at: { start: booking.start, end: booking.end } });
    // 14:00 New York is 19:00Z: the text reads the pro's zone.
    expect(offerMisfitText(misfit!, NY)).toBe("This time now overlaps your booking at 2:00 PM.");
  });

  it("refuses a time too close to another booking to travel, naming that booking", () => {
    // A 30-minute job that ends at 13:00 leaves no time to drive to a job at 13:00 (padding.ts).
    const booking = job("2026-11-30", "13:00", "14:00");
    const misfit = offerMisfit({
      settings,
      busy: [booking],
      now,
      start: localToInstant("2026-11-30", "12:30", NY),
      durationMinutes: 30,
      isConnect: false,
    });
    expect(misfit?.why).toBe("too-close");
    expect(offerMisfitText(misfit!, NY)).toBe(
      "This time is now too close to your booking at 1:00 PM to travel between them.",
    );
  });

  it("refuses every time for a pro who cannot take jobs", () => {
    expect(ask("2026-11-30", "10:00", [], { ...settings, bookable: false })).toEqual({ why: "not-bookable" });
  });

  it("reads the day in the pro's zone across the DST change", () => {
    // Sunday 2026-11-01 is the day clocks go back in New York: still Sunday, still not working.
    expect(
      offerMisfit({
        settings,
        busy: [],
        now: localToInstant("2026-10-28", "09:00", NY),
        start: localToInstant("2026-11-01", "10:00", NY),
        durationMinutes: 60,
        isConnect: false,
      }),
    ).toEqual({ why: "not-working-day" });
    // Monday 2026-11-02 10:00 EST fits.
    expect(
      offerMisfit({
        settings,
        busy: [],
        now: localToInstant("2026-10-28", "09:00", NY),
        start: localToInstant("2026-11-02", "10:00", NY),
        durationMinutes: 60,
        isConnect: false,
      }),
    ).toBeNull();
  });
});
