import { call } from "../../lib/api-client";
import { accountClient, orderClient } from "../../lib/api-clients";
import { defineQuery } from "../../lib/query";

/**
 * The visit's calendar links and the customer's favourite pros (docs/decisions/152, 153), shared by the order
 * pages, the checkout's confirmation, the vendor page, the account and the home page.
 */

export const getVisitCalendar = (service_order_id: number, signal?: AbortSignal) =>
  call((o) => orderClient.calendar.$get({ query: { service_order_id: String(service_order_id) } }, o), { signal });

export type VisitCalendarLinks = Awaited<ReturnType<typeof getVisitCalendar>>;

/** GET /api/account/favourites: active favourites with each pro's next free time (seeded by the home page). */
export const favouritesQuery = defineQuery({
  key: (_: Record<string, never>) => "favourites",
  fetch: (_: Record<string, never>, opts) => call((o) => accountClient.favourites.$get({}, o), opts),
  ttlMs: 30_000,
});

export type FavouritePro = Awaited<ReturnType<typeof favouritesQuery.fetch>>[number];

export const getFavourite = (vendorId: number, signal?: AbortSignal) =>
  call((o) => accountClient.favourites[":vendor_id"].$get({ param: { vendor_id: String(vendorId) } }, o), { signal });

export const setFavourite = async (vendorId: number, on: boolean): Promise<boolean> => {
  const param = { vendor_id: String(vendorId) };
  const answer = on
    ? await call((o) => accountClient.favourites[":vendor_id"].$put({ param }, o))
    : await call((o) => accountClient.favourites[":vendor_id"].$delete({ param }, o));
  return answer.favourite;
};
