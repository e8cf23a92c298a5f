import { formatWhen } from "../../domain/slot-format";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { BILLING_RULES, recurringDates, vendorShareOf } from "../../domain/payout-rules";
import { PaymentsError, type PaymentIntent, type PaymentsPort } from "../adapters/payments/port";
import { needsAuthentication, sendAuthLink, type AuthCompletion } from "../payments/auth-links";
import { sendSms } from "../adapters/sms";
import { notifyPro } from "../vendors/notify-pro";
import { randomToken, sha256Hex } from "../auth/crypto";
import { calendarFor } from "../calendar/calendar-client";
import { toVendorSettings, vendorSettingsQuery } from "../calendar/settings";

/**
 * A pro's recurring clients (docs/product.md section 4 "Client subscription"; docs/decisions/072-client-subscriptions.md).
 * The dates are `next_service_at` then every `interval_days`; the next BILLING_RULES.holdAheadDates of them
 * are bookings on the pro's calendar (order ref `csub:<id>:<start ms>`), booked through the vendor object.
 * A date is charged 24 hours before it (cron item "csub_charge", key `csub:<id>:<date>:charge`).
 */

export type SubRow = {
  client_subscription_id: number;
  vendor_id: number;
  client_name: string;
  client_phone: string;
  client_email: string | null;
  service_id: number;
  price_cents: number;
  pending_price_cents: number | null;
  interval_days: number;
  next_service_at: number;
  job_minutes: number;
  address: string;
  zipcode: string;
  status: "created" | "active" | "pending_approval" | "cancelled";
  payment_method_id: string | null;
  /** The provider customer the card is saved on (migration 0012); null for rows from before it. */
  customer_id: string | null;
  last_charged_for: number | null;
  last_intent_id: string | null;
  declined_at: number | null;
  time_zone: string;
  cancelled_at: number | null;
  cancel_reason: string | null;
  created_at: number;
};

export const bookingRef = (id: number, at: number) => `csub:${id}:${at}`;

export async function subById(d1: D1Database, id: number): Promise<SubRow | null> {
  return d1.prepare("SELECT * FROM client_subscriptions WHERE client_subscription_id = ?").bind(id).first<SubRow>();
}

export async function subByToken(d1: D1Database, token: string): Promise<SubRow | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  return d1
    .prepare("SELECT * FROM client_subscriptions WHERE payment_link_token_hash = ?")
    .bind(await sha256Hex(token))
    .first<SubRow>();
}

/** A fresh link token for the client (only its hash is kept); the older link stops working. */
export async function newLinkToken(d1: D1Database, id: number, now: number): Promise<string> {
  const token = randomToken(24);
  await d1
    .prepare(
      "UPDATE client_subscriptions SET payment_link_token_hash = ?2, updated_at = ?3 WHERE client_subscription_id = ?1",
    )
    .bind(id, await sha256Hex(token), now)
    .run();
  return token;
}

export function upcomingDates(
  sub: Pick<SubRow, "next_service_at" | "interval_days" | "status" | "time_zone">,
  n = 4,
): number[] {
  if (sub.status === "cancelled") return [];
  return recurringDates(sub.next_service_at, sub.interval_days, sub.time_zone, n);
}

async function settingsOf(env: Env, db: DrizzleD1Database, vendorId: number) {
  const [row] = await vendorSettingsQuery(db, [vendorId]);
  return row ? toVendorSettings(row) : null;
}

/**
 * Books `dates` on the pro's calendar (hold, then confirm into a booking). All or none: when one is refused,
 * the ones already booked are released and the refusal's reason is answered.
 */
export async function bookDates(
  env: Env,
  db: DrizzleD1Database,
  sub: Pick<SubRow, "client_subscription_id" | "vendor_id" | "job_minutes">,
  dates: readonly number[],
  now: number,
): Promise<{ ok: true } | { ok: false; reason: string; at: number }> {
  const settings = await settingsOf(env, db, sub.vendor_id);
  if (!settings) return { ok: false, reason: "no-vendor", at: dates[0] ?? 0 };
  const calendar = calendarFor(env, sub.vendor_id);
  const booked: number[] = [];
  for (const at of dates) {
    const ref = bookingRef(sub.client_subscription_id, at);
    const hold = await calendar.placeHold({
      settings,
      now,
      start: at,
      durationMinutes: sub.job_minutes,
      idempotencyKey: `${ref}:hold`,
    });
    const done = hold.ok ? await calendar.confirmHold(hold.hold.holdId, ref, `${ref}:book`, now, settings) : hold;
    if (!done.ok) {
      for (const b of booked) await releaseDate(env, sub, b, now);
      return { ok: false, reason: done.reason, at };
    }
    booked.push(at);
  }
  return { ok: true };
}

