import { describe, expect, it } from "vitest";
import { US_STATES, addressParts, findState, isPartialAddress, shouldSuggest } from "./address";

describe("US states", () => {
  it("lists the 50 states and DC with unique abbreviations", () => {
    expect(US_STATES).toHaveLength(51);
    expect(new Set(US_STATES.map((s) => s.abbr)).size).toBe(51);
    expect(US_STATES.find((s) => s.abbr === "DC")!.name).toBe("District of Columbia");
  });

  it("finds a state by name or abbreviation, any case", () => {
    expect(findState("ny")).toEqual({ name: "New York", abbr: "NY" });
    expect(findState(" new  york ")).toEqual({ name: "New York", abbr: "NY" });
    expect(findState("WV")!.name).toBe("West Virginia");
    expect(findState("Puerto Rico")).toBeUndefined();
    expect(findState("N.Y.")).toBeUndefined();
  });

  it("takes the state nearest before the ZIP, preferring the longest name", () => {
    expect(addressParts("123 Main St, Kansas City, MO 64105").state!.state.abbr).toBe("MO");
    expect(addressParts("1 Washington Ave, Charleston, West Virginia 25301").state!.state.abbr).toBe("WV");
    expect(addressParts("100 Main St, Indiana, PA 15701").state!.state.abbr).toBe("PA");
    expect(addressParts("1600 Pennsylvania Ave NW, Washington, DC 20500")).toEqual({
      zip: { index: 41, text: "20500" },
      state: { index: 38, text: "DC", state: { name: "District of Columbia", abbr: "DC" } },
    });
  });
});

describe("isPartialAddress", () => {
  it("is false for a street, city, state and ZIP (optionally +4)", () => {
    expect(isPartialAddress("350 5th Ave, New York, NY 10118")).toBe(false);
    expect(isPartialAddress("350 5th Ave, New York, NY 10118-0001")).toBe(false);
    expect(isPartialAddress("1 Main St, Portland, or 97201")).toBe(false);
    expect(isPartialAddress("1 Main St, Charleston, West Virginia 25301")).toBe(false);
  });

  it("is false for a city, state and ZIP: the spec only asks for letters before the state", () => {
    expect(isPartialAddress("Springfield, IL 62704")).toBe(false);
  });

  it("is true without a 5-digit ZIP", () => {
    expect(isPartialAddress("350 5th Ave, Springfield, IL")).toBe(true);
    expect(isPartialAddress("350 5th Ave, Springfield, IL 6270")).toBe(true);
    expect(isPartialAddress("350 5th Ave, Springfield, IL 627041")).toBe(true);
    expect(isPartialAddress("")).toBe(true);
  });

  it("is true without a state name or abbreviation", () => {
    expect(isPartialAddress("350 5th Ave, Springfield 62704")).toBe(true);
    // Lower-case words that spell abbreviations are not states unless the ZIP follows them.
    expect(isPartialAddress("1 La Brea Ave, Hollywood 90028")).toBe(true);
    expect(isPartialAddress("12 Walk in Park 62704 me")).toBe(true);
    expect(isPartialAddress("350 Main St, Toronto, ON 62704")).toBe(true);
  });

  it("is true with nothing with letters before the state", () => {
    expect(isPartialAddress("IL 62704")).toBe(true);
    expect(isPartialAddress("62704 IL")).toBe(true);
    expect(isPartialAddress("350, Washington 98101")).toBe(true);
  });
});

describe("shouldSuggest (address autocomplete gate)", () => {
  it("needs at least 3 characters", () => {
    expect(shouldSuggest("12")).toBe(false);
    expect(shouldSuggest("  1 ")).toBe(false);
  });

  it("needs a street number in digits, then text with at least 2 letters", () => {
    expect(shouldSuggest("12 Ma")).toBe(true);
    expect(shouldSuggest("1 Ab")).toBe(true);
    expect(shouldSuggest("12 M")).toBe(false);
    expect(shouldSuggest("1 A")).toBe(false);
    expect(shouldSuggest("12 34")).toBe(false);
    expect(shouldSuggest("12B Baker St")).toBe(true);
    expect(shouldSuggest("  123 Main")).toBe(true);
    expect(shouldSuggest("123Main St")).toBe(false);
  });

  it("accepts number words as the street number", () => {
    expect(shouldSuggest("One Microsoft Way")).toBe(true);
    expect(shouldSuggest("twenty-one Jump St")).toBe(true);
    expect(shouldSuggest("One Hundred Main")).toBe(true);
    expect(shouldSuggest("ONE Main")).toBe(true);
    expect(shouldSuggest("one")).toBe(false);
    expect(shouldSuggest("oneway st")).toBe(false);
  });

  it("refuses text without a street number", () => {
    expect(shouldSuggest("Main St")).toBe(false);
    expect(shouldSuggest("New York, NY")).toBe(false);
  });
});
