import { haversineMiles } from "../../../domain/location/distance";
import { isMilitaryZip, normalizeZip } from "../../../domain/location/zip";
import { fail } from "../../http/errors";
import { LOCAL_PLACE_PREFIX, NEAREST_LIMIT_MILES } from "./offline";
import type { GeocodeResult, GeoPort, PlaceSuggestion } from "./port";

/** Google's Geocoding API (JSON over fetch). */
export const GOOGLE_GEOCODE_URL = "https://maps.googleapis.com/maps/api/geocode/json";
/** Places API (New): autocomplete, and a place's details by id. */
export const GOOGLE_PLACES_AUTOCOMPLETE_URL = "https://places.googleapis.com/v1/places:autocomplete";
export const GOOGLE_PLACES_DETAILS_URL = "https://places.googleapis.com/v1/places/";
/** docs/product.md section 5 "Address autocomplete": street addresses, buildings and units. */
export const ADDRESS_PLACE_TYPES = ["street_address", "premise", "subpremise"];
/** The only fields asked of place details (Google bills by field). */
export const PLACE_DETAILS_FIELDS = "formattedAddress,addressComponents";

interface PlacesText {
  text?: string;
}
interface PlacesAutocompleteAnswer {
  suggestions?: Array<{
    placePrediction?: {
      placeId?: string;
      text?: PlacesText;
      structuredFormat?: { mainText?: PlacesText; secondaryText?: PlacesText };
    };
  }>;
}
interface PlacesDetailsAnswer {
  formattedAddress?: string;
  addressComponents?: Array<{ longText?: string; shortText?: string; types?: string[] }>;
}

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

  /** A Places API (New) call: the key in a header, JSON back; a non-2xx answer throws with Google's status. */
  async function places<T>(url: string, init: { method: "GET" | "POST"; body?: unknown; fieldMask: string }) {
    const res = await doFetch(url, {
      method: init.method,
      headers: {
        accept: "application/json",
        "x-goog-api-key": opts.key,
        "x-goog-fieldmask": init.fieldMask,
        ...(init.body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const body = (await res.json().catch(() => ({}))) as T & { error?: { status?: string; message?: string } };
    return { status: res.status, body };
  }

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

    /**
     * Places autocomplete, US street addresses only, in the customer's session. Google unreachable or refusing:
     * the offline suggestions (logged), like the other lookups.
     */
    async suggestPlaces(input, sessionToken): Promise<PlaceSuggestion[]> {
      try {
        const { status, body } = await places<PlacesAutocompleteAnswer>(GOOGLE_PLACES_AUTOCOMPLETE_URL, {
          method: "POST",
          fieldMask:
            "suggestions.placePrediction.placeId,suggestions.placePrediction.text.text,suggestions.placePrediction.structuredFormat",
          body: {
            input,
            sessionToken,
            includedRegionCodes: ["us"],
            includedPrimaryTypes: ADDRESS_PLACE_TYPES,
            languageCode: "en",
          },
        });
        if (status !== 200) throw new Error(`Places autocomplete answered ${status} ${body.error?.status ?? ""}`);
        const out: PlaceSuggestion[] = [];
        for (const s of body.suggestions ?? []) {
          const p = s.placePrediction;
          const description = p?.text?.text;
          if (!p?.placeId || !description) continue;
          out.push({
            place_id: p.placeId,
            description,
            main_text: p.structuredFormat?.mainText?.text ?? description,
            secondary_text: p.structuredFormat?.secondaryText?.text ?? "",
          });
        }
        return out;
      } catch (e) {
        logFallback("suggestPlaces", e);
        return opts.local.suggestPlaces(input, sessionToken);
      }
    },

    /**
     * A chosen suggestion's address and ZIP (the details call closes the session token). Offline ids (from a
     * fallback list) resolve offline. An id Google does not know is -1, as is a place outside the US or with
     * no ZIP we serve; Google unreachable is MAPS_UNAVAILABLE: there is nothing else to resolve its id with.
     */
    async placeDetails(placeId, sessionToken): Promise<GeocodeResult> {
      if (placeId.startsWith(LOCAL_PLACE_PREFIX)) return opts.local.placeDetails(placeId, sessionToken);
      const url = new URL(`${GOOGLE_PLACES_DETAILS_URL}${encodeURIComponent(placeId)}`);
      url.searchParams.set("sessionToken", sessionToken);
      url.searchParams.set("languageCode", "en");
      let answer: { status: number; body: PlacesDetailsAnswer & { error?: { status?: string } } };
      try {
        answer = await places<PlacesDetailsAnswer>(url.toString(), { method: "GET", fieldMask: PLACE_DETAILS_FIELDS });
      } catch (e) {
        console.error(JSON.stringify({ at: "geo.google", op: "placeDetails", error: String(e) }));
        return fail("MAPS_UNAVAILABLE");
      }
      const { status, body } = answer;
      // An id Google does not know (or a malformed one) names no place.
      if (status === 404 || (status === 400 && body.error?.status === "INVALID_ARGUMENT")) return { code: -1 };
      if (status !== 200) {
        console.error(JSON.stringify({ at: "geo.google", op: "placeDetails", status, error: body.error ?? null }));
        return fail("MAPS_UNAVAILABLE");
      }
      const parts = body.addressComponents ?? [];
      const part = (type: string) => parts.find((c) => c.types?.includes(type))?.shortText;
      const country = part("country");
      if (country && country !== "US") return { code: -1 };
      const code = part("postal_code");
      const zip = code ? normalizeZip(code) : null;
      const place = zip && !isMilitaryZip(zip) ? await opts.local.lookupZip(zip) : null;
      if (!place || !body.formattedAddress) return { code: -1 };
      return { code: 1, place, formatted_address: body.formattedAddress.replace(/, USA$/, "") };
    },
  };
}
