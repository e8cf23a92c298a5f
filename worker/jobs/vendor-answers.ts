import { drizzle } from "drizzle-orm/d1";
import { HOUR_MS } from "../../domain/calendar/time";
import { ScheduledStatus, ServiceOrderStatus } from "../../domain/order-status";
import { calendarFor } from "../calendar/calendar-client";
import { notifyVendor } from "../calendar/notify-vendor";
import { fail } from "../http/errors";
import { advanceOffers, chosenProOut } from "./offer-rounds";

/**
 * A pro's answers to their jobs and offers (docs/decisions/046-live-offers.md): confirm an accepted job's
 * schedule, give back an accepted job not yet confirmed (offered to others again), pass on an open offer.
 * Each tells the pro's live dashboard. They take the Worker's env for D1 and the pro's calendar object.
 */

/** Declining an unconfirmed job this close to it costs reliability (message 1); earlier it is free (2). */
export const FREE_DECLINE_BEFORE_MS = 24 * HOUR_MS;
export const DECLINE_RELIABILITY_PENALTY = 5;

type JobAnswer = { vendorId: number; serviceOrderId: number; now: number };

/** The pro confirms an accepted job's schedule (scheduled_status 1); FAILED_VENDOR_SCHEDULE_ACCEPT otherwise. */
export async function confirmSchedule(env: Env, input: JobAnswer): Promise<void> {
  const { vendorId, serviceOrderId: soId, now } = input;
  const row = await env.DB.prepare(
    `UPDATE service_orders SET scheduled_status = ?3, updated_at = ?4
     WHERE service_order_id = ?1 AND vendor_id = ?2 AND scheduled_status = ?5
       AND service_order_status_id IN (?6, ?7) AND promised_arrival_time > ?4
     RETURNING service_order_id`,
  )
    .bind(
      soId,
      vendorId,
      ScheduledStatus.CONFIRMED,
      now,
      ScheduledStatus.UNCONFIRMED,
      ServiceOrderStatus.SCHEDULED,
      ServiceOrderStatus.IN_PROGRESS,
    )
    .first();
  if (!row) fail("FAILED_VENDOR_SCHEDULE_ACCEPT");
  await notifyVendor(env, vendorId, { type: "job.changed", service_order_id: soId, at: now });
}

/**
 * The pro gives back an accepted, unconfirmed job before it starts: it returns to pending and its offer
 * rounds start again; inside FREE_DECLINE_BEFORE_MS it costs DECLINE_RELIABILITY_PENALTY reliability.
 * FAILED_VENDOR_SCHEDULE_DECLINED otherwise. Answers whether it was free.
 */
export async function declineSchedule(env: Env, input: JobAnswer): Promise<{ free: boolean }> {
  const { vendorId, serviceOrderId: soId, now } = input;
  const d1 = env.DB;
  const job = await d1
    .prepare(
      `SELECT so.promised_arrival_time AS start, ci.hold_vendor_id AS holder FROM service_orders so
       LEFT JOIN checkout_items ci ON ci.service_order_id = so.service_order_id
       WHERE so.service_order_id = ?1 AND so.vendor_id = ?2`,
    )
    .bind(soId, vendorId)
    .first<{ start: number; holder: number | null }>();
  if (!job) fail("FAILED_VENDOR_SCHEDULE_DECLINED");
  const free = job.start - now >= FREE_DECLINE_BEFORE_MS;
  const mine =
    "EXISTS (SELECT 1 FROM service_orders WHERE service_order_id = ?1 AND vendor_id IS NULL AND updated_at = ?3)";
  const [released] = await d1.batch([
    d1
      .prepare(
        `UPDATE service_orders SET vendor_id = NULL, service_order_status_id = ?4, vendor_payout_cents = 0, updated_at = ?3
         WHERE service_order_id = ?1 AND vendor_id = ?2 AND scheduled_status = ?5 AND service_order_status_id = ?6
           AND promised_arrival_time > ?3
         RETURNING service_order_id`,
      )
      .bind(soId, vendorId, now, ServiceOrderStatus.PENDING, ScheduledStatus.UNCONFIRMED, ServiceOrderStatus.SCHEDULED),
    d1
      .prepare(
        `UPDATE job_offers SET status = 'declined', responded_at = ?3 WHERE service_order_id = ?1 AND vendor_id = ?2 AND ${mine}`,
      )
      .bind(soId, vendorId, now),
    // The pros who lost the race may take it after all: the next offer round reopens them.
    d1
      .prepare(
        `UPDATE job_offers SET status = 'expired', responded_at = ?3 WHERE service_order_id = ?1 AND vendor_id <> ?2 AND status = 'lost' AND ${mine}`,
      )
      .bind(soId, vendorId, now),
    d1
      .prepare(
        `UPDATE vendors SET reliability = max(1, reliability - ?4), updated_at = ?3 WHERE vendor_id = ?2 AND ?5 = 0 AND ${mine}`,
      )
      .bind(soId, vendorId, now, DECLINE_RELIABILITY_PENALTY, free ? 1 : 0),
  ]);
  if (released!.results.length === 0) fail("FAILED_VENDOR_SCHEDULE_DECLINED");
  await calendarFor(env, vendorId).releaseBooking(vendorId, String(soId), `job:${soId}:declined:v${vendorId}`, now);
  // The vendor whose calendar held the time at checkout watches the job's new offer rounds.
  const watcher = job.holder ?? vendorId;
  await calendarFor(env, watcher).watchOffers({
    vendorId: watcher,
    now,
    jobs: [{ serviceOrderId: soId, dueAt: now }],
  });
  await notifyVendor(env, vendorId, { type: "job.changed", service_order_id: soId, at: now });
  return { free };
}

