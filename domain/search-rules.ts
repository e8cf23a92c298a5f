/**
 * Search rules (docs/product.md section 5 "Search", section 9 "Search minimum"). The header search box and the
 * booking search endpoint both apply them, so a term the browser refuses is never sent and a term the
 * server refuses is never typed.
 */

/** A term is submitted only when it is longer than this many characters. */
export const SEARCH_MIN_EXCLUSIVE = 2;
/** The mobile overlay shows its search button once the text is longer than this. */
export const MOBILE_SEARCH_BUTTON_MIN_EXCLUSIVE = 3;
/** Longer terms are cut; nothing in the catalogue needs more. */
export const SEARCH_MAX_LENGTH = 100;

/** The header's quick shortcuts, in the order of docs/product.md section 2. */
export const QUICK_SEARCHES = [
  "Senior Services",
  "Blowouts",
  "Pedicures",
  "Massages",
  "VIP Services",
  "Haircuts",
] as const;

/** Trims, collapses inner whitespace and caps the length. */
export function normalizeSearchTerm(term: string): string {
  return term.replace(/\s+/g, " ").trim().slice(0, SEARCH_MAX_LENGTH);
}

export function canSubmitSearch(term: string): boolean {
  return normalizeSearchTerm(term).length > SEARCH_MIN_EXCLUSIVE;
}

export function showMobileSearchButton(term: string): boolean {
  return normalizeSearchTerm(term).length > MOBILE_SEARCH_BUTTON_MIN_EXCLUSIVE;
}
