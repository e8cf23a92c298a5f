import { index, integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { priceAreas } from "./catalogue";

/**
 * US ZIP codes: the offline geocoder (docs: docs/architecture.md section 3 "US places"). Seeded from the `zipcodes`
 * package with the IANA zone from `zipcode-to-timezone`. Distances are great-circle miles (radius 3958.8).
 */
export const zipcodes = sqliteTable(
  "zipcodes",
  {
    /** Five digits, zero-padded ("00501"). */
    zip: text("zip").primaryKey(),
    city: text("city").notNull(),
    /** Two-letter USPS code ("NY"). */
    state: text("state").notNull(),
    state_name: text("state_name"),
    latitude: real("latitude").notNull(),
    longitude: real("longitude").notNull(),
    /** IANA zone, e.g. "America/New_York". */
    time_zone: text("time_zone").notNull(),
    /** Pricing region; null where list prices apply. */
    area_id: integer("area_id").references(() => priceAreas.area_id),
  },
  (t) => [
    // Bounding-box searches (nearest ZIP to a point, ZIPs within a radius) scan a latitude band.
    index("zipcodes_lat_idx").on(t.latitude),
    index("zipcodes_area_idx").on(t.area_id),
    index("zipcodes_state_city_idx").on(t.state, t.city),
  ],
);
