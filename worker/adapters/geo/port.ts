/**
 * US places (docs/architecture.md section 3 "US places"): ZIP lookup, the nearest ZIP to a point, and free-text address
 * geocoding. The offline adapter reads the D1 `zipcodes` table; the Google adapter asks the Geocoding API
 * and still takes time zones and price areas from D1, because those are ours.
 */
export interface ZipPlace {
  /** Five digits, zero-padded. */
  zip: string;
  city: string;
  /** Two-letter USPS code. */
  state: string;
  state_name: string | null;
  latitude: number;
  longitude: number;
  /** IANA zone. */
  time_zone: string;
  /** Price area; null where list prices apply. */
  area_id: number | null;
}

/**
 * code 1: found, with the ZIP's place and a display address; -1: not found; -5: several places match (the
 * maps provider found more than one); -2: the text is short of a part the offline table needs to place it
 * (`zip`: a city with more than one ZIP; `city_state`: a street with no city and state), so the customer is
 * told what to add (docs/decisions/133). The codes are the address lookup's of docs/product.md section 8.
 */
export type GeocodeResult =
  | { code: 1; place: ZipPlace; formatted_address: string }
  | { code: -1 }
  | { code: -5 }
  | { code: -2; missing: "zip"; city: string; state: string }
  | { code: -2; missing: "city_state" };

/**
 * One address suggestion of the places path (docs/decisions/133): `place_id` is resolved by `placeDetails`
 * with the same session token. Google's ids are its own; the offline adapter's start with "local:".
 */
export interface PlaceSuggestion {
  place_id: string;
  /** The whole suggestion as the list shows it ("350 5th Ave, New York, NY 10118"). */
  description: string;
  main_text: string;
  secondary_text: string;
}

export interface NearestZip {
  place: ZipPlace;
  /** Great-circle miles from the point to the ZIP's centre. */
  miles: number;
}

export interface GeoPort {
  readonly provider: "offline" | "google";
  /** A ZIP already in storage form ("00501"); null when the ZIP is not a known US ZIP. */
  lookupZip(zip: string): Promise<ZipPlace | null>;
  /** The closest ZIP, or null when the point is not near any US ZIP (outside the US). */
  nearestZip(latitude: number, longitude: number): Promise<NearestZip | null>;
  geocodeAddress(address: string): Promise<GeocodeResult>;
  /**
   * Street-address suggestions for what the customer typed, US only (docs/product.md section 5 "Address
   * autocomplete"); the caller has checked the autocomplete gate. The session token groups one typing
   * session and its place-details call (Google bills them as one).
   */
  suggestPlaces(input: string, sessionToken: string): Promise<PlaceSuggestion[]>;
  /** A suggestion's place: found (1), or -1 when the id names no US place with a ZIP we serve. */
  placeDetails(placeId: string, sessionToken: string): Promise<GeocodeResult>;
}
