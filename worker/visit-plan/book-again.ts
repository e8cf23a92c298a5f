import { BOOK_AGAIN_TIMES } from "../../domain/visit-plan";
import { ServiceOrderStatus } from "../../domain/order-status";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { fail } from "../http/errors";
import { nextFreeTimes } from "./next-free";

/**
 * "Book again" on a completed visit (docs/decisions/153-book-again-and-favourite-pros.md): the same service
 * with the same pro at the same address, from the pro's next free times. The answer is what the page needs to
 * put it in the cart in one tap (POST /booking/service-add-cart with these ids and a chosen time), or a
 * catalogue error that says why it cannot be: the visit is not done, the pro is not active, or the pro no
 * longer offers the service.
 */
export interface BookAgain {
  service_order_id: number;
  service_id: number;
  vendor_id: number;
  vendor_name: string;
  vendor_photo: string | null;
  description: string;
  minutes: number;
  zipcode: string;
  address: string;
  is_connect: boolean;
  time_zone: string;
  /** The pro's next free starts, local "YYYY-MM-DD HH:MM" in time_zone (empty: none in the next 4 weeks). */
  times: string[];
}

/** How far ahead "book again" looks for the pro's free times. */
const HORIZON_DAYS = 28;

export async function bookAgain(
  d1: D1Database,
  db: DrizzleD1Database,
  userId: number,
  serviceOrderId: number,
  now: number,
): Promise<BookAgain> {
  const row = await d1
    .prepare(
      `SELECT so.service_order_id, so.service_order_status_id AS status, so.service_id, so.vendor_id, so.zipcode,
              so.address, so.is_connect, s.description, s.duration_minutes AS minutes, s.enable AS service_enabled,
              v.display_name, v.photo, v.status AS vendor_status,
              (SELECT COUNT(*) FROM vendor_services vs WHERE vs.vendor_id = so.vendor_id AND vs.service_id = so.service_id
                 AND vs.enabled = 1 AND vs.restricted_at IS NULL) AS offered
       FROM service_orders so JOIN services s ON s.service_id = so.service_id LEFT JOIN vendors v ON v.vendor_id = so.vendor_id
       WHERE so.service_order_id = ? AND so.user_id = ?`,
    )
    .bind(serviceOrderId, userId)
    .first<{
      service_order_id: number;
      status: number;
      service_id: number;
      vendor_id: number | null;
      zipcode: string;
      address: string;
      is_connect: number;
      description: string;
      minutes: number;
      service_enabled: number;
      display_name: string | null;
      photo: string | null;
      vendor_status: string | null;
      offered: number;
    }>();
  if (!row) fail("NOT_FOUND");
  if (row.status !== ServiceOrderStatus.COMPLETED || row.vendor_id === null) fail("BOOK_AGAIN_NOT_COMPLETED");
  if (row.vendor_status !== "active") fail("BOOK_AGAIN_PRO_INACTIVE");
  if (!row.offered || !row.service_enabled) fail("BOOK_AGAIN_SERVICE_GONE");
  const free = await nextFreeTimes(
    db,
    [{ vendorId: row.vendor_id, minutes: row.minutes, isConnect: row.is_connect === 1 }],
    { now, count: BOOK_AGAIN_TIMES, horizonDays: HORIZON_DAYS },
  );
  const slots = free.get(row.vendor_id);
  return {
    service_order_id: row.service_order_id,
    service_id: row.service_id,
    vendor_id: row.vendor_id,
    vendor_name: row.display_name ?? "",
    vendor_photo: row.photo,
    description: row.description,
    minutes: row.minutes,
    zipcode: row.zipcode,
    address: row.address,
    is_connect: row.is_connect === 1,
    time_zone: slots?.time_zone ?? "",
    times: slots?.times ?? [],
  };
}
