import { useQuery } from "../../../lib/query";
import { catalogueQuery } from "../api/get-service-and-category";

export { CATALOGUE_TTL_MS } from "../api/get-service-and-category";

/** The services and categories for a ZIP (POST /booking/serviceAndCategory), cached in memory briefly. */
export function useCatalogue(zip: string | null) {
  return useQuery(catalogueQuery, zip || null);
}
