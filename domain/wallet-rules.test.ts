import { describe, expect, it } from "vitest";
import { walletOffered, walletStep, type WalletMethods } from "./wallet-rules";

const googlePay: WalletMethods = { applePay: false, googlePay: true, link: false };
const none: WalletMethods = { applePay: false, googlePay: false, link: false };

describe("walletOffered", () => {
  it("is offered from $0.50 when the device has a wallet", () => {
    expect(walletOffered(50, googlePay)).toBe(true);
    expect(walletOffered(12_000, { ...none, applePay: true })).toBe(true);
    expect(walletOffered(50, { ...none, link: true })).toBe(true);
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
