import type { StaffJobRow } from "../../schema/contracts/admin";
import { formatLocal, iso, MINUTE_MS } from "../../domain/calendar/time";
import { ServiceOrderStatus } from "../../domain/order-status";
import { normalizeUsPhone } from "../../domain/phone";
import { likePattern, offsetOf, STAFF_PAGE_SIZE } from "../admin/paging";

/**
 * The staff's job list (GET /api/admin/jobs, issue 13): find a job by its number, the customer's name or phone,
 * the pro's display name or the ZIP, filtered by state, 10 a page. The job card (worker/jobs/staff-job.ts)
 * then shows it with what staff may do to it.
 */

/** The list's state filter ("" = every job). */
export const STAFF_JOB_FILTERS = ["", "upcoming", "unassigned", "completed", "cancelled", "suspended"] as const;
export type StaffJobFilter = (typeof STAFF_JOB_FILTERS)[number];

const { PENDING, SCHEDULED, IN_PROGRESS, COMPLETED, CANCELLED, SUSPENDED } = ServiceOrderStatus;

/**
 * Each filter as SQL on `so` (?5 = now in ms). Upcoming: a pro has it (scheduled or under way) and it has not
 * ended yet; unassigned: paid, still being offered to pros (pending).
 */
const FILTER_SQL: Record<StaffJobFilter, string> = {
  "": "1 = 1",
  upcoming: `so.service_order_status_id IN (${SCHEDULED}, ${IN_PROGRESS})
             AND so.promised_arrival_time + so.job_minutes * ${MINUTE_MS} > ?5`,
  unassigned: `so.service_order_status_id = ${PENDING}`,
  completed: `so.service_order_status_id = ${COMPLETED}`,
  cancelled: `so.service_order_status_id = ${CANCELLED}`,
  suspended: `so.service_order_status_id = ${SUSPENDED}`,
};

interface Row extends Omit<StaffJobRow, "is_connect" | "local_time" | "starts_at"> {
  promised_arrival_time: number;
  is_connect: number;
}

/** One page (plus one row, to tell whether another follows) of jobs matching `q` and `filter`. */
export async function listStaffJobs(
  d1: D1Database,
  input: { q: string; filter: StaffJobFilter; page: number; now: number },
): Promise<StaffJobRow[]> {
  const { q, filter, page, now } = input;
  const number = /^#?\d{1,12}$/.test(q) ? Number(q.replace("#", "")) : null;
  const phone = q ? normalizeUsPhone(q) : null;
  // Upcoming reads soonest first (what staff act on next); every other view newest appointment first.
  const order = filter === "upcoming" ? "ASC" : "DESC";
  const rows = await d1
    .prepare(
      `SELECT so.service_order_id, s.description, u.name AS customer_name, v.display_name AS vendor_name,
              so.promised_arrival_time, so.time_zone, so.zipcode, so.price_cents, so.service_order_status_id, so.is_connect
       FROM service_orders so JOIN services s ON s.service_id = so.service_id JOIN users u ON u.user_id = so.user_id
       JOIN orders o ON o.order_id = so.order_id LEFT JOIN vendors v ON v.vendor_id = so.vendor_id
       WHERE (${FILTER_SQL[filter]})
         AND (?1 = '' OR so.service_order_id = ?2 OR u.name LIKE ?3 ESCAPE '\\' OR v.display_name LIKE ?3 ESCAPE '\\'
              OR so.zipcode = ?1 OR (?4 IS NOT NULL AND (o.phone = ?4 OR u.phone = ?4)))
       ORDER BY so.promised_arrival_time ${order}, so.service_order_id ${order}
       LIMIT ${STAFF_PAGE_SIZE + 1} OFFSET ?6`,
    )
    .bind(q, number, likePattern(q), phone, now, offsetOf(page))
    .all<Row>();
  return rows.results.map((r) => ({
    service_order_id: r.service_order_id,
    description: r.description,
    customer_name: r.customer_name,
    vendor_name: r.vendor_name,
    local_time: formatLocal(r.promised_arrival_time, r.time_zone),
    starts_at: iso(r.promised_arrival_time),
    time_zone: r.time_zone,
    zipcode: r.zipcode,
    price_cents: r.price_cents,
    service_order_status_id: r.service_order_status_id,
    is_connect: r.is_connect === 1,
  }));
}
