import { describe, expect, it } from "vitest";
import {
  bpsOf,
  checkCheckoutEmail,
  checkServiceAddress,
  checkoutTotals,
  creditToApply,
  giftAmountAllowed,
  giftCodeFromBytes,
  GIFT_DELIVERY_LOCAL_TIME,
  giftDelivery,
  isActiveMember,
  memberPricesUntil,
  isFreeEmailDomain,
  memberDiscountCents,
  MIN_CARD_CHARGE_CENTS,
  normalizeGiftCode,
  paymentLinkAmountAllowed,
  paymentLinkState,
  reminderInstant,
  reminderTimeAllowed,
  serviceFeeCents,
  walletAllowed,
} from "./checkout-rules";
import { PRICING } from "./pricing-config";

describe("amounts", () => {
  it("rounds basis points half up in integers", () => {
    expect(bpsOf(10_000, 500)).toBe(500);
    expect(bpsOf(1_010, 500)).toBe(51); // 50.5 -> 51
    expect(bpsOf(1_009, 500)).toBe(50); // 50.45 -> 50
    expect(bpsOf(0, 1500)).toBe(0);
  });

  it("charges a 5% service fee with a $1.99 floor and a $15 cap, nothing on an empty order", () => {
    expect(serviceFeeCents(0)).toBe(0);
    expect(serviceFeeCents(1_000)).toBe(PRICING.serviceFeeMinCents); // 50 -> 199
    expect(serviceFeeCents(9_000)).toBe(450);
    expect(serviceFeeCents(100_000)).toBe(PRICING.serviceFeeMaxCents); // 5000 -> 1500
  });

  it("gives members 15% off each line", () => {
    expect(memberDiscountCents(9_000)).toBe(1_350);
    expect(memberDiscountCents(9_999)).toBe(1_500); // 1499.85
  });
});

describe("creditToApply", () => {
  it("pays everything when the balance covers it", () => {
    expect(creditToApply(5_000, 10_000)).toBe(5_000);
    expect(creditToApply(5_000, 5_000)).toBe(5_000);
  });
  it("uses the whole balance when the card is left at least the minimum", () => {
    expect(creditToApply(5_000, 4_950)).toBe(4_950);
    expect(creditToApply(5_000, 1_000)).toBe(1_000);
  });
  it("stops short of the balance rather than leave the card less than the minimum", () => {
    expect(creditToApply(5_000, 4_980)).toBe(5_000 - MIN_CARD_CHARGE_CENTS);
    expect(5_000 - creditToApply(5_000, 4_999)).toBe(MIN_CARD_CHARGE_CENTS);
  });
  it("uses nothing for nothing due, no balance or a negative balance", () => {
    expect(creditToApply(0, 1_000)).toBe(0);
    expect(creditToApply(5_000, 0)).toBe(0);
    expect(creditToApply(5_000, -300)).toBe(0);
  });
  it("cannot help a due amount below the minimum unless it pays all of it", () => {
    expect(creditToApply(40, 30)).toBe(0);
    expect(creditToApply(40, 40)).toBe(40);
  });
});

