import { describe, expect, it } from "vitest";
import { isFiveDigitZip, isMilitaryZip, normalizeZip, padZip, zipFromAddress, zipNumber } from "./zip";

describe("zipNumber: 1 to 99999, anything else is 0", () => {
  it("reads digits and numbers", () => {
    expect(zipNumber("10118")).toBe(10118);
    expect(zipNumber("00501")).toBe(501);
    expect(zipNumber("501")).toBe(501);
    expect(zipNumber(501)).toBe(501);
    expect(zipNumber(" 02134 ")).toBe(2134);
    expect(zipNumber("99999")).toBe(99999);
    expect(zipNumber("1")).toBe(1);
  });

  it("treats everything else as 0", () => {
    expect(zipNumber("0")).toBe(0);
    expect(zipNumber("00000")).toBe(0);
    expect(zipNumber("100000")).toBe(0);
    expect(zipNumber(123456)).toBe(0);
    expect(zipNumber("-1")).toBe(0);
    expect(zipNumber("12a45")).toBe(0);
    expect(zipNumber("12345-6789")).toBe(0);
    expect(zipNumber(1.5)).toBe(0);
    expect(zipNumber("")).toBe(0);
    expect(zipNumber(null)).toBe(0);
    expect(zipNumber(undefined)).toBe(0);
  });
});

describe("stored form", () => {
  it("pads to 5 digits", () => {
    expect(padZip(501)).toBe("00501");
    expect(padZip(10118)).toBe("10118");
    expect(padZip(0)).toBe("00000");
    expect(padZip(100000)).toBe("00000");
    expect(normalizeZip(501)).toBe("00501");
    expect(normalizeZip("2134")).toBe("02134");
    expect(normalizeZip("00000")).toBeNull();
    expect(normalizeZip("abcde")).toBeNull();
  });

  it("recognises exactly five digits that form a ZIP", () => {
    expect(isFiveDigitZip("02134")).toBe(true);
    expect(isFiveDigitZip("2134")).toBe(false);
    expect(isFiveDigitZip("00000")).toBe(false);
    expect(isFiveDigitZip("12345-6789")).toBe(false);
    expect(isFiveDigitZip(" 12345")).toBe(false);
  });
});

describe("zipFromAddress", () => {
  it("reduces text followed by a 5-digit ZIP (optionally +4) to the ZIP", () => {
    expect(zipFromAddress("350 5th Ave, New York, NY 10118")).toBe("10118");
    expect(zipFromAddress("1 Main St, Austin TX 78701-1234")).toBe("78701");
    expect(zipFromAddress("  350  5th Ave,\n New York,  NY   10118  ")).toBe("10118");
    expect(zipFromAddress("Holtsville NY 00501")).toBe("00501");
    expect(zipFromAddress("Boston,02134")).toBe("02134");
  });

  it("accepts a bare ZIP", () => {
    expect(zipFromAddress("10118")).toBe("10118");
    expect(zipFromAddress("10118-0001")).toBe("10118");
  });

  it("returns null when a lookup is needed or the ZIP is not one", () => {
    expect(zipFromAddress("350 5th Ave, New York")).toBeNull(); // no ZIP
    expect(zipFromAddress("12345 Main St")).toBeNull(); // house number, not a trailing ZIP
    expect(zipFromAddress("New York NY 10118 USA")).toBeNull(); // text after the ZIP
    expect(zipFromAddress("Main St 123456")).toBeNull(); // six digits
    expect(zipFromAddress("Springfield IL62704")).toBeNull(); // glued to the state
    expect(zipFromAddress("123-45678")).toBeNull(); // no letters before
    expect(zipFromAddress("Apt 5, 00000")).toBeNull(); // 0 is no ZIP
    expect(zipFromAddress("1011")).toBeNull();
    expect(zipFromAddress("")).toBeNull();
  });
});

describe("isMilitaryZip", () => {
  it("is true for APO/FPO/DPO ZIPs: 090xx-099xx, 340xx, 962xx-966xx", () => {
    for (const z of ["09000", "09777", "09999", "34002", "34099", "96201", "96601", "96699"]) {
      expect(isMilitaryZip(z), z).toBe(true);
    }
  });
  it("is false for the ZIPs around them and for non-ZIPs", () => {
    for (const z of ["08999", "10001", "33999", "34100", "96199", "96700", "96799", "96910", "00501", "", "abc"]) {
      expect(isMilitaryZip(z), z).toBe(false);
    }
  });
});
