import { and, between, eq, like, sql } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { addressParts, findState, shouldSuggest, type UsState } from "../../../domain/location/address";
import { nearestZip as nearestOf } from "../../../domain/location/distance";
import { parseSuggestInput } from "../../../domain/location/suggest-input";
import { isMilitaryZip, zipFromAddress } from "../../../domain/location/zip";
import { zipcodes } from "../../../schema/tables/places";
import { boundingBox } from "./box";
import type { GeocodeResult, GeoPort, NearestZip, PlaceSuggestion, ZipPlace } from "./port";

/**
 * The nearest-ZIP search looks this far first (almost every US point has a ZIP centre this close), then
 * once more up to the limit; a point farther than the limit from every ZIP is outside the US. Military ZIPs
 * (APO/FPO/DPO, domain/location/zip.ts isMilitaryZip) are never the answer.
 */
export const NEAREST_FIRST_MILES = 20;
export const NEAREST_LIMIT_MILES = 75;

const placeColumns = {
  zip: zipcodes.zip,
  city: zipcodes.city,
  state: zipcodes.state,
  state_name: zipcodes.state_name,
  latitude: zipcodes.latitude,
  longitude: zipcodes.longitude,
  time_zone: zipcodes.time_zone,
  area_id: zipcodes.area_id,
};

/** "Austin, TX 78701": how a place found without a street address is shown. */
export function placeLabel(place: ZipPlace): string {
  return `${place.city}, ${place.state} ${place.zip}`;
}

/**
 * The ZIP a free-text address names: a trailing ZIP (docs/product.md section 5 "ZIP", domain/location/zip.ts), or a
 * ZIP written after the state ("..., NY 10118, USA"). A leading street number is never taken for a ZIP.
 */
export function zipInAddress(text: string): string | null {
  const trailing = zipFromAddress(text);
  if (trailing) return trailing;
  const { zip, state } = addressParts(text);
  if (zip && state && state.index < zip.index) return zipFromAddress(text.slice(0, zip.index + 5));
  return null;
}

/**
 * The state of a "City, ST" text and where it starts: the address rules' state token, else a last
 * comma-separated part that is a state in any case ("white river junction, vt").
 */
function stateOf(text: string): { index: number; abbr: string } | null {
  const found = addressParts(text).state;
  if (found) return { index: found.index, abbr: found.state.abbr };
  const comma = text.lastIndexOf(",");
  const tail: UsState | undefined = comma >= 0 ? findState(text.slice(comma + 1)) : undefined;
  return tail ? { index: comma, abbr: tail.abbr } : null;
}

/** City candidates before the state: the last comma-separated part, else its last one to three words. */
function cityCandidates(beforeState: string): string[] {
  const parts = beforeState
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  const last = parts[parts.length - 1];
  if (!last) return [];
  if (parts.length > 1 && !/\d/.test(last)) return [last];
  const words = last.split(" ");
  const out = [last];
  for (let n = Math.min(3, words.length - 1); n >= 1; n--) out.push(words.slice(-n).join(" "));
  return out.filter((c) => /[A-Za-z]/.test(c) && !/\d/.test(c));
}

/** At most this many offline suggestions: the customer narrows them by typing the state or the ZIP's digits. */
export const LOCAL_SUGGESTIONS = 8;

/** The offline adapter's place ids: "local:<zip>:<street>", resolved from the ZIP table alone. */
export const LOCAL_PLACE_PREFIX = "local:";
const LOCAL_PLACE_ID = /^local:(\d{5}):(.+)$/s;

/** A street in one of our ZIPs, as the list shows it and as the place id carries it. */
function localSuggestion(street: string, place: ZipPlace): PlaceSuggestion {
  const secondary = placeLabel(place);
  return {
    place_id: `${LOCAL_PLACE_PREFIX}${place.zip}:${street}`,
    description: `${street}, ${secondary}`,
    main_text: street,
    secondary_text: secondary,
  };
}

