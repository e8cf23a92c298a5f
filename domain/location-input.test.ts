import { describe, expect, it } from "vitest";
import { normalizeZip, parseLocationInput } from "./location-input";

describe("normalizeZip", () => {
  it("pads values from 1 to 99999 to 5 digits", () => {
    expect(normalizeZip("2134")).toBe("02134");
    expect(normalizeZip(501)).toBe("00501");
    expect(normalizeZip("10001")).toBe("10001");
    expect(normalizeZip(" 99999 ")).toBe("99999");
  });

  it("treats 0, out of range and non-digits as no ZIP", () => {
    expect(normalizeZip("00000")).toBeNull();
    expect(normalizeZip("100001")).toBeNull();
    expect(normalizeZip("1000a")).toBeNull();
    expect(normalizeZip(undefined)).toBeNull();
    expect(normalizeZip("")).toBeNull();
  });
});

describe("parseLocationInput", () => {
  it("accepts exactly 5 digits as a ZIP", () => {
    expect(parseLocationInput(" 10001 ")).toEqual({ kind: "zip", zip: "10001" });
    expect(parseLocationInput("1000")).toEqual({ kind: "invalid" });
    expect(parseLocationInput("00000")).toEqual({ kind: "invalid" });
  });

  it("reduces an address ending in a ZIP (or ZIP+4) to that ZIP", () => {
    expect(parseLocationInput("350 5th Ave, New York, NY 10118")).toEqual({ kind: "zip", zip: "10118" });
    expect(parseLocationInput("1 Main St, Austin TX 78701-1234")).toEqual({ kind: "zip", zip: "78701" });
  });

  it("keeps a ZIP-less address for a lookup and refuses noise", () => {
    expect(parseLocationInput("350 5th Ave, New York")).toEqual({ kind: "address", address: "350 5th Ave, New York" });
    expect(parseLocationInput("--")).toEqual({ kind: "invalid" });
    expect(parseLocationInput("")).toEqual({ kind: "invalid" });
  });
});
