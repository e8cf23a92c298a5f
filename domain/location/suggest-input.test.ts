import { describe, expect, it } from "vitest";
import { parseSuggestInput } from "./suggest-input";

describe("parseSuggestInput", () => {
  it("reads street, city, state and a begun ZIP", () => {
    expect(parseSuggestInput("350 5th Ave, New York, NY 101")).toEqual({
      street: "350 5th Ave",
      city: "New York",
      state: "NY",
      zip: "101",
    });
    expect(parseSuggestInput("1600 Pennsylvania Ave NW, Washington, DC")).toEqual({
      street: "1600 Pennsylvania Ave NW",
      city: "Washington",
      state: "DC",
      zip: null,
    });
  });

  it("takes a state name with nothing before it for the city being typed", () => {
    expect(parseSuggestInput("350 5th Ave, New York")).toEqual({
      street: "350 5th Ave",
      city: "New York",
      state: null,
      zip: null,
    });
    expect(parseSuggestInput("350 5th  Ave,  new yo")).toEqual({
      street: "350 5th Ave",
      city: "new yo",
      state: null,
      zip: null,
    });
  });

  it("reads a state without a comma, by name or code, and a ZIP+4 begun", () => {
    expect(parseSuggestInput("1 Main St, Springfield Illinois")).toEqual({
      street: "1 Main St",
      city: "Springfield",
      state: "IL",
      zip: null,
    });
    expect(parseSuggestInput("1 Main St, Springfield il 62704-12")).toEqual({
      street: "1 Main St",
      city: "Springfield",
      state: "IL",
      zip: "62704",
    });
  });

  it("has no city when nothing follows the street", () => {
    expect(parseSuggestInput("350 5th Ave")).toEqual({ street: "350 5th Ave", city: null, state: null, zip: null });
    expect(parseSuggestInput("350 5th Ave, ")).toEqual({ street: "350 5th Ave", city: null, state: null, zip: null });
    expect(parseSuggestInput("350 5th Ave, 10118")).toEqual({
      street: "350 5th Ave",
      city: null,
      state: null,
      zip: "10118",
    });
  });
});