/** LIKE's wildcards taken literally. */
const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The offline geocoder over D1's zipcodes table (seeded from the `zipcodes` package). */
export function offlineGeo(db: DrizzleD1Database): GeoPort {
  async function lookupZip(zip: string): Promise<ZipPlace | null> {
    const [row] = await db.select(placeColumns).from(zipcodes).where(eq(zipcodes.zip, zip)).limit(1);
    return row ?? null;
  }

  async function within(lat: number, lng: number, miles: number): Promise<NearestZip | null> {
    const box = boundingBox(lat, lng, miles);
    const rows = await db
      .select(placeColumns)
      .from(zipcodes)
      .where(
        and(between(zipcodes.latitude, box.minLat, box.maxLat), between(zipcodes.longitude, box.minLng, box.maxLng)),
      );
    // A military post office abroad is no place to send a pro: a point near only those is outside the US.
    const best = nearestOf(
      { lat, lng },
      rows.filter((r) => !isMilitaryZip(r.zip)).map((r) => ({ zip: r.zip, lat: r.latitude, lng: r.longitude })),
    );
    if (!best || best.miles > miles) return null;
    return { place: rows.find((r) => r.zip === best.zip)!, miles: best.miles };
  }

  return {
    provider: "offline",
    lookupZip,

    async nearestZip(latitude, longitude) {
      return (
        (await within(latitude, longitude, NEAREST_FIRST_MILES)) ??
        (await within(latitude, longitude, NEAREST_LIMIT_MILES))
      );
    },

    async geocodeAddress(address): Promise<GeocodeResult> {
      const text = address.replace(/\s+/g, " ").trim();
      const zip = zipInAddress(text);
      if (zip) {
        const place = await lookupZip(zip);
        if (!place) return { code: -1 };
        // A typed street address is kept as the customer wrote it; a bare ZIP gets the city and state.
        const formatted = /[A-Za-z]/.test(text) ? text : placeLabel(place);
        return { code: 1, place, formatted_address: formatted };
      }
      const state = stateOf(text);
      // A street with nothing to place it: say what to add, not that it cannot exist.
      if (!state) return shouldSuggest(text) ? { code: -2, missing: "city_state" } : { code: -1 };
      for (const city of cityCandidates(text.slice(0, state.index).replace(/[\s,]+$/, ""))) {
        const rows = await db
          .select(placeColumns)
          .from(zipcodes)
          .where(and(eq(zipcodes.state, state.abbr), sql`${zipcodes.city} = ${city} COLLATE NOCASE`))
          .limit(2);
        // One street address in a city of several ZIPs is one place; the table only lacks its ZIP.
        if (rows.length > 1) return { code: -2, missing: "zip", city: rows[0]!.city, state: rows[0]!.state };
        if (rows.length === 1) return { code: 1, place: rows[0]!, formatted_address: placeLabel(rows[0]!) };
      }
      return { code: -1 };
    },

    /**
     * The street with each ZIP of the city typed so far (docs/decisions/133): "350 5th Ave, New York, NY 101"
     * lists New York's ZIPs from 10100, exact city names first. A full ZIP is that ZIP's place. Nothing
     * follows a bare street: the table has no streets.
     */
    async suggestPlaces(input) {
      const typed = parseSuggestInput(input);
      if (!typed.street) return [];
      if (typed.zip?.length === 5) {
        const place = isMilitaryZip(typed.zip) ? null : await lookupZip(typed.zip);
        return place ? [localSuggestion(typed.street, place)] : [];
      }
      if (!typed.city) return [];
      const rows = await db
        .select(placeColumns)
        .from(zipcodes)
        .where(
          and(
            // With the state written the city is complete; before it, it is the start of one.
            typed.state
              ? sql`${zipcodes.city} = ${typed.city} COLLATE NOCASE`
              : sql`${zipcodes.city} LIKE ${likePrefix(typed.city)} ESCAPE '\\'`,
            typed.state ? eq(zipcodes.state, typed.state) : undefined,
            typed.zip ? like(zipcodes.zip, `${typed.zip}%`) : undefined,
          ),
        )
        .orderBy(
          sql`${zipcodes.city} = ${typed.city} COLLATE NOCASE DESC`,
          sql`length(${zipcodes.city})`,
          zipcodes.city,
          zipcodes.state,
          zipcodes.zip,
        )
        .limit(LOCAL_SUGGESTIONS * 2);
      return rows
        .filter((r) => !isMilitaryZip(r.zip))
        .slice(0, LOCAL_SUGGESTIONS)
        .map((r) => localSuggestion(typed.street, r));
    },

    async placeDetails(placeId) {
      const m = LOCAL_PLACE_ID.exec(placeId);
      if (!m || isMilitaryZip(m[1]!)) return { code: -1 };
      const place = await lookupZip(m[1]!);
      const street = m[2]!.replace(/\s+/g, " ").trim();
      if (!place || !street) return { code: -1 };
      return { code: 1, place, formatted_address: `${street}, ${placeLabel(place)}` };
    },
  };
}
