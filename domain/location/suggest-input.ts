import { findState } from "./address";

/**
 * What the offline address suggestions read from a typed street address (docs/decisions/133): the street
 * (the first comma-separated part), then the city as typed so far, the state when one is written after
 * the city, and the digits of a ZIP begun after them.
 *
 * "350 5th Ave, New York, NY 101" -> street "350 5th Ave", city "New York", state "NY", zip "101".
 * "350 5th Ave, New Yo"           -> city "New Yo" (a prefix), no state.
 * "350 5th Ave, New York"         -> city "New York", no state: a state name with nothing before it is the city.
 */
export interface SuggestInput {
  street: string;
  /** The city or the start of it; null when nothing follows the street. */
  city: string | null;
  /** Two-letter USPS code. */
  state: string | null;
  /** 1 to 5 digits of a ZIP typed at the end. */
  zip: string | null;
}

const TRAILING_ZIP = /[\s,]*(\d{1,5})(?:-\d{0,4})?$/;

/** The state written at the end of `text` (its last 1 to 3 words), leaving a non-empty city before it. */
function trailingState(text: string): { city: string; state: string } | null {
  const comma = text.lastIndexOf(",");
  if (comma > 0) {
    const state = findState(text.slice(comma + 1));
    const city = text.slice(0, comma).trim();
    if (state && city) return { city, state: state.abbr };
  }
  const words = text.split(" ");
  for (let n = Math.min(3, words.length - 1); n >= 1; n--) {
    const state = findState(words.slice(-n).join(" "));
    const city = words.slice(0, -n).join(" ").replace(/,\s*$/, "").trim();
    if (state && city) return { city, state: state.abbr };
  }
  return null;
}

export function parseSuggestInput(input: string): SuggestInput {
  const text = input.replace(/\s+/g, " ").trim();
  const comma = text.indexOf(",");
  if (comma < 0) return { street: text, city: null, state: null, zip: null };
  const street = text.slice(0, comma).trim();
  let rest = text.slice(comma + 1).trim();
  let zip: string | null = null;
  const z = TRAILING_ZIP.exec(rest);
  if (z) {
    zip = z[1]!;
    rest = rest.slice(0, z.index).trim();
  }
  rest = rest.replace(/,\s*$/, "").trim();
  if (!rest) return { street, city: null, state: null, zip };
  const found = trailingState(rest);
  if (found) return { street, city: found.city, state: found.state, zip };
  return { street, city: rest, state: null, zip };
}
