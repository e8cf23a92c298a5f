import { Hono } from "hono";
import { addressLookupMessage } from "../../../domain/location/messages";
import { GetAddressBody, type AddressLookup } from "../../../schema/payloads/catalogue";
import { geoFromEnv } from "../../adapters/geo";
import type { AppEnv } from "../../http/types";
import { jsonBody } from "../../http/validate";

/**
 * POST /api/checkout/getAddress: a typed US address to its ZIP (docs/product.md section 7), through the geo
 * port (offline ZIP table, or Google when GOOGLE_MAPS_KEY is set). The browser's position to a ZIP is
 * worker/api/google.ts.
 */
export const addressApi = new Hono<AppEnv>()
  /**
   * A lookup that finds nothing is an answer, not an error: `{ code: -1 | -5, message }` with the screen
   * messages of docs/product.md section 8, so the location box can show them as they are.
   */
  .post("/getAddress", async (c) => {
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
  });