/**
 * The pro passes on an open offer (it leaves their dashboard); FAILED_VENDOR_JOB_ACCEPT when it is not open.
 * The conditional write is the claim: of any number of racing answers (declines and accepts) one wins, and
 * only the winning decline does the rest (docs/decisions/122-chosen-pro-confirms-in-hours.md):
 * - the time checkout booked on the decliner's calendar (the pro the customer chose, or for "any pro" the
 *   one that held it) is freed at once, in their calendar object and the search projection;
 * - when they were the pro the customer chose, the customer is texted at once with a link to their order
 *   (cancel for a full refund, or pick another pro);
 * - the job's next offer round runs at once (the next free candidates, worker/jobs/offer-rounds.ts), and the
 *   calendar object watching its rounds is told when the one after is due.
 */
export async function declineOffer(env: Env, input: JobAnswer & { origin?: string }): Promise<void> {
  const { vendorId, serviceOrderId: soId, now } = input;
  const row = await env.DB.prepare(
    `UPDATE job_offers SET status = 'declined', responded_at = ?3
     WHERE service_order_id = ?1 AND vendor_id = ?2 AND status = 'offered' RETURNING job_offer_id`,
  )
    .bind(soId, vendorId, now)
    .first();
  if (!row) fail("FAILED_VENDOR_JOB_ACCEPT");
  await notifyVendor(env, vendorId, { type: "offer.gone", service_order_id: soId, reason: "declined", at: now });
  const job = await env.DB.prepare(
    `SELECT so.vendor_id, so.service_order_status_id AS status, ci.chosen_vendor_id AS chosen, ci.hold_vendor_id AS holder
     FROM service_orders so LEFT JOIN checkout_items ci ON ci.service_order_id = so.service_order_id
     WHERE so.service_order_id = ?`,
  )
    .bind(soId)
    .first<{ vendor_id: number | null; status: number; chosen: number | null; holder: number | null }>();
  if (!job || job.vendor_id !== null || job.status !== ServiceOrderStatus.PENDING) return;
  const db = drizzle(env.DB);
  if (job.chosen === vendorId) {
    await chosenProOut(env, db, { soId, vendorId, why: "declined", now, origin: input.origin });
  } else if (job.holder === vendorId) {
    await calendarFor(env, vendorId)
      .releaseBooking(vendorId, String(soId), `offers:${soId}:declined:v${vendorId}`, now)
      .catch((err) => console.error(JSON.stringify({ at: "offers.decline.release", soId, error: String(err) })));
  }
  try {
    const progress = await advanceOffers(env, soId, now);
    if ("next" in progress && job.holder !== null) {
      await calendarFor(env, job.holder).watchOffers({
        vendorId: job.holder,
        now,
        jobs: [{ serviceOrderId: soId, dueAt: progress.next }],
      });
    }
  } catch (err) {
    // The watching object's alarm runs the round at its due time anyway.
    console.error(JSON.stringify({ at: "offers.decline.advance", soId, error: String(err) }));
  }
}
