import { describe, expect, it } from "vitest";
import type { Holiday } from "./holidays";
import { MATCHING_BASE_DAYS, MATCHING_MAX_DAYS, matchingWindow, matchingWindowAt } from "./matching";
import { addDays } from "./time";

const summary = (today: string, holidays?: readonly Holiday[]) => {
  const w = matchingWindow(today, holidays);
  return { from: w.from, to: w.to, days: w.days, holidays: w.holidays.map((h) => h.date) };
};

describe("matchingWindow", () => {
  it("searches 16 days, today included, when no holiday falls inside", () => {
    expect(MATCHING_BASE_DAYS).toBe(16);
    expect(summary("2026-07-06")).toEqual({ from: "2026-07-06", to: "2026-07-21", days: 16, holidays: [] });
  });

  it("adds one day per holiday inside the window", () => {
    expect(summary("2026-06-10")).toEqual({ from: "2026-06-10", to: "2026-06-26", days: 17, holidays: ["2026-06-19"] });
    expect(summary("2027-05-01")).toEqual({ from: "2027-05-01", to: "2027-05-17", days: 17, holidays: ["2027-05-09"] });
    expect(summary("2026-11-20")).toEqual({ from: "2026-11-20", to: "2026-12-06", days: 17, holidays: ["2026-11-26"] });
  });

  it("counts a holiday on the 16th day but not on the 17th", () => {
    expect(summary("2026-06-04")).toEqual({ from: "2026-06-04", to: "2026-06-20", days: 17, holidays: ["2026-06-19"] });
    expect(summary("2026-06-03")).toEqual({ from: "2026-06-03", to: "2026-06-18", days: 16, holidays: [] });
  });

  it("keeps extending while the added days bring new holidays (year end)", () => {
    // 16 days to Dec 30 hold Christmas Eve and Day -> 18 days to Jan 1, which adds New Year's Day -> 19.
    expect(summary("2026-12-15")).toEqual({
      from: "2026-12-15",
      to: "2027-01-02",
      days: 19,
      holidays: ["2026-12-24", "2026-12-25", "2027-01-01"],
    });
  });

  it("never searches more than 40 days", () => {
    expect(MATCHING_MAX_DAYS).toBe(40);
    const everyDay: Holiday[] = Array.from({ length: 100 }, (_, i) => ({
      name: "Christmas Day",
      date: addDays("2026-07-01", i),
    }));
    const w = matchingWindow("2026-07-01", everyDay);
    expect(w.days).toBe(40);
    expect(w.to).toBe("2026-08-09");
    // Every other day a holiday: 16 -> 24 -> 28 -> 30 -> 31 -> 32 days, where 16 holidays fit: stable below 40.
    const everyOther = everyDay.filter((_, i) => i % 2 === 0);
    expect(matchingWindow("2026-07-01", everyOther).days).toBe(32);
  });

  it("counts two holidays on one date once", () => {
    const twice: Holiday[] = [
      { name: "Easter", date: "2026-07-10" },
      { name: "Mother's Day", date: "2026-07-10" },
    ];
    expect(matchingWindow("2026-07-06", twice).days).toBe(17);
  });

  it("starts on the local date of the service address", () => {
    const now = Date.parse("2026-12-15T03:00:00Z"); // 2026-12-14 22:00 EST, 2026-12-15 in UTC
    const ny = matchingWindowAt(now, "America/New_York");
    expect([ny.from, ny.to, ny.days]).toEqual(["2026-12-14", "2026-12-31", 18]);
    const utc = matchingWindowAt(now, "UTC");
    expect([utc.from, utc.to, utc.days]).toEqual(["2026-12-15", "2027-01-02", 19]);
  });

  it("rejects a malformed date", () => {
    expect(() => matchingWindow("2026-13-01")).toThrow(RangeError);
  });
});
