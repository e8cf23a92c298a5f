import { and, desc, eq, gt, gte, isNull, or, sql } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { canBookHoliday, canBookSameDay } from "../../domain/calendar/availability";
import { formatLocal, iso, localDate, localTime, MINUTE_MS, startOfLocalDay } from "../../domain/calendar/time";
import { bpsOf } from "../../domain/checkout-rules";
import { BOOKING_HORIZON_DAYS } from "../../domain/calendar/slots";
import { offerMisfit } from "../../domain/offer-rules";
import { vendorAccountState } from "../../domain/vendors/account-policy";
import { ServiceOrderStatus } from "../../domain/order-status";
import { PRICING } from "../../domain/pricing-config";
import { DEFAULT_USER_PHOTO } from "../../schema/payloads/accounts";
import type {
  MainDetails,
  VendorJobView,
  VendorOfferView,
  VendorProfileView,
  VendorRequestView,
} from "../../schema/payloads/vendor-dashboard";
import { users } from "../../schema/tables/accounts";
import { services } from "../../schema/tables/catalogue";
import { checkoutItems, jobOffers, orders, rescheduleRequests, serviceOrders } from "../../schema/tables/orders";
import { zipcodes } from "../../schema/tables/places";
import { vendors } from "../../schema/tables/vendors";
import { vendorPhoto } from "../catalogue/queries";
import { busyByVendor, busyQuery } from "../calendar/search";
import { parseAvailableSetting, toVendorSettings } from "../calendar/settings";
import { fail } from "../http/errors";
import { paymentSettledSql } from "../orders/reschedule-price";

/**
 * The vendor dashboard's data (POST /vendor/me/main-details, docs/product.md section 3 "Vendor main-details response"):
 * five reads at once, each filtered by this vendor's id, so a pro never sees another pro's jobs. Offers show
 * the client's city and ZIP only; the street address comes with acceptance.
 */

const DAY = 86_400_000;
/** Completed jobs with photos shown on the dashboard. */
const PHOTO_JOBS = 12;
/** Upcoming jobs listed (a pro's next few weeks). */
const UPCOMING_LIMIT = 100;

export const jobSelect = {
  service_order_id: serviceOrders.service_order_id,
  service_order_status_id: serviceOrders.service_order_status_id,
  scheduled_status: serviceOrders.scheduled_status,
  promised_arrival_time: serviceOrders.promised_arrival_time,
  job_minutes: serviceOrders.job_minutes,
  is_connect: serviceOrders.is_connect,
  address: serviceOrders.address,
  customer_notes: serviceOrders.customer_notes,
  zipcode: serviceOrders.zipcode,
  time_zone: serviceOrders.time_zone,
  job_images: serviceOrders.job_images,
  price_cents: serviceOrders.price_cents,
  vendor_payout_cents: serviceOrders.vendor_payout_cents,
  tip_cents: serviceOrders.tip_cents,
  completion_time: serviceOrders.completion_time,
  service_id: serviceOrders.service_id,
  service: services.description,
  client_name: users.name,
  client_photo: users.photo,
};

export type JobSelectRow = {
  [K in keyof typeof jobSelect]: (typeof jobSelect)[K]["_"]["data"] | null;
} & { service_order_id: number };

/** "Ava Brooks" -> "Ava B."; a missing name is "Client". */
export function clientShortName(name: string | null | undefined): string {
  const parts = (name ?? "").trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return "Client";
  const first = parts[0]!;
  const last = parts.length > 1 ? parts[parts.length - 1]! : "";
  return last ? `${first} ${last[0]!.toUpperCase()}.` : first;
}

function images(json: string | null): { before: string[]; after: string[]; testimonial: string[] } {
  const empty = { before: [], after: [], testimonial: [] };
  try {
    const raw = JSON.parse(json ?? "") as Record<string, unknown>;
    const list = (k: string) =>
      Array.isArray(raw[k]) ? (raw[k] as unknown[]).filter((x) => typeof x === "string") : [];
    return {
      before: list("before") as string[],
      after: list("after") as string[],
      testimonial: list("testimonial") as string[],
    };
  } catch {
    return empty;
  }
}

