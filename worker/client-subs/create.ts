import type { DrizzleD1Database } from "drizzle-orm/d1";
import { localToInstant } from "../../domain/calendar/time";
import { messageFor } from "../../domain/messages";
import { BILLING_RULES, chargeAt } from "../../domain/payout-rules";
import { formatWhen } from "../../domain/slot-format";
import { fail } from "../http/errors";
import { bookDates, linkUrl, newLinkToken, textClient, upcomingDates, type SubRow } from "./service";

/** A client subscription as the pro's form gave it (checked by the route). */
export interface NewClientSubscription {
  client_name: string;
  client_phone: string;
  client_email?: string | null;
  service_id: number;
  price_cents: number;
  interval_days: number;
  /** The first visit: its local date and time at the service address (preferred), or an instant. */
  first_service_at?: number;
  first_date?: string;
  first_time?: string;
  address: string;
  zipcode: string;
  idempotency_key: string;
}

function e164(phone: string): string {
  const digits = phone.replace(/\D/g, "").replace(/^1(?=\d{10}$)/, "");
  return `+1${digits}`;
}

/**
 * A pro sets up a recurring service for a client (docs/decisions/072-client-subscriptions.md): the first
 * visit read in the service address's zone, at least a day ahead (its charge is the day before); the dates
 * held on the pro's calendar (VSUBSCRIPTION_UNAVAILABLE_SCHEDULE, and nothing kept, when one is taken); the
 * client texted a link to add their card. Idempotent by the pro's key: a repeat answers the first
 * subscription with `replayed`.
 */
export async function createClientSubscription(
  env: Env,
  db: DrizzleD1Database,
  input: NewClientSubscription & { vendorId: number; origin: string; now: number },
): Promise<{ sub: SubRow; replayed: boolean }> {
  const { vendorId, origin, now } = input;
  const key = `v${vendorId}:${input.idempotency_key}`;
  const earlier = await env.DB.prepare("SELECT * FROM client_subscriptions WHERE idempotency_key = ?")
    .bind(key)
    .first<SubRow>();
  if (earlier) return { sub: earlier, replayed: true };
  const zip = await env.DB.prepare("SELECT time_zone FROM zipcodes WHERE zip = ?")
    .bind(input.zipcode)
    .first<{ time_zone: string }>();
  if (!zip) fail("INVALID_ADDRESS", { zipcode: messageFor("INVALID_ADDRESS") });
  const service = await env.DB.prepare(
    `SELECT s.duration_minutes FROM services s JOIN vendor_services vs ON vs.service_id = s.service_id AND vs.vendor_id = ?2
     WHERE s.service_id = ?1 AND s.enable = 1 AND vs.enabled = 1`,
  )
    .bind(input.service_id, vendorId)
    .first<{ duration_minutes: number }>();
  if (!service) fail("ERROR_VSUBSCRIPTION", { service_id: "Choose one of your services." });
  // The first visit is a local date and time at the service address, read in its zone (not the browser's, not
  // UTC); an instant is still accepted from callers that send one.
  let firstAt: number;
  if (input.first_date !== undefined || input.first_time !== undefined) {
    if (!input.first_date || !input.first_time) {
      fail("INVALID_INPUT", { first_service_at: "Choose the first date and time." });
    }
    firstAt = localToInstant(input.first_date, input.first_time, zip.time_zone);
  } else if (input.first_service_at !== undefined) {
    firstAt = input.first_service_at;
  } else {
    fail("INVALID_INPUT", { first_service_at: "Choose the first date and time." });
  }
  // The first date's charge (the same local time the day before) must still be ahead: the client needs the
  // time to add their card.
  if (chargeAt(firstAt, zip.time_zone) < now) {
    fail("ERROR_VSUBSCRIPTION", { first_service_at: "Choose a first date at least 24 hours away." });
  }
  const inserted = await env.DB.prepare(
    `INSERT INTO client_subscriptions (vendor_id, client_name, client_phone, client_email, service_id, price_cents,
       interval_days, next_service_at, job_minutes, address, zipcode, status, time_zone, idempotency_key, created_at, updated_at)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, 'created', ?12, ?13, ?14, ?14)
     ON CONFLICT DO NOTHING RETURNING *`,
  )
    .bind(
      vendorId,
      input.client_name,
      e164(input.client_phone),
      input.client_email ?? null,
      input.service_id,
      input.price_cents,
      input.interval_days,
      firstAt,
      service.duration_minutes,
      input.address,
      input.zipcode,
      zip.time_zone,
      key,
      now,
    )
    .first<SubRow>();
  if (!inserted) {
    const winner = await env.DB.prepare("SELECT * FROM client_subscriptions WHERE idempotency_key = ?")
      .bind(key)
      .first<SubRow>();
    if (!winner) fail("ERROR_VSUBSCRIPTION");
    return { sub: winner, replayed: true };
  }
  const booked = await bookDates(env, db, inserted, upcomingDates(inserted, BILLING_RULES.holdAheadDates), now);
  if (!booked.ok) {
    await env.DB.prepare("DELETE FROM client_subscriptions WHERE client_subscription_id = ?")
      .bind(inserted.client_subscription_id)
      .run();
    console.log(JSON.stringify({ at: "csub.create.refused", vendor_id: vendorId, reason: booked.reason }));
    fail("VSUBSCRIPTION_UNAVAILABLE_SCHEDULE", {
      first_service_at: `You are not available on ${formatWhen(booked.at, inserted.time_zone)}.`,
    });
  }
  const token = await newLinkToken(env.DB, inserted.client_subscription_id, now);
  const vendor = await env.DB.prepare("SELECT display_name FROM vendors WHERE vendor_id = ?")
    .bind(vendorId)
    .first<{ display_name: string }>();
  await textClient(
    env,
    db,
    inserted,
    `${vendor?.display_name ?? "Your professional"} set up your recurring service, first on ${formatWhen(inserted.next_service_at, inserted.time_zone)}. Add your card here: ${linkUrl(origin, token)}`,
    now,
  );
  return { sub: inserted, replayed: false };
}
