import { describe, expect, it } from "vitest";
import {
  canRequestException,
  EXCEPTION_REQUEST_WINDOW_MS,
  reliabilityAfterException,
  RELIABILITY_MAX,
} from "./exceptions";
import {
  checkPayoutAdjust,
  checkStaffCharge,
  PAYOUT_ADJUST_MAX_DELTA_CENTS,
  STAFF_CHARGE_MAX_CENTS,
  suspensionFee,
} from "./staff-limits";

describe("payout price adjustment limits", () => {
  it("accepts a change within the limits and answers the delta", () => {
    expect(checkPayoutAdjust({ current: 6000, next: 7500, jobPrice: 10_000 })).toEqual({ ok: true, delta_cents: 1500 });
    expect(checkPayoutAdjust({ current: 6000, next: 0, jobPrice: 10_000 })).toEqual({ ok: true, delta_cents: -6000 });
  });

  it("refuses negative, fractional, above the price, unchanged and too large changes", () => {
    expect(checkPayoutAdjust({ current: 6000, next: -1, jobPrice: 10_000 }).ok).toBe(false);
    expect(checkPayoutAdjust({ current: 6000, next: 60.5, jobPrice: 10_000 }).ok).toBe(false);
    expect(checkPayoutAdjust({ current: 6000, next: 10_001, jobPrice: 10_000 }).ok).toBe(false);
    expect(checkPayoutAdjust({ current: 6000, next: 6000, jobPrice: 10_000 }).ok).toBe(false);
    const far = 6000 + PAYOUT_ADJUST_MAX_DELTA_CENTS + 1;
    expect(checkPayoutAdjust({ current: 6000, next: far, jobPrice: 50_000 }).ok).toBe(false);
  });
});

describe("staff charge limits (decision 097)", () => {
  it("takes $1.00 to $500.00, within the job's price plus $100.00 altogether", () => {
    expect(checkStaffCharge({ amount: 100, jobPrice: 9000, chargedSoFar: 0 })).toEqual({ ok: true });
    expect(checkStaffCharge({ amount: STAFF_CHARGE_MAX_CENTS, jobPrice: 90_000, chargedSoFar: 0 })).toEqual({
      ok: true,
    });
    expect(checkStaffCharge({ amount: 99, jobPrice: 9000, chargedSoFar: 0 }).ok).toBe(false);
    expect(checkStaffCharge({ amount: 150.5, jobPrice: 9000, chargedSoFar: 0 }).ok).toBe(false);
    expect(checkStaffCharge({ amount: STAFF_CHARGE_MAX_CENTS + 1, jobPrice: 90_000, chargedSoFar: 0 }).ok).toBe(false);
    expect(checkStaffCharge({ amount: 4000, jobPrice: 9000, chargedSoFar: 15_000 })).toEqual({ ok: true });
    expect(checkStaffCharge({ amount: 4001, jobPrice: 9000, chargedSoFar: 15_000 }).ok).toBe(false);
  });
});

describe("suspension fee choices (decision 098)", () => {
  it("waived is 0, assessed the full fee, reduced from $1.00 to less than the full fee", () => {
    expect(suspensionFee("waived", 1500, 700)).toEqual({ ok: true, fee_cents: 0 });
    expect(suspensionFee("assessed", 1500, undefined)).toEqual({ ok: true, fee_cents: 1500 });
    expect(suspensionFee("reduced", 1500, 700)).toEqual({ ok: true, fee_cents: 700 });
    expect(suspensionFee("reduced", 1500, undefined).ok).toBe(false);
    expect(suspensionFee("reduced", 1500, 99).ok).toBe(false);
    expect(suspensionFee("reduced", 1500, 1500).ok).toBe(false);
  });
});

describe("exceptions (decision 099)", () => {
  it("only for a penalty, within 14 days; the points come back up to 100", () => {
    const at = 1_000_000_000;
    expect(canRequestException({ penalty: 5, created_at: at }, at + EXCEPTION_REQUEST_WINDOW_MS)).toEqual({ ok: true });
    expect(canRequestException({ penalty: 5, created_at: at }, at + EXCEPTION_REQUEST_WINDOW_MS + 1).ok).toBe(false);
    expect(canRequestException({ penalty: 0, created_at: at }, at).ok).toBe(false);
    expect(reliabilityAfterException(40, 10)).toBe(50);
    expect(reliabilityAfterException(97, 5)).toBe(RELIABILITY_MAX);
  });
});
