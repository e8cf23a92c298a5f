import type { DrizzleD1Database } from "drizzle-orm/d1";
import { fail } from "../../http/errors";
import { envText } from "../../runtime";
import { googleGeo } from "./google";
import { offlineGeo } from "./offline";
import type { GeoPort } from "./port";

/**
 * Chooses the geo adapter (docs/decisions/006 and 133), failing closed like the other ports:
 * - MAPS_PROVIDER=google needs the secret GOOGLE_MAPS_KEY; without it every lookup that would ask Google
 *   (addresses, coordinates, suggestions, place details) is refused with MAPS_UNAVAILABLE and logged, never
 *   answered from the offline table;
 * - MAPS_PROVIDER=local is the offline ZIP table (development and tests);
 * - unset: Google when GOOGLE_MAPS_KEY is set, else offline (a deployment that never asked for Google);
 * - anything else is refused like Google without its key.
 * ZIP lookups read our own table in every case: the price area and time zone are ours, not the provider's.
 */
export function geoFromEnv(env: Env, db: DrizzleD1Database): GeoPort {
  const local = offlineGeo(db);
  const key = envText(env, "GOOGLE_MAPS_KEY");
  const provider = envText(env, "MAPS_PROVIDER") ?? (key ? "google" : "local");
  if (provider === "local") return local;
  if (provider !== "google")
    return refusingGeo(local, `MAPS_PROVIDER="${provider}" is not a maps provider (use "google" or "local")`);
  return key ? googleGeo({ key, local }) : refusingGeo(local, "MAPS_PROVIDER=google but GOOGLE_MAPS_KEY is not set");
}

/** What is wrong with the maps configuration, or null (for the deploy check and the logs). */
export function mapsConfigProblem(env: Env): string | null {
  const provider = envText(env, "MAPS_PROVIDER");
  if (provider === undefined || provider === "local") return null;
  if (provider !== "google") return `MAPS_PROVIDER="${provider}" is not a maps provider (use "google" or "local")`;
  return envText(env, "GOOGLE_MAPS_KEY") ? null : "MAPS_PROVIDER=google but GOOGLE_MAPS_KEY is not set";
}

/** A misconfigured maps provider: refuses what the provider would answer, with the reason in the log. */
function refusingGeo(local: GeoPort, problem: string): GeoPort {
  const refuse = (): never => {
    console.error(JSON.stringify({ at: "geo", error: "maps refused", problem }));
    return fail("MAPS_UNAVAILABLE");
  };
  return {
    provider: "google",
    lookupZip: (zip) => local.lookupZip(zip),
    nearestZip: async () => refuse(),
    geocodeAddress: async () => refuse(),
    suggestPlaces: async () => refuse(),
    placeDetails: async () => refuse(),
  };
}
