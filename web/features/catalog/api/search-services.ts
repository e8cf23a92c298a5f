import type { SearchResult } from "../../../../schema/payloads/catalogue";
import { apiRequest, type ApiFetch } from "../../../lib/api-client";

/** GET /api/booking/search: services available in the ZIP matching every word of the term, best first. */
export function searchServices(
  zipCode: string,
  searchTerm: string,
  signal?: AbortSignal,
  via?: ApiFetch,
): Promise<SearchResult> {
  const q = new URLSearchParams({ zipCode, searchTerm });
  return apiRequest<SearchResult>(`/booking/search/?${q}`, { signal, via });
}
