import type { DrizzleD1Database } from "drizzle-orm/d1";
import { formatLocal, iso } from "../../domain/calendar/time";
import { bpsOf } from "../../domain/checkout-rules";
import { ServiceOrderStatus } from "../../domain/order-status";
import { PRICING } from "../../domain/pricing-config";
import { formatWhen } from "../../domain/slot-format";
import type { ConfirmAnswer, HoldAnswer } from "../../durable/calendar/rpc-types";
import { calendarFor, refusalError } from "../calendar/calendar-client";
import { notifyVendor, notifyVendors } from "../calendar/notify-vendor";
import { toVendorSettings, vendorSettingsQuery } from "../calendar/settings";
import { textSafely, vendorPhones } from "../checkout/notify";
import { fail } from "../http/errors";
import { connectCandidates } from "./eligibility";

/**
 * A business (connect) request the pro was assigned becomes one connect job on their calendar
 * (docs/decisions/087-connect-jobs-and-payment.md): `sessions` back-to-back blocks of the service's length
 * from the requested start, booked through the pro's calendar object with is_connect set (so the job counts
 * for all of its length in conflict checks, docs/product.md section 9), then written to D1 (order, job, request
 * `assigned|offered -> scheduled`) in one batch that only applies while the request is still this pro's to take:
 * assigned to them, or offered to them among several with nobody ahead (docs/decisions/089: the first wins).
 */

/** A connect job is at most a working day: sessions x the service's length. */
export const CONNECT_MAX_JOB_MINUTES = 8 * 60;
export const CONNECT_MAX_SESSIONS = 8;

/**
 * Who a connect job's order belongs to. A business request has no customer account (docs/decisions/095),
 * so connect orders belong to one house account that cannot sign in (disabled, no password, a phone no US
 * number can have); the business's contact is on the order (phone, email), where every text about a job goes.
 */
export const CONNECT_HOUSE = {
  name: "Business",
  phone: "+10000000031",
  email: "connect-orders@business.invalid",
  referral_code: "CONNECT-HOUSE",
} as const;

export async function connectHouseUserId(d1: D1Database, now: number): Promise<number> {
  const [, row] = await d1.batch([
    d1
      .prepare(
        `INSERT INTO users (name, phone, email, status, referral_code, security_groups, created_at, updated_at)
         VALUES (?1, ?2, ?3, 'disabled', ?4, '', ?5, ?5) ON CONFLICT DO NOTHING`,
      )
      .bind(CONNECT_HOUSE.name, CONNECT_HOUSE.phone, CONNECT_HOUSE.email, CONNECT_HOUSE.referral_code, now),
    d1.prepare("SELECT user_id FROM users WHERE email = ?").bind(CONNECT_HOUSE.email),
  ]);
  const id = (row?.results[0] as { user_id: number } | undefined)?.user_id;
  if (!id) throw new Error("connect house account missing");
  return id;
}

export interface RequestRow {
  connect_request_id: number;
  status: string;
  vendor_id: number | null;
  service_id: number;
  business_name: string;
  phone: string;
  starts_at: number;
  time_zone: string;
  people: number;
  service_order_id: number | null;
  updated_at: number;
  offer_expires_at: number | null;
  zipcode: string;
  duration_minutes: number;
  base_price_cents: number;
  service: string;
}

export interface ConnectScheduled {
  connect_request_id: number;
  service_order_id: number;
  status: "scheduled";
  promised_arrival_time: string;
  starts_at: string;
  job_minutes: number;
  sessions: number;
  is_connect: true;
}

const orderKey = (id: number) => `connect:r${id}`;

export async function requestOf(d1: D1Database, id: number): Promise<RequestRow | null> {
  return d1
    .prepare(
      `SELECT r.connect_request_id, r.status, r.vendor_id, r.service_id, r.business_name, r.phone, r.starts_at,
              r.time_zone, r.people, r.service_order_id, r.updated_at, r.offer_expires_at, r.zipcode, s.duration_minutes, s.base_price_cents,
              s.description AS service
       FROM connect_requests r JOIN services s ON s.service_id = r.service_id WHERE r.connect_request_id = ?`,
    )
    .bind(id)
    .first<RequestRow>();
}

