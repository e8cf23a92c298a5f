import { call } from "./api-client";
import { bookingClient } from "./api-clients";
import { defineQuery } from "./query";

/**
 * GET /api/booking/cart: every item re-validated against its vendor's calendar. The /cart route's loader seeds
 * it in the server render, and CartPage adopts that answer as its first validation (web/lib/cart-api.ts
 * `adoptCart`), so the browser does not read the cart again on load.
 */
export const cartQuery = defineQuery({
  key: () => "cart",
  fetch: (_: void, opts) => call((o) => bookingClient.cart.$get(undefined, o), opts),
});
