import { describe, expect, it } from "vitest";
import { cleanCustomerNotes, CUSTOMER_NOTES_MAX } from "./customer-notes";

describe("cleanCustomerNotes", () => {
  it("keeps a plain note and its line breaks", () => {
    expect(cleanCustomerNotes("Gate code 4512.\nParking on the left.")).toBe("Gate code 4512.\nParking on the left.");
  });

  it("trims lines, folds blank runs and drops control and direction characters", () => {
    expect(cleanCustomerNotes("  Buzz 3B \r\n\r\n\r\n\r\n  Dog is friendly\u0007\u202e  ")).toBe(
      "Buzz 3B\n\nDog is friendly",
    );
  });

  it("answers null for nothing but space", () => {
    expect(cleanCustomerNotes(" \n\t ")).toBeNull();
    expect(cleanCustomerNotes("")).toBeNull();
    expect(cleanCustomerNotes(null)).toBeNull();
  });

  it("has a limit a few sentences long", () => {
    expect(CUSTOMER_NOTES_MAX).toBe(500);
  });
});