export async function releaseDate(
  env: Env,
  sub: Pick<SubRow, "client_subscription_id" | "vendor_id">,
  at: number,
  now: number,
): Promise<void> {
  const ref = bookingRef(sub.client_subscription_id, at);
  await calendarFor(env, sub.vendor_id)
    .releaseBooking(sub.vendor_id, ref, `${ref}:release`, now)
    .catch((err) => console.error(JSON.stringify({ at: "csub.release", ref, error: String(err) })));
}

/** Cancels (final) and lets the booked dates go. Answers false when it was already cancelled. */
export async function cancelSub(env: Env, sub: SubRow, reason: string, now: number): Promise<boolean> {
  const done = await env.DB.prepare(
    `UPDATE client_subscriptions SET status = 'cancelled', cancelled_at = ?2, cancel_reason = ?3, updated_at = ?2,
       payment_link_token_hash = payment_link_token_hash
     WHERE client_subscription_id = ?1 AND status <> 'cancelled' RETURNING client_subscription_id`,
  )
    .bind(sub.client_subscription_id, now, reason)
    .first();
  if (!done) return false;
  for (const at of upcomingDates(sub, BILLING_RULES.holdAheadDates)) {
    if (at > now) await releaseDate(env, sub, at, now);
  }
  return true;
}

export function linkUrl(origin: string, token: string): string {
  return `${origin}/subscription?t=${token}`;
}

export async function textClient(env: Env, db: DrizzleD1Database, sub: SubRow, body: string, now: number) {
  await sendSms(env, db, { to: sub.client_phone, body, now }).catch((err) =>
    console.error(JSON.stringify({ at: "csub.sms.client", error: String(err) })),
  );
}

/**
 * Tells the pro what their client did (added a card, approved a price, cancelled, a declined card...): a notice on
 * their dashboard and the same words texted (worker/vendors/notify-pro.ts), so the dashboard reflects the business.
 */
export async function textVendor(env: Env, db: DrizzleD1Database, vendorId: number, body: string, now: number) {
  await notifyPro(env, db, { vendorId, key: `client:${crypto.randomUUID()}`, message: body, severity: 0, now }).catch(
    (err) => console.error(JSON.stringify({ at: "csub.notice.vendor", error: String(err) })),
  );
}

export type ChargeOutcome = "charged" | "declined" | "needs_authentication" | "no_card" | "stale";

/**
 * Records date `serviceAt` as paid by `intentId` and the pro's share (once: both writes are conditional). Answers
 * whether this call recorded it.
 */
export async function recordCharged(
  env: Env,
  id: number,
  vendorId: number,
  priceCents: number,
  serviceAt: number,
  intentId: string | null,
  now: number,
): Promise<boolean> {
  const [updated] = await env.DB.batch([
    env.DB.prepare(
      `UPDATE client_subscriptions SET last_charged_for = ?2, last_intent_id = ?3, declined_at = NULL, updated_at = ?4
       WHERE client_subscription_id = ?1 AND (last_charged_for IS NULL OR last_charged_for < ?2)`,
    ).bind(id, serviceAt, intentId, now),
    env.DB.prepare(
      `INSERT INTO vendor_earnings (vendor_id, service_order_id, kind, amount_cents, ref, created_at)
       VALUES (?1, NULL, 'job', ?2, ?3, ?4) ON CONFLICT (ref) DO NOTHING`,
    ).bind(vendorId, vendorShareOf(priceCents), bookingRef(id, serviceAt), now),
  ]);
  return (updated?.meta.changes ?? 0) > 0;
}

/**
 * Charges the date `serviceAt` of a subscription (once: the intent's key is `csub:<id>:<date>:charge`, and
 * last_charged_for records it). A declined card texts the client a fresh link and tells the pro. A card whose bank
 * wants the client to authenticate this charge (3-D Secure, decision 147) texts the client a link to approve it;
 * the date is paid when they do (completeSubscriptionCharge), and both screens show it as waiting for the client.
 */