describe("checkoutTotals", () => {
  const lines = [{ price_cents: 9_000 }, { price_cents: 12_000 }];

  it("adds the lines and the fee for a non-member without credit", () => {
    expect(checkoutTotals({ lines, isMember: false, creditBalanceCents: 0, useCredit: true })).toEqual({
      subtotal_cents: 21_000,
      line_discounts_cents: [0, 0],
      member_discount_cents: 0,
      service_fee_cents: 1_050,
      tax_cents: 0,
      due_cents: 22_050,
      credit_available_cents: 0,
      credit_applied_cents: 0,
      total_cents: 22_050,
    });
  });

  it("takes the member discount per line before the fee, then the credit", () => {
    const t = checkoutTotals({ lines, isMember: true, creditBalanceCents: 2_500, useCredit: true });
    expect(t.line_discounts_cents).toEqual([1_350, 1_800]);
    expect(t.member_discount_cents).toBe(3_150);
    expect(t.service_fee_cents).toBe(893); // 5% of 17 850 = 892.5
    expect(t.due_cents).toBe(21_000 - 3_150 + 893);
    expect(t.credit_applied_cents).toBe(2_500);
    expect(t.total_cents).toBe(t.due_cents - 2_500);
  });

  it("keeps the credit when the customer says so", () => {
    const t = checkoutTotals({ lines, isMember: false, creditBalanceCents: 2_500, useCredit: false });
    expect(t.credit_available_cents).toBe(2_500);
    expect(t.credit_applied_cents).toBe(0);
    expect(t.total_cents).toBe(22_050);
  });

  it("lets credit pay the whole order (nothing to charge)", () => {
    const t = checkoutTotals({
      lines: [{ price_cents: 9_000 }],
      isMember: false,
      creditBalanceCents: 50_000,
      useCredit: true,
    });
    expect(t.credit_applied_cents).toBe(9_450);
    expect(t.total_cents).toBe(0);
  });

  it("holds the identity total = subtotal - discount - credit + fee + tax", () => {
    for (const balance of [0, 1, 49, 50, 9_000, 9_449, 9_450, 100_000]) {
      for (const isMember of [false, true]) {
        const t = checkoutTotals({ lines, isMember, creditBalanceCents: balance, useCredit: true });
        expect(t.total_cents).toBe(
          t.subtotal_cents - t.member_discount_cents - t.credit_applied_cents + t.service_fee_cents + t.tax_cents,
        );
        expect(t.total_cents === 0 || t.total_cents >= MIN_CARD_CHARGE_CENTS).toBe(true);
        expect(t.credit_applied_cents).toBeLessThanOrEqual(balance);
      }
    }
  });

  it("is all zeros for an empty cart", () => {
    const t = checkoutTotals({ lines: [], isMember: true, creditBalanceCents: 100, useCredit: true });
    expect([t.subtotal_cents, t.service_fee_cents, t.credit_applied_cents, t.total_cents]).toEqual([0, 0, 0, 0]);
  });

  it("offers wallets only from 50 cents", () => {
    expect(walletAllowed(49)).toBe(false);
    expect(walletAllowed(50)).toBe(true);
  });
});

describe("checkout email", () => {
  it("trims and lower-cases, and needs a top-level part of 2+ letters", () => {
    expect(checkCheckoutEmail("  Ana@Example.COM ", { business: false })).toEqual({
      ok: true,
      email: "ana@example.com",
    });
    expect(checkCheckoutEmail("ana@example.c", { business: false }).ok).toBe(false);
    expect(checkCheckoutEmail("ana@example.c0m", { business: false }).ok).toBe(false);
    expect(checkCheckoutEmail("ana@localhost", { business: false }).ok).toBe(false);
    expect(checkCheckoutEmail("", { business: false })).toMatchObject({ ok: false, reason: "invalid" });
  });

  it("accepts free mail for consumer services but not for business services", () => {
    expect(checkCheckoutEmail("ana@gmail.com", { business: false }).ok).toBe(true);
    expect(checkCheckoutEmail("ana@gmail.com", { business: true })).toMatchObject({
      ok: false,
      reason: "not-business",
    });
    expect(checkCheckoutEmail("ana@acme-salons.com", { business: true })).toEqual({
      ok: true,
      email: "ana@acme-salons.com",
    });
  });

  it("counts subdomains of free providers as free, but not look-alikes", () => {
    expect(isFreeEmailDomain("a@mail.yahoo.com")).toBe(true);
    expect(isFreeEmailDomain("a@GMAIL.COM")).toBe(true);
    expect(isFreeEmailDomain("a@notgmail.com")).toBe(false);
    expect(isFreeEmailDomain("a@gmail.com.acme.io")).toBe(false);
  });
});

