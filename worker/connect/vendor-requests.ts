import { formatLocal } from "../../domain/calendar/time";

/** A business request waiting for a pro to schedule it, as the pro sees it. */
export interface VendorConnectRequest {
  connect_request_id: number;
  business_name: string;
  contact_name: string;
  phone: string;
  address: string;
  zipcode: string;
  starts_at: number;
  time_zone: string;
  people: number;
  service: string;
  duration_minutes: number;
  notes: string | null;
  /** Offered to several pros: the first to schedule it gets it, until the round ends (docs/decisions/113). */
  shared: boolean;
  offer_expires_at: number | null;
  local_time: string;
}

/**
 * The business requests waiting for this pro to schedule them, upcoming first: assigned to them, or offered
 * to them among several while the round is open (docs/decisions/095, 087, 113).
 */
export async function vendorConnectRequests(
  d1: D1Database,
  vendorId: number,
  now: number,
): Promise<VendorConnectRequest[]> {
  const { results } = await d1
    .prepare(
      `SELECT r.connect_request_id, r.business_name, r.contact_name, r.phone, r.address, r.zipcode, r.starts_at,
              r.time_zone, r.people, s.description AS service, s.duration_minutes, r.notes, r.status = 'offered' AS shared,
              CASE WHEN r.status = 'offered' THEN r.offer_expires_at END AS offer_expires_at
       FROM connect_requests r JOIN services s ON s.service_id = r.service_id
       WHERE r.starts_at > ?2 AND ((r.vendor_id = ?1 AND r.status = 'assigned') OR (r.status = 'offered'
         AND coalesce(r.offer_expires_at, ?2 + 1) > ?2 AND EXISTS (
         SELECT 1 FROM connect_request_offers o WHERE o.connect_request_id = r.connect_request_id AND o.vendor_id = ?1
           AND o.status = 'offered')))
       ORDER BY r.starts_at LIMIT 50`,
    )
    .bind(vendorId, now)
    .all<Omit<VendorConnectRequest, "shared" | "local_time"> & { shared: number }>();
  return results.map((r) => ({ ...r, shared: r.shared === 1, local_time: formatLocal(r.starts_at, r.time_zone) }));
}