async function answerOf(d1: D1Database, req: RequestRow): Promise<ConnectScheduled> {
  const job = await d1
    .prepare("SELECT promised_arrival_time AS t, job_minutes, time_zone FROM service_orders WHERE service_order_id = ?")
    .bind(req.service_order_id)
    .first<{ t: number; job_minutes: number; time_zone: string }>();
  if (!job) fail("FAILED_VENDOR_SCHEDULE_ACCEPT");
  return {
    connect_request_id: req.connect_request_id,
    service_order_id: req.service_order_id!,
    status: "scheduled",
    promised_arrival_time: formatLocal(job.t, job.time_zone),
    starts_at: iso(job.t),
    job_minutes: job.job_minutes,
    sessions: Math.max(1, Math.round(job.job_minutes / Math.max(1, req.duration_minutes))),
    is_connect: true,
  };
}

/**
 * POST /vendor/me/vendor-connect-schedule. Guarantees: a request of another pro (or none) is NOT_FOUND; a
 * request scheduled already by this pro answers its job again (a retry, a double click, 20 parallel calls:
 * one hold, one job, one booking); a cancelled or past request is FAILED_VENDOR_SCHEDULE_ACCEPT; a calendar
 * refusal answers the calendar's code (CART_ITEM_NOT_AVAILABLE, CART_ITEM_DATE_CHANGED with the nearest free
 * time) and writes nothing to D1.
 */
