import { eq } from "drizzle-orm";
import { drizzle, type DrizzleD1Database } from "drizzle-orm/d1";
import { MINUTE_MS } from "../../domain/calendar/time";
import { BRAND_NAME } from "../../domain/brand";
import { chosenProConfirmBy } from "../../domain/offer-rules";
import { ServiceOrderStatus } from "../../domain/order-status";
import { services } from "../../schema/tables/catalogue";
import { checkoutItems, orders, serviceOrders } from "../../schema/tables/orders";
import { vendors } from "../../schema/tables/vendors";
import { geoFromEnv } from "../adapters/geo";
import { paymentsEnv, paymentsFromEnv } from "../adapters/payments";
import { calendarFor } from "../calendar/calendar-client";
import { notifyVendors } from "../calendar/notify-vendor";
import { zipPlaceOrFail } from "../catalogue/queries";
import { jobCandidates, offerExpiresAt, vendorsJobFits } from "../checkout/job-candidates";
import { jobOfferText, textSafely, vendorPhones, whenText } from "../checkout/notify";
import { cancelJob } from "../orders/cancel";
import type { OfferProgress } from "../../durable/calendar/rpc-types";

/**
 * Offer rounds for a job nobody has accepted yet (docs/decisions/046-live-offers.md). The calendar object of
 * the vendor whose calendar holds the job's time (it booked it at checkout) watches the job and calls
 * `advanceOffers` from its alarm whenever the job is due (the object's offer step, supplied by the Worker in
 * worker/vendor-calendar.ts):
 *
 * - offers whose round lapsed become `expired` (their dashboards drop them);
 * - while offers are open, nothing else happens;
 * - a job whose chosen pro did not accept within their confirm window (domain/offer-rules.ts, decision 122)
 *   opens to the other pros: the chosen pro's booking is freed and the customer is texted at once with a
 *   link to cancel for a full refund or pick another pro (a chosen pro who declines does the same at once,
 *   worker/jobs/vendor-answers.ts declineOffer);
 * - a job with no open offer goes to the next free candidates not offered before (the same search as
 *   checkout), for one round of OFFER_ROUND_MS; with no new candidate, every pro offered before (and not
 *   declined) is offered it again until the cut-off ("last call");
 * - at the cut-off (the 90-minute lead before the appointment) a job still without a pro is cancelled with
 *   a full refund and the customer is told by text.
 *
 * Every step is a conditional write, so a second call for the same moment changes nothing.
 */

/** How long one round of offers stays open. */
export const OFFER_ROUND_MS = 20 * MINUTE_MS;

/** When the first round of an order's offers lapses: a round for "any pro", the confirm window for a chosen pro. */
export function firstRoundEnds(now: number, start: number, chosenVendor: boolean): number {
  const cutoff = offerExpiresAt(start);
  return chosenVendor ? chosenProConfirmBy(now, start) : Math.min(now + OFFER_ROUND_MS, cutoff);
}

/**
 * Where the customer's text sends them: their orders, on this job (its cancel and "another pro" actions). A
 * text sent from a request uses its origin; one sent by the cron tick or an alarm uses APP_URL, the site's
 * public address (the same setting payment links use); without it the text names "My Orders" instead.
 */
export function orderPageLink(env: Env, soId: number, origin?: string): string | null {
  const base = origin ?? paymentsEnv(env).APP_URL;
  if (!base) return null;
  const url = new URL("/account/orders", base);
  url.searchParams.set("so", String(soId));
  return url.toString();
}

/**
 * The chosen pro is out (they declined, or their confirm window lapsed; the caller's conditional write
 * decided it, so this runs once per job): their booking is freed in their calendar object and the search
 * projection, and the customer is texted at once with the one-tap way out. Failures are logged, never thrown.
 */
export async function chosenProOut(
  env: Env,
  db: DrizzleD1Database,
  input: { soId: number; vendorId: number; why: "declined" | "lapsed"; now: number; origin?: string },
): Promise<void> {
  const { soId, vendorId, why, now } = input;
  await calendarFor(env, vendorId)
    .releaseBooking(vendorId, String(soId), `offers:${soId}:chosen-out:v${vendorId}`, now)
    .catch((err) => console.error(JSON.stringify({ at: "offers.chosen-out.release", soId, error: String(err) })));
  const [job] = await db
    .select({
      phone: orders.phone,
      description: services.description,
      start: serviceOrders.promised_arrival_time,
      time_zone: serviceOrders.time_zone,
      vendor_name: vendors.display_name,
    })
    .from(serviceOrders)
    .innerJoin(orders, eq(orders.order_id, serviceOrders.order_id))
    .innerJoin(services, eq(services.service_id, serviceOrders.service_id))
    .innerJoin(vendors, eq(vendors.vendor_id, vendorId))
    .where(eq(serviceOrders.service_order_id, soId))
    .limit(1);
  if (!job?.phone) return;
  const what = `${job.description ?? "service"}, ${whenText({ description: "", start: job.start, time_zone: job.time_zone })}`;
  const link = orderPageLink(env, soId, input.origin);
  const out = why === "declined" ? "can't take" : "hasn't confirmed";
  await textSafely(
    env,
    db,
    job.phone,
    `${BRAND_NAME}: ${job.vendor_name} ${out} your ${what}. We're offering it to other pros now and will text you when one accepts. ` +
      `Cancel for a full refund or pick another pro: ${link ?? "My Orders"}`,
    now,
  );
}

