import type { OrderPushAnswer } from "../../durable/customer-live";
import type { OrderLiveEvent, VisitStage } from "../../schema/payloads/order-live";

/**
 * Pushes an order's change to the customer's open order pages through their CustomerLive object
 * (docs/decisions/150-customer-live-orders.md). Best effort: a push that fails is logged, never thrown, and
 * answers null ("unknown"); the page refetches on every reconnect, so nothing is lost while it was offline.
 */
export function customerLiveFor(env: Env, userId: number) {
  return env.CUSTOMER_LIVE.get(env.CUSTOMER_LIVE.idFromName(String(userId)));
}

export async function notifyCustomer(env: Env, userId: number, event: OrderLiveEvent): Promise<OrderPushAnswer | null> {
  try {
    return await customerLiveFor(env, userId).notify(event);
  } catch (err) {
    console.error(JSON.stringify({ at: "notifyCustomer", user_id: userId, type: event.type, error: String(err) }));
    return null;
  }
}

/**
 * "This order changed" for the customer of job `serviceOrderId`, looked up in D1 (for callers that know only
 * the job). When the visit is over (done, cancelled), the pro's shared position is deleted first.
 */
export async function notifyOrderChanged(
  env: Env,
  serviceOrderId: number,
  stage: VisitStage,
  now: number,
): Promise<void> {
  try {
    if (stage === "done" || stage === "cancelled") await clearSharedLocation(env.DB, serviceOrderId, now);
    const row = await env.DB.prepare("SELECT user_id FROM service_orders WHERE service_order_id = ?")
      .bind(serviceOrderId)
      .first<{ user_id: number }>();
    if (row)
      await notifyCustomer(env, row.user_id, {
        type: "order.changed",
        service_order_id: serviceOrderId,
        stage,
        at: now,
      });
  } catch (err) {
    console.error(JSON.stringify({ at: "notifyOrderChanged", service_order_id: serviceOrderId, error: String(err) }));
  }
}

/** Deletes the pro's shared position of a visit (it started, ended or was cancelled). */
export async function clearSharedLocation(db: D1Database, serviceOrderId: number, now: number): Promise<void> {
  await db
    .prepare(
      `UPDATE visit_progress SET located_lat = NULL, located_lng = NULL, located_at = NULL, updated_at = ?
       WHERE service_order_id = ? AND located_at IS NOT NULL`,
    )
    .bind(now, serviceOrderId)
    .run();
}
