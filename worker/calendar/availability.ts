import type { DrizzleD1Database } from "drizzle-orm/d1";
import { SERVICE_FILTER_THRESHOLD, verifyFlag } from "../../domain/catalogue-rules";
import { matchingWindowAt } from "../../domain/calendar/matching";
import { buildServiceRows } from "../../domain/calendar/service-rows";
import { BOOKING_HORIZON_DAYS } from "../../domain/calendar/slots";
import { DAY_MS, formatLocal } from "../../domain/calendar/time";
import {
  type GetServicesDataInput,
  type MatchedServiceSlots,
  type ServiceAvailabilitySummary,
  type ServiceDetailSections,
  type VendorServiceSlots,
} from "../../schema/payloads/cart";
import type { GeoPort } from "../adapters/geo/port";
import { servicesQuery, toServiceCard, vendorsInRange, vendorsNearQuery, zipPlaceOrFail } from "../catalogue/queries";
import type { CartOwner } from "../cart/cart-store";
import {
  attachedQuery,
  loadMarket,
  loadVendorOffers,
  ownHoldsQuery,
  ownServiceOrderQuery,
  serviceQuery,
  servicesOrFail,
  tierCounts,
  vendorServicesQuery,
} from "./market";
import { busyByVendor, busyQuery, matchSlots, vendorFreeSlots, wallTimes } from "./search";
import { fail } from "../http/errors";

/**
 * POST /booking/getServicesData's three answers (docs/product.md section 7 "Booking"). Each takes the drizzle
 * database, the geo port for the ZIP, the time and, where the caller's own holds and orders are left out,
 * the cart's owner as a value; the route in worker/api/booking/availability.ts only parses and answers.
 */

type Input<N extends 1 | 2 | 3> = Extract<GetServicesDataInput, { processType: N }>;

/** What the availability services work with. */
export interface AvailabilityDeps {
  db: DrizzleD1Database;
  geo: GeoPort;
  now: number;
}

/**
 * processType 1: one vendor's free start times for a service over the booking horizon, from D1's busy
 * projection, with the caller's own cart holds (`cart`) and rescheduled order (`filterSOID`) left out,
 * plus the vendor's service-availability rows.
 */
export async function vendorSlots(
  { db, geo, now }: AvailabilityDeps,
  owner: CartOwner,
  body: Input<1>,
): Promise<VendorServiceSlots[]> {
  const place = await zipPlaceOrFail(geo, body.zipCode);
  const offers = await loadVendorOffers(db, place, body.services);
  const vendorIds = [...new Set(body.services.map((s) => s.vendorId))];
  const soid = body.filterSOID && body.filterSOID > SERVICE_FILTER_THRESHOLD ? body.filterSOID : 0;
  const [busyRows, offered, nearRows, attached, holds, ownOrder] = await db.batch([
    busyQuery(db, vendorIds, now, now - DAY_MS, now + (BOOKING_HORIZON_DAYS + 2) * DAY_MS),
    vendorServicesQuery(db, vendorIds),
    vendorsNearQuery(db, place),
    attachedQuery(db, owner.userId, vendorIds),
    ownHoldsQuery(db, owner, body.cart),
    ownServiceOrderQuery(db, owner.userId, soid),
  ]);
  const exclude = {
    holds: new Set(holds.map((h) => h.hold_id).filter((h): h is string => h !== null)),
    bookings: new Set(ownOrder.map((o) => String(o.id))),
  };
  const busy = busyByVendor(busyRows, exclude);
  const near = vendorsInRange(nearRows, place);
  const attachedIds = new Set(attached.map((a) => a.vendor_id));

  return offers.map((offer, i) => {
    const vendorId = body.services[i]!.vendorId;
    const s = offer.settings;
    const vendorBusy = busy.get(vendorId) ?? [];
    const result = vendorFreeSlots({
      settings: s,
      busy: vendorBusy,
      durationMinutes: offer.service.duration_minutes,
      isConnect: offer.service.is_connect,
      now,
    });
    const counts = tierCounts(near, offer.service.service_id);
    return {
      serviceId: offer.service.service_id,
      vendorId,
      service_code: offer.service.service_code,
      description: offer.service.description,
      totalDuration: offer.service.duration_minutes,
      price_cents: offer.price_cents,
      time_zone: s.tz,
      same_day_allowed: result.sameDayAllowed,
      holidays_allowed: result.holidaysAllowed,
      days: result.days.map((d) => ({
        date: d.date,
        ...(d.holiday ? { holiday: d.holiday } : {}),
        times: wallTimes(d.starts, s.tz),
      })),
      rows: buildServiceRows({
        vendorId,
        tz: s.tz,
        weekly: s.weekly,
        jobs: vendorBusy
          .filter((b) => b.kind !== "block")
          .map((b) => ({
            start: b.start,
            durationMinutes: Math.round((b.end - b.start) / 60_000),
            isConnect: b.isConnect,
          })),
        // sc_vid: the vendor-service link is (vendor_id, service_id); vendor_id is on every row.
        services: offered
          .filter((o) => o.vendor_id === vendorId)
          .map((o) => ({ serviceCode: o.service_code, scVid: o.service_id, durationMinutes: o.duration_minutes })),
        other: vendorBusy.filter((b) => b.kind === "block"),
        standardVendorCount: counts.standard,
        proVendorCount: counts.pro,
        attached: attachedIds.has(vendorId),
      }),
    };
  });
}

