import { integer, real, sqliteTable } from "drizzle-orm/sqlite-core";
import { instant } from "./columns";
import { serviceOrders } from "./orders";
import { vendors } from "./vendors";

/**
 * The visit as it happens (docs/decisions/151-on-the-way-and-arrived.md): the assigned pro's one-tap steps
 * (on the way, arrived, started) and, while on the way, the arrival estimate. The pro's shared position
 * (located_lat/lng) is kept only to compute the estimate, never shown to the customer, and is cleared when
 * the visit starts (or ends). One row per job, written by the pro's taps with the state checked in the WHERE.
 */
export const visitProgress = sqliteTable("visit_progress", {
  service_order_id: integer("service_order_id")
    .primaryKey()
    .references(() => serviceOrders.service_order_id),
  /** The pro who tapped (the job's assigned pro at the time). */
  vendor_id: integer("vendor_id")
    .notNull()
    .references(() => vendors.vendor_id),
  on_the_way_at: instant("on_the_way_at"),
  arrived_at: instant("arrived_at"),
  started_at: instant("started_at"),
  /** Miles to the service address and the estimated arrival (ms UTC), from the last position or the pro's base. */
  distance_miles: real("distance_miles"),
  eta_at: instant("eta_at"),
  /** The pro's last shared position while on the way; null unless they allowed sharing; cleared at the start. */
  located_lat: real("located_lat"),
  located_lng: real("located_lng"),
  located_at: instant("located_at"),
  updated_at: instant("updated_at").notNull(),
});
