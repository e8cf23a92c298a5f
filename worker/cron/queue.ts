import { drizzle } from "drizzle-orm/d1";
import { BILLING_RULES, chargeAt, MAX_CHARGE_LEAD_MS } from "../../domain/payout-rules";
import { ServiceOrderStatus } from "../../domain/order-status";
import { dueLead, REMINDER_SCAN_MS } from "../../domain/visit-plan";
import { payments } from "../checkout/payments";
import { PAID_DRAFT_GRACE_MS } from "../checkout/sweep";
import { vendorsDueForPayout } from "../payouts/pay";
import { handlerOf } from "./handlers";
import { PAY_LINK_EXPIRY_GRACE_MS } from "./items/pay-link-expiry";
import type { CronEnvelope, CronMessage } from "./messages";

export type { CronEnvelope, CronMessage } from "./messages";

/**
 * The billing cron, built to scale past one machine (docs/decisions/071-billing-cron-and-queue.md): the
 * scheduled handler only finds what is due and puts one message per item on the CRON_QUEUE (wrangler.toml
 * [[queues.producers]]); the consumer (the Worker's `queue` export) does each item. Every item has a key
 * saying what it is for; the consumer records the key in cron_items when it is done, so a message
 * delivered twice, or enqueued again by the next tick, changes nothing, and the enqueue step leaves out
 * items whose key is already there. Money calls also carry idempotency keys of their own.
 */

/**
 * Outcomes that leave the item to a later tick (not recorded in cron_items): a draft still within its hour or
 * whose payment is processing, a refund still not through.
 */
const NOT_DONE = new Set(["wait"]);

/** Items of each expiry kind per tick (the rest wait for the next tick). */
const EXPIRY_BATCH = 500;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The item's key: what it is for (worker/cron/handlers.ts). */
export function keyOf(m: CronMessage): string {
  return handlerOf(m).key(m);
}

type Send = (messages: CronEnvelope[]) => Promise<void>;

export function queueSender(env: Env): Send {
  return async (messages) => {
    for (let i = 0; i < messages.length; i += BILLING_RULES.queueBatch) {
      await env.CRON_QUEUE.sendBatch(messages.slice(i, i + BILLING_RULES.queueBatch).map((body) => ({ body })));
    }
  };
}

const notDone = (keyExpr: string) => `NOT EXISTS (SELECT 1 FROM cron_items ci WHERE ci.key = ${keyExpr})`;

