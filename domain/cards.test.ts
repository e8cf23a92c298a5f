import { describe, expect, it } from "vitest";
import { cardBrand, cardErrorMessageCode, checkCard, formatExpiry, isCardExpired, luhnValid } from "./cards";
import { messageFor } from "./messages";

const NOW = Date.UTC(2026, 10, 22, 15, 0, 0); // 2026-11-22

const good = { number: "4242 4242 4242 4242", exp_month: 12, exp_year: 2030, cvc: "123", postal_code: "10001" };

describe("luhnValid and cardBrand", () => {
  it.each([
    ["4242424242424242", "visa"],
    ["4000000000000002", "visa"],
    ["4000002500003155", "visa"],
    ["5555555555554444", "mastercard"],
    ["2223003122003222", "mastercard"],
    ["378282246310005", "amex"],
    ["6011111111111117", "discover"],
    ["3056930009020004", "diners"],
    ["3566002020360505", "jcb"],
    ["6200000000000005", "unionpay"],
  ])("%s passes the Luhn check and is %s", (digits, brand) => {
    expect(luhnValid(digits)).toBe(true);
    expect(cardBrand(digits)).toBe(brand);
  });

  it("fails numbers with a wrong check digit", () => {
    expect(luhnValid("4242424242424241")).toBe(false);
    expect(luhnValid("")).toBe(false);
    expect(luhnValid("4242a42424242424")).toBe(false);
  });
});

describe("expiry", () => {
  it("a card is good through the last day of its month (UTC)", () => {
    expect(isCardExpired(11, 2026, NOW)).toBe(false);
    expect(isCardExpired(11, 2026, Date.UTC(2026, 10, 30, 23, 59, 59, 999))).toBe(false);
    expect(isCardExpired(11, 2026, Date.UTC(2026, 11, 1))).toBe(true);
    expect(isCardExpired(10, 2026, NOW)).toBe(true);
  });

  it("shows as MM/YY", () => {
    expect(formatExpiry(3, 2031)).toBe("03/31");
    expect(formatExpiry(12, 2030)).toBe("12/30");
  });
});

describe("checkCard", () => {
  it("accepts a complete card and keeps brand, last4 and a 4-digit year", () => {
    const result = checkCard({ ...good, exp_year: "30", exp_month: "07" }, NOW);
    expect(result).toEqual({
      ok: true,
      card: {
        digits: "4242424242424242",
        brand: "visa",
        last4: "4242",
        exp_month: 7,
        exp_year: 2030,
        postal_code: "10001",
      },
    });
  });

  it("accepts American Express with its 4-digit code and a ZIP+4", () => {
    const result = checkCard({ ...good, number: "3782 822463 10005", cvc: "1234", postal_code: "10001-1234" }, NOW);
    expect(result.ok && result.card.brand).toBe("amex");
    expect(result.ok && result.card.last4).toBe("0005");
  });

  it.each([
    [{ number: "" }, "CARD_INCOMPLETE", "number"],
    [{ number: "4242 4242" }, "CARD_INCOMPLETE", "number"],
    [{ exp_month: null }, "CARD_INCOMPLETE", "exp"],
    [{ exp_year: "" }, "CARD_INCOMPLETE", "exp"],
    [{ cvc: " " }, "CARD_INCOMPLETE", "cvc"],
    [{ postal_code: undefined }, "CARD_INCOMPLETE", "postal_code"],
    [{ postal_code: "100" }, "CARD_INCOMPLETE", "postal_code"],
    [{ number: "4242 4242 4242 4241" }, "CARD_NUMBER_INCORRECT", "number"],
    [{ number: "4242-4242-4242-424x" }, "CARD_NUMBER_INCORRECT", "number"],
    [{ number: "42424242424242424" }, "CARD_NUMBER_INCORRECT", "number"],
    [{ exp_month: 13 }, "CARD_EXPIRY_INVALID", "exp"],
    [{ exp_month: 0 }, "CARD_EXPIRY_INVALID", "exp"],
    [{ exp_year: 203 }, "CARD_EXPIRY_INVALID", "exp"],
    [{ exp_year: 2099 }, "CARD_EXPIRY_INVALID", "exp"],
    [{ exp_month: 10, exp_year: 2026 }, "CARD_EXPIRED", "exp"],
    [{ exp_month: 1, exp_year: 25 }, "CARD_EXPIRED", "exp"],
    [{ cvc: "12" }, "CARD_CVC_INVALID", "cvc"],
    [{ cvc: "1234" }, "CARD_CVC_INVALID", "cvc"],
    [{ cvc: "12a" }, "CARD_CVC_INVALID", "cvc"],
    [{ number: "378282246310005", cvc: "123" }, "CARD_CVC_INVALID", "cvc"],
    [{ postal_code: "ABCDE" }, "CARD_ZIP_INVALID", "postal_code"],
    [{ postal_code: "00000" }, "CARD_ZIP_INVALID", "postal_code"],
    [{ postal_code: "123456" }, "CARD_ZIP_INVALID", "postal_code"],
  ])("%o → %s on %s", (override, code, field) => {
    expect(checkCard({ ...good, ...override }, NOW)).toEqual({ ok: false, code, field });
  });

  it("answers the spec's card-incomplete text verbatim", () => {
    expect(messageFor("CARD_INCOMPLETE")).toBe(
      "Your payment info is incomplete. In the input box above, please enter your card number followed by the expiration date, card security code, and billing zip code to proceed.",
    );
  });
});

describe("cardErrorMessageCode", () => {
  it.each([
    ["card_declined", "generic_decline", "CARD_DECLINED", "Your card was declined."],
    ["card_declined", "insufficient_funds", "CARD_INSUFFICIENT_FUNDS", "Your card has insufficient funds."],
    ["card_declined", "lost_card", "CARD_DECLINED", "Your card was declined."],
    ["expired_card", null, "CARD_EXPIRED", "Your card has expired."],
    ["incorrect_cvc", null, "CARD_CVC_INCORRECT", "Your card's security code is incorrect."],
    ["incorrect_number", null, "CARD_NUMBER_INCORRECT", "Your card number is incorrect."],
    ["authentication_required", "authentication_required", "CARD_AUTHENTICATION_REQUIRED", null],
    ["payment_intent_authentication_failure", null, "CARD_AUTHENTICATION_FAILED", null],
    ["something_new", null, "CARD_DECLINED", null],
  ])("%s / %s → %s", (code, decline, expected, text) => {
    const mapped = cardErrorMessageCode(code, decline);
    expect(mapped).toBe(expected);
    if (text) expect(messageFor(mapped)).toBe(text);
  });
});
