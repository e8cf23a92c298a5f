import { drizzle } from "drizzle-orm/d1";
import { BILLING_RULES, nextDate } from "../../../domain/payout-rules";
import { formatWhen } from "../../../domain/slot-format";
import {
  bookDates,
  cancelSub,
  linkUrl,
  newLinkToken,
  releaseDate,
  subById,
  textClient,
  textVendor,
  upcomingDates,
} from "../../client-subs/service";

/**
 * The queue items of a client subscription's dates (docs/decisions/071-billing-cron-and-queue.md) other than
 * the charge itself (worker/client-subs/service.ts chargeDate): each answers its outcome, "stale" when the
 * subscription moved on since the item was enqueued.
 */

/** A date has passed: the next one becomes current, and one more date is booked on the pro's calendar. */
export async function advance(env: Env, id: number, at: number, now: number): Promise<string> {
  const sub = await subById(env.DB, id);
  if (!sub || sub.next_service_at !== at || (sub.status !== "active" && sub.status !== "created")) return "stale";
  const next = nextDate(at, sub.interval_days, sub.time_zone);
  const moved = await env.DB.prepare(
    `UPDATE client_subscriptions SET next_service_at = ?3, declined_at = NULL, updated_at = ?4
     WHERE client_subscription_id = ?1 AND next_service_at = ?2 RETURNING *`,
  )
    .bind(id, at, next, now)
    .first<typeof sub>();
  if (!moved) return "stale";
  const furthest = upcomingDates(moved, BILLING_RULES.holdAheadDates).at(-1)!;
  const booked = await bookDates(env, drizzle(env.DB), moved, [furthest], now);
  if (!booked.ok) {
    await textVendor(
      env,
      drizzle(env.DB),
      sub.vendor_id,
      `You are not available for ${sub.client_name}'s recurring service on ${formatWhen(furthest, sub.time_zone)}. Please reschedule it with them.`,
      now,
    );
    return "advanced_unbooked";
  }
  return "advanced";
}

/** The client did not approve the pro's new price by the time the date is charged: the subscription ends. */
export async function autocancel(env: Env, id: number, at: number, now: number): Promise<string> {
  const sub = await subById(env.DB, id);
  if (!sub || sub.status !== "pending_approval" || sub.next_service_at !== at) return "stale";
  const db = drizzle(env.DB);
  await cancelSub(env, sub, "price_not_approved", now);
  await textClient(env, db, sub, "Your recurring service ended because the new price was not approved.", now);
  await textVendor(
    env,
    db,
    sub.vendor_id,
    `${sub.client_name} did not approve the new price; the subscription ended.`,
    now,
  );
  return "cancelled";
}

/**
 * The client added no card by the time their next date is charged: that date is released from the pro's
 * calendar (an unpaid visit is not kept), both are told, and the client gets a fresh link for the next dates.
 */
export async function unpaidDate(env: Env, id: number, at: number, origin: string, now: number): Promise<string> {
  const sub = await subById(env.DB, id);
  if (!sub || sub.status !== "created" || sub.payment_method_id || sub.next_service_at !== at) return "stale";
  const db = drizzle(env.DB);
  await releaseDate(env, sub, at, now);
  const when = formatWhen(at, sub.time_zone);
  const token = await newLinkToken(env.DB, id, now);
  await textClient(
    env,
    db,
    sub,
    `No card was added for your ${when} service, so it was not booked. Add your card to keep the next dates: ${linkUrl(origin, token)}`,
    now,
  );
  await textVendor(
    env,
    db,
    sub.vendor_id,
    `${sub.client_name} added no card, so ${when} was released from your calendar.`,
    now,
  );
  return "released";
}
