import type { VendorsList } from "../../../../schema/payloads/catalogue";
import { apiRequest, type ApiFetch } from "../../../lib/api-client";

export type VendorSort = "distance" | "rating" | "price" | "reviews";

export interface VendorsFilter {
  zipCode: string;
  serviceId?: number | null;
  scgid?: number | null;
  sort?: VendorSort;
  pagination?: number;
}

/** POST /api/booking/vendors-list: pros whose range reaches the ZIP, 10 a page (`more` when another exists). */
export function getVendorsList(filter: VendorsFilter, signal?: AbortSignal, via?: ApiFetch): Promise<VendorsList> {
  return apiRequest<VendorsList>("/booking/vendors-list", {
    json: {
      zipCode: filter.zipCode,
      serviceId: filter.serviceId ?? null,
      scgid: filter.scgid ?? null,
      sort: filter.sort ?? "distance",
      pagination: filter.pagination ?? 1,
    },
    signal,
    via,
  });
}
