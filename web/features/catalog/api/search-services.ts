import { call } from "../../../lib/api-client";
import { bookingClient } from "../../../lib/api-clients";
import { defineQuery } from "../../../lib/query";
import { CATALOGUE_TTL_MS } from "./get-service-and-category";

/** GET /api/booking/search: services available in the ZIP matching every word of the term, best first. */
export const searchQuery = defineQuery({
  key: ({ zipCode, searchTerm }: { zipCode: string; searchTerm: string }) => `search:${zipCode}:${searchTerm}`,
  fetch: ({ zipCode, searchTerm }: { zipCode: string; searchTerm: string }, opts) =>
    call((o) => bookingClient.search.$get({ query: { zipCode, searchTerm } }, o), opts),
  ttlMs: CATALOGUE_TTL_MS,
});
