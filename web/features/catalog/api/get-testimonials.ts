import { call } from "../../../lib/api-client";
import { testimonialsClient } from "../../../lib/api-clients";
import { defineQuery } from "../../../lib/query";
import { CATALOGUE_TTL_MS } from "./get-service-and-category";

/** GET /api/testimonials?serviceId&scgid: at most 2 for the service, the current category's first (docs/product.md section 4). */
export const testimonialsQuery = defineQuery({
  key: ({ serviceId, scgid }: { serviceId: number; scgid: number | null }) => `testimonials:${serviceId}:${scgid ?? 0}`,
  fetch: ({ serviceId, scgid }: { serviceId: number; scgid: number | null }, opts) =>
    call(
      (o) =>
        testimonialsClient.index.$get(
          { query: { serviceId: String(serviceId), ...(scgid ? { scgid: String(scgid) } : {}) } },
          o,
        ),
      opts,
    ),
  ttlMs: CATALOGUE_TTL_MS,
});