/**
 * processType 2: professional matching. Every vendor serving the ZIP with the service, over the matching
 * window (16 days, one more per holiday, at most 40): one query for the vendors in range and one batch for
 * their settings and busy rows, then pure computation. No Durable Object is called.
 */
export async function matching(
  { db, geo, now }: AvailabilityDeps,
  owner: CartOwner,
  body: Input<2>,
): Promise<MatchedServiceSlots[]> {
  const place = await zipPlaceOrFail(geo, body.zipCode);
  const ids = body.services.map((s) => s.serviceId);
  const [serviceRows, nearRows, holds] = await db.batch([
    serviceQuery(db, ids, place.area_id),
    vendorsNearQuery(db, place),
    ownHoldsQuery(db, owner, body.cart),
  ]);
  const services = servicesOrFail(serviceRows, ids);
  const window = matchingWindowAt(now, place.time_zone);
  const exclude = { holds: new Set(holds.map((h) => h.hold_id).filter((h): h is string => h !== null)) };
  const market = await loadMarket(db, vendorsInRange(nearRows, place), ids, now, { spanDays: window.days, exclude });
  return services.map((service) => {
    const candidates = market.candidates.filter((v) => v.offers.has(service.service_id));
    const counts = tierCounts(market.near, service.service_id);
    const result = matchSlots({
      candidates,
      durationMinutes: service.duration_minutes,
      isConnect: service.is_connect,
      now,
      tz: place.time_zone,
      window,
    });
    return {
      serviceId: service.service_id,
      service_code: service.service_code,
      description: service.description,
      totalDuration: service.duration_minutes,
      time_zone: place.time_zone,
      window: { from: window.from, to: window.to, days: window.days },
      standard_vendor_count: counts.standard,
      pro_vendor_count: counts.pro,
      days: result.days.map((d) => ({
        date: d.date,
        ...(d.holiday ? { holiday: d.holiday } : {}),
        slots: d.slots.map(({ time, standard_vendor_count, pro_vendor_count }) => ({
          time,
          standard_vendor_count,
          pro_vendor_count,
        })),
      })),
    };
  });
}

/**
 * processType 3: the service detail sections (docs/product.md section 3 "Service detail response"): section 1 the
 * services with the area price, section 2 one availability summary each, the first with the verify flag
 * (docs/product.md section 5: vendor count below 10 and not 0). Section 3 (testimonials) is added by the client.
 */
export async function serviceDetail(
  { db, geo, now }: AvailabilityDeps,
  body: Input<3>,
): Promise<ServiceDetailSections> {
  const place = await zipPlaceOrFail(geo, body.zipCode);
  const ids = body.services.map((s) => s.serviceId);
  const [serviceRows, nearRows] = await db.batch([servicesQuery(db, place.area_id), vendorsNearQuery(db, place)]);
  const cards = ids.map((id, i) => {
    const row = serviceRows.find((r) => r.service_id === id);
    return row
      ? toServiceCard(row)
      : fail("NOT_FOUND", { [`services.${i}.serviceId`]: "We couldn't find this service." });
  });
  const window = matchingWindowAt(now, place.time_zone);
  const market = await loadMarket(db, vendorsInRange(nearRows, place), ids, now, { spanDays: window.days });
  const summaries = cards.map((card, i): ServiceAvailabilitySummary => {
    const candidates = market.candidates.filter((v) => v.offers.has(card.service_id));
    const counts = tierCounts(market.near, card.service_id);
    const result = matchSlots({
      candidates,
      durationMinutes: card.duration_minutes,
      isConnect: card.type === 2,
      now,
      tz: place.time_zone,
      window,
    });
    const vendorCount = counts.standard + counts.pro;
    const summary: ServiceAvailabilitySummary = {
      service_id: card.service_id,
      zipCode: place.zip,
      standard_vendor_count: counts.standard,
      pro_vendor_count: counts.pro,
      vendor_count: vendorCount,
      free_vendor_count: result.freeVendors,
      first_available: result.first === null ? null : formatLocal(result.first, place.time_zone),
      time_zone: place.time_zone,
    };
    if (i === 0) summary.verify = verifyFlag(vendorCount);
    return summary;
  });
  return [cards, summaries];
}