describe("gift cards", () => {
  it("allows the presets and whole-dollar custom amounts within the limits", () => {
    for (const p of PRICING.giftCardPresetsCents) expect(giftAmountAllowed(p)).toBe(true);
    expect(giftAmountAllowed(PRICING.giftCardMinCents)).toBe(true);
    expect(giftAmountAllowed(PRICING.giftCardMaxCents)).toBe(true);
    expect(giftAmountAllowed(PRICING.giftCardMinCents - 100)).toBe(false);
    expect(giftAmountAllowed(PRICING.giftCardMaxCents + 100)).toBe(false);
    expect(giftAmountAllowed(3_050)).toBe(false);
    expect(giftAmountAllowed(2_500.5)).toBe(false);
  });

  it("makes codes of 16 unambiguous symbols in groups of four", () => {
    const bytes = Uint8Array.from({ length: 16 }, (_, i) => i * 17);
    const code = giftCodeFromBytes(bytes);
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
    expect(giftCodeFromBytes(bytes)).toBe(code);
    expect(() => giftCodeFromBytes(new Uint8Array(8))).toThrow(RangeError);
  });

  it("reads codes in any case, with or without dashes and spaces, O as 0 and I or L as 1", () => {
    expect(normalizeGiftCode("7kq2-m9xd-4rtb-w3hn")).toBe("7KQ2-M9XD-4RTB-W3HN");
    expect(normalizeGiftCode(" 7KQ2 M9XD 4RTB W3HN ")).toBe("7KQ2-M9XD-4RTB-W3HN");
    expect(normalizeGiftCode("7KQ2M9XD4RTBW3HN")).toBe("7KQ2-M9XD-4RTB-W3HN");
    expect(normalizeGiftCode("OIL0-0000-0000-0000")).toBe("0110-0000-0000-0000");
    expect(normalizeGiftCode("7KQ2-M9XD-4RTB")).toBeNull();
    expect(normalizeGiftCode("7KQ2-M9XD-4RTB-W3HU")).toBeNull(); // U is not in the alphabet
    expect(normalizeGiftCode("7KQ2-M9XD-4RTB-W3H!")).toBeNull();
  });
});

describe("gift card delivery day", () => {
  // 2026-03-07 20:00 in New York (EST, 01:00 UTC on the 8th); the clocks go forward on 2026-03-08.
  const now = Date.UTC(2026, 2, 8, 1, 0);
  const tz = "America/New_York";
  it("sends today's card at once, in the buyer's zone", () => {
    expect(giftDelivery("2026-03-07", tz, now)).toEqual({
      ok: true,
      deliver_on: "2026-03-07",
      time_zone: tz,
      deliver_at: now,
      now: true,
    });
    expect(giftDelivery(null, tz, now)).toMatchObject({ ok: true, deliver_on: "2026-03-07", now: true });
    // Already the 8th in UTC: the 7th is yesterday there.
    expect(giftDelivery("2026-03-07", "UTC", now)).toMatchObject({ ok: false, field: "deliver_on" });
  });
  it("sends a later day's card at 09:00 local, across a DST change", () => {
    // 2026-03-08 09:00 EDT = 13:00 UTC (not 14:00).
    expect(giftDelivery("2026-03-08", tz, now)).toMatchObject({
      ok: true,
      deliver_at: Date.UTC(2026, 2, 8, 13, 0),
      now: false,
    });
    expect(GIFT_DELIVERY_LOCAL_TIME).toBe("09:00");
  });
  it("allows today to a year ahead, and only real dates", () => {
    expect(giftDelivery("2027-03-07", tz, now)).toMatchObject({ ok: true });
    expect(giftDelivery("2027-03-08", tz, now)).toEqual({
      ok: false,
      field: "deliver_on",
      message: "Choose a delivery date from today to 2027-03-07.",
    });
    expect(giftDelivery("2026-03-06", tz, now)).toMatchObject({ ok: false, field: "deliver_on" });
    expect(giftDelivery("2026-02-30", tz, now)).toMatchObject({ ok: false, field: "deliver_on" });
    expect(giftDelivery("2026-3-9", tz, now)).toMatchObject({ ok: false, field: "deliver_on" });
    expect(giftDelivery("2026-03-09", "Nowhere/Land", now)).toMatchObject({ ok: false, field: "time_zone" });
  });
});

describe("membership", () => {
  const now = Date.UTC(2026, 4, 10, 12, 0);
  const end = Date.UTC(2026, 4, 20, 12, 0);
  it("is a member with an active membership, whatever its period end says", () => {
    expect(isActiveMember([], now)).toBe(false);
    expect(isActiveMember([{ status: "active", current_period_end: null }], now)).toBe(true);
    expect(isActiveMember([{ status: "active", current_period_end: now - 1 }], now)).toBe(true);
    expect(
      isActiveMember(
        [
          { status: "cancelled", current_period_end: null },
          { status: "active", current_period_end: end },
        ],
        now,
      ),
    ).toBe(true);
  });
  it("keeps a cancelled membership's member prices until the end of the paid month, not a millisecond more", () => {
    const cancelled = { status: "cancelled", current_period_end: end };
    expect(isActiveMember([cancelled], now)).toBe(true);
    expect(memberPricesUntil(cancelled, now)).toBe(end);
    expect(isActiveMember([cancelled], end - 1)).toBe(true);
    expect(isActiveMember([cancelled], end)).toBe(false);
    expect(memberPricesUntil(cancelled, end)).toBeNull();
    expect(isActiveMember([{ status: "cancelled", current_period_end: null }], now)).toBe(false);
    expect(memberPricesUntil({ status: "active", current_period_end: end }, now)).toBeNull();
  });
});

