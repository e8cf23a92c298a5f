import { describe, expect, it } from "vitest";
import {
  addDays,
  addDaysInZone,
  dayNumber,
  daysBetween,
  formatLocal,
  iso,
  isValidTimeZone,
  localDate,
  localTime,
  localToInstant,
  minutesOfTime,
  offsetMinutes,
  parseLocal,
  startOfLocalDay,
  weekdayOf,
  zoneTable,
  zonedParts,
} from "./time";

const NY = "America/New_York";
const LA = "America/Los_Angeles";
const KOLKATA = "Asia/Kolkata";

describe("localToInstant", () => {
  it("converts ordinary wall times in New York, Los Angeles and Kolkata", () => {
    expect(iso(localToInstant("2026-07-01", "09:00", NY))).toBe("2026-07-01T13:00:00.000Z"); // 09:00 EDT
    expect(iso(localToInstant("2026-01-15", "09:00", NY))).toBe("2026-01-15T14:00:00.000Z"); // 09:00 EST
    expect(iso(localToInstant("2026-07-01", "09:00", LA))).toBe("2026-07-01T16:00:00.000Z"); // 09:00 PDT
    expect(iso(localToInstant("2026-01-15", "09:00", LA))).toBe("2026-01-15T17:00:00.000Z"); // 09:00 PST
    expect(iso(localToInstant("2026-01-15", "09:00", KOLKATA))).toBe("2026-01-15T03:30:00.000Z"); // 09:00 IST
    expect(iso(localToInstant("2026-01-15", "02:00", KOLKATA))).toBe("2026-01-14T20:30:00.000Z"); // 02:00 IST, previous UTC day
  });

  it("moves a wall time inside the spring-forward gap forward (New York, 2027-03-14)", () => {
    expect(iso(localToInstant("2027-03-14", "01:59", NY))).toBe("2027-03-14T06:59:00.000Z"); // 01:59 EST
    expect(iso(localToInstant("2027-03-14", "02:00", NY))).toBe("2027-03-14T07:00:00.000Z"); // does not exist -> 03:00 EDT
    expect(iso(localToInstant("2027-03-14", "02:30", NY))).toBe("2027-03-14T07:30:00.000Z"); // does not exist -> 03:30 EDT
    expect(iso(localToInstant("2027-03-14", "03:00", NY))).toBe("2027-03-14T07:00:00.000Z"); // 03:00 EDT
    expect(iso(localToInstant("2027-03-14", "06:00", NY))).toBe("2027-03-14T10:00:00.000Z"); // 06:00 EDT
  });

  it("moves a wall time inside the spring-forward gap forward (Los Angeles, 2027-03-14)", () => {
    expect(iso(localToInstant("2027-03-14", "02:30", LA))).toBe("2027-03-14T10:30:00.000Z"); // does not exist -> 03:30 PDT
    expect(iso(localToInstant("2027-03-14", "06:00", LA))).toBe("2027-03-14T13:00:00.000Z"); // 06:00 PDT
  });

  it("picks the first occurrence of a repeated wall time on fall-back day (2026-11-01)", () => {
    expect(iso(localToInstant("2026-11-01", "00:30", NY))).toBe("2026-11-01T04:30:00.000Z"); // 00:30 EDT
    expect(iso(localToInstant("2026-11-01", "01:00", NY))).toBe("2026-11-01T05:00:00.000Z"); // 01:00 EDT (first)
    expect(iso(localToInstant("2026-11-01", "01:30", NY))).toBe("2026-11-01T05:30:00.000Z"); // 01:30 EDT (first), not 06:30Z
    expect(iso(localToInstant("2026-11-01", "02:00", NY))).toBe("2026-11-01T07:00:00.000Z"); // 02:00 EST
    expect(iso(localToInstant("2026-11-01", "06:00", NY))).toBe("2026-11-01T11:00:00.000Z"); // 06:00 EST
    expect(iso(localToInstant("2026-11-01", "01:30", LA))).toBe("2026-11-01T08:30:00.000Z"); // 01:30 PDT (first)
    expect(iso(localToInstant("2026-11-01", "06:00", LA))).toBe("2026-11-01T14:00:00.000Z"); // 06:00 PST
  });

  it("accepts 24:00 as the end of the day", () => {
    expect(iso(localToInstant("2026-07-01", "24:00", NY))).toBe("2026-07-02T04:00:00.000Z"); // 2026-07-02 00:00 EDT
  });

  it("rejects malformed and impossible dates and times", () => {
    expect(() => localToInstant("2026-02-30", "09:00", NY)).toThrow(RangeError);
    expect(() => localToInstant("2026-7-1", "09:00", NY)).toThrow(RangeError);
    expect(() => localToInstant("2026-07-01", "9:00", NY)).toThrow(RangeError);
    expect(() => localToInstant("2026-07-01", "24:30", NY)).toThrow(RangeError);
    expect(() => localToInstant("2026-07-01", "12:60", NY)).toThrow(RangeError);
  });
});

