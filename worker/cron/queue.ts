import { formatWhen } from "../../domain/slot-format";
import { drizzle } from "drizzle-orm/d1";
import { BILLING_RULES, chargeAt, MAX_CHARGE_LEAD_MS, nextDate } from "../../domain/payout-rules";
import { PRICING } from "../../domain/pricing-config";
import { paymentsEnv } from "../adapters/payments";
import { addOneMonth } from "../adapters/payments/local";
import { PaymentsError } from "../adapters/payments/port";
import { sendSms } from "../adapters/sms";
import { payments } from "../checkout/payments";
import {
  bookDates,
  cancelSub,
  chargeDate,
  linkUrl,
  newLinkToken,
  releaseDate,
  subById,
  textClient,
  textVendor,
  upcomingDates,
} from "../client-subs/service";
import { PAID_DRAFT_GRACE_MS, retryOrderRefund, settleDraft } from "../checkout/sweep";
import { scheduledPayout, vendorsDueForPayout } from "../payouts/pay";
import { deliverGift } from "../wallet/gift-purchase";

/**
 * The billing cron, built to scale past one machine (docs/decisions/071-billing-cron-and-queue.md): the
 * scheduled handler only finds what is due and puts one message per item on the CRON_QUEUE (wrangler.toml
 * [[queues.producers]]); the consumer (the Worker's `queue` export) does each item. Every item has a key
 * saying what it is for; the consumer records the key in cron_items when it is done, so a message
 * delivered twice, or enqueued again by the next tick, changes nothing, and the enqueue step leaves out
 * items whose key is already there. Money calls also carry idempotency keys of their own.
 */

export type CronMessage =
  | { kind: "csub_charge"; id: number; at: number }
  | { kind: "csub_advance"; id: number; at: number }
  | { kind: "csub_autocancel"; id: number; at: number }
  | { kind: "reminder"; so: number; lead: "24h" | "2h" }
  | { kind: "payout"; vendor_id: number; period_start: number }
  | { kind: "membership_renewal"; membership_id: number; period_end: number; attempt: number }
  | { kind: "checkout_settle"; order_id: number }
  | { kind: "checkout_refund"; order_id: number }
  | { kind: "csub_unpaid"; id: number; at: number }
  | { kind: "paylink_expire"; pay_link_id: number }
  | { kind: "gift_delivery"; gift_card_id: number };

/**
 * Outcomes that leave the item to a later tick (not recorded in cron_items): a draft still within its hour or
 * whose payment is processing, a refund still not through.
 */
const NOT_DONE = new Set(["wait"]);

/** An expired payment link is let go this long after its expiry (a payment begun on it can still finish). */
export const PAY_LINK_EXPIRY_GRACE_MS = 24 * 60 * 60 * 1000;
/** Items of each expiry kind per tick (the rest wait for the next tick). */
const EXPIRY_BATCH = 500;

const DAY_MS = 24 * 60 * 60 * 1000;

export function keyOf(m: CronMessage): string {
  switch (m.kind) {
    case "csub_charge":
      return `csub:${m.id}:${m.at}:charge`;
    case "csub_advance":
      return `csub:${m.id}:${m.at}:advance`;
    case "csub_autocancel":
      return `csub:${m.id}:${m.at}:autocancel`;
    case "reminder":
      return `reminder:${m.so}:${m.lead}`;
    case "payout":
      return `payout:v${m.vendor_id}:${m.period_start}`;
    case "membership_renewal":
      return `membership:${m.membership_id}:${m.period_end}:renew:a${m.attempt}`;
    case "checkout_settle":
      return `checkout:${m.order_id}:settle`;
    case "checkout_refund":
      return `checkout:${m.order_id}:refund`;
    case "csub_unpaid":
      return `csub:${m.id}:${m.at}:unpaid`;
    case "paylink_expire":
      return `paylink:${m.pay_link_id}:expire`;
    case "gift_delivery":
      return `gift:${m.gift_card_id}:deliver`;
  }
}

