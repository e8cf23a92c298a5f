import { call } from "../../../lib/api-client";
import { bookingClient } from "../../../lib/api-clients";
import { defineQuery } from "../../../lib/query";

/** Catalogue answers change rarely; five minutes in memory make going back instant. */
export const CATALOGUE_TTL_MS = 5 * 60_000;

/**
 * POST /api/booking/serviceAndCategory: the services available in the ZIP at its area prices, and the
 * categories. Seeded by /services and /services/$slug, shown by their pages (useCatalogue).
 */
export const catalogueQuery = defineQuery({
  key: (zipCode: string) => `catalogue:${zipCode}`,
  fetch: (zipCode: string, opts) =>
    call((o) => bookingClient.serviceAndCategory.$post({ json: { zipCode, isUserData: false } }, o), opts),
  ttlMs: CATALOGUE_TTL_MS,
});
