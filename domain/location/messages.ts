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
