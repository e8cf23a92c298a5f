import { inArray } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { iso } from "../../domain/calendar/time";
import { visitStage } from "../../domain/visit-progress";
import type { OrderVisitView } from "../../schema/payloads/order-live";
import { vendors } from "../../schema/tables/vendors";
import { visitProgress } from "../../schema/tables/visits";

interface JobState {
  service_order_id: number;
  service_order_status_id: number;
  vendor_id: number | null;
}

/**
 * The visit as each of the customer's open jobs' cards shows it (docs/decisions/150): the stage, the pro's
 * steps, the distance and estimate while on the way (never the pro's position) and the pro's rating.
 */
export async function visitViews(
  db: DrizzleD1Database,
  jobs: readonly JobState[],
): Promise<Map<number, OrderVisitView>> {
  const out = new Map<number, OrderVisitView>();
  if (jobs.length === 0) return out;
  const vendorIds = [...new Set(jobs.map((j) => j.vendor_id).filter((id): id is number => id !== null))];
  const [rows, ratings] = await Promise.all([
    db
      .select({
        service_order_id: visitProgress.service_order_id,
        vendor_id: visitProgress.vendor_id,
        on_the_way_at: visitProgress.on_the_way_at,
        arrived_at: visitProgress.arrived_at,
        started_at: visitProgress.started_at,
        distance_miles: visitProgress.distance_miles,
        eta_at: visitProgress.eta_at,
      })
      .from(visitProgress)
      .where(
        inArray(
          visitProgress.service_order_id,
          jobs.map((j) => j.service_order_id),
        ),
      ),
    vendorIds.length === 0
      ? Promise.resolve([])
      : db
          .select({ vendor_id: vendors.vendor_id, avg: vendors.rating_avg_x100, count: vendors.rating_count })
          .from(vendors)
          .where(inArray(vendors.vendor_id, vendorIds)),
  ]);
  const byJob = new Map(rows.map((r) => [r.service_order_id, r]));
  const byVendor = new Map(ratings.map((r) => [r.vendor_id, r]));
  for (const j of jobs) {
    const found = byJob.get(j.service_order_id);
    // Steps a previous pro marked do not carry over to a new pro (a job given back and accepted again).
    const p = found && found.vendor_id === j.vendor_id ? found : null;
    const marks = {
      on_the_way_at: p?.on_the_way_at ?? null,
      arrived_at: p?.arrived_at ?? null,
      started_at: p?.started_at ?? null,
    };
    const travelling = marks.on_the_way_at !== null && marks.arrived_at === null && marks.started_at === null;
    const rating = j.vendor_id === null ? undefined : byVendor.get(j.vendor_id);
    out.set(j.service_order_id, {
      stage: visitStage(j.service_order_status_id, j.vendor_id !== null, marks),
      on_the_way_at: marks.on_the_way_at === null ? null : iso(marks.on_the_way_at),
      arrived_at: marks.arrived_at === null ? null : iso(marks.arrived_at),
      started_at: marks.started_at === null ? null : iso(marks.started_at),
      distance_miles: travelling ? (p?.distance_miles ?? null) : null,
      eta_at: travelling && p?.eta_at != null ? iso(p.eta_at) : null,
      pro_rating: rating && rating.count > 0 ? rating.avg / 100 : null,
      pro_rating_count: rating?.count ?? 0,
    });
  }
  return out;
}