export async function chargeDate(
  env: Env,
  db: DrizzleD1Database,
  port: PaymentsPort,
  id: number,
  serviceAt: number,
  origin: string,
  now: number,
): Promise<ChargeOutcome> {
  const sub = await subById(env.DB, id);
  if (!sub || sub.status !== "active" || sub.next_service_at !== serviceAt) return "stale";
  if (sub.last_charged_for !== null && sub.last_charged_for >= serviceAt) return "stale";
  if (!sub.payment_method_id) return "no_card";
  const ref = bookingRef(id, serviceAt);
  let declined = false;
  let intent: PaymentIntent | null = null;
  const description = `Subscription service on ${formatWhen(serviceAt, sub.time_zone)}`;
  try {
    intent = await port.createIntent({
      amount_cents: sub.price_cents,
      customer_id: sub.customer_id,
      payment_method_id: sub.payment_method_id,
      confirm: true,
      off_session: true,
      description,
      metadata: { purpose: "client_subscription", ref, client_subscription_id: String(id) },
      idempotency_key: `${ref}:charge:${sub.payment_method_id}`,
    });
    declined = intent.status !== "succeeded";
  } catch (err) {
    if (!(err instanceof PaymentsError)) throw err;
    declined = true;
  }
  const intentId = intent?.id ?? null;
  if (!declined) {
    await recordCharged(env, id, sub.vendor_id, sub.price_cents, serviceAt, intentId, now);
    return "charged";
  }
  const when = formatWhen(serviceAt, sub.time_zone);
  if (intent && needsAuthentication(intent)) {
    await env.DB.prepare(
      "UPDATE client_subscriptions SET last_intent_id = ?2, updated_at = ?3 WHERE client_subscription_id = ?1",
    )
      .bind(id, intent.id, now)
      .run();
    const sent = await sendAuthLink(env, db, {
      intent,
      payment_method_id: sub.payment_method_id,
      purpose: "client_subscription",
      ref,
      description: `${description} (${sub.client_name})`,
      phone: sub.client_phone,
      deadline: serviceAt,
      origin,
      message: (url) => `Your bank asks you to approve the payment for your ${when} service. Approve it here: ${url}`,
      now,
    });
    if (sent) {
      await textVendor(
        env,
        db,
        sub.vendor_id,
        `${sub.client_name}'s bank asks them to approve the payment for ${when}. We texted them a link; it is waiting for them.`,
        now,
      );
    }
    return "needs_authentication";
  }
  const first = await env.DB.prepare(
    `UPDATE client_subscriptions SET declined_at = ?2, last_intent_id = ?3, updated_at = ?2
     WHERE client_subscription_id = ?1 AND declined_at IS NULL RETURNING client_subscription_id`,
  )
    .bind(id, now, intentId)
    .first();
  if (first) {
    const token = await newLinkToken(env.DB, id, now);
    await textClient(
      env,
      db,
      sub,
      `Your card was declined for your ${when} service. Update your card to keep your appointment: ${linkUrl(origin, token)}`,
      now,
    );
    await textVendor(
      env,
      db,
      sub.vendor_id,
      `${sub.client_name}'s card was declined for ${when}. We texted them a link to update it.`,
      now,
    );
  }
  return "declined";
}

/**
 * The completion of a client-subscription charge the client authenticated from their link (decision 147): the
 * date is recorded as paid, the pro's share booked, and the pro told. Idempotent (recordCharged's conditions).
 */
export const completeSubscriptionCharge: AuthCompletion = async (env, db, link, intent, now) => {
  const m = /^csub:(\d+):(\d+)$/.exec(link.ref);
  if (!m) throw new Error(`bad client subscription ref ${link.ref}`);
  const id = Number(m[1]);
  const serviceAt = Number(m[2]);
  const sub = await subById(env.DB, id);
  if (!sub) return;
  if (await recordCharged(env, id, sub.vendor_id, intent.amount_cents, serviceAt, intent.id, now)) {
    await textVendor(
      env,
      db,
      sub.vendor_id,
      `${sub.client_name} approved the payment for ${formatWhen(serviceAt, sub.time_zone)}.`,
      now,
    );
  }
};
