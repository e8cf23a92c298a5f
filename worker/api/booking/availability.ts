import { Hono } from "hono";
import { GetServicesDataBody } from "../../../schema/payloads/cart";
import { geoFromEnv } from "../../adapters/geo";
import { matching, serviceDetail, vendorSlots, type AvailabilityDeps } from "../../calendar/availability";
import { cartOwner } from "../../http/cart-cookie";
import type { AppEnv } from "../../http/types";
import { validate } from "../../http/validate";

/**
 * POST /booking/getServicesData (docs/product.md section 7 "Booking"); mounted at /booking. processType 1: a
 * vendor's free times, 2: professional matching, 3: the service detail sections (worker/calendar/availability.ts).
 */
export const availabilityApi = new Hono<AppEnv>().post(
  "/getServicesData",
  validate("json", GetServicesDataBody),
  async (c) => {
    const body = c.req.valid("json");
    const db = c.get("db");
    const deps: AvailabilityDeps = { db, geo: geoFromEnv(c.env, db), now: c.get("now") };
    if (body.processType === 1) return c.json({ data: await vendorSlots(deps, await cartOwner(c), body) });
    if (body.processType === 2) return c.json({ data: await matching(deps, await cartOwner(c), body) });
    return c.json({ data: await serviceDetail(deps, body) });
  },
);
