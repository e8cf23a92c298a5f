import { describe, expect, it } from "vitest";
import { averageX100, checkRating, commentPlaceholder, isAutoApproved, starValue } from "./rating-rules";

describe("checkRating", () => {
  it.each([[undefined], [null], [0], [6], [3.5], ["x"], [""]])("refuses a missing or invalid star value %j", (r) => {
    expect(checkRating({ vendor_rating: r, vendor_rating_notes: "All good, thanks" })).toEqual({
      ok: false,
      code: "RATING_REQUIRED",
      field: "vendor_rating",
    });
  });

  it("requires a comment below 4", () => {
    for (const rating of [1, 2, 3]) {
      expect(checkRating({ vendor_rating: rating })).toMatchObject({ ok: false, code: "COMMENT_REQUIRED" });
      expect(checkRating({ vendor_rating: rating, vendor_rating_notes: "   " })).toMatchObject({
        code: "COMMENT_REQUIRED",
      });
    }
  });

  it("makes the comment optional from 4", () => {
    expect(checkRating({ vendor_rating: 4 })).toEqual({ ok: true, rating: 4, notes: null });
    expect(checkRating({ vendor_rating: "5", vendor_rating_notes: "  " })).toEqual({
      ok: true,
      rating: 5,
      notes: null,
    });
  });

  it("counts a given comment's length after trimming", () => {
    expect(checkRating({ vendor_rating: 5, vendor_rating_notes: "  great  " })).toEqual({
      ok: false,
      code: "COMMENT_TOO_SHORT",
      field: "vendor_rating_notes",
    });
    expect(checkRating({ vendor_rating: 3, vendor_rating_notes: "  late!  " })).toMatchObject({
      code: "COMMENT_TOO_SHORT",
    });
    expect(checkRating({ vendor_rating: 3, vendor_rating_notes: " 20 min late " })).toEqual({
      ok: true,
      rating: 3,
      notes: "20 min late",
    });
  });

  it("reads digit strings as stars", () => {
    expect(starValue("4")).toBe(4);
    expect(starValue("45")).toBeNull();
  });

  it("shows the placeholder for the chosen stars", () => {
    expect(commentPlaceholder(1)).toMatch(/report/);
    expect(commentPlaceholder(3)).toMatch(/issues/);
    expect(commentPlaceholder(5)).toMatch(/optional/);
  });

  it("counts 4 and 5 at once and holds lower ratings for approval", () => {
    expect([1, 2, 3, 4, 5].map(isAutoApproved)).toEqual([false, false, false, true, true]);
  });

  it("stores the average times 100", () => {
    expect(averageX100(14, 3)).toBe(467);
    expect(averageX100(0, 0)).toBe(0);
  });
});
