import { parseLocationInput } from "../../domain/location-input";
import { addressLookupMessage, INVALID_LOCATION_MESSAGE } from "../../domain/location/messages";
import type { AddressLookup, ZipFromLatLong } from "../../schema/payloads/catalogue";
import { ApiError, call } from "./api-client";
import { checkoutClient, googleClient } from "./api-clients";

/**
 * Turning what someone typed, or where their browser says they are, into a service ZIP (docs/product.md sections 5 and
 * 8). Shared by the header's location box and the home page's "Book by ZIP" card.
 */

/** POST /api/checkout/getAddress: free text to a ZIP; code -1 (not found) and -5 (several places) are answers, not errors. */
export function getAddress(address: string, signal?: AbortSignal): Promise<AddressLookup> {
  return call((o) => checkoutClient.getAddress.$post({ json: { address } }, o), { signal });
}

/** POST /api/google/getZipFromLatLong: the nearest US ZIP centre (INVALID_ADDRESS beyond 75 miles of any). */
export function getZipFromLatLong(latitude: number, longitude: number, signal?: AbortSignal): Promise<ZipFromLatLong> {
  return call((o) => googleClient.getZipFromLatLong.$post({ json: { latitude, longitude } }, o), { signal });
}

export type ResolvedLocation = { ok: true; zip: string; label?: string } | { ok: false; message: string };

/**
 * A ZIP, an address ending in a ZIP (reduced locally), or an address without one (looked up). Failures carry
 * the exact screen messages: -1, -5, or "Invalid location". A network failure says so instead.
 */
export async function resolveLocation(text: string, signal?: AbortSignal): Promise<ResolvedLocation> {
  const parsed = parseLocationInput(text);
  if (parsed.kind === "zip") return { ok: true, zip: parsed.zip };
  if (parsed.kind === "invalid") return { ok: false, message: INVALID_LOCATION_MESSAGE };
  try {
    const found = await getAddress(parsed.address, signal);
    if (found.code === 1) return { ok: true, zip: found.zipcode, label: found.formatted_address };
    // The server says what is wrong or missing (-1, -5, or -2 "add your ZIP code").
    return { ok: false, message: found.message || addressLookupMessage(found.code) };
  } catch (err) {
    if (err instanceof ApiError && err.code === "NETWORK") return { ok: false, message: err.message };
    if (signal?.aborted) throw err;
    return { ok: false, message: INVALID_LOCATION_MESSAGE };
  }
}

export interface AddressSuggestion {
  /** What the list shows: the whole suggestion ("350 5th Ave, New York, NY 10118"). */
  label: string;
  /** Resolved by placeDetails when picked (docs/product.md section 3 "Place result"). */
  place_id: string;
}

/**
 * One autocomplete session (docs/decisions/133): a random token sent with every suggestion request and with
 * the details call that ends it, after which the next keystroke starts a new one (Google bills a session
 * as one lookup).
 */
let sessionToken: string | null = null;
const session = () => (sessionToken ??= crypto.randomUUID());

/**
 * POST /api/google/placeAutocomplete: street-address suggestions (Google's Places, or offline the street in
 * each ZIP of the city typed). The caller has applied the autocomplete gate; a failure is no suggestions.
 */
export async function suggestAddresses(text: string, signal?: AbortSignal): Promise<AddressSuggestion[]> {
  try {
    const found = await call(
      (o) => googleClient.placeAutocomplete.$post({ json: { input: text.trim(), session_token: session() } }, o),
      { signal },
    );
    return found.suggestions.map((s) => ({ label: s.description, place_id: s.place_id }));
  } catch {
    return [];
  }
}

/** POST /api/google/placeDetails: a picked suggestion to its address and ZIP; ends the session. */
export async function resolvePlace(placeId: string, signal?: AbortSignal): Promise<ResolvedLocation> {
  const token = session();
  sessionToken = null;
  try {
    const found = await call(
      (o) => googleClient.placeDetails.$post({ json: { place_id: placeId, session_token: token } }, o),
      { signal },
    );
    if (found.code === 1) return { ok: true, zip: found.zipcode, label: found.formatted_address };
    return { ok: false, message: found.message };
  } catch (err) {
    if (signal?.aborted) throw err;
    return { ok: false, message: err instanceof ApiError ? err.message : INVALID_LOCATION_MESSAGE };
  }
}

export type LocateResult =
  | { ok: true; zip: string; label: string }
  | { ok: false; reason: "denied" | "unavailable" | "outside"; message: string };

const GEO_TIMEOUT_MS = 10_000;

/**
 * "Use my location": the browser's position, then the nearest ZIP. A refusal is reported as `denied` (the
 * caller opens the ZIP box, docs/product.md section 8).
 */
export async function locateZip(): Promise<LocateResult> {
  if (typeof navigator === "undefined" || !navigator.geolocation) {
    return { ok: false, reason: "unavailable", message: "Your browser can't share its location. Enter your ZIP code." };
  }
  let position: GeolocationPosition;
  try {
    position = await new Promise<GeolocationPosition>((resolve, reject) =>
      navigator.geolocation.getCurrentPosition(resolve, reject, {
        enableHighAccuracy: false,
        timeout: GEO_TIMEOUT_MS,
        maximumAge: 10 * 60_000,
      }),
    );
  } catch (err) {
    const denied = (err as GeolocationPositionError | undefined)?.code === 1;
    return denied
      ? { ok: false, reason: "denied", message: "Location access is off. Enter your ZIP code or address instead." }
      : { ok: false, reason: "unavailable", message: "We couldn't find your location. Enter your ZIP code instead." };
  }
  try {
    const place = await getZipFromLatLong(position.coords.latitude, position.coords.longitude);
    return { ok: true, zip: place.zipcode, label: place.formatted_address };
  } catch (err) {
    if (err instanceof ApiError && err.code === "INVALID_ADDRESS")
      return { ok: false, reason: "outside", message: INVALID_LOCATION_MESSAGE };
    return {
      ok: false,
      reason: "unavailable",
      message: err instanceof ApiError ? err.message : INVALID_LOCATION_MESSAGE,
    };
  }
}
