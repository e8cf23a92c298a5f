import { Hono } from "hono";
import type { AppEnv } from "../../http/types";
import { availabilityApi } from "./availability";
import { cartApi } from "./cart";
import { catalogueApi } from "./catalogue";
import { citiesApi } from "./cities";
import { vendorsDirectoryApi } from "./vendors";

/**
 * /api/booking: what a customer books. The spec's paths sit side by side at the top of the area
 * (/booking/search, /booking/cart, /booking/vendors-list...), so each file is mounted at the area's root:
 * catalogue.ts (serviceAndCategory, customService, search, featured), vendors.ts (vendors-list,
 * vendorService, vendorServiceSub, vendor/reviews), availability.ts (getServicesData), cart.ts (cart,
 * cart/merge, clear-zip, service-add/update/remove-cart), cities.ts (cities, cities/:group/:city).
 */
export const bookingRoutes = new Hono<AppEnv>()
  .route("/", catalogueApi)
  .route("/", vendorsDirectoryApi)
  .route("/", availabilityApi)
  .route("/", cartApi)
  .route("/", citiesApi);
