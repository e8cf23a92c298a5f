import { and, eq } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { bpsOf } from "../../domain/checkout-rules";
import type { BusyInterval } from "../../domain/calendar/availability";
import { DAY_MS, formatLocal, iso, MINUTE_MS } from "../../domain/calendar/time";
import { offerMisfit, offerMisfitText } from "../../domain/offer-rules";
import type { BusyEntry } from "../../durable/calendar/rpc-types";
import { ServiceOrderStatus } from "../../domain/order-status";
import { PRICING } from "../../domain/pricing-config";
import { users } from "../../schema/tables/accounts";
import { services } from "../../schema/tables/catalogue";
import { checkoutItems, jobOffers, orders, serviceOrders } from "../../schema/tables/orders";
import { vendors } from "../../schema/tables/vendors";
import { calendarFor } from "../calendar/calendar-client";
import { notifyVendor, notifyVendors } from "../calendar/notify-vendor";
import { notifyOrderChanged } from "../orders/notify-customer";
import { settingsColumns, toVendorSettings } from "../calendar/settings";
import { jobAcceptedText, textSafely } from "../checkout/notify";
import { fail } from "../http/errors";
import { declineOffer } from "./vendor-answers";

/**
 * A pro accepts an offered job (POST /vendor/me/jobs/accept; docs/product.md section 7 "Vendor";
 * docs/architecture.md section 3 "Who gets a job"; docs/decisions/032-checkout-and-job-offers.md). A vendor with an open offer takes the job; the first valid
 * acceptance wins:
 *
 *  1. The vendor's own calendar object checks the time: for the vendor whose calendar checkout booked
 *     (the chosen vendor, or for "any pro" the one that held the time) that booking must still be there;
 *     any other vendor's object must grant a hold on it (placeHold, the same rules as any booking).
 *  2. One conditional UPDATE claims the job: vendor_id still null, status still PENDING, this vendor's
 *     offer still open, the order confirmed. D1 runs it atomically, so of any number of racing vendors
 *     exactly one gets a row back; the other offers become lost in the same batch.
 *  3. The winner's hold becomes the booking (confirmHold, ref = service_order_id) and the checkout's
 *     booking on the vendor that held the time is released (releaseBooking); a loser's hold is released.
 *     A winner whose object then refuses (time off added in between) gives the job back.
 *
 * Losers and late comers get FAILED_VENDOR_JOB_ACCEPT "Sorry, this job is no longer available.", with why in
 * `fields.service_order_id` ("Another pro accepted this job.", "This time now overlaps your booking at 2:00 PM.");
 * a job that no longer fits the pro's calendar leaves their offers as a decline would (decision 129). Accepting
 * a job one already holds answers it again. Used by worker/api/vendor/me/jobs.ts.
 */
