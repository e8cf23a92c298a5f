import { describe, expect, it } from "vitest";
import {
  addedChargeAllowance,
  addedChargeCap,
  addedChargeConsent,
  addedChargeRefusal,
  autoChargeUntil,
  type AddedChargeJob,
} from "./added-charges";
import { HOUR_MS } from "./calendar/time";
import { ServiceOrderStatus as S } from "./order-status";

// 10:00 New York on a Tuesday (15:00 UTC), a 60-minute $90 job.
const START = Date.UTC(2026, 10, 24, 15, 0);
const job = (over: Partial<AddedChargeJob> = {}): AddedChargeJob => ({
  status: S.SCHEDULED,
  start: START,
  job_minutes: 60,
  completed_at: null,
  price_cents: 9000,
  ...over,
});

describe("addedChargeCap", () => {
  it("is 20 % of the price or $50, whichever is smaller", () => {
    expect(addedChargeCap(9000)).toBe(1800);
    expect(addedChargeCap(10_500)).toBe(2100);
    expect(addedChargeCap(25_000)).toBe(5000);
    expect(addedChargeCap(100_000)).toBe(5000);
    expect(addedChargeCap(999)).toBe(199); // rounded down: never over the share
    expect(addedChargeCap(0)).toBe(0);
  });
});

describe("addedChargeRefusal", () => {
  it("refuses a job that has not started, and a pending, cancelled or suspended one", () => {
    expect(addedChargeRefusal(job(), START - 1)).toBe("ADD_CHARGE_NOT_ALLOWED");
    for (const status of [S.PENDING, S.CANCELLED, S.SUSPENDED]) {
      expect(addedChargeRefusal(job({ status }), START + HOUR_MS)).toBe("ADD_CHARGE_NOT_ALLOWED");
    }
  });
  it("allows a started, in-progress or completed job", () => {
    expect(addedChargeRefusal(job(), START)).toBeNull();
    expect(addedChargeRefusal(job({ status: S.IN_PROGRESS }), START - HOUR_MS)).toBeNull();
    expect(
      addedChargeRefusal(job({ status: S.COMPLETED, completed_at: START + HOUR_MS }), START + 2 * HOUR_MS),
    ).toBeNull();
  });
  it("stops taking requests 30 days after the job ended", () => {
    const done = job({ status: S.COMPLETED, completed_at: START + HOUR_MS });
    expect(addedChargeRefusal(done, START + HOUR_MS + 30 * 24 * HOUR_MS)).toBeNull();
    expect(addedChargeRefusal(done, START + HOUR_MS + 30 * 24 * HOUR_MS + 1)).toBe("ADD_CHARGE_NOT_ALLOWED");
  });
});

describe("addedChargeConsent", () => {
  it("charges without asking within the cap, in total, while the job is on", () => {
    expect(addedChargeConsent(job(), 0, 1800, START + 10 * 60_000)).toBe("auto");
    expect(addedChargeConsent(job(), 0, 1801, START + 10 * 60_000)).toBe("customer");
    expect(addedChargeConsent(job(), 1000, 800, START)).toBe("auto");
    // The whole charge goes to the customer when it does not fit: it is never split.
    expect(addedChargeConsent(job(), 1000, 801, START)).toBe("customer");
    expect(addedChargeConsent(job(), 1800, 100, START)).toBe("customer");
  });
  it("asks the customer after the 24-hour window that follows completion", () => {
    const done = job({ status: S.COMPLETED, completed_at: START + 50 * 60_000 });
    expect(autoChargeUntil(done)).toBe(START + 50 * 60_000 + 24 * HOUR_MS);
    expect(addedChargeConsent(done, 0, 500, autoChargeUntil(done))).toBe("auto");
    expect(addedChargeConsent(done, 0, 500, autoChargeUntil(done) + 1)).toBe("customer");
    expect(addedChargeConsent(done, 0, 500, START + 6 * 7 * 24 * HOUR_MS)).toBe("customer");
  });
  it("closes the window 24 hours after the scheduled end of a job the pro never completed", () => {
    const end = START + 60 * 60_000;
    expect(addedChargeConsent(job(), 0, 500, end + 24 * HOUR_MS)).toBe("auto");
    expect(addedChargeConsent(job(), 0, 500, end + 24 * HOUR_MS + 1)).toBe("customer");
  });
});

describe("addedChargeAllowance", () => {
  it("says what is left without asking, and nothing outside the window or on a refused job", () => {
    expect(addedChargeAllowance(job(), 500, START)).toMatchObject({
      allowed: true,
      cap_cents: 1800,
      auto_left_cents: 1300,
    });
    expect(addedChargeAllowance(job(), 2500, START).auto_left_cents).toBe(0);
    expect(addedChargeAllowance(job(), 0, START - 1)).toMatchObject({ allowed: false, auto_left_cents: 0 });
    expect(addedChargeAllowance(job(), 0, START + 26 * HOUR_MS)).toMatchObject({ allowed: true, auto_left_cents: 0 });
  });
});
