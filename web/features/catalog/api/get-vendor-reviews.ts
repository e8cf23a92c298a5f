import type { Page } from "../../../../domain/catalogue-rules";
import type { VendorReview } from "../../../../schema/payloads/catalogue";
import { call } from "../../../lib/api-client";
import { bookingClient } from "../../../lib/api-clients";

/** 0 all, 1 with photos, 2 one service (needs serviceId). */
export type ReviewFilter = 0 | 1 | 2;

export type VendorReviews = Page<VendorReview> & { vendor_id: number; filterType: ReviewFilter };

/** POST /api/booking/vendor/reviews: rated, approved jobs, newest first, 10 a page. */
export function getVendorReviews(
  input: {
    vendorId: number;
    pagination: number;
    filterType: ReviewFilter;
    serviceId?: number | null;
    serviceZip?: string | null;
  },
  signal?: AbortSignal,
) {
  return call(
    (o) =>
      bookingClient.vendor.reviews.$post(
        {
          json: {
            vendorId: input.vendorId,
            pagination: input.pagination,
            filterType: input.filterType,
            serviceId: input.filterType === 2 ? (input.serviceId ?? null) : null,
            serviceZip: input.serviceZip ?? null,
          },
        },
        o,
      ),
    { signal },
  );
}
