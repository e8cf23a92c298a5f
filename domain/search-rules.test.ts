import { describe, expect, it } from "vitest";
import { canSubmitSearch, normalizeSearchTerm, QUICK_SEARCHES, showMobileSearchButton } from "./search-rules";

describe("search rules", () => {
  it("submits only terms longer than 2 characters, ignoring surrounding spaces", () => {
    expect(canSubmitSearch("ab")).toBe(false);
    expect(canSubmitSearch("  ab  ")).toBe(false);
    expect(canSubmitSearch("abc")).toBe(true);
  });

  it("shows the mobile search button only past 3 characters", () => {
    expect(showMobileSearchButton("nail")).toBe(true);
    expect(showMobileSearchButton("nai")).toBe(false);
    expect(showMobileSearchButton(" nai ")).toBe(false);
  });

  it("collapses whitespace and caps the length at 100", () => {
    expect(normalizeSearchTerm("  hot   stone\tmassage ")).toBe("hot stone massage");
    expect(normalizeSearchTerm("x".repeat(150))).toHaveLength(100);
  });

  it("keeps the six quick shortcuts in the spec's order, each submittable", () => {
    expect(QUICK_SEARCHES).toEqual([
      "Senior Services",
      "Blowouts",
      "Pedicures",
      "Massages",
      "VIP Services",
      "Haircuts",
    ]);
    for (const q of QUICK_SEARCHES) expect(canSubmitSearch(q)).toBe(true);
  });
});