async function loadJob(db: DrizzleD1Database, soId: number) {
  const [row] = await db
    .select({
      so: serviceOrders,
      zipcode: orders.zipcode,
      phone: orders.phone,
      description: services.description,
      hold_id: checkoutItems.hold_id,
      hold_vendor_id: checkoutItems.hold_vendor_id,
      chosen_vendor_id: checkoutItems.chosen_vendor_id,
      hint_v: checkoutItems.hint_v,
    })
    .from(serviceOrders)
    .innerJoin(orders, eq(orders.order_id, serviceOrders.order_id))
    .innerJoin(services, eq(services.service_id, serviceOrders.service_id))
    .leftJoin(checkoutItems, eq(checkoutItems.service_order_id, serviceOrders.service_order_id))
    .where(eq(serviceOrders.service_order_id, soId))
    .limit(1);
  return row;
}

export async function advanceOffers(env: Env, soId: number, now: number): Promise<OfferProgress> {
  const db = drizzle(env.DB);
  const job = await loadJob(db, soId);
  if (!job) return { done: "gone" };
  if (job.so.vendor_id !== null) return { done: "accepted" };
  if (job.so.service_order_status_id !== ServiceOrderStatus.PENDING) return { done: "gone" };
  const start = job.so.promised_arrival_time;
  const cutoff = offerExpiresAt(start);
  const jobText = { description: job.description ?? "Your service", start, time_zone: job.so.time_zone };

  if (now >= cutoff) {
    const offered = await env.DB.prepare(
      "UPDATE job_offers SET status = 'expired', responded_at = ?2 WHERE service_order_id = ?1 AND status = 'offered' RETURNING vendor_id",
    )
      .bind(soId, now)
      .all<{ vendor_id: number }>();
    await cancelJob(
      env,
      db,
      () => paymentsFromEnv(env, db, now),
      job.so.user_id,
      { service_order_id: soId, reason: "No pro was available for this time" },
      now,
    );
    await notifyVendors(
      env,
      offered.results.map((r) => r.vendor_id),
      { type: "offer.gone", service_order_id: soId, reason: "expired", at: now },
    );
    if (job.phone) {
      await textSafely(
        env,
        db,
        job.phone,
        `We're sorry: no pro was available for your ${jobText.description}, ${whenText(jobText)}. It is cancelled and refunded in full.`,
        now,
      );
    }
    return { done: "cancelled" };
  }

  const lapsed = await env.DB.prepare(
    "UPDATE job_offers SET status = 'expired', responded_at = ?2 WHERE service_order_id = ?1 AND status = 'offered' AND expires_at <= ?2 RETURNING vendor_id",
  )
    .bind(soId, now)
    .all<{ vendor_id: number }>();
  await notifyVendors(
    env,
    lapsed.results.map((r) => r.vendor_id),
    { type: "offer.gone", service_order_id: soId, reason: "expired", at: now },
  );
  // The chosen pro let their confirm window lapse (this call expired their offer, so it runs once).
  const chosen = job.chosen_vendor_id;
  if (chosen !== null && lapsed.results.some((r) => r.vendor_id === chosen)) {
    await chosenProOut(env, db, { soId, vendorId: chosen, why: "lapsed", now });
  }
  const open = await env.DB.prepare(
    "SELECT min(coalesce(expires_at, ?2)) AS t FROM job_offers WHERE service_order_id = ?1 AND status = 'offered'",
  )
    .bind(soId, cutoff)
    .first<{ t: number | null }>();
  if (open?.t != null) return { next: Math.min(open.t, cutoff) };
  // A job checkout did not book (none today) has no candidates' search to run: it waits for the cut-off. A
  // chosen pro's job reaches this point only once the chosen pro's offer closed: it is open to the others.
  if (job.hold_id === null || job.hold_vendor_id === null) return { next: cutoff };

  const already = await env.DB.prepare("SELECT vendor_id FROM job_offers WHERE service_order_id = ?")
    .bind(soId)
    .all<{ vendor_id: number }>();
  const offeredBefore = new Set(already.results.map((r) => r.vendor_id));
  const place = await zipPlaceOrFail(geoFromEnv(env, db), job.so.zipcode, "address");
  const [ranked] = await jobCandidates(
    db,
    place,
    job.so.user_id,
    [
      {
        serviceId: job.so.service_id,
        start,
        minutes: job.so.job_minutes,
        isConnect: job.so.is_connect,
        holdId: job.hold_id,
        holdVendorId: job.hold_vendor_id,
        chosenVendorId: null,
        hint: job.hint_v,
      },
    ],
    now,
  );
  const fresh = (ranked ?? []).filter((v) => !offeredBefore.has(v));
  const roundEnds = Math.min(now + OFFER_ROUND_MS, cutoff);
  let invited: number[];
  if (fresh.length > 0) {
    const inserted = await env.DB.prepare(
      `INSERT OR IGNORE INTO job_offers (service_order_id, vendor_id, status, offered_at, expires_at)
       SELECT ?1, value, 'offered', ?2, ?3 FROM json_each(?4)
       WHERE EXISTS (SELECT 1 FROM service_orders WHERE service_order_id = ?1 AND vendor_id IS NULL AND service_order_status_id = ?5)
       RETURNING vendor_id`,
    )
      .bind(soId, now, roundEnds, JSON.stringify(fresh), ServiceOrderStatus.PENDING)
      .all<{ vendor_id: number }>();
    invited = inserted.results.map((r) => r.vendor_id);
  } else {
    // Last call: everyone offered before (and not declined) may still take it, until the cut-off, if the job
    // still fits their time (their hours, time off or bookings may have changed since; decision 129).
    const lapsedBefore = await env.DB.prepare(
      "SELECT vendor_id FROM job_offers WHERE service_order_id = ? AND status = 'expired'",
    )
      .bind(soId)
      .all<{ vendor_id: number }>();
    const fits = await vendorsJobFits(
      db,
      lapsedBefore.results.map((r) => r.vendor_id),
      { serviceOrderId: soId, start, minutes: job.so.job_minutes, isConnect: job.so.is_connect },
      now,
    );
    const reopened = await env.DB.prepare(
      `UPDATE job_offers SET status = 'offered', expires_at = ?2, responded_at = NULL
       WHERE service_order_id = ?1 AND status = 'expired' AND vendor_id IN (SELECT value FROM json_each(?4))
         AND EXISTS (SELECT 1 FROM service_orders WHERE service_order_id = ?1 AND vendor_id IS NULL AND service_order_status_id = ?3)
       RETURNING vendor_id`,
    )
      .bind(soId, cutoff, ServiceOrderStatus.PENDING, JSON.stringify(fits))
      .all<{ vendor_id: number }>();
    invited = reopened.results.map((r) => r.vendor_id);
  }
  if (invited.length > 0) {
    await notifyVendors(env, invited, { type: "offer.new", service_order_id: soId, at: now });
    const phones = await vendorPhones(db, invited);
    await Promise.all(
      [...phones.values()].map((to) => textSafely(env, db, to, jobOfferText([jobText], job.so.zipcode), now)),
    );
  }
  return { next: fresh.length > 0 ? roundEnds : cutoff };
}

