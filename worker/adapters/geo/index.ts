import type { DrizzleD1Database } from "drizzle-orm/d1";
import { googleGeo } from "./google";
import { offlineGeo } from "./offline";
import type { GeoPort } from "./port";

/** GOOGLE_MAPS_KEY (a secret) switches address and coordinate lookups to Google; the default is offline. */
export function geoFromEnv(env: Env, db: DrizzleD1Database): GeoPort {
  const local = offlineGeo(db);
  const key = env.GOOGLE_MAPS_KEY?.trim();
  return key ? googleGeo({ key, local }) : local;
}
