/**
 * What the order calls after checkout answer, typed once for the Worker and the web
 * (docs/decisions/108-shared-response-contracts.md). The orders lists (ScheduledOrder, CompletedOrder) live
 * next to their request bodies in schema/payloads/orders.ts and are re-exported here.
 */
export type {
  CompletedOrder,
  CompletedOrdersPage,
  OrderService,
  OrderVendor,
  ScheduledOrder,
} from "../payloads/orders";

/** GET /order/cancel-policy: what cancelling this job now costs and returns. */
export interface CancellationPolicyView {
  service_order_id: number;
  window: "free" | "late";
  /** Why: before-window, no-vendor, inside-window or moved-late. */
  reason: "before-window" | "no-vendor" | "inside-window" | "moved-late";
  /** ISO-8601 UTC, and the same instant as YYYY-MM-DD HH:MM in the service zone. */
  free_until: string;
  free_until_local: string;
  free_cancellation_hours: number;
  /** What was paid for this job, by card and with account credit. */
  paid_cents: number;
  fee_cents: number;
  refund_cents: number;
  credit_return_cents: number;
  /** One sentence for the confirmation dialog. */
  summary: string;
}
