import type { VendorProfile, VendorServiceItem } from "../../../../schema/payloads/catalogue";
import { apiRequest, type ApiFetch } from "../../../lib/api-client";

export interface VendorPageData {
  vendor: VendorProfile;
  services: VendorServiceItem[];
}

/** GET /api/booking/vendorService?zipCode&vendorId: the pro's profile and services at their prices for the ZIP. */
export function getVendorService(
  zipCode: string,
  vendorId: number,
  signal?: AbortSignal,
  via?: ApiFetch,
): Promise<VendorPageData> {
  const q = new URLSearchParams({ zipCode, vendorId: String(vendorId), view: "0" });
  return apiRequest<VendorPageData>(`/booking/vendorService?${q}`, { signal, via });
}
