import { and, count, eq, max } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { sortNonSurchargeFirst, withoutCompletedCategory } from "../../domain/catalogue-rules";
import { ServiceOrderStatus } from "../../domain/order-status";
import type { UserServiceCard } from "../../schema/payloads/catalogue";
import { serviceOrders } from "../../schema/tables/orders";
import type { GeoPort } from "../adapters/geo/port";
import { loadAreaCatalogue, zipPlaceOrFail } from "./queries";

/**
 * The services available at a ZIP with its prices (non-surcharge first, then order_rank), each with how often
 * the customer had it done and when last, for "book again". INVALID_ADDRESS for a ZIP outside the service area.
 */
export async function customerServicesAt(
  db: DrizzleD1Database,
  geo: GeoPort,
  input: { zip: string | number; userId: number },
): Promise<UserServiceCard[]> {
  const place = await zipPlaceOrFail(geo, input.zip, "zip");
  const [area, history] = await Promise.all([
    loadAreaCatalogue(db, place),
    db
      .select({ service_id: serviceOrders.service_id, n: count(), last: max(serviceOrders.completion_time) })
      .from(serviceOrders)
      .where(
        and(
          eq(serviceOrders.user_id, input.userId),
          eq(serviceOrders.service_order_status_id, ServiceOrderStatus.COMPLETED),
        ),
      )
      .groupBy(serviceOrders.service_id),
  ]);
  const booked = new Map(history.map((h) => [h.service_id, h]));
  return sortNonSurchargeFirst(withoutCompletedCategory(area.available)).map((s) => {
    const h = booked.get(s.service_id);
    return {
      ...s,
      times_booked: h?.n ?? 0,
      last_booked_at: h?.last ? new Date(h.last).toISOString() : null,
    };
  });
}
