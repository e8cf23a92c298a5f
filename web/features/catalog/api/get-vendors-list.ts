import { call, type CallOptions } from "../../../lib/api-client";
import { bookingClient } from "../../../lib/api-clients";
import { defineQuery } from "../../../lib/query";
import { CATALOGUE_TTL_MS } from "./get-service-and-category";

export type VendorSort = "distance" | "rating" | "price" | "reviews";

export interface VendorsFilter {
  zipCode: string;
  serviceId?: number | null;
  scgid?: number | null;
  sort?: VendorSort;
  pagination?: number;
}

/** POST /api/booking/vendors-list: pros whose range reaches the ZIP, 10 a page (`more` when another exists). */
export function getVendorsList(filter: VendorsFilter, opts?: CallOptions) {
  return call(
    (o) =>
      bookingClient["vendors-list"].$post(
        {
          json: {
            zipCode: filter.zipCode,
            serviceId: filter.serviceId ?? null,
            scgid: filter.scgid ?? null,
            sort: filter.sort ?? "distance",
            pagination: filter.pagination ?? 1,
          },
        },
        o,
      ),
    opts,
  );
}

/** The pros near the ZIP for one service, nearest first (the service page's list). */
export const servicePros = defineQuery({
  key: ({ zipCode, serviceId }: { zipCode: string; serviceId: number }) => `pros:${zipCode}:${serviceId}`,
  fetch: ({ zipCode, serviceId }: { zipCode: string; serviceId: number }, opts) =>
    getVendorsList({ zipCode, serviceId, sort: "distance" }, opts),
  ttlMs: CATALOGUE_TTL_MS,
});
