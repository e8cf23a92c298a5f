import { describe, expect, it } from "vitest";
import { checkPayoutAdjust, PAYOUT_ADJUST_MAX_DELTA_CENTS } from "./staff-limits";

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
