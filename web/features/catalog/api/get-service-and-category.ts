import type { ServiceAndCategory } from "../../../../schema/payloads/catalogue";
import { apiRequest, type ApiFetch } from "../../../lib/api-client";

/** POST /api/booking/serviceAndCategory: the services available in the ZIP at its area prices, and the categories. */
export function getServiceAndCategory(
  zipCode: string,
  signal?: AbortSignal,
  via?: ApiFetch,
): Promise<ServiceAndCategory> {
  return apiRequest<ServiceAndCategory>("/booking/serviceAndCategory", {
    json: { zipCode, isUserData: false },
    signal,
    via,
  });
}
