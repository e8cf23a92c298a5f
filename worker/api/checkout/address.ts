import { Hono } from "hono";
import { GetAddressBody } from "../../../schema/payloads/catalogue";
import { geoFromEnv } from "../../adapters/geo";
import { addressLookupAnswer } from "../../catalogue/address-lookup";
import type { AppEnv } from "../../http/types";
import { validate } from "../../http/validate";

/**
 * POST /api/checkout/getAddress: a typed US address to its ZIP (docs/product.md section 7), through the geo
 * port (offline ZIP table, or Google; docs/decisions/133). The browser's position to a ZIP, address
 * suggestions and place details are worker/api/google.ts.
 */
export const addressApi = new Hono<AppEnv>()
  /**
   * A lookup that finds nothing is an answer, not an error: `{ code: -1 | -2 | -5, message }` with the screen
   * messages of docs/product.md section 8, so the location box can show them as they are.
   */
  .post("/getAddress", validate("json", GetAddressBody), async (c) => {
    const { address } = c.req.valid("json");
    const found = await geoFromEnv(c.env, c.get("db")).geocodeAddress(address);
    return c.json({ data: addressLookupAnswer(found) });
  });
