/**
 * The US ZIP table from the `zipcodes` package (about 42,500 ZIPs with city, state and centre point) and
 * the IANA zone of each from `zipcode-to-timezone`. Where the zone package has no entry (about 1,000
 * ZIPs, mostly new or PO-box ZIPs, territories and military post offices) the zone of the nearest ZIP in
 * the same state that has one is used, then a per-state default.
 */
import { createRequire } from "node:module";
import { AREAS, AREA_RADIUS_MILES } from "./catalogue";
import type { Row } from "./sql";

const require = createRequire(import.meta.url);

interface ZipSource {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
}

export interface Zip {
  zip: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
  time_zone: string;
  area_id: number | null;
}

// prettier-ignore
export const STATE_NAMES: Record<string, string> = {
  AL: "Alabama", AK: "Alaska", AZ: "Arizona", AR: "Arkansas", CA: "California", CO: "Colorado",
  CT: "Connecticut", DE: "Delaware", DC: "District of Columbia", FL: "Florida", GA: "Georgia", HI: "Hawaii",
  ID: "Idaho", IL: "Illinois", IN: "Indiana", IA: "Iowa", KS: "Kansas", KY: "Kentucky", LA: "Louisiana",
  ME: "Maine", MD: "Maryland", MA: "Massachusetts", MI: "Michigan", MN: "Minnesota", MS: "Mississippi",
  MO: "Missouri", MT: "Montana", NE: "Nebraska", NV: "Nevada", NH: "New Hampshire", NJ: "New Jersey",
  NM: "New Mexico", NY: "New York", NC: "North Carolina", ND: "North Dakota", OH: "Ohio", OK: "Oklahoma",
  OR: "Oregon", PA: "Pennsylvania", RI: "Rhode Island", SC: "South Carolina", SD: "South Dakota",
  TN: "Tennessee", TX: "Texas", UT: "Utah", VT: "Vermont", VA: "Virginia", WA: "Washington",
  WV: "West Virginia", WI: "Wisconsin", WY: "Wyoming", PR: "Puerto Rico", VI: "U.S. Virgin Islands",
  GU: "Guam", AS: "American Samoa", MP: "Northern Mariana Islands", FM: "Micronesia", MH: "Marshall Islands",
  PW: "Palau", AA: "Armed Forces Americas", AE: "Armed Forces Europe", AP: "Armed Forces Pacific",
};

/** Used only when no ZIP of the state has a known zone. */
// prettier-ignore
const STATE_ZONE: Record<string, string> = {
  PR: "America/Puerto_Rico", VI: "America/St_Thomas", GU: "Pacific/Guam", AS: "Pacific/Pago_Pago",
  MP: "Pacific/Saipan", FM: "Pacific/Pohnpei", MH: "Pacific/Majuro", PW: "Pacific/Palau",
  AA: "America/New_York", AE: "Europe/Berlin", AP: "Pacific/Guam", HI: "Pacific/Honolulu", AK: "America/Anchorage",
};

/** zipcode-to-timezone still names a few zones by their old links; store the canonical names. */
const CANONICAL_ZONE: Record<string, string> = { "America/Shiprock": "America/Denver" };

const EARTH_RADIUS_MILES = 3958.8;
export function miles(aLat: number, aLon: number, bLat: number, bLon: number): number {
  const toRad = Math.PI / 180;
  const dLat = (bLat - aLat) * toRad;
  const dLon = (bLon - aLon) * toRad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(aLat * toRad) * Math.cos(bLat * toRad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function loadZips(): Zip[] {
  const codes = (require("zipcodes/lib/codes.js") as { codes: Record<string, ZipSource> }).codes;
  const tz = require("zipcode-to-timezone") as { lookup(zip: string): string | null };
  const zips: Zip[] = Object.values(codes)
    .filter((z) => /^\d{5}$/.test(z.zip) && Number.isFinite(z.latitude) && Number.isFinite(z.longitude))
    .map((z) => {
      const zone = tz.lookup(z.zip);
      return {
        zip: z.zip,
        city: z.city,
        state: z.state,
        latitude: z.latitude,
        longitude: z.longitude,
        time_zone: zone ? (CANONICAL_ZONE[zone] ?? zone) : "",
        area_id: null,
      };
    });

  // Nearest known zone in the same state for the ZIPs the zone package lacks.
  const known = new Map<string, Zip[]>();
  for (const z of zips) if (z.time_zone) (known.get(z.state) ?? known.set(z.state, []).get(z.state)!).push(z);
  for (const z of zips) {
    if (z.time_zone) continue;
    let best: Zip | null = null;
    let bestD = Infinity;
    for (const k of known.get(z.state) ?? []) {
      const d = (k.latitude - z.latitude) ** 2 + (k.longitude - z.longitude) ** 2;
      if (d < bestD) [best, bestD] = [k, d];
    }
    z.time_zone = best?.time_zone ?? STATE_ZONE[z.state] ?? "America/New_York";
  }

  // Price areas: every ZIP within the radius of a metro centre (the nearest centre if two qualify).
  const byZip = new Map(zips.map((z) => [z.zip, z]));
  const centres = AREAS.map((a) => {
    const c = byZip.get(a.center_zip);
    if (!c) throw new Error(`seed: area centre ZIP ${a.center_zip} is not in the ZIP table`);
    return { id: a.id, c };
  });
  for (const z of zips) {
    let bestD = AREA_RADIUS_MILES;
    for (const { id, c } of centres) {
      const d = miles(z.latitude, z.longitude, c.latitude, c.longitude);
      if (d <= bestD) [z.area_id, bestD] = [id, d];
    }
  }
  return zips.sort((a, b) => (a.zip < b.zip ? -1 : 1));
}

export function zipRows(zips: readonly Zip[]): Row[] {
  return zips.map((z) => ({
    zip: z.zip,
    city: z.city,
    state: z.state,
    state_name: STATE_NAMES[z.state] ?? null,
    latitude: z.latitude,
    longitude: z.longitude,
    time_zone: z.time_zone,
    area_id: z.area_id,
  }));
}
