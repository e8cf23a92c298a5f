import { Hono } from "hono";
import { roundMiles } from "../../../domain/catalogue-rules";
import { addressLookupMessage } from "../../../domain/location/messages";
import { GetAddressBody, LatLongBody, type AddressLookup, type ZipFromLatLong } from "../../../schema/payloads/catalogue";
import { geoFromEnv } from "../../adapters/geo";
import { placeLabel } from "../../adapters/geo/offline";
import { fail } from "../../http/errors";
import type { AppEnv } from "../../http/types";
import { jsonBody } from "../../http/validate";

/**
 * US places (docs/product.md section 7): a typed address or the browser's position to a ZIP. Both go through the geo
 * port (offline ZIP table, or Google when GOOGLE_MAPS_KEY is set). Mounted at the API root because the
 * spec puts them under /checkout and /google.
 */
export const placesApi = new Hono<AppEnv>()
  /**
   * A lookup that finds nothing is an answer, not an error: `{ code: -1 | -5, message }` with the screen
   * messages of docs/product.md section 8, so the location box can show them as they are.
   */
  .post("/checkout/getAddress", async (c) => {
    const { address } = await jsonBody(c, GetAddressBody);
    const found = await geoFromEnv(c.env, c.get("db")).geocodeAddress(address);
    const data: AddressLookup =
      found.code === 1
        ? {
            code: 1,
            zipcode: found.place.zip,
            city: found.place.city,
            state: found.place.state,
            formatted_address: found.formatted_address,
            time_zone: found.place.time_zone,
          }
        : { code: found.code, message: addressLookupMessage(found.code) };
    return c.json({ data });
  })

  /** The ZIP nearest the point; a point near no US ZIP is INVALID_ADDRESS. */
  .post("/google/getZipFromLatLong", async (c) => {
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