export async function acceptJob(
  env: Env,
  db: DrizzleD1Database,
  input: { vendorId: number; serviceOrderId: number; now: number },
) {
  const { vendorId, serviceOrderId: soId, now } = input;
  const d1 = env.DB;

  // Plain queries at once, not a batch: D1 batches answer rows by column name, and these joins share names.
  const [jobRows, offerRows, vendorRows] = await Promise.all([
    db
      .select({
        so: serviceOrders,
        order_status: orders.status,
        customer_phone: orders.phone,
        description: services.description,
        booked_vendor_id: checkoutItems.hold_vendor_id,
        list_price_cents: checkoutItems.price_cents,
      })
      .from(serviceOrders)
      .innerJoin(orders, eq(orders.order_id, serviceOrders.order_id))
      .innerJoin(services, eq(services.service_id, serviceOrders.service_id))
      .leftJoin(checkoutItems, eq(checkoutItems.service_order_id, serviceOrders.service_order_id))
      .where(eq(serviceOrders.service_order_id, soId))
      .limit(1),
    db.select().from(jobOffers).where(eq(jobOffers.service_order_id, soId)),
    db
      .select({ ...settingsColumns, display_name: vendors.display_name, user_phone: users.phone })
      .from(vendors)
      .innerJoin(users, eq(users.user_id, vendors.user_id))
      .where(eq(vendors.vendor_id, vendorId))
      .limit(1),
  ]);
  const job = jobRows[0];
  const vendor = vendorRows[0];
  // Every refusal is FAILED_VENDOR_JOB_ACCEPT (the spec's code); `service_order_id` says why in true words.
  function gone(why = "This job is no longer available."): never {
    fail("FAILED_VENDOR_JOB_ACCEPT", { service_order_id: why });
  }
  if (!job || !vendor) gone();
  const so = job.so;
  const view = (status: number, vendor_id: number | null) => [
    {
      service_order_id: so.service_order_id,
      order_id: so.order_id,
      service_id: so.service_id,
      description: job.description,
      promised_arrival_time: formatLocal(so.promised_arrival_time, so.time_zone),
      promised_arrival_at: iso(so.promised_arrival_time),
      time_zone: so.time_zone,
      job_minutes: so.job_minutes,
      is_connect: so.is_connect,
      zipcode: so.zipcode,
      vendor_id,
      service_order_status_id: status,
      scheduled_status: so.scheduled_status,
    },
  ];
  if (so.vendor_id === vendorId && so.service_order_status_id === ServiceOrderStatus.SCHEDULED) {
    return { jobs: view(so.service_order_status_id, vendorId), replayed: true };
  }
  const offer = offerRows.find((o) => o.vendor_id === vendorId);
  const closed = offerClosedWhy(offer, so, job.order_status, vendorId, now);
  if (closed) gone(closed);
  const settings = toVendorSettings(vendor);
  if (!settings.bookable) gone(offerMisfitText({ why: "not-bookable" }, settings.tz));
  const calendar = calendarFor(env, vendorId);
  const start = so.promised_arrival_time;
  const end = start + so.job_minutes * MINUTE_MS;
  // The job no longer fits this pro's calendar (hours, time off, another booking; decision 129): the offer
  // leaves them as if they had declined it (the next pros are offered it, a chosen pro's client is told), and
  // the answer says why, read from their calendar object.
  const misfit = async (): Promise<never> => {
    const busy = await calendar.listBusy({ vendorId, now, from: start - DAY_MS, to: end + DAY_MS });
    const why = offerMisfit({
      settings,
      busy: busy.filter((b) => !(b.kind === "booking" && b.ref === String(soId))).map(toInterval),
      now,
      start,
      durationMinutes: so.job_minutes,
      isConnect: so.is_connect,
    });
    await declineOffer(env, { vendorId, serviceOrderId: soId, now }).catch(() => undefined);
    gone(why ? offerMisfitText(why, settings.tz) : "This time no longer fits your calendar.");
  };

  // 1. The vendor's own calendar.
  let holdId: string | null = null;
  const holdKey = `job:${soId}:accept:v${vendorId}`;
  let ownBooking = false;
  if (job.booked_vendor_id === vendorId) {
    const busy = await calendar.listBusy({ vendorId, now, from: start, to: end });
    // Time off the vendor added over the booking since: they are not taking it.
    if (busy.some((b) => b.kind === "time_off")) await misfit();
    // A chosen pro whose confirm window lapsed had their booking freed (decision 122): on a last call they
    // hold the time again like any other pro.
    ownBooking = busy.some((b) => b.kind === "booking" && b.ref === String(soId));
  }
  if (!ownBooking) {
    const answer = await calendar.placeHold({
      settings,
      now,
      start,
      durationMinutes: so.job_minutes,
      isConnect: so.is_connect,
      idempotencyKey: holdKey,
    });
    if (!answer.ok) await misfit();
    else holdId = answer.hold.holdId;
  }
  const letGo = async () => {
    if (holdId) {
      await calendar
        .releaseHold(holdId, `${holdKey}:undo`, now, { forgetKey: holdKey })
        .catch((err) =>
          console.error(JSON.stringify({ at: "jobs.accept.release", hold_id: holdId, error: String(err) })),
        );
    }
  };

  // 2. The claim.
  const payout = bpsOf(job.list_price_cents ?? so.price_cents, PRICING.vendorShareBps);
  const mine = "EXISTS (SELECT 1 FROM service_orders WHERE service_order_id = ?1 AND vendor_id = ?2)";
  const [claimed] = await d1.batch([
    d1
      .prepare(
        `UPDATE service_orders SET vendor_id = ?2, service_order_status_id = ?3, vendor_payout_cents = ?4, updated_at = ?5
         WHERE service_order_id = ?1 AND vendor_id IS NULL AND service_order_status_id = ?6
           AND EXISTS (SELECT 1 FROM job_offers WHERE service_order_id = ?1 AND vendor_id = ?2 AND status = 'offered'
                       AND (expires_at IS NULL OR expires_at > ?5))
           AND EXISTS (SELECT 1 FROM orders o WHERE o.order_id = service_orders.order_id AND o.status = 'confirmed')
         RETURNING service_order_id`,
      )
      .bind(soId, vendorId, ServiceOrderStatus.SCHEDULED, payout, now, ServiceOrderStatus.PENDING),
    d1
      .prepare(
        `UPDATE job_offers SET status = 'accepted', responded_at = ?3
         WHERE service_order_id = ?1 AND vendor_id = ?2 AND status = 'offered' AND ${mine}`,
      )
      .bind(soId, vendorId, now),
    d1
      .prepare(
        `UPDATE job_offers SET status = 'lost', responded_at = ?3
         WHERE service_order_id = ?1 AND vendor_id <> ?2 AND status = 'offered' AND ${mine}`,
      )
      .bind(soId, vendorId, now),
  ]);
  if (claimed!.results.length === 0) {
    await letGo();
    // A racing pro won, or the job changed under us: say which.
    const [after] = await db.select().from(serviceOrders).where(eq(serviceOrders.service_order_id, soId)).limit(1);
    const [mine] = await db
      .select()
      .from(jobOffers)
      .where(and(eq(jobOffers.service_order_id, soId), eq(jobOffers.vendor_id, vendorId)))
      .limit(1);
    gone(after ? (offerClosedWhy(mine, after, job.order_status, vendorId, now) ?? undefined) : undefined);
  }

  // 3. The booking.
  if (holdId) {
    const booked = await calendar.confirmHold(holdId, String(soId), `${holdKey}:book`, now, settings);
    if (!booked.ok) {
      await d1.batch([
        d1
          .prepare(
            `UPDATE service_orders SET vendor_id = NULL, service_order_status_id = ?3, vendor_payout_cents = 0, updated_at = ?4
             WHERE service_order_id = ?1 AND vendor_id = ?2`,
          )
          .bind(soId, vendorId, ServiceOrderStatus.PENDING, now),
        d1
          .prepare(
            "UPDATE job_offers SET status = 'declined', responded_at = ?3 WHERE service_order_id = ?1 AND vendor_id = ?2",
          )
          .bind(soId, vendorId, now),
        d1
          .prepare(
            "UPDATE job_offers SET status = 'offered', responded_at = NULL WHERE service_order_id = ?1 AND vendor_id <> ?2 AND status = 'lost'",
          )
          .bind(soId, vendorId),
      ]);
      await letGo();
      console.error(
        JSON.stringify({
          at: "jobs.accept.confirm",
          service_order_id: soId,
          vendor_id: vendorId,
          reason: booked.reason,
        }),
      );
      gone();
    }
  }
  // The checkout booked the time on the vendor that held it; another vendor took the job: free that time.
  if (holdId && job.booked_vendor_id !== null && job.booked_vendor_id !== vendorId) {
    const previous = job.booked_vendor_id;
    await calendarFor(env, previous)
      .releaseBooking(previous, String(soId), `job:${soId}:release:v${previous}`, now)
      .catch((err) =>
        console.error(
          JSON.stringify({ at: "jobs.accept.unbook", service_order_id: soId, vendor_id: previous, error: String(err) }),
        ),
      );
  }
  await Promise.all([
    notifyVendors(
      env,
      offerRows.filter((o) => o.vendor_id !== vendorId && o.status === "offered").map((o) => o.vendor_id),
      { type: "offer.gone", service_order_id: soId, reason: "taken", at: now },
    ),
    notifyVendor(env, vendorId, { type: "job.changed", service_order_id: soId, at: now }),
    notifyOrderChanged(env, soId, "accepted", now),
  ]);
  if (job.customer_phone) {
    await textSafely(
      env,
      db,
      job.customer_phone,
      jobAcceptedText(vendor.display_name, { description: job.description, start, time_zone: so.time_zone }),
      now,
    );
  }
  return { jobs: view(ServiceOrderStatus.SCHEDULED, vendorId), replayed: false };
}

