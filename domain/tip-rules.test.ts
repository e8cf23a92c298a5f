import { describe, expect, it } from "vitest";
import {
  checkTip,
  dollarsToCents,
  linkTipMaxCents,
  securePayTotal,
  showsTipPayment,
  TIP_MAX_CUSTOMER_CENTS,
  TIP_MAX_SECURE_PAY_CENTS,
} from "./tip-rules";

describe("dollarsToCents", () => {
  it.each([
    ["0.50", 50],
    ["0.5", 50],
    [".5", 50],
    ["5.", 500],
    ["05.05", 505],
    ["200", 20000],
    ["0.29", 29],
    [" 12.30 ", 1230],
    [12.5, 1250],
    [0.29, 29],
    [0, 0],
  ])("reads %j as %i cents", (input, cents) => {
    expect(dollarsToCents(input)).toBe(cents);
  });

  it.each([
    ["12.345"],
    [12.345],
    [0.1 + 0.2],
    ["1.2.3"],
    ["-1"],
    [-1],
    ["1e2"],
    ["$5"],
    ["1,000"],
    ["5,00"],
    ["."],
    [""],
    ["abc"],
    [null],
    [undefined],
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
  ])("refuses %j", (input) => {
    expect(dollarsToCents(input)).toBeNull();
  });

  it("treats an absurdly long amount as larger than any limit", () => {
    expect(dollarsToCents("12345678901234567890")).toBeGreaterThan(TIP_MAX_SECURE_PAY_CENTS);
  });
});

describe("checkTip (customer maximum 200)", () => {
  it.each([
    ["0.49", "TIP_TOO_SMALL"],
    ["0", "TIP_TOO_SMALL"],
    ["200.01", "TIP_TOO_LARGE"],
    ["12.345", "TIP_INVALID"],
    ["ten", "TIP_INVALID"],
  ])("refuses %s with %s", (input, code) => {
    expect(checkTip(input, TIP_MAX_CUSTOMER_CENTS)).toEqual({ ok: false, code });
  });

  it.each([
    ["0.50", 50],
    ["200", 20000],
    ["200.00", 20000],
    ["12.34", 1234],
  ])("accepts %s as %i cents", (input, cents) => {
    expect(checkTip(input, TIP_MAX_CUSTOMER_CENTS)).toEqual({ ok: true, cents });
  });

  it("shows the payment UI only from 0.50", () => {
    expect(showsTipPayment("0.4", TIP_MAX_CUSTOMER_CENTS)).toBe(false);
    expect(showsTipPayment("0.5", TIP_MAX_CUSTOMER_CENTS)).toBe(true);
  });
});

describe("securePayTotal (secure-pay maximum 500)", () => {
  it("adds the tip to the vendor's amount in cents", () => {
    expect(securePayTotal(4999, "10.01")).toEqual({ ok: true, tip_cents: 1001, total_cents: 6000 });
  });

  it("takes no tip, 0 or empty as no tip", () => {
    for (const none of [undefined, null, "", "0", 0, "0.00"]) {
      expect(securePayTotal(2500, none)).toEqual({ ok: true, tip_cents: 0, total_cents: 2500 });
    }
  });

  it("allows up to 500 and refuses more, a tip under 0.50 and a third decimal", () => {
    expect(securePayTotal(100, "500")).toEqual({ ok: true, tip_cents: 50000, total_cents: 50100 });
    expect(securePayTotal(100, "500.01")).toEqual({ ok: false, code: "TIP_TOO_LARGE" });
    expect(securePayTotal(100, "0.25")).toEqual({ ok: false, code: "TIP_TOO_SMALL" });
    expect(securePayTotal(100, "1.005")).toEqual({ ok: false, code: "TIP_INVALID" });
  });
});

describe("linkTipMaxCents (decision 134)", () => {
  it("gives every secure-pay link the $500 maximum, and a request with no job none", () => {
    expect(linkTipMaxCents({ kind: "tip", service_order_id: 7 })).toBe(50_000);
    expect(linkTipMaxCents({ kind: "charge", service_order_id: 7 })).toBe(50_000);
    expect(linkTipMaxCents({ kind: "request", service_order_id: 7 })).toBe(50_000);
    expect(linkTipMaxCents({ kind: "request", service_order_id: null })).toBe(0);
  });
});
