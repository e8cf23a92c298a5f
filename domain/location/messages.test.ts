import { describe, expect, it } from "vitest";
import {
  ADDRESS_AMBIGUOUS_MESSAGE,
  ADDRESS_NOT_FOUND_MESSAGE,
  INVALID_LOCATION_MESSAGE,
  addressLookupMessage,
} from "./messages";

describe("location screen messages (verbatim from the spec)", () => {
  it("has the three texts", () => {
    expect(ADDRESS_NOT_FOUND_MESSAGE).toBe(
      "We are unable to locate this address, please enter a 5 digit zip code within the continental US.",
    );
    expect(ADDRESS_AMBIGUOUS_MESSAGE).toBe(
      "We found multiple locations with the same address. Please enter a 5 digit zip code within the continental US.",
    );
    expect(INVALID_LOCATION_MESSAGE).toBe(
      "Invalid location, please enter a 5 digit zip code within the continental US.",
    );
  });

  it("picks the text for a lookup code", () => {
    expect(addressLookupMessage(-1)).toBe(ADDRESS_NOT_FOUND_MESSAGE);
    expect(addressLookupMessage(-5)).toBe(ADDRESS_AMBIGUOUS_MESSAGE);
    expect(addressLookupMessage(0)).toBe(INVALID_LOCATION_MESSAGE);
    expect(addressLookupMessage(-2)).toBe(INVALID_LOCATION_MESSAGE);
  });
});
