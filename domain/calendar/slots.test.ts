import { describe, expect, it } from "vitest";
import {
  BOOKING_HORIZON_DAYS,
  SLOTS_PER_DAY,
  checkSlotStart,
  daySlotStarts,
  earliestStart,
  isSlotTime,
  lastBookableDate,
  slotTimes,
} from "./slots";
import { iso, localToInstant } from "./time";

const NY = "America/New_York";
const LA = "America/Los_Angeles";
const KOLKATA = "Asia/Kolkata";

describe("slot grid", () => {
  it("has 32 half-hour starts from 06:00 to 21:30", () => {
    const times = slotTimes();
    expect(SLOTS_PER_DAY).toBe(32);
    expect(times).toHaveLength(32);
    expect(times[0]).toBe("06:00");
    expect(times[1]).toBe("06:30");
    expect(times[31]).toBe("21:30");
    expect(times).not.toContain("22:00");
    expect(times).not.toContain("05:30");
  });

  it("recognises grid times", () => {
    expect(isSlotTime("06:00")).toBe(true);
    expect(isSlotTime("21:30")).toBe(true);
    expect(isSlotTime("05:30")).toBe(false);
    expect(isSlotTime("22:00")).toBe(false);
    expect(isSlotTime("09:15")).toBe(false);
    expect(isSlotTime("9:00")).toBe(false);
  });

  it("places the slots of a spring-forward day on daylight time (2027-03-14)", () => {
    const ny = daySlotStarts("2027-03-14", NY);
    expect(ny).toHaveLength(32);
    expect(iso(ny[0]!)).toBe("2027-03-14T10:00:00.000Z"); // 06:00 EDT
    expect(iso(ny[31]!)).toBe("2027-03-15T01:30:00.000Z"); // 21:30 EDT
    const la = daySlotStarts("2027-03-14", LA);
    expect(iso(la[0]!)).toBe("2027-03-14T13:00:00.000Z"); // 06:00 PDT
  });

  it("places the slots of a fall-back day on standard time (2026-11-01)", () => {
    const ny = daySlotStarts("2026-11-01", NY);
    expect(ny).toHaveLength(32);
    expect(iso(ny[0]!)).toBe("2026-11-01T11:00:00.000Z"); // 06:00 EST
    expect(iso(ny[31]!)).toBe("2026-11-02T02:30:00.000Z"); // 21:30 EST
  });

  it("places the slots of a half-hour-offset zone", () => {
    const k = daySlotStarts("2026-07-01", KOLKATA);
    expect(iso(k[0]!)).toBe("2026-07-01T00:30:00.000Z"); // 06:00 IST
    expect(iso(k[31]!)).toBe("2026-07-01T16:00:00.000Z"); // 21:30 IST
  });
});

describe("same-day lead and horizon", () => {
  // Frozen clock: Wednesday 2026-07-01 10:00 EDT.
  const now = localToInstant("2026-07-01", "10:00", NY);

  it("allows a start exactly 90 minutes from now, not one minute earlier", () => {
    expect(iso(earliestStart(now))).toBe("2026-07-01T15:30:00.000Z"); // 11:30 EDT
    expect(checkSlotStart(localToInstant("2026-07-01", "11:30", NY), now, NY)).toBeNull();
    expect(checkSlotStart(localToInstant("2026-07-01", "11:00", NY), now, NY)).toBe("too-soon");
    const later = now + 60_000; // 10:01 EDT: 11:30 is now 89 minutes away
    expect(checkSlotStart(localToInstant("2026-07-01", "11:30", NY), later, NY)).toBe("too-soon");
    expect(checkSlotStart(localToInstant("2026-07-01", "12:00", NY), later, NY)).toBeNull();
  });

  it("books up to 88 days ahead: today + 88 is the last date", () => {
    expect(BOOKING_HORIZON_DAYS).toBe(88);
    expect(lastBookableDate(now, NY)).toBe("2026-09-27");
    expect(checkSlotStart(localToInstant("2026-09-27", "21:30", NY), now, NY)).toBeNull();
    expect(checkSlotStart(localToInstant("2026-09-28", "06:00", NY), now, NY)).toBe("beyond-horizon");
  });

  it("uses the vendor's local date for today, not UTC's", () => {
    // 23:30 EDT on 2026-07-01 is already 2026-07-02 in UTC.
    const late = localToInstant("2026-07-01", "23:30", NY);
    expect(lastBookableDate(late, NY)).toBe("2026-09-27");
    expect(lastBookableDate(late, "UTC")).toBe("2026-09-28");
  });

  it("refuses starts off the grid", () => {
    expect(checkSlotStart(localToInstant("2026-07-02", "09:15", NY), now, NY)).toBe("off-grid");
    expect(checkSlotStart(localToInstant("2026-07-02", "22:00", NY), now, NY)).toBe("off-grid");
    expect(checkSlotStart(localToInstant("2026-07-02", "05:30", NY), now, NY)).toBe("off-grid");
  });
});