describe("instant to local", () => {
  it("reads offsets including the half-hour offset of Kolkata", () => {
    expect(offsetMinutes(Date.parse("2026-07-01T12:00:00Z"), NY)).toBe(-240);
    expect(offsetMinutes(Date.parse("2026-12-01T12:00:00Z"), NY)).toBe(-300);
    expect(offsetMinutes(Date.parse("2026-07-01T12:00:00Z"), LA)).toBe(-420);
    expect(offsetMinutes(Date.parse("2026-07-01T12:00:00Z"), KOLKATA)).toBe(330);
  });

  it("gives the local date and time of an instant", () => {
    const t = Date.parse("2026-11-01T05:30:00Z"); // 01:30 EDT, first pass
    expect(formatLocal(t, NY)).toBe("2026-11-01 01:30");
    expect(formatLocal(t + 3_600_000, NY)).toBe("2026-11-01 01:30"); // 06:30Z is 01:30 EST, second pass
    expect(formatLocal(Date.parse("2026-01-14T20:30:00Z"), KOLKATA)).toBe("2026-01-15 02:00");
    expect(localDate(Date.parse("2026-07-02T03:59:00Z"), NY)).toBe("2026-07-01"); // 23:59 EDT
    expect(localDate(Date.parse("2026-07-02T04:00:00Z"), NY)).toBe("2026-07-02"); // 00:00 EDT
    expect(localTime(Date.parse("2027-03-14T07:00:00Z"), NY)).toBe("03:00");
    expect(localTime(Date.parse("2027-03-14T06:59:00Z"), NY)).toBe("01:59");
  });

  it("returns all local fields with the weekday", () => {
    expect(zonedParts(Date.parse("2027-03-14T10:00:00Z"), NY)).toEqual({
      year: 2027,
      month: 3,
      day: 14,
      hour: 6,
      minute: 0,
      second: 0,
      weekday: 0, // Sunday
    });
  });

  it("round-trips promised_arrival_time strings", () => {
    expect(iso(parseLocal("2027-03-14 06:00", NY))).toBe("2027-03-14T10:00:00.000Z"); // 06:00 EDT
    expect(formatLocal(parseLocal("2026-11-01 21:30", LA), LA)).toBe("2026-11-01 21:30");
    expect(() => parseLocal("2026-11-01", LA)).toThrow(RangeError);
  });

  it("knows valid zone names", () => {
    expect(isValidTimeZone(NY)).toBe(true);
    expect(isValidTimeZone(KOLKATA)).toBe(true);
    expect(isValidTimeZone("Mars/Olympus")).toBe(false);
    expect(isValidTimeZone("")).toBe(false);
  });
});

