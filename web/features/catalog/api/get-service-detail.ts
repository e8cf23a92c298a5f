import type { ServiceDetailSections } from "../../../../schema/payloads/cart";
import { call } from "../../../lib/api-client";
import { bookingClient } from "../../../lib/api-clients";
import { defineQuery } from "../../../lib/query";
import { CATALOGUE_TTL_MS } from "./get-service-and-category";

/**
 * POST /api/booking/getServicesData processType 3: section 1 the service at the ZIP's area price, section 2
 * its availability summary (vendor counts, first free start, the verify flag).
 */
export const serviceDetailQuery = defineQuery({
  key: ({ zipCode, serviceId }: { zipCode: string; serviceId: number }) => `detail:${zipCode}:${serviceId}`,
  fetch: async ({ zipCode, serviceId }: { zipCode: string; serviceId: number }, opts) => {
    const data: unknown = await call(
      (o) => bookingClient.getServicesData.$post({ json: { processType: 3, zipCode, services: [{ serviceId }] } }, o),
      opts,
    );
    // The route answers each processType's shape (worker/api/booking/availability.ts): this one, two sections.
    if (!isDetail(data)) throw new Error("No service detail in the answer");
    return data;
  },
  ttlMs: CATALOGUE_TTL_MS,
});

function isDetail(data: unknown): data is ServiceDetailSections {
  return Array.isArray(data) && data.length === 2 && Array.isArray(data[0]) && Array.isArray(data[1]);
}
