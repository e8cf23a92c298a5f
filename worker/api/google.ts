import { Hono } from "hono";
import { roundMiles } from "../../domain/catalogue-rules";
import { shouldSuggest } from "../../domain/location/address";
import {
  LatLongBody,
  PlaceAutocompleteBody,
  PlaceDetailsBody,
  type PlaceAutocomplete,
  type ZipFromLatLong,
} from "../../schema/payloads/catalogue";
import { geoFromEnv } from "../adapters/geo";
import { placeLabel } from "../adapters/geo/offline";
import { addressLookupAnswer } from "../catalogue/address-lookup";
import { fail } from "../http/errors";
import type { AppEnv } from "../http/types";
import { validate } from "../http/validate";
import { rateLimit } from "../middleware/rate-limit";

/**
 * Address suggestions are asked for at most every 300 ms while someone types (docs/product.md section 5); this
 * keeps one address box well inside the limit while a script cannot spend the maps quota.
 */
const placesLimit = rateLimit({ name: "places", limit: 60, windowMs: 60_000 });

/**
 * /api/google: the browser's position to a ZIP (docs/product.md section 7), address suggestions and a chosen
 * suggestion's details (docs/decisions/133), through the geo port (offline ZIP table, or Google). A typed
 * address is worker/api/checkout/address.ts.
 */
export const googleApi = new Hono<AppEnv>()
  /**
   * Suggestions for the address box: only for text that passes the autocomplete gate (a street number, then
   * 2 letters, 3 characters in all), so nothing else reaches the maps provider.
   */
  .post("/placeAutocomplete", placesLimit, validate("json", PlaceAutocompleteBody), async (c) => {
    const { input, session_token } = c.req.valid("json");
    const suggestions = shouldSuggest(input)
      ? await geoFromEnv(c.env, c.get("db")).suggestPlaces(input, session_token)
      : [];
    const data: PlaceAutocomplete = { suggestions };
    return c.json({ data });
  })

  /** A chosen suggestion to its address and ZIP: the lookup's answer shape (code 1, or -1 with its message). */
  .post("/placeDetails", placesLimit, validate("json", PlaceDetailsBody), async (c) => {
    const { place_id, session_token } = c.req.valid("json");
    const found = await geoFromEnv(c.env, c.get("db")).placeDetails(place_id, session_token);
    return c.json({ data: addressLookupAnswer(found) });
  })
  /** The ZIP nearest the point; a point near no US ZIP is INVALID_ADDRESS. */
  .post("/getZipFromLatLong", validate("json", LatLongBody), async (c) => {
    const { latitude, longitude } = c.req.valid("json");
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
