import { Hono } from "hono";
import { formatLocal } from "../../../../domain/calendar/time";
import type { AppEnv } from "../../../http/types";
import { requireVendor, viewerOf } from "../../../middleware/roles";

/**
 * GET /api/vendor/me/connect-requests: the business requests connect staff assigned to this pro, upcoming
 * first (for the vendor dashboard, issue 8). A pro sees only their own.
 */
export const vendorConnectApi = new Hono<AppEnv>().use(requireVendor).get("/connect-requests", async (c) => {
  const vendorId = viewerOf(c).vendor_id!;
  const { results } = await c.env.DB.prepare(
    `SELECT r.connect_request_id, r.business_name, r.contact_name, r.phone, r.address, r.zipcode, r.starts_at,
            r.time_zone, r.people, s.description AS service, r.notes
     FROM connect_requests r JOIN services s ON s.service_id = r.service_id
     WHERE r.vendor_id = ?1 AND r.status = 'assigned' AND r.starts_at > ?2 ORDER BY r.starts_at LIMIT 50`,
  )
    .bind(vendorId, c.get("now"))
    .all<Record<string, unknown> & { starts_at: number; time_zone: string }>();
  return c.json({ data: results.map((r) => ({ ...r, local_time: formatLocal(r.starts_at, r.time_zone) })) });
});