describe("local calendar arithmetic", () => {
  it("adds days to dates across month, year and leap-day boundaries", () => {
    expect(addDays("2026-01-31", 1)).toBe("2026-02-01");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2027-02-28", 1)).toBe("2027-03-01");
    expect(addDays("2026-09-14", 88)).toBe("2026-12-11");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(daysBetween("2026-09-14", "2026-12-11")).toBe(88);
    expect(dayNumber("1970-01-02")).toBe(1);
  });

  it("gives weekdays with Sunday as 0", () => {
    expect(weekdayOf("2027-03-14")).toBe(0); // Sunday
    expect(weekdayOf("2026-11-01")).toBe(0); // Sunday
    expect(weekdayOf("2026-11-26")).toBe(4); // Thursday
    expect(weekdayOf("1970-01-01")).toBe(4); // Thursday
  });

  it("adds days in local time: same wall clock across DST, 23 or 25 real hours", () => {
    const sat = localToInstant("2027-03-13", "09:00", NY); // 09:00 EST = 14:00Z
    const sun = addDaysInZone(sat, 1, NY);
    expect(iso(sun)).toBe("2027-03-14T13:00:00.000Z"); // 09:00 EDT
    expect((sun - sat) / 3_600_000).toBe(23);
    const fallSat = localToInstant("2026-10-31", "09:00", NY); // 09:00 EDT = 13:00Z
    const fallSun = addDaysInZone(fallSat, 1, NY);
    expect(iso(fallSun)).toBe("2026-11-01T14:00:00.000Z"); // 09:00 EST
    expect((fallSun - fallSat) / 3_600_000).toBe(25);
    // A wall time that does not exist on the target day moves forward.
    expect(iso(addDaysInZone(localToInstant("2027-03-13", "02:30", NY), 1, NY))).toBe("2027-03-14T07:30:00.000Z"); // 03:30 EDT
    expect(iso(addDaysInZone(localToInstant("2026-01-15", "09:00", KOLKATA), 30, KOLKATA))).toBe(
      "2026-02-14T03:30:00.000Z", // 09:00 IST
    );
  });

  it("starts the local day at midnight, in every zone", () => {
    expect(iso(startOfLocalDay("2027-03-14", NY))).toBe("2027-03-14T05:00:00.000Z"); // 00:00 EST
    expect(iso(startOfLocalDay("2027-03-15", NY))).toBe("2027-03-15T04:00:00.000Z"); // 00:00 EDT
    expect(iso(startOfLocalDay("2026-07-01", KOLKATA))).toBe("2026-06-30T18:30:00.000Z"); // 00:00 IST
  });

  it("parses times to minutes", () => {
    expect(minutesOfTime("06:00")).toBe(360);
    expect(minutesOfTime("21:30")).toBe(1290);
    expect(minutesOfTime("24:00")).toBe(1440);
  });
});

describe("zoneTable", () => {
  it("finds DST transitions to the second and agrees with Intl", () => {
    const z = zoneTable(NY, Date.parse("2026-10-01T00:00:00Z"), Date.parse("2027-04-01T00:00:00Z"));
    expect(z.offsetAt(Date.parse("2026-11-01T05:59:59Z"))).toBe(-240 * 60_000); // 01:59:59 EDT
    expect(z.offsetAt(Date.parse("2026-11-01T06:00:00Z"))).toBe(-300 * 60_000); // 01:00:00 EST
    expect(z.offsetAt(Date.parse("2027-03-14T06:59:59Z"))).toBe(-300 * 60_000); // 01:59:59 EST
    expect(z.offsetAt(Date.parse("2027-03-14T07:00:00Z"))).toBe(-240 * 60_000); // 03:00:00 EDT
    for (let t = Date.parse("2026-10-30T00:00:00Z"); t < Date.parse("2026-11-03T00:00:00Z"); t += 15 * 60_000) {
      expect(z.offsetAt(t)).toBe(offsetMinutes(t, NY) * 60_000);
    }
  });

  it("converts wall times like localToInstant, including gap and overlap", () => {
    const z = zoneTable(NY, Date.parse("2026-10-01T00:00:00Z"), Date.parse("2027-04-01T00:00:00Z"));
    expect(iso(z.toInstant(Date.UTC(2027, 2, 14, 2, 30)))).toBe("2027-03-14T07:30:00.000Z"); // 02:30 -> 03:30 EDT
    expect(iso(z.toInstant(Date.UTC(2026, 10, 1, 1, 30)))).toBe("2026-11-01T05:30:00.000Z"); // 01:30 EDT (first)
    expect(iso(z.toWall(Date.parse("2026-11-01T06:30:00Z")))).toBe("2026-11-01T01:30:00.000Z"); // wall 01:30 EST
  });

  it("falls back to Intl outside its span", () => {
    const z = zoneTable(KOLKATA, Date.parse("2026-01-01T00:00:00Z"), Date.parse("2026-01-02T00:00:00Z"));
    expect(z.offsetAt(Date.parse("2030-06-01T00:00:00Z"))).toBe(330 * 60_000);
    const ny = zoneTable(NY, Date.parse("2026-01-01T00:00:00Z"), Date.parse("2026-01-02T00:00:00Z"));
    expect(ny.offsetAt(Date.parse("2026-07-01T00:00:00Z"))).toBe(-240 * 60_000);
  });
});
