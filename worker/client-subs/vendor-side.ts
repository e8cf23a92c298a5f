import type { DrizzleD1Database } from "drizzle-orm/d1";
import type { ClientSubscriptionView } from "../../schema/contracts/pay";
import { chargeAt } from "../../domain/payout-rules";
import { formatWhen } from "../../domain/slot-format";
import { fail } from "../http/errors";
import { cancelSub, linkUrl, newLinkToken, subById, textClient, type SubRow } from "./service";
import { describeSubscription as describe } from "./views";

/**
 * Client subscriptions, the pro's side (worker/api/vendor/me/client-subscriptions.ts;
 * docs/decisions/072-client-subscriptions.md): the pro's services to choose from, their subscriptions, a price
 * change, a cancellation, a new-card request and the client's email. Each takes the pro's vendor id and
 * reaches only their own subscriptions (NOT_FOUND otherwise).
 */

/** The pro's own services, to choose from when setting up a client's subscription. */
export async function subscribableServices(d1: D1Database, vendorId: number) {
  const rows = await d1
    .prepare(
      `SELECT s.service_id, s.description, s.duration_minutes, coalesce(vs.price_override_cents, s.base_price_cents) AS price_cents
       FROM vendor_services vs JOIN services s ON s.service_id = vs.service_id
       WHERE vs.vendor_id = ? AND vs.enabled = 1 AND s.enable = 1 ORDER BY s.description`,
    )
    .bind(vendorId)
    .all<{ service_id: number; description: string; duration_minutes: number; price_cents: number }>();
  return rows.results;
}

/** The pro's subscriptions, live ones first by next visit. */
export async function vendorSubscriptions(d1: D1Database, vendorId: number): Promise<ClientSubscriptionView[]> {
  const rows = await d1
    .prepare(
      "SELECT * FROM client_subscriptions WHERE vendor_id = ? ORDER BY status = 'cancelled', next_service_at LIMIT 200",
    )
    .bind(vendorId)
    .all<SubRow>();
  return Promise.all(rows.results.map((r) => describe(d1, r)));
}

/** One of the pro's subscriptions; NOT_FOUND for another pro's or none. */
export async function ownSub(d1: D1Database, vendorId: number, id: number): Promise<SubRow> {
  const sub = await subById(d1, id);
  if (!sub || sub.vendor_id !== vendorId) fail("NOT_FOUND");
  return sub;
}

/** One of the pro's subscriptions as shown. */
export async function vendorSubscription(d1: D1Database, vendorId: number, id: number) {
  return describe(d1, await ownSub(d1, vendorId, id));
}

/**
 * The pro changes the price: a lower price applies at once; a higher one waits for the client's approval (or
 * the subscription ends by the next date). The client is texted a link. `changed` is false when the price is
 * the same (nothing done).
 */
export async function changeSubscriptionPrice(
  env: Env,
  db: DrizzleD1Database,
  input: { vendorId: number; id: number; priceCents: number; origin: string; now: number },
): Promise<{ view: ClientSubscriptionView; changed: boolean }> {
  const { vendorId, id, priceCents, origin, now } = input;
  const d1 = env.DB;
  const sub = await ownSub(d1, vendorId, id);
  if (sub.status === "cancelled") fail("ERROR_VSUBSCRIPTION");
  if (priceCents === sub.price_cents) return { view: await describe(d1, sub), changed: false };
  // A lower price needs nobody's approval; a higher one waits for the client's (or cancels by the next date).
  const raise = priceCents > sub.price_cents;
  const updated = await d1
    .prepare(
      raise
        ? `UPDATE client_subscriptions SET pending_price_cents = ?2, status = 'pending_approval', price_change_requested_at = ?3, updated_at = ?3
           WHERE client_subscription_id = ?1 AND status <> 'cancelled' RETURNING *`
        : `UPDATE client_subscriptions SET price_cents = ?2, pending_price_cents = NULL, updated_at = ?3,
             status = CASE WHEN status = 'pending_approval' THEN CASE WHEN payment_method_id IS NULL THEN 'created' ELSE 'active' END ELSE status END
           WHERE client_subscription_id = ?1 AND status <> 'cancelled' RETURNING *`,
    )
    .bind(sub.client_subscription_id, priceCents, now)
    .first<SubRow>();
  if (!updated) fail("ERROR_VSUBSCRIPTION");
  const token = await newLinkToken(d1, sub.client_subscription_id, now);
  const url = linkUrl(origin, token);
  const dollars = (priceCents / 100).toFixed(2);
  await textClient(
    env,
    db,
    updated,
    raise
      ? `Your recurring service price is changing to $${dollars}. Approve it before ${formatWhen(chargeAt(updated.next_service_at, updated.time_zone), updated.time_zone)} or the subscription ends: ${url}`
      : `Good news: your recurring service price is now $${dollars}. Details: ${url}`,
    now,
  );
  return { view: await describe(d1, updated), changed: true };
}

/** The pro cancels a subscription; the client is texted when it was live. Answers it as it is now. */
export async function cancelByVendor(
  env: Env,
  db: DrizzleD1Database,
  input: { vendorId: number; id: number; now: number },
): Promise<ClientSubscriptionView> {
  const { vendorId, id, now } = input;
  const d1 = env.DB;
  const sub = await ownSub(d1, vendorId, id);
  if (await cancelSub(env, sub, "vendor", now)) {
    await textClient(env, db, sub, "Your recurring service was cancelled by your professional.", now);
  }
  return describe(d1, (await subById(d1, sub.client_subscription_id))!);
}

/** The pro asks the client for a new card: a fresh link by text. */
export async function askForNewCard(
  env: Env,
  db: DrizzleD1Database,
  input: { vendorId: number; id: number; origin: string; now: number },
): Promise<ClientSubscriptionView> {
  const { vendorId, id, origin, now } = input;
  const d1 = env.DB;
  const sub = await ownSub(d1, vendorId, id);
  if (sub.status === "cancelled") fail("ERROR_VSUBSCRIPTION");
  const token = await newLinkToken(d1, sub.client_subscription_id, now);
  await textClient(env, db, sub, `Please update the card for your recurring service: ${linkUrl(origin, token)}`, now);
  return describe(d1, sub);
}

/** The pro corrects the client's email on a live subscription. */
export async function setSubscriptionEmail(
  d1: D1Database,
  input: { vendorId: number; id: number; email: string; now: number },
): Promise<ClientSubscriptionView> {
  const { vendorId, id, email, now } = input;
  const sub = await ownSub(d1, vendorId, id);
  if (sub.status === "cancelled") fail("ERROR_VSUBSCRIPTION");
  const row = await d1
    .prepare(
      "UPDATE client_subscriptions SET client_email = ?2, updated_at = ?3 WHERE client_subscription_id = ?1 RETURNING *",
    )
    .bind(sub.client_subscription_id, email, now)
    .first<SubRow>();
  return describe(d1, row!);
}
