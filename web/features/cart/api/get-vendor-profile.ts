import type { VendorProfile } from "../../../../schema/payloads/catalogue";
import { apiRequest } from "../../../lib/api-client";

/**
 * GET /api/booking/vendorService for a pro's name and photo: cart items carry only `vendor_id`, so the cart
 * looks up the pros it has no name for (usually none: the add remembers them).
 */
export async function getVendorProfile(
  zipCode: string,
  vendorId: number,
  signal?: AbortSignal,
): Promise<VendorProfile> {
  const q = new URLSearchParams({ zipCode, vendorId: String(vendorId), view: "0" });
  const data = await apiRequest<{ vendor: VendorProfile }>(`/booking/vendorService?${q}`, { signal });
  return data.vendor;
}
