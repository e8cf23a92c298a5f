import { describe, expect, it } from "vitest";
import {
  easterSunday,
  holidayMap,
  holidayOn,
  holidaysBetween,
  holidaysForYear,
  lastWeekdayOfMonth,
  nthWeekdayOfMonth,
} from "./holidays";
import { weekdayOf } from "./time";

// Written out by hand from a calendar, not computed: the table the code must reproduce.
const EXPECTED: Record<number, Array<[string, string]>> = {
  2025: [
    ["New Year's Day", "2025-01-01"],
    ["MLK Day", "2025-01-20"],
    ["Presidents' Day", "2025-02-17"],
    ["Easter", "2025-04-20"],
    ["Mother's Day", "2025-05-11"],
    ["Memorial Day", "2025-05-26"],
    ["Juneteenth", "2025-06-19"],
    ["Independence Day", "2025-07-04"],
    ["Labor Day", "2025-09-01"],
    ["Columbus Day", "2025-10-13"],
    ["Veterans Day", "2025-11-11"],
    ["Thanksgiving Day", "2025-11-27"],
    ["Christmas Eve", "2025-12-24"],
    ["Christmas Day", "2025-12-25"],
  ],
  2026: [
    ["New Year's Day", "2026-01-01"],
    ["MLK Day", "2026-01-19"],
    ["Presidents' Day", "2026-02-16"],
    ["Easter", "2026-04-05"],
    ["Mother's Day", "2026-05-10"],
    ["Memorial Day", "2026-05-25"],
    ["Juneteenth", "2026-06-19"],
    ["Independence Day", "2026-07-04"],
    ["Labor Day", "2026-09-07"],
    ["Columbus Day", "2026-10-12"],
    ["Veterans Day", "2026-11-11"],
    ["Thanksgiving Day", "2026-11-26"],
    ["Christmas Eve", "2026-12-24"],
    ["Christmas Day", "2026-12-25"],
  ],
  2027: [
    ["New Year's Day", "2027-01-01"],
    ["MLK Day", "2027-01-18"],
    ["Presidents' Day", "2027-02-15"],
    ["Easter", "2027-03-28"],
    ["Mother's Day", "2027-05-09"],
    ["Memorial Day", "2027-05-31"],
    ["Juneteenth", "2027-06-19"],
    ["Independence Day", "2027-07-04"],
    ["Labor Day", "2027-09-06"],
    ["Columbus Day", "2027-10-11"],
    ["Veterans Day", "2027-11-11"],
    ["Thanksgiving Day", "2027-11-25"],
    ["Christmas Eve", "2027-12-24"],
    ["Christmas Day", "2027-12-25"],
  ],
  2028: [
    ["New Year's Day", "2028-01-01"],
    ["MLK Day", "2028-01-17"],
    ["Presidents' Day", "2028-02-21"],
    ["Easter", "2028-04-16"],
    ["Mother's Day", "2028-05-14"],
    ["Memorial Day", "2028-05-29"],
    ["Juneteenth", "2028-06-19"],
    ["Independence Day", "2028-07-04"],
    ["Labor Day", "2028-09-04"],
    ["Columbus Day", "2028-10-09"],
    ["Veterans Day", "2028-11-11"],
    ["Thanksgiving Day", "2028-11-23"],
    ["Christmas Eve", "2028-12-24"],
    ["Christmas Day", "2028-12-25"],
  ],
};

describe("holidaysForYear", () => {
  for (const year of [2025, 2026, 2027, 2028]) {
    it(`lists the 14 holidays of ${year} on their exact dates, in calendar order`, () => {
      expect(holidaysForYear(year).map((h) => [h.name, h.date])).toEqual(EXPECTED[year]);
    });
  }

  it("puts the weekday-rule holidays on the right weekdays", () => {
    for (const year of [2025, 2026, 2027, 2028]) {
      const byName = new Map(holidaysForYear(year).map((h) => [h.name, h.date]));
      expect(weekdayOf(byName.get("Easter")!)).toBe(0);
      expect(weekdayOf(byName.get("Mother's Day")!)).toBe(0);
      for (const n of ["MLK Day", "Presidents' Day", "Memorial Day", "Labor Day", "Columbus Day"] as const) {
        expect(weekdayOf(byName.get(n)!)).toBe(1);
      }
      expect(weekdayOf(byName.get("Thanksgiving Day")!)).toBe(4);
    }
  });

  it("refuses years the Gregorian rules do not cover", () => {
    expect(() => holidaysForYear(1500)).toThrow(RangeError);
    expect(() => holidaysForYear(2026.5)).toThrow(RangeError);
  });
});

describe("Easter (anonymous Gregorian algorithm)", () => {
  it("matches known dates, including the earliest and latest possible", () => {
    expect(easterSunday(2024)).toBe("2024-03-31");
    expect(easterSunday(2029)).toBe("2029-04-01");
    expect(easterSunday(2030)).toBe("2030-04-21");
    expect(easterSunday(2285)).toBe("2285-03-22"); // earliest possible date
    expect(easterSunday(2038)).toBe("2038-04-25"); // latest possible date
  });
});

describe("weekday-of-month helpers", () => {
  it("finds the n-th and the last weekday", () => {
    expect(nthWeekdayOfMonth(2026, 9, 1, 1)).toBe("2026-09-07"); // 1st Monday of September
    expect(nthWeekdayOfMonth(2027, 2, 1, 1)).toBe("2027-02-01"); // month starting on the weekday itself
    expect(lastWeekdayOfMonth(2027, 5, 1)).toBe("2027-05-31"); // month ending on the weekday itself
    expect(lastWeekdayOfMonth(2026, 12, 4)).toBe("2026-12-31"); // last Thursday of December, across the year
  });
});

describe("holiday lookups", () => {
  it("lists holidays in a span crossing the new year", () => {
    expect(holidaysBetween("2026-12-20", "2027-01-20").map((h) => h.date)).toEqual([
      "2026-12-24",
      "2026-12-25",
      "2027-01-01",
      "2027-01-18",
    ]);
    expect(holidaysBetween("2026-12-26", "2026-12-31")).toEqual([]);
    expect(holidaysBetween("2027-01-02", "2027-01-01")).toEqual([]);
  });

  it("maps dates to names and finds the holiday of a date", () => {
    expect(holidayMap("2026-11-01", "2026-11-30")).toEqual(
      new Map([
        ["2026-11-11", "Veterans Day"],
        ["2026-11-26", "Thanksgiving Day"],
      ]),
    );
    expect(holidayOn("2027-07-04")).toEqual({ name: "Independence Day", date: "2027-07-04" });
    expect(holidayOn("2027-07-05")).toBeUndefined();
  });
});
