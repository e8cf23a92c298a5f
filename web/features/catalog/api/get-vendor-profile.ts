import { call } from "../../../lib/api-client";
import { bookingClient } from "../../../lib/api-clients";
import { defineQuery } from "../../../lib/query";
import { CATALOGUE_TTL_MS } from "./get-service-and-category";

/** GET /api/booking/vendorProfile?vendorId: the pro's public page without a ZIP (decision 157). */
export const vendorProfileQuery = defineQuery({
  key: ({ vendorId }: { vendorId: number }) => `vendor-public:${vendorId}`,
  fetch: ({ vendorId }: { vendorId: number }, opts) =>
    call((o) => bookingClient.vendorProfile.$get({ query: { vendorId: String(vendorId) } }, o), opts),
  ttlMs: CATALOGUE_TTL_MS,
});

export type VendorPublicData = Awaited<ReturnType<typeof vendorProfileQuery.fetch>>;
