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
 * code 1: found, with the ZIP's place and a display address; -1: not found; -5: several places match (a
 * city with more than one ZIP). The codes are the address lookup's of docs/product.md section 8.
 */
export type GeocodeResult = { code: 1; place: ZipPlace; formatted_address: string } | { code: -1 } | { code: -5 };

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
}
