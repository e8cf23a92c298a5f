/**
 * Screen messages of the location box and address lookup (docs/product.md section 8 "Screen messages"), verbatim.
 * The invalid-location text is the catalogue's INVALID_ADDRESS text; it is read from there so the two
 * cannot drift apart.
 */
import { messageFor } from "../messages";

/** Address lookup result code -1: the address could not be located. */
export const ADDRESS_NOT_FOUND_CODE = -1;
/** Address lookup result code -5: several places share the address. */
export const ADDRESS_AMBIGUOUS_CODE = -5;
/** Address lookup result code -2: the address is short of a part that would place it (docs/decisions/133). */
export const ADDRESS_INCOMPLETE_CODE = -2;

export const ADDRESS_NOT_FOUND_MESSAGE =
  "We are unable to locate this address, please enter a 5 digit zip code within the continental US.";
export const ADDRESS_AMBIGUOUS_MESSAGE =
  "We found multiple locations with the same address. Please enter a 5 digit zip code within the continental US.";
export const INVALID_LOCATION_MESSAGE: string = messageFor("INVALID_ADDRESS");

/** The message for an address lookup failure code: -1 and -5 have their own, anything else is invalid location. */
export function addressLookupMessage(code: number): string {
  if (code === ADDRESS_NOT_FOUND_CODE) return ADDRESS_NOT_FOUND_MESSAGE;
  if (code === ADDRESS_AMBIGUOUS_CODE) return ADDRESS_AMBIGUOUS_MESSAGE;
  return INVALID_LOCATION_MESSAGE;
}

/**
 * What to add to an address the offline lookup cannot place on its own (code -2, docs/decisions/133): the ZIP
 * for a city with several, or the city and state for a bare street. Never "multiple locations": one street
 * address is one place, the table just cannot tell which of the city's ZIPs it is in.
 */
export function addressIncompleteMessage(
  missing: { missing: "zip"; city: string; state: string } | { missing: "city_state" },
): string {
  if (missing.missing === "zip") {
    return `${missing.city}, ${missing.state} has more than one ZIP code. Please add your 5 digit ZIP code to the address, or pick one from the list.`;
  }
  return "Please add the city and state to the street address, or enter your 5 digit ZIP code.";
}