/**
 * The cron tick's part (worker/cron.ts): jobs whose chosen pro's confirm window lapsed and that no alarm has
 * advanced yet are advanced here (the customer told, the job opened to the others), and the calendar object
 * that watches their rounds is told when the next one is due. Safe to run twice and beside the alarm: every
 * step of advanceOffers is a conditional write. Answers the jobs advanced.
 */
export async function sweepLapsedChosenOffers(env: Env, now: number, limit = 50): Promise<number[]> {
  const { results } = await env.DB.prepare(
    `SELECT jo.service_order_id AS so_id, ci.hold_vendor_id AS holder FROM job_offers jo
     JOIN checkout_items ci ON ci.service_order_id = jo.service_order_id AND ci.chosen_vendor_id = jo.vendor_id
     JOIN service_orders so ON so.service_order_id = jo.service_order_id
     WHERE jo.status = 'offered' AND jo.expires_at <= ?1 AND so.vendor_id IS NULL AND so.service_order_status_id = ?2
     ORDER BY jo.expires_at LIMIT ?3`,
  )
    .bind(now, ServiceOrderStatus.PENDING, limit)
    .all<{ so_id: number; holder: number | null }>();
  const advanced: number[] = [];
  for (const r of results) {
    try {
      const progress = await advanceOffers(env, r.so_id, now);
      advanced.push(r.so_id);
      if ("next" in progress && r.holder !== null) {
        await calendarFor(env, r.holder).watchOffers({
          vendorId: r.holder,
          now,
          jobs: [{ serviceOrderId: r.so_id, dueAt: progress.next }],
        });
      }
    } catch (err) {
      console.error(JSON.stringify({ at: "cron.chosen-offers", so_id: r.so_id, error: String(err) }));
    }
  }
  return advanced;
}
