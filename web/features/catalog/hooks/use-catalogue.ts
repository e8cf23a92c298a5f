import type { ServiceAndCategory } from "../../../../schema/payloads/catalogue";
import { useRequest } from "../../../lib/use-request";
import { getServiceAndCategory } from "../api/get-service-and-category";

/** Catalogue answers change rarely; five minutes in memory make going back instant. */
export const CATALOGUE_TTL_MS = 5 * 60_000;

/** The services and categories for a ZIP (POST /booking/serviceAndCategory), cached in memory briefly. */
export function useCatalogue(zip: string | null) {
  return useRequest<ServiceAndCategory>(
    zip ? `catalogue:${zip}` : null,
    (signal) => getServiceAndCategory(zip!, signal),
    {
      ttlMs: CATALOGUE_TTL_MS,
    },
  );
}
