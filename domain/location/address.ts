/**
 * Address text rules of docs/product.md section 5: the partial-address test and the autocomplete gate, plus the US
 * state list they rely on (50 states and the District of Columbia).
 */

export interface UsState {
  readonly name: string;
  readonly abbr: string;
}

export const US_STATES: readonly UsState[] = Object.freeze([
  { name: "Alabama", abbr: "AL" },
  { name: "Alaska", abbr: "AK" },
  { name: "Arizona", abbr: "AZ" },
  { name: "Arkansas", abbr: "AR" },
  { name: "California", abbr: "CA" },
  { name: "Colorado", abbr: "CO" },
  { name: "Connecticut", abbr: "CT" },
  { name: "Delaware", abbr: "DE" },
  { name: "District of Columbia", abbr: "DC" },
  { name: "Florida", abbr: "FL" },
  { name: "Georgia", abbr: "GA" },
  { name: "Hawaii", abbr: "HI" },
  { name: "Idaho", abbr: "ID" },
  { name: "Illinois", abbr: "IL" },
  { name: "Indiana", abbr: "IN" },
  { name: "Iowa", abbr: "IA" },
  { name: "Kansas", abbr: "KS" },
  { name: "Kentucky", abbr: "KY" },
  { name: "Louisiana", abbr: "LA" },
  { name: "Maine", abbr: "ME" },
  { name: "Maryland", abbr: "MD" },
  { name: "Massachusetts", abbr: "MA" },
  { name: "Michigan", abbr: "MI" },
  { name: "Minnesota", abbr: "MN" },
  { name: "Mississippi", abbr: "MS" },
  { name: "Missouri", abbr: "MO" },
  { name: "Montana", abbr: "MT" },
  { name: "Nebraska", abbr: "NE" },
  { name: "Nevada", abbr: "NV" },
  { name: "New Hampshire", abbr: "NH" },
  { name: "New Jersey", abbr: "NJ" },
  { name: "New Mexico", abbr: "NM" },
  { name: "New York", abbr: "NY" },
  { name: "North Carolina", abbr: "NC" },
  { name: "North Dakota", abbr: "ND" },
  { name: "Ohio", abbr: "OH" },
  { name: "Oklahoma", abbr: "OK" },
  { name: "Oregon", abbr: "OR" },
  { name: "Pennsylvania", abbr: "PA" },
  { name: "Rhode Island", abbr: "RI" },
  { name: "South Carolina", abbr: "SC" },
  { name: "South Dakota", abbr: "SD" },
  { name: "Tennessee", abbr: "TN" },
  { name: "Texas", abbr: "TX" },
  { name: "Utah", abbr: "UT" },
  { name: "Vermont", abbr: "VT" },
  { name: "Virginia", abbr: "VA" },
  { name: "Washington", abbr: "WA" },
  { name: "West Virginia", abbr: "WV" },
  { name: "Wisconsin", abbr: "WI" },
  { name: "Wyoming", abbr: "WY" },
]);

const byKey = new Map<string, UsState>();
for (const s of US_STATES) {
  byKey.set(s.abbr.toLowerCase(), s);
  byKey.set(s.name.toLowerCase(), s);
}

/** The state for a name or a two-letter abbreviation, any case ("ny", "New York"); undefined otherwise. */
export function findState(text: string): UsState | undefined {
  return byKey.get(text.trim().replace(/\s+/g, " ").toLowerCase());
}

// Longest names first so "West Virginia" wins over "Virginia"; names may be split by any whitespace.
const STATE_ALTERNATION = [...US_STATES.map((s) => s.name), ...US_STATES.map((s) => s.abbr)]
  .sort((a, b) => b.length - a.length)
  .map((n) => n.replace(/ /g, "\\s+"))
  .join("|");
const STATE_RE = new RegExp(`(?<![A-Za-z])(?:${STATE_ALTERNATION})(?![A-Za-z])`, "gi");
const FOLLOWED_BY_ZIP = /^[\s,]*\d{5}(?:-\d{4})?(?!\d)/;
const ZIP_RE = /(?<!\d)\d{5}(?:-\d{4})?(?![\d-])/g;

export interface AddressParts {
  /** Index and text of the last 5-digit ZIP (optionally +4). */
  zip: { index: number; text: string } | null;
  /** The state taken as the address's state: the last one before the ZIP, else the last one. */
  state: { index: number; text: string; state: UsState } | null;
}

/**
 * Finds the ZIP and the state token of a free-text US address. State names match in any case;
 * abbreviations match in capitals anywhere, or in any case right before the ZIP ("portland or 97201").
 */
export function addressParts(address: string): AddressParts {
  let zip: AddressParts["zip"] = null;
  for (const m of address.matchAll(ZIP_RE)) zip = { index: m.index, text: m[0] };
  let before: AddressParts["state"] = null;
  let last: AddressParts["state"] = null;
  for (const m of address.matchAll(STATE_RE)) {
    // Lower-case two-letter words ("in", "me", "or", "la" of "La Brea") are states only right before the ZIP.
    if (m[0].length === 2 && m[0] !== m[0].toUpperCase() && !FOLLOWED_BY_ZIP.test(address.slice(m.index + 2))) {
      continue;
    }
    const found = { index: m.index, text: m[0], state: findState(m[0])! };
    last = found;
    if (!zip || m.index < zip.index) before = found;
  }
  return { zip, state: before ?? last };
}

/**
 * docs/product.md section 5 "Partial address": true if there is no 5-digit ZIP (optionally +4), or no US state name or
 * abbreviation, or nothing with letters before the state. "Springfield, IL 62704" is therefore complete;
 * "IL 62704" and "123 Main St 62704" are partial.
 */
export function isPartialAddress(address: string): boolean {
  const { zip, state } = addressParts(address);
  if (!zip || !state) return true;
  return !/[A-Za-z]/.test(address.slice(0, state.index));
}

/** Minimum characters before the autocomplete asks for suggestions (docs/product.md section 9). */
export const AUTOCOMPLETE_MIN_CHARS = 3;
/** Debounce of the autocomplete (docs/product.md section 9), for the web form. */
export const AUTOCOMPLETE_DEBOUNCE_MS = 300;

const NUMBER_WORDS = [
  "zero",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
  "thirteen",
  "fourteen",
  "fifteen",
  "sixteen",
  "seventeen",
  "eighteen",
  "nineteen",
  "twenty",
  "thirty",
  "forty",
  "fifty",
  "sixty",
  "seventy",
  "eighty",
  "ninety",
  "hundred",
  "thousand",
];
const NUMBER_WORD = `(?:${NUMBER_WORDS.join("|")})`;
// A street number: digits with an optional unit letter ("12", "12B"), or number words joined by spaces
// or hyphens ("One", "Twenty-One", "One Hundred"); then whitespace and the rest of the input.
const STREET_NUMBER = new RegExp(`^(?:\\d+[A-Za-z]?|${NUMBER_WORD}(?:[\\s-]+${NUMBER_WORD})*)\\s+(.*)$`, "is");

/**
 * docs/product.md section 5 "Address autocomplete": suggest only when the input has at least 3 characters and starts
 * with a street number (digits or number words) followed by text with at least 2 letters.
 * "12 Ma" -> true, "12 M" -> false, "Main St" -> false, "One Microsoft Way" -> true.
 */
export function shouldSuggest(input: string): boolean {
  const text = input.trim();
  if (text.length < AUTOCOMPLETE_MIN_CHARS) return false;
  const m = STREET_NUMBER.exec(text);
  if (!m) return false;
  return (m[1]!.match(/[A-Za-z]/g)?.length ?? 0) >= 2;
}
