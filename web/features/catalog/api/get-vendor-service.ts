import { call } from "../../../lib/api-client";
import { bookingClient } from "../../../lib/api-clients";
import { defineQuery } from "../../../lib/query";
import { CATALOGUE_TTL_MS } from "./get-service-and-category";

/** GET /api/booking/vendorService?zipCode&vendorId: the pro's profile and services at their prices for the ZIP. */
export const vendorServiceQuery = defineQuery({
  key: ({ zipCode, vendorId }: { zipCode: string; vendorId: number }) => `vendor:${zipCode}:${vendorId}`,
  fetch: ({ zipCode, vendorId }: { zipCode: string; vendorId: number }, opts) =>
    call(
      (o) => bookingClient.vendorService.$get({ query: { zipCode, vendorId: String(vendorId), view: "0" } }, o),
      opts,
    ),
  ttlMs: CATALOGUE_TTL_MS,
});

/** What the pro's page shows: their profile and their services at the ZIP's prices. */
export type VendorPageData = Awaited<ReturnType<typeof vendorServiceQuery.fetch>>;
