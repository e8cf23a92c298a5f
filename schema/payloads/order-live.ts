import * as v from "valibot";
import { VISIT_STEPS, type VisitStage } from "../../domain/visit-progress";
import { JobId } from "./job-actions";

/**
 * Messages the customer's live order socket carries (GET /api/orders/live; the customer's CustomerLive object
 * sends them; docs/decisions/150-customer-live-orders.md). Each means "this order changed": the page refetches
 * its orders (the truth stays in D1) and uses `stage` only to announce the change. The client may send "ping"
 * (answered "pong" without waking the object), "visible" and "hidden" (whether the page is being looked at,
 * which decides whether a step is also texted).
 */
export { VISIT_STAGES, type VisitStage } from "../../domain/visit-progress";

export type OrderLiveEvent =
  | { type: "hello"; at: number }
  | { type: "order.changed"; service_order_id: number; stage: VisitStage; at: number }
  /** The pro's shared location moved the estimate: distance and arrival only, never the position. */
  | { type: "order.eta"; service_order_id: number; distance_miles: number; eta_at: number; at: number };

export const ORDER_LIVE_PING = "ping";
export const ORDER_LIVE_PONG = "pong";
export const ORDER_LIVE_VISIBLE = "visible";
export const ORDER_LIVE_HIDDEN = "hidden";

/** Open order sockets one customer may hold at once (tabs and devices); the next answers 429. */
export const MAX_ORDER_LIVE_SOCKETS = 8;

// ------------------------------------------------------------------ the pro's taps (docs/decisions/151)

/** POST /vendor/me/visit-step: { service_order_id, step: "on_the_way" | "arrived" | "started" }. */
export const VisitStepBody = v.object({
  service_order_id: JobId,
  step: v.picklist(VISIT_STEPS, "Choose on_the_way, arrived or started."),
});

/** POST /vendor/me/visit-location: the pro's position while on the way (WGS84 degrees). */
export const VisitLocationBody = v.object({
  service_order_id: JobId,
  latitude: v.pipe(v.number("Expected a latitude."), v.finite(), v.minValue(-90), v.maxValue(90)),
  longitude: v.pipe(v.number("Expected a longitude."), v.finite(), v.minValue(-180), v.maxValue(180)),
});

/** What the customer's order card shows of the visit (GET /orders, `visit`). */
export interface OrderVisitView {
  stage: VisitStage;
  on_the_way_at: string | null;
  arrived_at: string | null;
  started_at: string | null;
  /** Miles to the address and the arrival estimate while on the way; never the pro's position. */
  distance_miles: number | null;
  eta_at: string | null;
  /** The pro's average rating (4.87) and count; null with no ratings. */
  pro_rating: number | null;
  pro_rating_count: number;
}
