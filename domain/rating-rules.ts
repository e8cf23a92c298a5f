/**
 * Rating a vendor after a completed job (docs/product.md section 3 "Rating submission", section 5 "Rating", section 9
 * "Rating scale"). Shared by the review modal and PUT /api/order/complete.
 */

export const RATING_MIN = 1;
export const RATING_MAX = 5;
/** A rating below this needs a comment. */
export const COMMENT_REQUIRED_BELOW = 4;
/** A comment, when given, has at least this many characters after trimming. */
export const COMMENT_MIN_CHARS = 6;
export const COMMENT_MAX_CHARS = 2000;
/**
 * Ratings from this value up count at once; lower ones (which always carry a complaint) wait for a team
 * lead's or manager's approval before they count or show as a review (docs/product.md section 6 "approve ratings").
 */
export const AUTO_APPROVE_FROM = 4;

export type RatingRefusal = "RATING_REQUIRED" | "COMMENT_REQUIRED" | "COMMENT_TOO_SHORT";

export type RatingCheck =
  | { ok: true; rating: number; notes: string | null }
  | { ok: false; code: RatingRefusal; field: "vendor_rating" | "vendor_rating_notes" };

/** The star value: an integer 1-5 (a digit string is read too); anything else is no rating. */
export function starValue(input: unknown): number | null {
  const n = typeof input === "string" && /^\s*\d\s*$/.test(input) ? Number(input) : input;
  return typeof n === "number" && Number.isInteger(n) && n >= RATING_MIN && n <= RATING_MAX ? n : null;
}

/**
 * The rules in the order the modal shows them: a star value is required ("Rating is required"); below 4
 * a comment is required ("Comment is required"); a comment that is given has at least 6 characters after
 * trimming ("Comment must be at least 6 characters."). The stored comment is the trimmed text, or null.
 */
export function checkRating(input: { vendor_rating?: unknown; vendor_rating_notes?: unknown }): RatingCheck {
  const rating = starValue(input.vendor_rating);
  if (rating === null) return { ok: false, code: "RATING_REQUIRED", field: "vendor_rating" };
  const notes = typeof input.vendor_rating_notes === "string" ? input.vendor_rating_notes.trim() : "";
  if (notes.length === 0) {
    if (rating < COMMENT_REQUIRED_BELOW) return { ok: false, code: "COMMENT_REQUIRED", field: "vendor_rating_notes" };
    return { ok: true, rating, notes: null };
  }
  if (notes.length < COMMENT_MIN_CHARS) return { ok: false, code: "COMMENT_TOO_SHORT", field: "vendor_rating_notes" };
  return { ok: true, rating, notes: notes.slice(0, COMMENT_MAX_CHARS) };
}

/** The comment box's placeholder for a star value (docs/product.md section 5). */
export function commentPlaceholder(rating: number | null): string {
  if (rating === null) return "Choose a rating, then tell us about your service.";
  if (rating <= 2) return "We're sorry. Please report what went wrong in as much detail as you can.";
  if (rating === 3) return "Please tell us about any issues so we can improve.";
  return "Tell us what you loved (optional).";
}

export function isAutoApproved(rating: number): boolean {
  return rating >= AUTO_APPROVE_FROM;
}

/** The vendor's average as stored (times 100, rounded); 0 without ratings. */
export function averageX100(sum: number, count: number): number {
  return count > 0 ? Math.round((sum * 100) / count) : 0;
}