/** Finds what is due at `now` and enqueues it. Answers how many items of each kind were enqueued. */
export async function enqueueDue(
  env: Env,
  now: number,
  send: Send = queueSender(env),
): Promise<Record<string, number>> {
  const d1 = env.DB;
  // Charges and auto-cancels fall due at chargeAt (the same local time the day before, in the address's zone):
  // SQL narrows to the longest possible lead, chargeAt decides per row.
  const lead = MAX_CHARGE_LEAD_MS;
  const [
    chargeRows,
    advances,
    autocancelRows,
    reminderRows,
    renewals,
    drafts,
    refunds,
    unpaidRows,
    expiredLinks,
    giftsDue,
  ] = await d1.batch<Record<string, number>>([
    d1
      .prepare(
        `SELECT client_subscription_id AS id, next_service_at AS at, time_zone AS tz FROM client_subscriptions
         WHERE status = 'active' AND next_service_at <= ?1 + ?2 AND next_service_at > ?1
           AND (last_charged_for IS NULL OR last_charged_for < next_service_at)
           AND ${notDone("'csub:' || client_subscription_id || ':' || next_service_at || ':charge'")}`,
      )
      .bind(now, lead),
    d1
      .prepare(
        `SELECT client_subscription_id AS id, next_service_at AS at FROM client_subscriptions
         WHERE status IN ('created', 'active') AND next_service_at <= ?1
           AND ${notDone("'csub:' || client_subscription_id || ':' || next_service_at || ':advance'")}`,
      )
      .bind(now),
    d1
      .prepare(
        `SELECT client_subscription_id AS id, next_service_at AS at, time_zone AS tz FROM client_subscriptions
         WHERE status = 'pending_approval' AND next_service_at <= ?1 + ?2
           AND ${notDone("'csub:' || client_subscription_id || ':' || next_service_at || ':autocancel'")}`,
      )
      .bind(now, lead),
    // Booked visits whose 24-hour or 2-hour reminder may be due: SQL narrows to the longest lead, dueLead decides
    // per row in the visit's zone. The key names the visit's time, so a moved visit is reminded again.
    d1
      .prepare(
        `SELECT service_order_id AS so, promised_arrival_time AS at, time_zone AS tz,
                EXISTS (SELECT 1 FROM cron_items ci WHERE ci.key = 'reminder:' || service_order_id || ':' || promised_arrival_time || ':24h') AS done24,
                EXISTS (SELECT 1 FROM cron_items ci WHERE ci.key = 'reminder:' || service_order_id || ':' || promised_arrival_time || ':2h') AS done2
         FROM service_orders
         WHERE service_order_status_id = ${ServiceOrderStatus.SCHEDULED} AND promised_arrival_time > ?1 AND promised_arrival_time <= ?1 + ?2`,
      )
      .bind(now, REMINDER_SCAN_MS),
    d1
      .prepare(
        `SELECT m.membership_id, m.current_period_end AS period_end,
                CAST((?1 - m.current_period_end) / ?2 AS INTEGER) + 1 AS attempt
         FROM memberships m
         WHERE m.status = 'active' AND m.provider = 'local' AND m.current_period_end <= ?1
           AND ${notDone("'membership:' || m.membership_id || ':' || m.current_period_end || ':renew:a' || (CAST((?1 - m.current_period_end) / ?2 AS INTEGER) + 1)")}`,
      )
      .bind(now, DAY_MS),
    // Checkout drafts the browser left (paid: complete; unpaid past the hour: cancel) and refunds to retry.
    d1
      .prepare(
        `SELECT order_id FROM orders WHERE status = 'pending_payment' AND updated_at < ?1
           AND ${notDone("'checkout:' || order_id || ':settle'")} ORDER BY updated_at LIMIT ?2`,
      )
      .bind(now - PAID_DRAFT_GRACE_MS, EXPIRY_BATCH),
    d1
      .prepare(
        `SELECT order_id FROM orders WHERE status = 'failed' AND failure_reason LIKE '%:refund-pending'
           AND payment_intent_id IS NOT NULL AND ${notDone("'checkout:' || order_id || ':refund'")} LIMIT ?1`,
      )
      .bind(EXPIRY_BATCH),
    // A client subscription still without a card when its next date's charge falls due: the link's time is up.
    d1
      .prepare(
        `SELECT client_subscription_id AS id, next_service_at AS at, time_zone AS tz FROM client_subscriptions
         WHERE status = 'created' AND payment_method_id IS NULL AND next_service_at <= ?1 + ?2 AND next_service_at > ?1
           AND ${notDone("'csub:' || client_subscription_id || ':' || next_service_at || ':unpaid'")}`,
      )
      .bind(now, lead),
    // Payment links of redemption products expired unpaid (after the grace).
    d1
      .prepare(
        `SELECT DISTINCT pl.pay_link_id FROM pay_links pl JOIN redemptions r ON r.pay_link_id = pl.pay_link_id
         WHERE r.status = 'requested' AND pl.status = 'open' AND pl.expires_at <= ?1
           AND ${notDone("'paylink:' || pl.pay_link_id || ':expire'")} LIMIT ?2`,
      )
      .bind(now - PAY_LINK_EXPIRY_GRACE_MS, EXPIRY_BATCH),
    // Gift cards whose chosen delivery day has come (decision 124); the send itself is claimed once.
    d1
      .prepare(
        `SELECT gift_card_id FROM gift_cards WHERE status = 'active' AND delivered_at IS NULL AND deliver_at <= ?1
           AND ${notDone("'gift:' || gift_card_id || ':deliver'")} ORDER BY deliver_at LIMIT ?2`,
      )
      .bind(now, EXPIRY_BATCH),
  ]);
  const dueNow = (r: Record<string, number>) => chargeAt(r.at!, String(r.tz)) <= now;
  const charges = { results: chargeRows!.results.filter(dueNow) };
  const autocancels = { results: autocancelRows!.results.filter(dueNow) };
  const unpaid = unpaidRows!.results.filter(dueNow);
  const messages: CronMessage[] = [
    ...charges.results.map((r) => ({ kind: "csub_charge" as const, id: r.id!, at: r.at! })),
    ...advances!.results.map((r) => ({ kind: "csub_advance" as const, id: r.id!, at: r.at! })),
    ...autocancels.results.map((r) => ({ kind: "csub_autocancel" as const, id: r.id!, at: r.at! })),
    ...reminderRows!.results.flatMap((r) => {
      const lead = dueLead(r.at!, String(r.tz), now);
      if (!lead || (lead === "24h" ? r.done24 : r.done2)) return [];
      return [{ kind: "reminder" as const, so: r.so!, at: r.at!, lead }];
    }),
    ...renewals!.results.map((r) => ({
      kind: "membership_renewal" as const,
      membership_id: r.membership_id!,
      period_end: r.period_end!,
      attempt: r.attempt!,
    })),
    ...drafts!.results.map((r) => ({ kind: "checkout_settle" as const, order_id: r.order_id! })),
    ...refunds!.results.map((r) => ({ kind: "checkout_refund" as const, order_id: r.order_id! })),
    ...unpaid.map((r) => ({ kind: "csub_unpaid" as const, id: r.id!, at: r.at! })),
    ...expiredLinks!.results.map((r) => ({ kind: "paylink_expire" as const, pay_link_id: r.pay_link_id! })),
    ...giftsDue!.results.map((r) => ({ kind: "gift_delivery" as const, gift_card_id: r.gift_card_id! })),
  ];
  const due = await vendorsDueForPayout(d1, now);
  for (const vendorId of due.vendorIds) {
    const m: CronMessage = { kind: "payout", vendor_id: vendorId, period_start: due.periodStart };
    messages.push(m);
  }
  if (messages.length) await send(messages.map((m) => ({ ...m, tick: now })));
  const counts: Record<string, number> = {};
  for (const m of messages) counts[m.kind] = (counts[m.kind] ?? 0) + 1;
  return counts;
}

