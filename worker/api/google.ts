import { Hono } from "hono";
import { roundMiles } from "../../domain/catalogue-rules";
import { LatLongBody, type ZipFromLatLong } from "../../schema/payloads/catalogue";
import { geoFromEnv } from "../adapters/geo";
import { placeLabel } from "../adapters/geo/offline";
import { fail } from "../http/errors";
import type { AppEnv } from "../http/types";
import { jsonBody } from "../http/validate";

/**
 * /api/google: the browser's position to a ZIP (docs/product.md section 7), through the geo port (offline ZIP
 * table, or Google when GOOGLE_MAPS_KEY is set). A typed address is worker/api/checkout/address.ts.
 */
export const googleApi = new Hono<AppEnv>()
  /** The ZIP nearest the point; a point near no US ZIP is INVALID_ADDRESS. */
  .post("/getZipFromLatLong", async (c) => {
    const { latitude, longitude } = await jsonBody(c, LatLongBody);
    const nearest = await geoFromEnv(c.env, c.get("db")).nearestZip(latitude, longitude);
    if (!nearest) fail("INVALID_ADDRESS");
    const { place, miles } = nearest;
    const data: ZipFromLatLong = {
      zipcode: place.zip,
      city: place.city,
      state: place.state,
      time_zone: place.time_zone,
      formatted_address: placeLabel(place),
      distance_miles: roundMiles(miles),
    };
    return c.json({ data });
  });
