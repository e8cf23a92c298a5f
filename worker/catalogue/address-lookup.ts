import { addressIncompleteMessage, addressLookupMessage } from "../../domain/location/messages";
import type { AddressLookup } from "../../schema/payloads/catalogue";
import type { GeocodeResult } from "../adapters/geo/port";

/**
 * The answer of an address lookup (POST /checkout/getAddress, POST /google/placeDetails): the ZIP's place,
 * or a code with the screen message of docs/product.md section 8 (-1, -5), or for -2 what to add.
 */
export function addressLookupAnswer(found: GeocodeResult): AddressLookup {
  if (found.code === 1) {
    return {
      code: 1,
      zipcode: found.place.zip,
      city: found.place.city,
      state: found.place.state,
      formatted_address: found.formatted_address,
      time_zone: found.place.time_zone,
    };
  }
  if (found.code === -2) return { code: -2, message: addressIncompleteMessage(found) };
  return { code: found.code, message: addressLookupMessage(found.code) };
}