const toInterval = (b: BusyEntry): BusyInterval => ({
  start: b.start,
  end: b.end,
  isConnect: b.isConnect,
  kind: b.kind === "time_off" ? "block" : b.kind === "hold" ? "hold" : "job",
});

/**
 * Why an offer can no longer be accepted, in the pro's words, or null while it is open: another pro took the
 * job, it was cancelled, the pro passed on it, the round ended, or the time has passed.
 */
function offerClosedWhy(
  offer: { status: string; expires_at: number | null } | undefined,
  so: { vendor_id: number | null; service_order_status_id: number; promised_arrival_time: number },
  orderStatus: string,
  vendorId: number,
  now: number,
): string | null {
  if (so.vendor_id !== null && so.vendor_id !== vendorId) return "Another pro accepted this job.";
  if (so.service_order_status_id === ServiceOrderStatus.CANCELLED || orderStatus === "cancelled") {
    return "This job was cancelled.";
  }
  if (!offer) return "This job was not offered to you.";
  if (offer.status === "lost") return "Another pro accepted this job.";
  if (offer.status === "declined") return "You passed on this job.";
  if (so.promised_arrival_time <= now) return "This job's time has passed.";
  if (offer.status !== "offered" || (offer.expires_at !== null && offer.expires_at <= now)) {
    return "This offer has ended.";
  }
  if (so.vendor_id !== null || so.service_order_status_id !== ServiceOrderStatus.PENDING) {
    return "This job is no longer available.";
  }
  if (orderStatus !== "confirmed") return "This job is no longer available.";
  return null;
}
