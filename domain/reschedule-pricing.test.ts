import { describe, expect, it } from "vitest";
import { checkoutTotals, MIN_CARD_CHARGE_CENTS } from "./checkout-rules";
import { PRICING } from "./pricing-config";
import { chargeableDifference, isLengthOption, optionFamily, refundSplit, reschedulePrice } from "./reschedule-pricing";

const opt = (service_id: number, service_code: string, extra: Partial<Parameters<typeof isLengthOption>[0]> = {}) => ({
  service_id,
  service_code,
  type: 1,
  surcharge: false,
  enable: true,
  ...extra,
});

describe("length options", () => {
  it("groups service codes by everything before their minutes", () => {
    expect(optionFamily("MSG-SWE-60")).toBe("MSG-SWE");
    expect(optionFamily("msg-swe-90")).toBe("MSG-SWE");
    expect(optionFamily("GIFT")).toBeNull();
    expect(optionFamily("MSG-SWE-")).toBeNull();
  });

  it("takes another enabled, non add-on length of the same family and type only", () => {
    const swe60 = opt(1, "MSG-SWE-60");
    expect(isLengthOption(swe60, opt(3, "MSG-SWE-90"))).toBe(true);
    expect(isLengthOption(swe60, opt(1, "MSG-SWE-60"))).toBe(false);
    expect(isLengthOption(swe60, opt(2, "MSG-DTS-60"))).toBe(false);
    expect(isLengthOption(swe60, opt(3, "MSG-SWE-90", { enable: false }))).toBe(false);
    expect(isLengthOption(swe60, opt(3, "MSG-SWE-90", { surcharge: true }))).toBe(false);
    expect(isLengthOption(swe60, opt(3, "MSG-SWE-90", { type: 2 }))).toBe(false);
    expect(isLengthOption(opt(9, "GIFT"), opt(10, "GIFT"))).toBe(false);
  });
});

describe("reschedulePrice", () => {
  it("charges the difference of the order's checkout totals: price and the service fee", () => {
    // $119 -> $169: the fee is 5% of the services (5.95 -> 8.45).
    const p = reschedulePrice({ lines: [11_900], index: 0, newPriceCents: 16_900, isMember: false });
    expect(p).toEqual({
      old_price_cents: 11_900,
      new_price_cents: 16_900,
      old_discount_cents: 0,
      new_discount_cents: 0,
      old_fee_cents: 595,
      new_fee_cents: 845,
      old_total_cents: 12_495,
      new_total_cents: 17_745,
      difference_cents: 5_250,
      direction: "charge",
      vendor_payout_cents: 11_830,
    });
  });

  it("agrees with checkout's totals for members, several jobs and the fee's floor and cap", () => {
    for (const [lines, index, next, isMember] of [
      [[11_900, 8_500], 1, 12_000, true],
      [[2_000], 0, 3_000, false], // fee floor on both sides
      [[40_000], 0, 30_000, true], // fee cap on both sides
      [[11_900, 16_900], 0, 8_900, true],
    ] as const) {
      const p = reschedulePrice({ lines, index, newPriceCents: next, isMember });
      const t = (xs: readonly number[]) =>
        checkoutTotals({
          lines: xs.map((price_cents) => ({ price_cents })),
          isMember,
          creditBalanceCents: 0,
          useCredit: false,
        });
      const after = lines.map((x, i) => (i === index ? next : x));
      expect(p.old_total_cents).toBe(t(lines).due_cents);
      expect(p.new_total_cents).toBe(t(after).due_cents);
      expect(p.difference_cents).toBe(t(after).due_cents - t(lines).due_cents);
      expect(p.new_discount_cents).toBe(isMember ? Math.round((next * PRICING.memberDiscountBps) / 10_000) : 0);
    }
  });

  it("refunds a cheaper option and answers none for the same price", () => {
    expect(reschedulePrice({ lines: [16_900], index: 0, newPriceCents: 11_900, isMember: true }).direction).toBe(
      "refund",
    );
    const same = reschedulePrice({ lines: [16_900], index: 0, newPriceCents: 16_900, isMember: false });
    expect(same.difference_cents).toBe(0);
    expect(same.direction).toBe("none");
  });

  it("refuses an impossible line or price", () => {
    expect(() => reschedulePrice({ lines: [100], index: 1, newPriceCents: 100, isMember: false })).toThrow(RangeError);
    expect(() => reschedulePrice({ lines: [100], index: 0, newPriceCents: 1.5, isMember: false })).toThrow(RangeError);
  });
});

describe("charge and refund amounts", () => {
  it("waives a difference a card cannot be charged", () => {
    expect(chargeableDifference(MIN_CARD_CHARGE_CENTS - 1)).toBe(0);
    expect(chargeableDifference(MIN_CARD_CHARGE_CENTS)).toBe(MIN_CARD_CHARGE_CENTS);
    expect(chargeableDifference(-500)).toBe(0);
  });

  it("gives a lower price back to the card first, the rest as credit", () => {
    expect(refundSplit(5_000, 20_000)).toEqual({ card_cents: 5_000, credit_cents: 0 });
    expect(refundSplit(5_000, 1_200)).toEqual({ card_cents: 1_200, credit_cents: 3_800 });
    expect(refundSplit(5_000, -3)).toEqual({ card_cents: 0, credit_cents: 5_000 });
  });
});
