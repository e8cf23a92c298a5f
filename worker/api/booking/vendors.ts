import { Hono } from "hono";
import { normalizeZip } from "../../../domain/location/zip";
import {
  REVIEW_FILTERS,
  VendorReviewsBody,
  VendorProfileQuery,
  VendorServiceQuery,
  VendorServiceSubBody,
  VendorsListBody,
} from "../../../schema/payloads/catalogue";
import { geoFromEnv } from "../../adapters/geo";
import { vendorPage, vendorReviews, vendorServiceOptions, vendorsList } from "../../catalogue/vendor-directory";
import { vendorPublicPage } from "../../catalogue/vendor-public";
import { fail } from "../../http/errors";
import type { AppEnv } from "../../http/types";
import { validate } from "../../http/validate";

/**
 * The vendor directory and vendor pages of the booking flow (docs/product.md section 7 "Booking"); mounted at
 * /booking. The queries live in worker/catalogue/vendor-directory.ts.
 */
export const vendorsDirectoryApi = new Hono<AppEnv>()
  /**
   * Vendors whose range reaches the ZIP, optionally only those offering a service or a category, with
   * distance, rating, services (popular first, then order_rank) and starting price; sorted by `sort`
   * (distance by default), 10 a page.
   */
  .post("/vendors-list", validate("json", VendorsListBody), async (c) => {
    const body = c.req.valid("json");
    const db = c.get("db");
    return c.json({ data: await vendorsList(db, geoFromEnv(c.env, db), body) });
  })

  /**
   * A vendor's page: profile (with whether the ZIP is in range) and services at the ZIP's area prices
   * (the vendor's own price where set), popular first, then order_rank. view=1 adds the availability rows
   * of docs/product.md section 3 (domain/calendar/service-rows.ts) for the booking horizon.
   */
  .get("/vendorService", validate("query", VendorServiceQuery), async (c) => {
    const q = c.req.valid("query");
    const db = c.get("db");
    const data = await vendorPage(db, geoFromEnv(c.env, db), {
      q,
      viewerId: c.get("viewer")?.user_id ?? null,
      now: c.get("now"),
    });
    return c.json({ data });
  })

  /**
   * A pro's public page without a ZIP (search engines, shared links): profile, the area served, services at
   * their home ZIP's prices (or "from" list prices) and newest reviews. 410 VENDOR_GONE for a terminated pro,
   * 404 for a deactivated or soft-banned one.
   */
  .get("/vendorProfile", validate("query", VendorProfileQuery), async (c) => {
    const { vendorId } = c.req.valid("query");
    const db = c.get("db");
    return c.json({ data: await vendorPublicPage(db, geoFromEnv(c.env, db), vendorId) });
  })

  /**
   * The choices a customer has for one of a vendor's services: the service at the vendor's price and its
   * add-ons, the surcharge services of the same category that this vendor offers (order_rank descending,
   * at most 10, docs/product.md section 9 "Options per service group"). The vendor must serve the ZIP.
   */
  .post("/vendorServiceSub", validate("json", VendorServiceSubBody), async (c) => {
    const body = c.req.valid("json");
    const db = c.get("db");
    return c.json({ data: await vendorServiceOptions(db, geoFromEnv(c.env, db), body) });
  })

  /**
   * Approved ratings of a vendor, newest first, 10 a page. filterType 0 all, 1 only jobs with pictures,
   * 2 only the given service (serviceId required).
   */
  .post("/vendor/reviews", validate("json", VendorReviewsBody), async (c) => {
    const body = c.req.valid("json");
    if (body.serviceZip != null && !normalizeZip(body.serviceZip)) {
      fail("INVALID_ADDRESS", { serviceZip: "Enter a 5 digit ZIP code." });
    }
    if (body.filterType === REVIEW_FILTERS.THIS_SERVICE && (body.serviceId ?? null) === null) {
      fail("INVALID_INPUT", { serviceId: "Choose the service to filter by." });
    }
    return c.json({ data: await vendorReviews(c.get("db"), body) });
  });
