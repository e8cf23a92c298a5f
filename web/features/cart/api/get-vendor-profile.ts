import { call } from "../../../lib/api-client";
import { bookingClient } from "../../../lib/api-clients";

/**
 * GET /api/booking/vendorService for a pro's name and photo: cart items carry only `vendor_id`, so the cart
 * looks up the pros it has no name for (usually none: the add remembers them).
 */
export async function getVendorProfile(zipCode: string, vendorId: number, signal?: AbortSignal) {
  const data = await call(
    (o) => bookingClient.vendorService.$get({ query: { zipCode, vendorId: String(vendorId), view: "0" } }, o),
    { signal },
  );
  return data.vendor;
}
