import { describe, expect, it } from "vitest";
import {
  dayParts,
  dayPeriod,
  daysFrom,
  formatDay,
  formatDuration,
  formatLocalDateTime,
  formatTime12,
  holdLeft,
  parseLocalDay,
  relativeDay,
  splitLocal,
  todayIn,
  zoneAbbreviation,
} from "./slot-format";

describe("local days and times", () => {
  it("reads real dates only", () => {
    expect(parseLocalDay("2026-11-24")).toEqual({ date: "2026-11-24", year: 2026, month: 11, day: 24, weekday: 2 });
    expect(parseLocalDay("2026-02-30")).toBeNull();
    expect(parseLocalDay("2026-1-5")).toBeNull();
  });

  it("splits the API's wall time and refuses malformed ones", () => {
    expect(splitLocal("2026-11-24 10:00")).toEqual({ date: "2026-11-24", time: "10:00" });
    expect(splitLocal("2026-11-24T21:30")).toEqual({ date: "2026-11-24", time: "21:30" });
    expect(splitLocal("2026-11-24 24:00")).toBeNull();
    expect(splitLocal("tomorrow")).toBeNull();
  });

  it("writes 12-hour times", () => {
    expect(formatTime12("06:00")).toBe("6:00 AM");
    expect(formatTime12("12:30")).toBe("12:30 PM");
    expect(formatTime12("21:30")).toBe("9:30 PM");
    expect(formatTime12("00:00")).toBe("12:00 AM");
    expect(formatTime12("9:00")).toBe("9:00");
  });

  it("writes days short and long", () => {
    expect(formatDay("2026-11-24")).toBe("Tue, Nov 24");
    expect(formatDay("2026-11-24", { long: true })).toBe("Tuesday, November 24");
    expect(formatDay("2026-11-24", { year: true })).toBe("Tue, Nov 24, 2026");
    expect(dayParts("2026-12-01")).toEqual({ weekday: "Tue", day: "1", month: "Dec" });
  });

  it("counts days across a month and a DST change without a zone", () => {
    expect(daysFrom("2026-10-31", "2026-11-02")).toBe(2);
    expect(daysFrom("2026-03-07", "2026-03-09")).toBe(2);
    expect(relativeDay("2026-11-22", "2026-11-22")).toBe("Today");
    expect(relativeDay("2026-11-23", "2026-11-22")).toBe("Tomorrow");
    expect(relativeDay("2026-11-24", "2026-11-22")).toBe("Tue, Nov 24");
  });

  it("groups times into morning, afternoon and evening", () => {
    expect(dayPeriod("06:00")).toBe("morning");
    expect(dayPeriod("11:30")).toBe("morning");
    expect(dayPeriod("12:00")).toBe("afternoon");
    expect(dayPeriod("16:30")).toBe("afternoon");
    expect(dayPeriod("17:00")).toBe("evening");
  });
});

describe("formatLocalDateTime", () => {
  it("shows the wall time as given, with the zone's short name at that instant", () => {
    // 10:00 in New York on 2026-11-24 is 15:00 UTC (EST).
    expect(
      formatLocalDateTime("2026-11-24 10:00", { timeZone: "America/New_York", instant: "2026-11-24T15:00:00.000Z" }),
    ).toBe("Tue, Nov 24 at 10:00 AM EST");
    // 10:00 in Los Angeles on 2026-07-04 is 17:00 UTC (PDT).
    expect(
      formatLocalDateTime("2026-07-04 10:00", { timeZone: "America/Los_Angeles", instant: "2026-07-04T17:00:00.000Z" }),
    ).toBe("Sat, Jul 4 at 10:00 AM PDT");
  });

  it("says Today or Tomorrow relative to the service zone's day", () => {
    expect(formatLocalDateTime("2026-11-23 18:30", { today: "2026-11-22" })).toBe("Tomorrow at 6:30 PM");
    expect(formatLocalDateTime("2026-11-22 18:30", { today: "2026-11-22" })).toBe("Today at 6:30 PM");
    expect(formatLocalDateTime("2026-11-21 18:30", { today: "2026-11-22" })).toBe("Sat, Nov 21 at 6:30 PM");
  });

  it("returns malformed input unchanged and leaves out an unknown zone", () => {
    expect(formatLocalDateTime("soon")).toBe("soon");
    expect(formatLocalDateTime("2026-11-24 10:00", { timeZone: "Mars/Base", instant: 0 })).toBe(
      "Tue, Nov 24 at 10:00 AM",
    );
  });
});

describe("zones", () => {
  it("names the zone in winter and summer", () => {
    expect(zoneAbbreviation("America/Chicago", Date.parse("2026-01-10T12:00:00Z"))).toBe("CST");
    expect(zoneAbbreviation("America/Chicago", Date.parse("2026-07-10T12:00:00Z"))).toBe("CDT");
    expect(zoneAbbreviation("Nope/Zone", 0)).toBe("");
  });

  it("finds the service zone's today, which can differ from UTC's", () => {
    // 03:00 UTC on Nov 23 is still Nov 22 in Los Angeles (19:00 PST).
    expect(todayIn("America/Los_Angeles", Date.parse("2026-11-23T03:00:00Z"))).toBe("2026-11-22");
    expect(todayIn("UTC", Date.parse("2026-11-23T03:00:00Z"))).toBe("2026-11-23");
    expect(todayIn("Nope/Zone", 0)).toBeNull();
  });
});

describe("durations and holds", () => {
  it("writes durations", () => {
    expect(formatDuration(45)).toBe("45 min");
    expect(formatDuration(60)).toBe("1 hr");
    expect(formatDuration(90)).toBe("1 hr 30 min");
    expect(formatDuration(0)).toBe("");
  });

  it("counts a hold down to zero and never below", () => {
    const now = Date.parse("2026-11-22T15:00:00.000Z");
    expect(holdLeft("2026-11-22T15:15:00.000Z", now)).toEqual({
      ms: 900_000,
      expired: false,
      clock: "15:00",
      spoken: "15 minutes",
    });
    expect(holdLeft("2026-11-22T15:00:45.200Z", now)).toMatchObject({ clock: "0:46", spoken: "46 seconds" });
    expect(holdLeft("2026-11-22T15:01:00.000Z", now).spoken).toBe("1 minute");
    expect(holdLeft("2026-11-22T14:59:00.000Z", now)).toEqual({
      ms: 0,
      expired: true,
      clock: "0:00",
      spoken: "0 seconds",
    });
    expect(holdLeft(null, now).expired).toBe(true);
  });
});