/** What travels on the queue: the item and the tick that found it (the consumer's clock). */
export type CronEnvelope = CronMessage & { tick: number };

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
    reminders24,
    reminders2,
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
    d1
      .prepare(
        `SELECT service_order_id AS so FROM service_orders
         WHERE service_order_status_id = 20 AND promised_arrival_time > ?1 + ?3 AND promised_arrival_time <= ?1 + ?2
           AND ${notDone("'reminder:' || service_order_id || ':24h'")}`,
      )
      .bind(now, BILLING_RULES.reminderLeadsMs[0], BILLING_RULES.reminderLeadsMs[1]),
    d1
      .prepare(
        `SELECT service_order_id AS so FROM service_orders
         WHERE service_order_status_id = 20 AND promised_arrival_time > ?1 AND promised_arrival_time <= ?1 + ?2
           AND ${notDone("'reminder:' || service_order_id || ':2h'")}`,
      )
      .bind(now, BILLING_RULES.reminderLeadsMs[1]),
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
    ...reminders24!.results.map((r) => ({ kind: "reminder" as const, so: r.so!, lead: "24h" as const })),
    ...reminders2!.results.map((r) => ({ kind: "reminder" as const, so: r.so!, lead: "2h" as const })),
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

function appOrigin(env: Env): string {
  return paymentsEnv(env).APP_URL ?? "http://localhost:5173";
}

/** Does one item, once. Answers its outcome ("skipped" when an earlier delivery already did it). */
export async function handleItem(env: Env, m: CronMessage, now: number): Promise<string> {
  const key = keyOf(m);
  const d1 = env.DB;
  const seen = await d1.prepare("SELECT outcome FROM cron_items WHERE key = ?").bind(key).first<{ outcome: string }>();
  if (seen) return "skipped";
  const db = drizzle(d1);
  const port = payments(env, db, now);
  let outcome: string;
  switch (m.kind) {
    case "csub_charge":
      outcome = await chargeDate(env, db, port, m.id, m.at, appOrigin(env), now);
      break;
    case "csub_advance":
      outcome = await advance(env, m.id, m.at, now);
      break;
    case "csub_autocancel": {
      const sub = await subById(d1, m.id);
      if (!sub || sub.status !== "pending_approval" || sub.next_service_at !== m.at) outcome = "stale";
      else {
        await cancelSub(env, sub, "price_not_approved", now);
        await textClient(env, db, sub, "Your recurring service ended because the new price was not approved.", now);
        await textVendor(
          env,
          db,
          sub.vendor_id,
          `${sub.client_name} did not approve the new price; the subscription ended.`,
          now,
        );
        outcome = "cancelled";
      }
      break;
    }
    case "reminder":
      outcome = await remind(env, m.so, m.lead, now);
      break;
    case "payout":
      outcome = (await scheduledPayout(d1, port, m.vendor_id, m.period_start, now)).outcome;
      break;
    case "membership_renewal":
      outcome = await renewMembership(env, m, now);
      break;
    case "checkout_settle":
      outcome = await settleDraft(env, port, m.order_id, now);
      break;
    case "checkout_refund":
      outcome = await retryOrderRefund(env, port, m.order_id, now);
      break;
    case "csub_unpaid":
      outcome = await unpaidDate(env, m.id, m.at, now);
      break;
    case "paylink_expire":
      outcome = await expireRedemptionLink(d1, m.pay_link_id, now);
      break;
    case "gift_delivery":
      outcome = await deliverGift(env, db, m.gift_card_id, now);
      break;
  }
  // An item left for later is recorded under a key of this tick only (so `npm run cron` and the bench can count
  // it as handled), never under its own key: the next tick enqueues it again.
  const recordAs = NOT_DONE.has(outcome) ? `${key}:${outcome}:${now}` : key;
  await d1
    .prepare("INSERT INTO cron_items (key, kind, outcome, done_at) VALUES (?, ?, ?, ?) ON CONFLICT (key) DO NOTHING")
    .bind(recordAs, m.kind, outcome, now)
    .run();
  return outcome;
}

/**
 * The client added no card by the time their next date is charged: that date is released from the pro's
 * calendar (an unpaid visit is not kept), both are told, and the client gets a fresh link for the next dates.
 */
