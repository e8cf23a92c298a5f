import { and, desc, eq, gt, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import type * as v from "valibot";
import {
  jobImageEntries,
  lastJobImage,
  MAX_OPTIONS_PER_SERVICE,
  pageFromWindow,
  pageOf,
  pageWindow,
  parseJobImages,
  reviewerName,
  roundMiles,
  sortServices,
  sortVendors,
  sortVendorServices,
  vendorPriceCents,
} from "../../domain/catalogue-rules";
import { WEEKDAY_KEYS, type WeeklySchedule } from "../../domain/calendar/availability";
import { BOOKING_HORIZON_DAYS } from "../../domain/calendar/slots";
import { buildServiceRows } from "../../domain/calendar/service-rows";
import { DAY_MS, formatLocal } from "../../domain/calendar/time";
import { haversineMiles } from "../../domain/location/distance";
import {
  REVIEW_FILTERS,
  type ServiceCard,
  type VendorCard,
  type VendorProfile,
  type VendorReview,
  type VendorServiceItem,
  type VendorsList,
  type VendorReviewsBody,
  type VendorServiceQuery,
  type VendorServiceSubBody,
  type VendorsListBody,
} from "../../schema/payloads/catalogue";
import { users } from "../../schema/tables/accounts";
import { services } from "../../schema/tables/catalogue";
import { serviceOrders } from "../../schema/tables/orders";
import { clientSubscriptions } from "../../schema/tables/payments";
import { vendorBusy, vendors, vendorServices } from "../../schema/tables/vendors";
import type { GeoPort, ZipPlace } from "../adapters/geo/port";
import {
  bookableVendor,
  loadAreaCatalogue,
  servicesQuery,
  toServiceCard,
  vendorPhoto,
  vendorsInRange,
  vendorsNearQuery,
  withVendorPrice,
  zipPlaceOrFail,
} from "./queries";
import { fail } from "../http/errors";

/**
 * The vendor directory and vendor pages of the booking flow (docs/product.md section 7 "Booking"): each
 * takes the drizzle database, the geo port for the ZIP and the parsed input; the routes in
 * worker/api/booking/vendors.ts only parse and answer.
 */

const rating = (x100: number) => Math.round(x100) / 100;

function vendorRowQuery(db: DrizzleD1Database, vendorId: number) {
  return db
    .select({
      vendor_id: vendors.vendor_id,
      display_name: vendors.display_name,
      photo: vendors.photo,
      photo_status: vendors.photo_status,
      description: vendors.description,
      tz: vendors.tz,
      is_pro: vendors.is_pro,
      rating_avg_x100: vendors.rating_avg_x100,
      rating_count: vendors.rating_count,
      completed_jobs: vendors.completed_jobs,
      latitude: vendors.latitude,
      longitude: vendors.longitude,
      range_miles: vendors.range_miles,
      available_setting: vendors.available_setting,
    })
    .from(vendors)
    .where(and(eq(vendors.vendor_id, vendorId), bookableVendor))
    .limit(1);
}

type VendorRow = Awaited<ReturnType<typeof vendorRowQuery>>[number];

/** What the vendor offers (enabled, not restricted): service_id -> own price. */
function vendorOffersQuery(db: DrizzleD1Database, vendorId: number) {
  return db
    .select({ service_id: vendorServices.service_id, price_override_cents: vendorServices.price_override_cents })
    .from(vendorServices)
    .where(
      and(
        eq(vendorServices.vendor_id, vendorId),
        eq(vendorServices.enabled, true),
        isNull(vendorServices.restricted_at),
      ),
    );
}

function distanceTo(v: VendorRow, place: ZipPlace): number | null {
  if (v.latitude === null || v.longitude === null) return null;
  return haversineMiles({ lat: place.latitude, lng: place.longitude }, { lat: v.latitude, lng: v.longitude });
}

function toProfile(v: VendorRow, place: ZipPlace): VendorProfile {
  const miles = distanceTo(v, place);
  return {
    vendor_id: v.vendor_id,
    display_name: v.display_name,
    photo: vendorPhoto(v.photo, v.photo_status),
    description: v.description,
    tz: v.tz,
    is_pro: v.is_pro,
    rating: rating(v.rating_avg_x100),
    rating_count: v.rating_count,
    completed_jobs: v.completed_jobs,
    distance_miles: miles === null ? null : roundMiles(miles),
    serves_zip: miles !== null && miles <= v.range_miles,
  };
}

/** The vendor's weekly hours from available_setting; unreadable settings mean no hours. */
function weeklyOf(setting: string): WeeklySchedule {
  try {
    const weekly = (JSON.parse(setting) as { weekly?: unknown }).weekly;
    if (!weekly || typeof weekly !== "object") return {};
    const out: Record<string, Array<[string, string]>> = {};
    for (const key of WEEKDAY_KEYS) {
      const ranges = (weekly as Record<string, unknown>)[key];
      if (!Array.isArray(ranges)) continue;
      out[key] = ranges.filter(
        (r): r is [string, string] =>
          Array.isArray(r) && r.length === 2 && r.every((t) => typeof t === "string" && /^\d{2}:\d{2}$/.test(t)),
      );
    }
    return out as WeeklySchedule;
  } catch {
    return {};
  }
}

type VendorsListInput = v.InferOutput<typeof VendorsListBody>;

/**
 * Vendors whose range reaches the ZIP, optionally only those offering a service or a category, with
 * distance, rating, services (popular first, then order_rank) and starting price; sorted by `sort`
 * (distance by default), 10 a page.
 */
export async function vendorsList(db: DrizzleD1Database, geo: GeoPort, body: VendorsListInput): Promise<VendorsList> {
  const place = await zipPlaceOrFail(geo, body.zipCode);
  const area = await loadAreaCatalogue(db, place);
  const byId = new Map(area.all.map((s) => [s.service_id, s]));
  const serviceId = body.serviceId ?? null;
  const scgid = body.scgid ?? null;
  if (serviceId !== null && !byId.has(serviceId)) fail("NOT_FOUND", { serviceId: "No such service." });
  if (scgid !== null && !area.groups.some((g) => g.service_code_group_id === scgid)) {
    fail("NOT_FOUND", { scgid: "No such category." });
  }
  const matches = (s: ServiceCard) =>
    (serviceId === null || s.service_id === serviceId) && (scgid === null || s.service_code_group_id === scgid);

  // Sorted on exact distances and ratings (rounded ones would tie vendors a few yards apart), then paged.
  const found: Array<{
    card: VendorCard;
    vendor_id: number;
    distance_miles: number;
    rating_avg_x100: number;
    rating_count: number;
    starting_price_cents: number | null;
  }> = [];
  for (const v of area.near) {
    const offered = [...v.offers]
      .map(([id, own]) => {
        const s = byId.get(id);
        return s && { ...s, vendor_price_cents: vendorPriceCents(s.price_cents, own) };
      })
      .filter((s): s is ServiceCard & { vendor_price_cents: number } => Boolean(s));
    const relevant = offered.filter(matches);
    if (relevant.length === 0) continue;
    // The starting price: the requested service's, else the cheapest main (non-surcharge) service.
    const priced = serviceId !== null ? relevant : relevant.filter((s) => !s.surcharge);
    const starting_price_cents = priced.length ? Math.min(...priced.map((s) => s.vendor_price_cents)) : null;
    const card: VendorCard = {
      vendor_id: v.vendor_id,
      display_name: v.display_name,
      photo: v.photo,
      is_pro: v.is_pro,
      distance_miles: roundMiles(v.distance_miles),
      rating: rating(v.rating_avg_x100),
      rating_count: v.rating_count,
      completed_jobs: v.completed_jobs,
      starting_price_cents,
      services: sortVendorServices(offered).map((s) => ({
        service_id: s.service_id,
        description: s.description,
        price_cents: s.vendor_price_cents,
        is_popular: s.is_popular,
      })),
    };
    found.push({ card, ...v, starting_price_cents });
  }
  const sorted = sortVendors(found, body.sort).map((x) => x.card);
  const data: VendorsList = { zipCode: place.zip, sort: body.sort, ...pageOf(sorted, body.pagination) };
  return data;
}

export type VendorPage = {
  vendor: VendorProfile;
  services: VendorServiceItem[];
  rows?: ReturnType<typeof buildServiceRows>;
};

/**
 * A vendor's page: profile (with whether the ZIP is in range) and services at the ZIP's area prices
 * (the vendor's own price where set), popular first, then order_rank. view=1 adds the availability rows
 * of docs/product.md section 3 (domain/calendar/service-rows.ts) for the booking horizon; `viewerId` (the
 * signed-in customer, or null) tells whether they already booked or subscribed with the vendor.
 */
export async function vendorPage(
  db: DrizzleD1Database,
  geo: GeoPort,
  input: { q: v.InferOutput<typeof VendorServiceQuery>; viewerId: number | null; now: number },
): Promise<VendorPage> {
  const { q, viewerId, now } = input;
  const place = await zipPlaceOrFail(geo, q.zipCode);
  const [found, offers, serviceRows] = await db.batch([
    vendorRowQuery(db, q.vendorId),
    vendorOffersQuery(db, q.vendorId),
    servicesQuery(db, place.area_id),
  ]);
  const vendor = found[0];
  if (!vendor) fail("NOT_FOUND", { vendorId: "No such vendor." });
  const own = new Map(offers.map((o) => [o.service_id, o.price_override_cents]));
  const list: VendorServiceItem[] = sortVendorServices(
    serviceRows
      .filter((s) => own.has(s.service_id))
      .map((s) => withVendorPrice(toServiceCard(s), own.get(s.service_id))),
  );
  const data: VendorPage = {
    vendor: toProfile(vendor, place),
    services: list,
  };

  if (q.view === "1") {
    const horizon = now + (BOOKING_HORIZON_DAYS + 1) * DAY_MS;
    const [busy, near, attachedJobs, attachedSubs] = await db.batch([
      db
        .select()
        .from(vendorBusy)
        .where(
          and(
            eq(vendorBusy.vendor_id, vendor.vendor_id),
            gt(vendorBusy.ends_at, now),
            lt(vendorBusy.starts_at, horizon),
            or(isNull(vendorBusy.expires_at), gt(vendorBusy.expires_at, now)),
          ),
        ),
      vendorsNearQuery(db, place),
      db
        .select({ id: serviceOrders.service_order_id })
        .from(serviceOrders)
        .where(and(eq(serviceOrders.vendor_id, vendor.vendor_id), eq(serviceOrders.user_id, viewerId ?? -1)))
        .limit(1),
      db
        .select({ id: clientSubscriptions.client_subscription_id })
        .from(clientSubscriptions)
        .where(
          and(
            eq(clientSubscriptions.vendor_id, vendor.vendor_id),
            eq(clientSubscriptions.client_user_id, viewerId ?? -1),
          ),
        )
        .limit(1),
    ]);
    const inRange = vendorsInRange(near, place);
    const codes = new Map(serviceRows.map((s) => [s.service_id, s.service_code]));
    data.rows = buildServiceRows({
      vendorId: vendor.vendor_id,
      tz: vendor.tz,
      weekly: weeklyOf(vendor.available_setting),
      jobs: busy
        .filter((b) => b.kind === "booking")
        .map((b) => ({
          start: b.starts_at,
          durationMinutes: Math.round((b.ends_at - b.starts_at) / 60_000),
          isConnect: b.is_connect,
        })),
      services: list.map((s) => ({
        serviceCode: codes.get(s.service_id)!,
        scVid: s.service_id,
        durationMinutes: s.duration_minutes,
      })),
      other: busy.filter((b) => b.kind !== "booking").map((b) => ({ start: b.starts_at, end: b.ends_at })),
      standardVendorCount: inRange.filter((v) => !v.is_pro).length,
      proVendorCount: inRange.filter((v) => v.is_pro).length,
      attached: attachedJobs.length > 0 || attachedSubs.length > 0,
    });
  }
  return data;
}

/**
 * The choices a customer has for one of a vendor's services: the service at the vendor's price and its
 * add-ons, the surcharge services of the same category that this vendor offers (order_rank descending,
 * at most 10, docs/product.md section 9 "Options per service group"). The vendor must serve the ZIP.
 */
export async function vendorServiceOptions(
  db: DrizzleD1Database,
  geo: GeoPort,
  body: v.InferOutput<typeof VendorServiceSubBody>,
) {
  const place = await zipPlaceOrFail(geo, body.zipCode);
  const [found, offers, serviceRows] = await db.batch([
    vendorRowQuery(db, body.vendorId),
    vendorOffersQuery(db, body.vendorId),
    servicesQuery(db, place.area_id),
  ]);
  const vendor = found[0];
  if (!vendor) fail("NOT_FOUND", { vendorId: "No such vendor." });
  const main = serviceRows.find((s) => s.service_id === body.serviceId);
  if (!main) fail("NOT_FOUND", { serviceId: "No such service." });
  const own = new Map(offers.map((o) => [o.service_id, o.price_override_cents]));
  if (!own.has(main.service_id))
    fail("ITEM_NOT_AVAILABLE", { serviceId: "This professional does not offer this service." });
  const miles = distanceTo(vendor, place);
  if (miles === null || miles > vendor.range_miles) {
    fail("ITEM_NOT_AVAILABLE", { zipCode: "This professional does not serve this ZIP code." });
  }
  const options = sortServices(
    serviceRows.filter(
      (s) =>
        s.surcharge &&
        s.service_id !== main.service_id &&
        s.service_code_group_id === main.service_code_group_id &&
        own.has(s.service_id),
    ),
  )
    .slice(0, MAX_OPTIONS_PER_SERVICE)
    .map((s) => withVendorPrice(toServiceCard(s), own.get(s.service_id)));
  return {
    zipCode: place.zip,
    vendor_id: vendor.vendor_id,
    service: withVendorPrice(toServiceCard(main), own.get(main.service_id)),
    options,
  };
}

/**
 * Approved ratings of a vendor, newest first, 10 a page. filterType 0 all, 1 only jobs with pictures,
 * 2 only the given service (the route checks serviceId is given then).
 */
export async function vendorReviews(db: DrizzleD1Database, body: v.InferOutput<typeof VendorReviewsBody>) {
  const serviceId = body.serviceId ?? null;
  const { limit, offset } = pageWindow(body.pagination);
  const images = sql`CASE WHEN json_valid(${serviceOrders.job_images}) THEN
    coalesce(json_array_length(${serviceOrders.job_images}, '$.before'), 0) +
    coalesce(json_array_length(${serviceOrders.job_images}, '$.after'), 0) +
    coalesce(json_array_length(${serviceOrders.job_images}, '$.testimonial'), 0) ELSE 0 END`;
  const [vendor, service, rows] = await db.batch([
    db
      .select({ id: vendors.vendor_id })
      .from(vendors)
      .where(and(eq(vendors.vendor_id, body.vendorId), bookableVendor))
      .limit(1),
    db
      .select({ id: services.service_id })
      .from(services)
      .where(eq(services.service_id, serviceId ?? -1))
      .limit(1),
    db
      .select({
        service_order_id: serviceOrders.service_order_id,
        name: users.name,
        vendor_rating: serviceOrders.vendor_rating,
        vendor_rating_notes: serviceOrders.vendor_rating_notes,
        service_id: serviceOrders.service_id,
        service_description: services.description,
        rated_at: serviceOrders.rated_at,
        promised_arrival_time: serviceOrders.promised_arrival_time,
        time_zone: serviceOrders.time_zone,
        job_images: serviceOrders.job_images,
      })
      .from(serviceOrders)
      .innerJoin(services, eq(services.service_id, serviceOrders.service_id))
      .leftJoin(users, eq(users.user_id, serviceOrders.user_id))
      .where(
        and(
          eq(serviceOrders.vendor_id, body.vendorId),
          isNotNull(serviceOrders.vendor_rating),
          eq(serviceOrders.rating_approved, true),
          body.filterType === REVIEW_FILTERS.THIS_SERVICE ? eq(serviceOrders.service_id, serviceId!) : undefined,
          body.filterType === REVIEW_FILTERS.WITH_PHOTOS ? sql`${images} > 0` : undefined,
        ),
      )
      .orderBy(desc(serviceOrders.rated_at), desc(serviceOrders.service_order_id))
      .limit(limit)
      .offset(offset),
  ]);
  if (vendor.length === 0) fail("NOT_FOUND", { vendorId: "No such vendor." });
  if (serviceId !== null && service.length === 0) fail("NOT_FOUND", { serviceId: "No such service." });
  const reviews: VendorReview[] = rows.map((r) => {
    const entries = jobImageEntries(parseJobImages(r.job_images));
    return {
      service_order_id: r.service_order_id,
      name: reviewerName(r.name),
      vendor_rating: r.vendor_rating!,
      vendor_rating_notes: r.vendor_rating_notes,
      service_id: r.service_id,
      service_description: r.service_description,
      rated_at: r.rated_at === null ? null : new Date(r.rated_at).toISOString(),
      promised_arrival_time: formatLocal(r.promised_arrival_time, r.time_zone),
      job_images: entries,
      job_image: lastJobImage(entries),
    };
  });
  return { vendor_id: body.vendorId, filterType: body.filterType, ...pageFromWindow(reviews, body.pagination) };
}