export async function scheduleConnectRequest(
  env: Env,
  db: DrizzleD1Database,
  vendorId: number,
  input: { connect_request_id: number; sessions: number },
  now: number,
): Promise<ConnectScheduled> {
  const d1 = env.DB;
  const id = input.connect_request_id;
  const req = await requestOf(d1, id);
  const offer = await d1
    .prepare("SELECT status FROM connect_request_offers WHERE connect_request_id = ? AND vendor_id = ?")
    .bind(id, vendorId)
    .first<{ status: "offered" | "won" | "lost" }>();
  if (!req || (req.vendor_id !== vendorId && !offer)) {
    return fail("NOT_FOUND", { connect_request_id: "We couldn't find this request among yours." });
  }
  if (req.status === "scheduled" && req.vendor_id === vendorId && req.service_order_id !== null) {
    return answerOf(d1, req);
  }
  // Offered to several pros: another one scheduled it first, staff took it back, or the round ended
  // (docs/decisions/113: from its end the offer is gone, even before the cron puts the request back in the queue).
  const open =
    (req.status === "assigned" && req.vendor_id === vendorId) ||
    (req.status === "offered" && offer?.status === "offered" && (req.offer_expires_at ?? Infinity) > now);
  if (!open || req.starts_at <= now) fail("FAILED_VENDOR_SCHEDULE_ACCEPT");
  const minutes = req.duration_minutes * input.sessions;
  if (minutes > CONNECT_MAX_JOB_MINUTES) {
    fail("INVALID_INPUT", {
      sessions: `At most ${Math.floor(CONNECT_MAX_JOB_MINUTES / req.duration_minutes)} sessions of ${req.duration_minutes} minutes fit in a day.`,
    });
  }
  // Only a pro whose range reaches the address (decision 123: the booking search's rule); their calendar object
  // decides the time below.
  const candidates = await connectCandidates(
    env,
    db,
    { service_id: req.service_id, zipcode: req.zipcode, starts_at: req.starts_at, minutes, time_zone: req.time_zone },
    now,
  );
  if (!candidates.some((c) => c.vendor_id === vendorId)) {
    fail("INVALID_INPUT", { connect_request_id: "This address is outside your service area." });
  }
  const [settingsRow] = await vendorSettingsQuery(db, [vendorId]);
  if (!settingsRow) return fail("NOT_FOUND");
  const settings = toVendorSettings(settingsRow);
  const calendar = calendarFor(env, vendorId);
  // Calls on the request as it is now share the hold (the key's answer is replayed); a refusal moves the
  // request's updated_at, so a retry after the pro freed the time checks afresh instead of replaying it.
  const holdKey = `connect:r${id}:v${vendorId}:m${minutes}:u${req.updated_at}`;
  const hold: HoldAnswer = await calendar.placeHold({
    settings,
    now,
    start: req.starts_at,
    durationMinutes: minutes,
    isConnect: true,
    idempotencyKey: holdKey,
  });
  if (!hold.ok) {
    // A parallel call that read the request before a change may have won with its own hold: then this is that job.
    const again = await requestOf(d1, id);
    if (again?.status === "scheduled" && again.vendor_id === vendorId && again.service_order_id !== null) {
      return answerOf(d1, again);
    }
    await d1
      .prepare(
        "UPDATE connect_requests SET updated_at = max(updated_at + 1, ?2) WHERE connect_request_id = ?1 AND updated_at = ?3",
      )
      .bind(id, now, req.updated_at)
      .run();
    throw refusalError(hold, req.time_zone);
  }

  const price = req.base_price_cents * input.sessions;
  const payout = bpsOf(price, PRICING.vendorShareBps);
  const house = await connectHouseUserId(d1, now);
  // Still this pro's to take: assigned to them, or offered to them, nobody has scheduled it yet and the round is
  // open (the cron expiring the round and this batch are serialised by D1: one of them applies).
  const stillMine = `r.connect_request_id = ?1 AND ((r.status = 'assigned' AND r.vendor_id = ?2) OR (r.status = 'offered'
    AND coalesce(r.offer_expires_at, ${Math.trunc(now)} + 1) > ${Math.trunc(now)}
    AND EXISTS (SELECT 1 FROM connect_request_offers x WHERE x.connect_request_id = ?1 AND x.vendor_id = ?2 AND x.status = 'offered')))`;
  const notes = `Business booking: ${req.business_name}, ${req.people} people, ${input.sessions} x ${req.duration_minutes} min.`;
  const results = await d1.batch([
    d1
      .prepare(
        `INSERT INTO orders (user_id, status, subtotal_cents, total_cents, email, phone, address, zipcode, time_zone,
           customer_notes, idempotency_key, confirmed_at, created_at, updated_at)
         SELECT ?3, 'confirmed', ?4, ?4, r.email, r.phone, r.address, r.zipcode, r.time_zone,
           ?5 || coalesce(' ' || r.notes, ''), ?6, ?7, ?7, ?7
         FROM connect_requests r WHERE ${stillMine}
         ON CONFLICT (idempotency_key) DO NOTHING`,
      )
      .bind(id, vendorId, house, price, notes, orderKey(id), now),
    d1
      .prepare(
        `INSERT INTO service_orders (order_id, user_id, vendor_id, service_id, service_order_status_id, scheduled_status,
           promised_arrival_time, job_minutes, is_connect, address, zipcode, time_zone, customer_notes, price_cents,
           vendor_payout_cents, created_at, updated_at)
         SELECT o.order_id, o.user_id, ?2, r.service_id, ${ServiceOrderStatus.SCHEDULED}, 1, r.starts_at, ?3, 1, r.address,
           r.zipcode, r.time_zone, o.customer_notes, ?4, ?5, ?7, ?7
         FROM orders o JOIN connect_requests r ON ${stillMine}
         WHERE o.idempotency_key = ?6 AND NOT EXISTS (SELECT 1 FROM service_orders x WHERE x.order_id = o.order_id)`,
      )
      .bind(id, vendorId, minutes, price, payout, orderKey(id), now),
    d1
      .prepare(
        `UPDATE connect_requests AS r SET status = 'scheduled', vendor_id = ?2, sessions = ?3, price_cents = ?4,
           scheduled_at = ?6, updated_at = ?6,
           service_order_id = (SELECT so.service_order_id FROM service_orders so JOIN orders o ON o.order_id = so.order_id
                               WHERE o.idempotency_key = ?5)
         WHERE ${stillMine} RETURNING service_order_id`,
      )
      .bind(id, vendorId, input.sessions, price, orderKey(id), now),
    // Offered to several: the winner's offer is won, the others' lost.
    d1
      .prepare(
        `UPDATE connect_request_offers SET status = CASE WHEN vendor_id = ?2 THEN 'won' ELSE 'lost' END, responded_at = ?3
         WHERE connect_request_id = ?1 AND status = 'offered'
           AND EXISTS (SELECT 1 FROM connect_requests WHERE connect_request_id = ?1 AND status = 'scheduled' AND vendor_id = ?2)
         RETURNING vendor_id, status`,
      )
      .bind(id, vendorId, now),
  ]);
  const losers = ((results[3]?.results ?? []) as Array<{ vendor_id: number; status: string }>)
    .filter((o) => o.status === "lost")
    .map((o) => o.vendor_id);
  const won = (results[2]?.results[0] as { service_order_id: number } | undefined)?.service_order_id ?? null;
  const current = await requestOf(d1, id);
  if (!current || current.status !== "scheduled" || current.vendor_id !== vendorId || !current.service_order_id) {
    // The request changed under us (cancelled, given to another pro): let the time go.
    await calendar
      .releaseHold(hold.hold.holdId, `${holdKey}:release`, now, { forgetKey: holdKey })
      .catch(() => undefined);
    fail("FAILED_VENDOR_SCHEDULE_ACCEPT");
  }
  const soid = current.service_order_id;
  const booked: ConfirmAnswer = await calendar.confirmHold(
    hold.hold.holdId,
    String(soid),
    `connect:r${id}:book:${hold.hold.holdId}`,
    now,
    settings,
  );
  if (!booked.ok) {
    // Time off was added over the hold in between: undo the job so the request can be scheduled again.
    await d1.batch([
      d1
        .prepare(
          `UPDATE connect_requests SET status = ?4, vendor_id = CASE WHEN ?4 = 'offered' THEN NULL ELSE vendor_id END,
             service_order_id = NULL, sessions = NULL, price_cents = NULL, scheduled_at = NULL, updated_at = ?3
           WHERE connect_request_id = ?1 AND service_order_id = ?2 AND status = 'scheduled'`,
        )
        .bind(id, soid, now, req.status),
      d1
        .prepare(
          `UPDATE connect_request_offers SET status = 'offered', responded_at = NULL
           WHERE connect_request_id = ?1 AND status IN ('won', 'lost')
             AND EXISTS (SELECT 1 FROM connect_requests WHERE connect_request_id = ?1 AND status = 'offered')`,
        )
        .bind(id),
      d1
        .prepare(
          "DELETE FROM service_orders WHERE service_order_id = ?1 AND NOT EXISTS (SELECT 1 FROM connect_requests WHERE service_order_id = ?1)",
        )
        .bind(soid),
      d1
        .prepare(
          "DELETE FROM orders WHERE idempotency_key = ?1 AND NOT EXISTS (SELECT 1 FROM service_orders so JOIN orders o ON o.order_id = so.order_id WHERE o.idempotency_key = ?1)",
        )
        .bind(orderKey(id)),
    ]);
    throw refusalError(booked, req.time_zone);
  }
  if (won !== null) {
    await notifyVendor(env, vendorId, { type: "job.changed", service_order_id: soid, at: now }).catch(() => undefined);
    if (losers.length > 0) {
      await notifyVendors(env, losers, { type: "connect.request", connect_request_id: id, at: now });
      const phones = await vendorPhones(db, losers);
      await Promise.all(
        [...phones.values()].map((to) =>
          textSafely(env, db, to, `${req.business_name}: this business request is no longer available.`, now),
        ),
      );
    }
    const pro = await d1
      .prepare("SELECT display_name FROM vendors WHERE vendor_id = ?")
      .bind(vendorId)
      .first<{ display_name: string }>();
    await textSafely(
      env,
      db,
      req.phone,
      `${req.business_name}: your ${req.service} on ${formatWhen(req.starts_at, req.time_zone)} is confirmed with ${pro?.display_name ?? "your professional"} (${input.sessions} x ${req.duration_minutes} min). We'll send the invoice link shortly.`,
      now,
    );
  }
  return answerOf(d1, current);
}