async function unpaidDate(env: Env, id: number, at: number, now: number): Promise<string> {
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
    `No card was added for your ${when} service, so it was not booked. Add your card to keep the next dates: ${linkUrl(appOrigin(env), token)}`,
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

/** A redemption's payment link expired unpaid: the redemption is cancelled (nothing was earned for it). */
async function expireRedemptionLink(d1: D1Database, payLinkId: number, now: number): Promise<string> {
  const done = await d1
    .prepare(
      `UPDATE redemptions SET status = 'cancelled', cancelled_at = ?2
       WHERE pay_link_id = ?1 AND status = 'requested'
         AND EXISTS (SELECT 1 FROM pay_links WHERE pay_link_id = ?1 AND status = 'open' AND expires_at <= ?3)`,
    )
    .bind(payLinkId, now, now - PAY_LINK_EXPIRY_GRACE_MS)
    .run();
  return done.meta.changes > 0 ? "cancelled" : "stale";
}

/** A date has passed: the next one becomes current, and one more date is booked on the pro's calendar. */
async function advance(env: Env, id: number, at: number, now: number): Promise<string> {
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

async function remind(env: Env, so: number, lead: "24h" | "2h", now: number): Promise<string> {
  const row = await env.DB.prepare(
    `SELECT so.promised_arrival_time, so.time_zone, so.service_order_status_id, s.description, u.phone
     FROM service_orders so JOIN services s ON s.service_id = so.service_id JOIN users u ON u.user_id = so.user_id
     WHERE so.service_order_id = ?`,
  )
    .bind(so)
    .first<{
      promised_arrival_time: number;
      time_zone: string;
      service_order_status_id: number;
      description: string;
      phone: string | null;
    }>();
  if (!row || row.service_order_status_id !== 20 || row.promised_arrival_time <= now) return "stale";
  if (!row.phone) return "no_phone";
  await sendSms(env, drizzle(env.DB), {
    to: row.phone,
    now,
    body: `Reminder: your ${row.description} is ${lead === "24h" ? "tomorrow" : "in about 2 hours"}, ${formatWhen(row.promised_arrival_time, row.time_zone)}.`,
  });
  return "sent";
}

/**
 * Local-provider membership renewal (Stripe renews its own and tells us by webhook): one attempt a day from
 * the period's end; after BILLING_RULES.membershipRenewalAttempts failed attempts the membership ends.
 */
async function renewMembership(
  env: Env,
  m: Extract<CronMessage, { kind: "membership_renewal" }>,
  now: number,
): Promise<string> {
  const row = await env.DB.prepare(
    `SELECT m.membership_id, m.user_id, m.status, m.current_period_end, m.price_cents, m.provider_ref,
            ls.customer_id, ls.payment_method_id
     FROM memberships m LEFT JOIN local_subscriptions ls ON ls.id = m.provider_ref WHERE m.membership_id = ?`,
  )
    .bind(m.membership_id)
    .first<{
      user_id: number;
      status: string;
      current_period_end: number;
      price_cents: number;
      provider_ref: string | null;
      customer_id: string | null;
      payment_method_id: string | null;
    }>();
  if (!row || row.status !== "active" || row.current_period_end !== m.period_end) return "stale";
  const end = async (why: string) => {
    await env.DB.batch([
      env.DB.prepare(
        "UPDATE memberships SET status = 'cancelled', cancelled_at = ?2 WHERE membership_id = ?1 AND status = 'active'",
      ).bind(m.membership_id, now),
      env.DB.prepare("UPDATE local_subscriptions SET status = 'canceled', canceled_at = ?2 WHERE id = ?1").bind(
        row.provider_ref,
        now,
      ),
    ]);
    return why;
  };
  if (m.attempt > BILLING_RULES.membershipRenewalAttempts) return end("ended_after_retries");
  if (!row.customer_id || !row.payment_method_id) return end("no_card");
  const port = payments(env, drizzle(env.DB), now);
  let ok = false;
  try {
    const intent = await port.createIntent({
      amount_cents: row.price_cents || PRICING.membershipMonthlyCents,
      customer_id: row.customer_id,
      payment_method_id: row.payment_method_id,
      confirm: true,
      off_session: true,
      description: "Beauty membership renewal",
      metadata: { purpose: "membership", ref: `membership:${m.membership_id}:${m.period_end}` },
      idempotency_key: `membership:${m.membership_id}:${m.period_end}:renew:a${m.attempt}`,
    });
    ok = intent.status === "succeeded";
  } catch (err) {
    if (!(err instanceof PaymentsError)) throw err;
  }
  if (!ok) {
    if (m.attempt >= BILLING_RULES.membershipRenewalAttempts) return end("ended_declined");
    return "declined";
  }
  const next = addOneMonth(m.period_end);
  await env.DB.batch([
    env.DB.prepare(
      "UPDATE memberships SET current_period_end = ?3 WHERE membership_id = ?1 AND current_period_end = ?2",
    ).bind(m.membership_id, m.period_end, next),
    env.DB.prepare("UPDATE local_subscriptions SET current_period_end = ?2 WHERE id = ?1").bind(row.provider_ref, next),
  ]);
  return "renewed";
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
        console.error(JSON.stringify({ at: "cron.queue", key: keyOf(message.body), error: String(err) }));
        message.retry({ delaySeconds: 60 });
      }
    }),
  );
}
