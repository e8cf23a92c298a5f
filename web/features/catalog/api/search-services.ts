import type { SearchResult } from "../../../../schema/payloads/catalogue";
import { apiRequest } from "../../../lib/api-client";

/** GET /api/booking/search: services available in the ZIP matching every word of the term, best first. */
export function searchServices(zipCode: string, searchTerm: string, signal?: AbortSignal): Promise<SearchResult> {
  const q = new URLSearchParams({ zipCode, searchTerm });
  return apiRequest<SearchResult>(`/booking/search/?${q}`, { signal });
}
