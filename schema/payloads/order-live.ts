/**
 * Messages the customer's live order socket carries (GET /api/orders/live; the customer's CustomerLive object
 * sends them; docs/decisions/150-customer-live-orders.md). Each means "this order changed": the page refetches
 * its orders (the truth stays in D1) and uses `stage` only to announce the change. The client may send "ping"
 * (answered "pong" without waking the object), "visible" and "hidden" (whether the page is being looked at,
 * which decides whether a step is also texted).
 */
export const VISIT_STAGES = [
  "finding_pro",
  "accepted",
  "on_the_way",
  "arrived",
  "in_progress",
  "done",
  "cancelled",
  "rescheduled",
  "new_pro",
] as const;
export type VisitStage = (typeof VISIT_STAGES)[number];

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
