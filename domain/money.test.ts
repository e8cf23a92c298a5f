import { describe, expect, it } from "vitest";
import { centsToDecimal, dollarsToCents, formatCents, parseDollarsToCents } from "./money";

describe("parseDollarsToCents", () => {
  it.each([
    ["12", 1200],
    ["12.5", 1250],
    ["12.50", 1250],
    ["0.50", 50],
    [".5", 50],
    ["5.", 500],
    ["  7.05 ", 705],
    ["$20.10", 2010],
    ["1,234.56", 123456],
    ["0.29", 29], // 0.29 * 100 is 28.999999999999996 in floating point; the string path is exact
    ["1.13", 113],
    ["4.35", 435],
    ["0", 0],
  ])("%s is %i cents", (text, cents) => {
    expect(parseDollarsToCents(text)).toBe(cents);
  });

  it.each(["", ".", "1.234", "-1", "1e3", "abc", "1.2.3", "12,34", "$", " . ", "1,2345.00", "0x10"])(
    "refuses %j",
    (text) => {
      expect(parseDollarsToCents(text)).toBeNull();
    },
  );
});

describe("dollarsToCents", () => {
  it.each([
    [1.005, 101],
    [0.285, 29],
    [0.29, 29],
    [19.99, 1999],
    [1234.5678, 123457],
    [0.004, 0],
    [0.005, 1],
    [-2.5, -250],
    [-0.001, 0],
    [200, 20000],
  ])("rounds %d dollars to %i cents", (dollars, cents) => {
    expect(dollarsToCents(dollars)).toBe(cents);
  });

  it("refuses what is not a number", () => {
    expect(() => dollarsToCents(Number.NaN)).toThrow(RangeError);
    expect(() => dollarsToCents(Infinity)).toThrow(RangeError);
  });
});

describe("formatting cents", () => {
  it.each([
    [0, "$0.00", "0.00"],
    [5, "$0.05", "0.05"],
    [50, "$0.50", "0.50"],
    [1999, "$19.99", "19.99"],
    [123456, "$1,234.56", "1234.56"],
    [100000000, "$1,000,000.00", "1000000.00"],
    [-250, "-$2.50", "-2.50"],
  ])("%i cents is %s (%s)", (cents, formatted, decimal) => {
    expect(formatCents(cents)).toBe(formatted);
    expect(centsToDecimal(cents)).toBe(decimal);
  });

  it("round-trips every cent amount through the decimal form", () => {
    for (let cents = 0; cents < 20_000; cents += 7) {
      expect(parseDollarsToCents(centsToDecimal(cents))).toBe(cents);
    }
  });

  it("refuses fractional cents", () => {
    expect(() => formatCents(1.5)).toThrow(RangeError);
  });
});
