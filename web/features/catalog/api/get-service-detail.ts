import type { ServiceDetailSections } from "../../../../schema/payloads/cart";
import { apiRequest, type ApiFetch } from "../../../lib/api-client";

/**
 * POST /api/booking/getServicesData processType 3: section 1 the service at the ZIP's area price, section 2
 * its availability summary (vendor counts, first free start, the verify flag).
 */
export function getServiceDetail(
  zipCode: string,
  serviceId: number,
  signal?: AbortSignal,
  via?: ApiFetch,
): Promise<ServiceDetailSections> {
  return apiRequest<ServiceDetailSections>("/booking/getServicesData", {
    json: { processType: 3, zipCode, services: [{ serviceId }] },
    signal,
    via,
  });
}
