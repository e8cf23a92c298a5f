import { describe, expect, it } from "vitest";
import { chargeAt, chargeDue, nextDate, recurringDates } from "./payout-rules";

const NY = "America/New_York";
const HOUR = 3_600_000;

describe("client subscription dates in the address's time zone", () => {
  it("keeps the local time of day across the autumn DST change (7 days = 169 hours)", () => {
    const sun = Date.UTC(2026, 9, 25, 14, 0); // Sun 25 Oct 2026 10:00 EDT
    expect(nextDate(sun, 7, NY)).toBe(Date.UTC(2026, 10, 1, 15, 0)); // Sun 1 Nov 10:00 EST
    expect(recurringDates(sun, 7, NY, 3)).toEqual([sun, Date.UTC(2026, 10, 1, 15, 0), Date.UTC(2026, 10, 8, 15, 0)]);
  });

  it("keeps the local time of day across the spring DST change (7 days = 167 hours)", () => {
    const mon = Date.UTC(2026, 2, 2, 15, 0); // Mon 2 Mar 2026 10:00 EST
    expect(nextDate(mon, 7, NY)).toBe(Date.UTC(2026, 2, 9, 14, 0)); // Mon 9 Mar 10:00 EDT
    expect(nextDate(mon, 30, NY)).toBe(Date.UTC(2026, 3, 1, 14, 0)); // Wed 1 Apr 10:00 EDT
  });

  it("charges at the same local time the day before: 25 hours before a date just after the autumn change", () => {
    const service = Date.UTC(2026, 10, 1, 15, 0); // Sun 1 Nov 10:00 EST
    const charge = chargeAt(service, NY);
    expect(charge).toBe(Date.UTC(2026, 9, 31, 14, 0)); // Sat 31 Oct 10:00 EDT
    expect(service - charge).toBe(25 * HOUR);
    // At 10:30 EDT on Saturday the charge is due, although the service is still 24.5 hours away.
    expect(chargeDue(service, NY, Date.UTC(2026, 9, 31, 14, 30))).toBe(true);
    expect(chargeDue(service, NY, Date.UTC(2026, 9, 31, 13, 59))).toBe(false);
    expect(chargeDue(service, NY, service)).toBe(false);
  });

  it("23 hours before a date just after the spring change; 24 on ordinary days, in any zone", () => {
    const service = Date.UTC(2026, 2, 8, 14, 0); // Sun 8 Mar 10:00 EDT
    expect(service - chargeAt(service, NY)).toBe(23 * HOUR);
    const ordinary = Date.UTC(2026, 5, 10, 17, 0);
    expect(ordinary - chargeAt(ordinary, NY)).toBe(24 * HOUR);
    expect(ordinary - chargeAt(ordinary, "America/Los_Angeles")).toBe(24 * HOUR);
  });
});
