import { describe, expect, it } from "vitest";
import { recurrenceText, walletOffered, walletSheetNote, walletStep, type WalletMethods } from "./wallet-rules";

const googlePay: WalletMethods = { applePay: false, googlePay: true, link: false };
const none: WalletMethods = { applePay: false, googlePay: false, link: false };

describe("walletOffered", () => {
  it("is offered from $0.50 when the device has a wallet", () => {
    expect(walletOffered(50, googlePay)).toBe(true);
    expect(walletOffered(12_000, { ...none, applePay: true })).toBe(true);
  });
  it("is not offered for Link alone (decision 161: Link is not offered)", () => {
    expect(walletOffered(5_000, { ...none, link: true })).toBe(false);
    expect(walletOffered(5_000, { ...googlePay, link: true })).toBe(true);
  });
  it("is not offered below $0.50", () => {
    expect(walletOffered(49, googlePay)).toBe(false);
    expect(walletOffered(0, googlePay)).toBe(false);
  });
  it("is not offered when the device cannot pay with a wallet", () => {
    expect(walletOffered(5_000, undefined)).toBe(false);
    expect(walletOffered(5_000, none)).toBe(false);
  });
});

describe("walletStep", () => {
  it("runs click, confirm, completed and ends idle", () => {
    expect(walletStep("idle", "click")).toBe("sheet");
    expect(walletStep("sheet", "confirm")).toBe("paying");
    expect(walletStep("paying", "completed")).toBe("idle");
  });
  it("resets after cancel and after failure", () => {
    expect(walletStep("sheet", "cancel")).toBe("idle");
    expect(walletStep("paying", "failed")).toBe("idle");
    expect(walletStep("sheet", "failed")).toBe("idle");
  });
  it("starts nothing out of order", () => {
    expect(walletStep("paying", "click")).toBe("paying");
    expect(walletStep("idle", "confirm")).toBe("idle");
    expect(walletStep("paying", "cancel")).toBe("paying");
    expect(walletStep("sheet", "click")).toBe("sheet");
  });
});

describe("how the wallet's card is used", () => {
  it("tells the payer in the sheet when the card is kept, and how often it will be charged (decision 160)", () => {
    const merchant = "Glow At Home";
    expect(walletSheetNote({ use: "pay", amount: "$25.00", merchant, every: null })).toBe(
      "Pay $25.00 to Glow At Home.",
    );
    expect(
      walletSheetNote({
        use: "pay_and_keep",
        amount: "$29.99",
        merchant,
        every: { unit: "month", count: 1, description: "Beauty membership" },
      }),
    ).toBe("Pay $29.99 to Glow At Home now; the card is kept to charge $29.99 every month for Beauty membership.");
    expect(
      walletSheetNote({
        use: "keep",
        amount: "$65.00",
        merchant,
        every: { unit: "day", count: 14, description: "Blowout with Maya Lopez" },
      }),
    ).toBe(
      "Nothing is charged now. Glow At Home keeps this card to charge $65.00 every 14 days for Blowout with Maya Lopez.",
    );
    expect(walletSheetNote({ use: "keep", amount: "$10.00", merchant, every: null })).toBe(
      "Nothing is charged now. Glow At Home keeps this card to charge $10.00 later.",
    );
  });
  it("says how often a kept card is charged", () => {
    expect(recurrenceText({ unit: "month", count: 1 })).toBe("every month");
    expect(recurrenceText({ unit: "month", count: 2 })).toBe("every 2 months");
    expect(recurrenceText({ unit: "day", count: 1 })).toBe("every day");
    expect(recurrenceText({ unit: "day", count: 14 })).toBe("every 14 days");
  });
});