describe("payment links", () => {
  it("allows the card minimum up to $2,000", () => {
    expect(paymentLinkAmountAllowed(49)).toBe(false);
    expect(paymentLinkAmountAllowed(50)).toBe(true);
    expect(paymentLinkAmountAllowed(200_000)).toBe(true);
    expect(paymentLinkAmountAllowed(200_001)).toBe(false);
    expect(paymentLinkAmountAllowed(10.5)).toBe(false);
  });
  it("is open until it expires, and paid or cancelled whatever the time", () => {
    expect(paymentLinkState({ status: "open", expires_at: 1_000 }, 999)).toBe("open");
    expect(paymentLinkState({ status: "open", expires_at: 1_000 }, 1_000)).toBe("expired");
    expect(paymentLinkState({ status: "paid", expires_at: 1_000 }, 5_000)).toBe("paid");
    expect(paymentLinkState({ status: "cancelled", expires_at: 1_000 }, 0)).toBe("cancelled");
  });
});

describe("reminder dates", () => {
  const NY = "America/New_York";
  it("reads a local date at 10:00 and a local date-time in the zone", () => {
    expect(new Date(reminderInstant("2026-11-24", NY)!).toISOString()).toBe("2026-11-24T15:00:00.000Z"); // 10:00 EST
    expect(new Date(reminderInstant("2026-07-04 09:30", NY)!).toISOString()).toBe("2026-07-04T13:30:00.000Z"); // 09:30 EDT
    expect(new Date(reminderInstant("2026-11-24 09:30", "America/Los_Angeles")!).toISOString()).toBe(
      "2026-11-24T17:30:00.000Z",
    );
  });
  it("reads the DST change day by the zone's rules", () => {
    // 2026-03-08: New York springs forward at 02:00; 10:00 is already EDT.
    expect(new Date(reminderInstant("2026-03-08", NY)!).toISOString()).toBe("2026-03-08T14:00:00.000Z");
  });
  it("reads ISO instants with a zone, and refuses everything else", () => {
    expect(reminderInstant("2026-11-24T15:00:00Z", NY)).toBe(Date.UTC(2026, 10, 24, 15));
    expect(reminderInstant("2026-11-24T10:00:00-05:00", NY)).toBe(Date.UTC(2026, 10, 24, 15));
    expect(reminderInstant("2026-02-30", NY)).toBeNull();
    expect(reminderInstant("2026-11-24 25:00", NY)).toBeNull();
    expect(reminderInstant("tomorrow", NY)).toBeNull();
    expect(reminderInstant("2026-11-24T15:00:00", NY)).toBeNull();
  });
  it("must be in the future and within a year", () => {
    const now = Date.UTC(2026, 10, 22);
    expect(reminderTimeAllowed(now, now)).toBe(false);
    expect(reminderTimeAllowed(now + 1, now)).toBe(true);
    expect(reminderTimeAllowed(now + 365 * 86_400_000, now)).toBe(true);
    expect(reminderTimeAllowed(now + 366 * 86_400_000, now)).toBe(false);
  });
});

describe("checkServiceAddress", () => {
  it("accepts a full address in the cart's ZIP, trimmed", () => {
    expect(checkServiceAddress("  12 Main St,  New York, NY 10001 ", "10001")).toEqual({
      ok: true,
      address: "12 Main St, New York, NY 10001",
      zip: "10001",
    });
    expect(checkServiceAddress("12 Main St, New York, NY 10001-1234", "10001").ok).toBe(true);
  });
  it("asks for the full address when a part is missing", () => {
    expect(checkServiceAddress("12 Main St 10001", "10001")).toMatchObject({ ok: false, code: "INVALID_ADDRESS" });
  });
  it("gives an address in another ZIP one message naming both ZIPs", () => {
    const check = checkServiceAddress("12 Main St, Boston, MA 02116", "10001");
    expect(check).toMatchObject({ ok: false, code: "ADDRESS_NOT_IN_CART_ZIP" });
    expect(!check.ok && check.message).toBe(
      "This address is in 02116, but your cart was priced for 10001. Enter an address in 10001, or change your ZIP in the cart.",
    );
  });
});