/** Does one item, once. Answers its outcome ("skipped" when an earlier delivery already did it). */
export async function handleItem(env: Env, m: CronMessage, now: number): Promise<string> {
  const key = keyOf(m);
  const d1 = env.DB;
  const seen = await d1.prepare("SELECT outcome FROM cron_items WHERE key = ?").bind(key).first<{ outcome: string }>();
  if (seen) return "skipped";
  const db = drizzle(d1);
  const port = payments(env, db, now);
  const outcome = await handlerOf(m).run({ env, db, port, now }, m);
  // An item left for later is recorded under a key of this tick only (so `npm run cron` and the bench can count
  // it as handled), never under its own key: the next tick enqueues it again.
  const recordAs = NOT_DONE.has(outcome) ? `${key}:${outcome}:${now}` : key;
  await d1
    .prepare("INSERT INTO cron_items (key, kind, outcome, done_at) VALUES (?, ?, ?, ?) ON CONFLICT (key) DO NOTHING")
    .bind(recordAs, m.kind, outcome, now)
    .run();
  return outcome;
}

/** The key to log for a failed message (its kind when the message is not one of ours). */
function keyOrKind(m: CronMessage): string {
  try {
    return keyOf(m);
  } catch {
    return String((m as { kind?: unknown }).kind);
  }
}

/**
 * The queue consumer: the messages of a batch run side by side (each item is independent and idempotent);
 * a failure retries that message alone (max_retries in wrangler.toml).
 */
export async function handleCronBatch(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  await Promise.all(
    (batch.messages as ReadonlyArray<Message<CronEnvelope>>).map(async (message) => {
      try {
        // The tick's time: a late delivery still acts as of the tick that found the item.
        await handleItem(env, message.body, message.body.tick);
        message.ack();
      } catch (err) {
        console.error(JSON.stringify({ at: "cron.queue", key: keyOrKind(message.body), error: String(err) }));
        message.retry({ delaySeconds: 60 });
      }
    }),
  );
}
