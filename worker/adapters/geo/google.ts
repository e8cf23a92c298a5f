import { haversineMiles } from "../../../domain/location/distance";
import { isMilitaryZip, normalizeZip } from "../../../domain/location/zip";
import { NEAREST_LIMIT_MILES } from "./offline";
import type { GeocodeResult, GeoPort } from "./port";

/** Google's Geocoding API (JSON over fetch). */
export const GOOGLE_GEOCODE_URL = "https://maps.googleapis.com/maps/api/geocode/json";

interface GoogleComponent {
  long_name: string;
  short_name: string;
  types: string[];
}
interface GoogleResult {
  formatted_address: string;
  address_components: GoogleComponent[];
  types: string[];
}
interface GoogleAnswer {
  status: string;
  results?: GoogleResult[];
  error_message?: string;
}

/** Result types that name an area holding several ZIPs (a city, county, neighbourhood). */
const AREA_TYPES = new Set([
  "locality",
  "sublocality",
  "neighborhood",
  "postal_town",
  "administrative_area_level_2",
  "administrative_area_level_3",
  "colloquial_area",
]);

const postalCode = (r: GoogleResult) => r.address_components.find((c) => c.types.includes("postal_code"))?.short_name;

/**
 * The Google adapter: Google finds the place, our zipcodes table (through `local`) gives its time zone and
 * price area, so a ZIP Google knows but we don't is "not found". Any failure to reach Google (network,
 * quota, key) falls back to the offline answer rather than failing the customer.
 */
export function googleGeo(opts: { key: string; local: GeoPort; fetch?: typeof fetch }): GeoPort {
  const doFetch = opts.fetch ?? ((input, init) => fetch(input, init));

  async function ask(params: Record<string, string>): Promise<GoogleAnswer> {
    const url = new URL(GOOGLE_GEOCODE_URL);
    for (const [k, val] of Object.entries(params)) url.searchParams.set(k, val);
    url.searchParams.set("key", opts.key);
    const res = await doFetch(url.toString(), { method: "GET", headers: { accept: "application/json" } });
    if (!res.ok) throw new Error(`Geocoding API answered HTTP ${res.status}`);
    const body = (await res.json()) as GoogleAnswer;
    if (body.status !== "OK" && body.status !== "ZERO_RESULTS") {
      throw new Error(`Geocoding API status ${body.status}${body.error_message ? `: ${body.error_message}` : ""}`);
    }
    return body;
  }

  const logFallback = (op: string, e: unknown) =>
    console.error(JSON.stringify({ at: "geo.google", op, error: String(e), fallback: "offline" }));

  return {
    provider: "google",
    lookupZip: (zip) => opts.local.lookupZip(zip),

    async nearestZip(latitude, longitude) {
      try {
        const answer = await ask({ latlng: `${latitude},${longitude}`, result_type: "postal_code" });
        const code = answer.results?.map(postalCode).find(Boolean);
        const zip = code ? normalizeZip(code) : null;
        const place = zip && !isMilitaryZip(zip) ? await opts.local.lookupZip(zip) : null;
        if (place) {
          const miles = haversineMiles(
            { lat: latitude, lng: longitude },
            { lat: place.latitude, lng: place.longitude },
          );
          // A foreign postal code that reads as a US ZIP (Paris 75001 is a Dallas ZIP) lies far from that ZIP.
          if (miles > NEAREST_LIMIT_MILES) return null;
          return { place, miles };
        }
        if (answer.status === "ZERO_RESULTS") return null;
      } catch (e) {
        logFallback("nearestZip", e);
      }
      return opts.local.nearestZip(latitude, longitude);
    },

    async geocodeAddress(address): Promise<GeocodeResult> {
      let answer: GoogleAnswer;
      try {
        answer = await ask({ address, components: "country:US" });
      } catch (e) {
        logFallback("geocodeAddress", e);
        return opts.local.geocodeAddress(address);
      }
      const results = answer.results ?? [];
      if (results.length === 0) return { code: -1 };
      const codes = new Set(results.map(postalCode).filter((c): c is string => Boolean(c)));
      if (codes.size > 1) return { code: -5 };
      if (codes.size === 0)
        return results.some((r) => r.types.some((t) => AREA_TYPES.has(t))) ? { code: -5 } : { code: -1 };
      const zip = normalizeZip([...codes][0]);
      const place = zip ? await opts.local.lookupZip(zip) : null;
      if (!place) return { code: -1 };
      return { code: 1, place, formatted_address: results[0]!.formatted_address };
    },
  };
}