export function directionsUrl(destination: string): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}`;
}

/** One job as the dashboard shows it; `area` replaces the street address (offers). */
export function toJobView(r: JobSelectRow, area?: string | null): VendorJobView {
  const tz = r.time_zone ?? "UTC";
  const start = r.promised_arrival_time ?? 0;
  const minutes = r.job_minutes ?? 0;
  const price = r.price_cents ?? 0;
  const address = area ?? r.address ?? "";
  return {
    service_order_id: r.service_order_id,
    promised_arrival_time: formatLocal(start, tz),
    promised_arrival_at: iso(start),
    end_time: localTime(start + minutes * MINUTE_MS, tz),
    time_zone: tz,
    job_minutes: minutes,
    is_connect: Boolean(r.is_connect),
    scheduled_status: r.scheduled_status ?? 0,
    service_order_status_id: r.service_order_status_id ?? 0,
    ...images(r.job_images),
    photo: r.client_photo || DEFAULT_USER_PHOTO,
    name: clientShortName(r.client_name),
    service_id: r.service_id ?? 0,
    service: r.service ?? "Service",
    address,
    // Like the street address, the notes (gate codes, door codes) come with acceptance.
    notes: area ? null : (r.customer_notes ?? null),
    zipcode: r.zipcode ?? "",
    price_cents: price,
    // Set on acceptance; before that (offers) the pro's share of the list price.
    pay_cents: r.vendor_payout_cents || bpsOf(price, PRICING.vendorShareBps),
    tip_cents: r.tip_cents ?? 0,
    directions_url: directionsUrl(address),
    completion_time: r.completion_time ? iso(r.completion_time) : null,
  };
}

function jobsOf(db: DrizzleD1Database) {
  return db
    .select(jobSelect)
    .from(serviceOrders)
    .innerJoin(services, eq(services.service_id, serviceOrders.service_id))
    .innerJoin(users, eq(users.user_id, serviceOrders.user_id));
}

const OPEN_JOB = sql`${serviceOrders.service_order_status_id} IN (${ServiceOrderStatus.SCHEDULED}, ${ServiceOrderStatus.IN_PROGRESS})`;

export async function mainDetails(
  db: DrizzleD1Database,
  vendorId: number,
  now: number,
  opts: { agreement?: boolean } = {},
): Promise<MainDetails> {
  if (opts.agreement === true) {
    // Signing is a one-time act: the first signature's time is kept.
    await db
      .update(vendors)
      .set({ agreement_signed_at: now })
      .where(and(eq(vendors.vendor_id, vendorId), isNull(vendors.agreement_signed_at)));
  }
  // One D1 round trip: a batch answers rows by column name, so no two selected columns share one (the
  // checkout line's price is aliased).
  const [vendorRows, upcomingRows, photoRows, requestRows, offerRows, proposalRows, busyRows] = await db.batch([
    db
      .select({
        vendor_id: vendors.vendor_id,
        display_name: vendors.display_name,
        photo: vendors.photo,
        photo_status: vendors.photo_status,
        tz: vendors.tz,
        description: vendors.description,
        available_setting: vendors.available_setting,
        reliability: vendors.reliability,
        status: vendors.status,
        soft_banned: vendors.soft_banned,
        deactivated_by: vendors.deactivated_by,
        agreement_signed_at: vendors.agreement_signed_at,
        completed_jobs: vendors.completed_jobs,
      })
      .from(vendors)
      .where(eq(vendors.vendor_id, vendorId))
      .limit(1),
    // From a day and a half back: "today" in the vendor's zone is cut below once the zone is known.
    jobsOf(db)
      .where(
        and(
          eq(serviceOrders.vendor_id, vendorId),
          OPEN_JOB,
          gte(serviceOrders.promised_arrival_time, now - DAY - DAY / 2),
        ),
      )
      .orderBy(serviceOrders.promised_arrival_time)
      .limit(UPCOMING_LIMIT),
    jobsOf(db)
      .where(
        and(
          eq(serviceOrders.vendor_id, vendorId),
          eq(serviceOrders.service_order_status_id, ServiceOrderStatus.COMPLETED),
          sql`(json_array_length(${serviceOrders.job_images}, '$.before') + json_array_length(${serviceOrders.job_images}, '$.after') + json_array_length(${serviceOrders.job_images}, '$.testimonial')) > 0`,
        ),
      )
      .orderBy(desc(serviceOrders.completion_time))
      .limit(PHOTO_JOBS),
    db
      .select({
        ...jobSelect,
        request_id: rescheduleRequests.reschedule_id,
        from_time: rescheduleRequests.from_time,
        to_time: rescheduleRequests.to_time,
        expires_at: rescheduleRequests.expires_at,
        reason: rescheduleRequests.reason,
        to_job_minutes: rescheduleRequests.to_job_minutes,
      })
      .from(rescheduleRequests)
      .innerJoin(serviceOrders, eq(serviceOrders.service_order_id, rescheduleRequests.service_order_id))
      .innerJoin(services, eq(services.service_id, serviceOrders.service_id))
      .innerJoin(users, eq(users.user_id, serviceOrders.user_id))
      .where(
        and(
          eq(serviceOrders.vendor_id, vendorId),
          eq(rescheduleRequests.status, "pending"),
          eq(rescheduleRequests.requested_by, "customer"),
          gt(rescheduleRequests.expires_at, now),
          // A request whose price difference is not paid yet has not reached the pro (decision 067).
          paymentSettledSql,
        ),
      )
      .orderBy(rescheduleRequests.expires_at),
    db
      .select({
        ...jobSelect,
        offer_expires_at: jobOffers.expires_at,
        chosen_vendor_id: checkoutItems.chosen_vendor_id,
        list_price_cents: sql<number | null>`${checkoutItems.price_cents}`.as("list_price_cents"),
        city: zipcodes.city,
        state: zipcodes.state,
      })
      .from(jobOffers)
      .innerJoin(serviceOrders, eq(serviceOrders.service_order_id, jobOffers.service_order_id))
      .innerJoin(orders, eq(orders.order_id, serviceOrders.order_id))
      .innerJoin(services, eq(services.service_id, serviceOrders.service_id))
      .innerJoin(users, eq(users.user_id, serviceOrders.user_id))
      .leftJoin(checkoutItems, eq(checkoutItems.service_order_id, serviceOrders.service_order_id))
      .leftJoin(zipcodes, eq(zipcodes.zip, serviceOrders.zipcode))
      .where(
        and(
          eq(jobOffers.vendor_id, vendorId),
          eq(jobOffers.status, "offered"),
          or(isNull(jobOffers.expires_at), gt(jobOffers.expires_at, now)),
          isNull(serviceOrders.vendor_id),
          eq(serviceOrders.service_order_status_id, ServiceOrderStatus.PENDING),
          eq(orders.status, "confirmed"),
          gt(serviceOrders.promised_arrival_time, now),
        ),
      )
      .orderBy(serviceOrders.promised_arrival_time),
    // The pro's own proposals the clients have not answered yet: their jobs show "Waiting for client".
    db
      .select({
        proposal_id: rescheduleRequests.reschedule_id,
        proposal_so: rescheduleRequests.service_order_id,
        proposal_to: rescheduleRequests.to_time,
        proposal_expires: rescheduleRequests.expires_at,
      })
      .from(rescheduleRequests)
      .innerJoin(serviceOrders, eq(serviceOrders.service_order_id, rescheduleRequests.service_order_id))
      .where(
        and(
          eq(serviceOrders.vendor_id, vendorId),
          eq(rescheduleRequests.status, "pending"),
          eq(rescheduleRequests.requested_by, "vendor"),
          gt(rescheduleRequests.expires_at, now),
        ),
      )
      .orderBy(desc(rescheduleRequests.reschedule_id)),
    // The pro's busy time over the offers' span: an offer shows only while it fits their time (decision 129).
    busyQuery(db, [vendorId], now, now - DAY, now + (BOOKING_HORIZON_DAYS + 2) * DAY),
  ]);
  const vendor = vendorRows[0];
  if (!vendor) fail("NOT_FOUND");
  const parsed = parseAvailableSetting(vendor.available_setting);
  const reliability = vendor.soft_banned ? 1 : vendor.reliability;
  const profile: VendorProfileView = {
    vendor_id: vendor.vendor_id,
    name: vendor.display_name,
    photo: vendorPhoto(vendor.photo, vendor.photo_status),
    tz: vendor.tz,
    description: vendor.description,
    available_setting: {
      weekly: Object.fromEntries(
        Object.entries(parsed.weekly).map(([d, ranges]) => [
          d,
          (ranges ?? []).map(([a, b]) => [a, b] as [string, string]),
        ]),
      ),
      same_day: parsed.sameDay,
      holidays: parsed.holidayPolicy,
    },
    reliability,
    status: vendor.status,
    soft_banned: vendor.soft_banned,
    account_state: vendorAccountState(vendor),
    agreement: vendor.agreement_signed_at !== null,
    can_same_day: canBookSameDay(reliability).allowed,
    can_holidays: canBookHoliday(reliability).allowed,
    completed_jobs: vendor.completed_jobs,
  };
  const todayStart = startOfLocalDay(localDate(now, vendor.tz), vendor.tz);
  const proposals = new Map<number, VendorJobView["proposal"]>();
  for (const p of proposalRows) {
    if (proposals.has(p.proposal_so)) continue; // the newest one
    const tz = upcomingRows.find((r) => r.service_order_id === p.proposal_so)?.time_zone ?? vendor.tz;
    proposals.set(p.proposal_so, {
      request_id: p.proposal_id,
      selectedDate: formatLocal(p.proposal_to, tz),
      expires_at: p.proposal_expires === null ? null : iso(p.proposal_expires),
    });
  }
  const upcoming = upcomingRows
    .filter((r) => r.promised_arrival_time >= todayStart)
    .map((r) => ({ ...toJobView(r), proposal: proposals.get(r.service_order_id) ?? null }));
  const photos = photoRows.map((r) => toJobView(r));
  const requests: VendorRequestView[] = requestRows.map((r) => ({
    request_id: r.request_id,
    service_order_id: r.service_order_id,
    from: formatLocal(r.from_time, r.time_zone),
    selectedDate: formatLocal(r.to_time, r.time_zone),
    expires_at: r.expires_at === null ? null : iso(r.expires_at),
    reason: r.reason,
    new_job_minutes: r.to_job_minutes,
    job: toJobView(r),
  }));
  // Offers made before the pro changed their hours, marked a day "Not working", took time off or another job
  // are not shown: accepting them would be refused (domain/offer-rules.ts offerMisfit, decision 129).
  const settings = toVendorSettings({ ...vendor, updated_at: 0 });
  const offerRowsThatFit = offerRows.filter(
    (r) =>
      offerMisfit({
        settings,
        busy: busyByVendor(busyRows, { bookings: new Set([String(r.service_order_id)]) }).get(vendorId) ?? [],
        now,
        start: r.promised_arrival_time,
        durationMinutes: r.job_minutes,
        isConnect: Boolean(r.is_connect),
      }) === null,
  );
  const offers: VendorOfferView[] = offerRowsThatFit.map((r) => {
    const area = [r.city, [r.state, r.zipcode].filter(Boolean).join(" ")].filter(Boolean).join(", ");
    const view = toJobView({ ...r, price_cents: r.list_price_cents ?? r.price_cents, vendor_payout_cents: 0 }, area);
    return {
      ...view,
      expires_at: r.offer_expires_at === null ? null : iso(r.offer_expires_at),
      chosen: r.chosen_vendor_id === vendorId,
    };
  });
  return [profile, upcoming, photos, [], requests, offers, now];
}
