import { describe, expect, it } from "vitest";
import { HOUR_MS } from "./calendar/time";
import { noShowFee } from "./job-actions";
import { lateCancellationFeeCents, quoteCancellation } from "./order-rules";
import {
  FREE_CANCELLATION_HOURS,
  LATE_CANCELLATION_FEE_TEXT,
  NO_SHOW_FEE_TEXT,
  NO_SHOW_WAIT_TEXT,
} from "./policy-text";
import { PRICING } from "./pricing-config";

// The FAQ and the terms say these words; the checks below hold the code that charges to them.
describe("the cancellation words the pages show", () => {
  it("say the late fee the code keeps: 25% of the price, at least $15, never more than paid", () => {
    expect(LATE_CANCELLATION_FEE_TEXT).toBe("25% of the service price (at least $15, never more than you paid)");
    expect(lateCancellationFeeCents(20_000)).toBe(5_000);
    expect(lateCancellationFeeCents(4_000)).toBe(1_500);
  });
  it("say the no-show fee the code keeps: half the price, at least $15, never more than paid", () => {
    expect(NO_SHOW_FEE_TEXT).toBe("half the service price (at least $15, never more than you paid)");
    expect(NO_SHOW_WAIT_TEXT).toBe("30 minutes");
    expect(noShowFee(20_000, 20_000, PRICING.lateCancellationFeeMinCents)).toBe(10_000);
    expect(noShowFee(2_000, 2_000, PRICING.lateCancellationFeeMinCents)).toBe(1_500);
    expect(noShowFee(20_000, 1_000, PRICING.lateCancellationFeeMinCents)).toBe(1_000);
  });
  it("say cancelling is free more than 24 hours before or with no pro yet, and the fee is kept after set-off", () => {
    expect(FREE_CANCELLATION_HOURS).toBe(24);
    const start = Date.UTC(2026, 5, 10, 15, 0);
    const base = {
      start,
      price_cents: 10_000,
      vendor_assigned: true,
      late_locked: false,
      card_cents: 10_000,
      credit_cents: 0,
    };
    expect(quoteCancellation({ ...base, now: start - 24 * HOUR_MS - 1 }).fee_cents).toBe(0);
    expect(quoteCancellation({ ...base, now: start - HOUR_MS, vendor_assigned: false }).fee_cents).toBe(0);
    // On the way (minutes before the start): the late fee, not the full price.
    expect(quoteCancellation({ ...base, now: start - 10 * 60_000 })).toMatchObject({
      fee_cents: 2_500,
      refund_cents: 7_500,
    });
  });
});
