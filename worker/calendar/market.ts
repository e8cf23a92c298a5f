import { and, eq, sql } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { areaPriceCents, vendorPriceCents } from "../../domain/catalogue-rules";
import { BOOKING_HORIZON_DAYS } from "../../domain/calendar/slots";
import { DAY_MS } from "../../domain/calendar/time";
import { haversineMiles } from "../../domain/location/distance";
import type { VendorSettings } from "../../durable/calendar/rpc-types";
import { SERVICE_TYPE, servicePrices, services } from "../../schema/tables/catalogue";
import { cartItems, carts } from "../../schema/tables/orders";
import { serviceOrders } from "../../schema/tables/orders";
import { vendors, vendorServices } from "../../schema/tables/vendors";
import type { ZipPlace } from "../adapters/geo/port";
import type { VendorNear } from "../catalogue/queries";
import { fail } from "../http/errors";
import { busyByVendor, busyQuery, type Exclusions, type MatchCandidate } from "./search";
import { settingsColumns, toVendorSettings } from "./settings";
import type { CartOwner } from "../cart/cart-store";

/**
 * D1 reads shared by the availability and cart endpoints: a service as sold in a ZIP, a vendor's offer of
 * it, the vendors that can take it (the catalogue's in-range query, worker/catalogue/queries.ts) and their
 * settings and busy rows. Each helper is one D1 round trip (a batch where it needs several reads).
 */

export interface ServiceInZip {
  service_id: number;
  service_code: string;
  description: string;
  duration_minutes: number;
  /** A connect (business) service counts at full length in conflict checks. */
  is_connect: boolean;
  /** The area price (cents). */
  price_cents: number;
}

export function serviceQuery(db: DrizzleD1Database, serviceIds: readonly number[], areaId: number | null) {
  return db
    .select({
      service_id: services.service_id,
      service_code: services.service_code,
      description: services.description,
      duration_minutes: services.duration_minutes,
      type: services.type,
      base_price_cents: services.base_price_cents,
      area_price_cents: servicePrices.price_cents,
    })
    .from(services)
    .leftJoin(
      servicePrices,
      and(eq(servicePrices.service_id, services.service_id), eq(servicePrices.area_id, areaId ?? -1)),
    )
    .where(
      and(
        sql`${services.service_id} IN (SELECT value FROM json_each(${JSON.stringify(serviceIds)}))`,
        eq(services.enable, true),
      ),
    );
}

type ServiceRow = Awaited<ReturnType<typeof serviceQuery>>[number];

function toServiceInZip(r: ServiceRow): ServiceInZip {
  return {
    service_id: r.service_id,
    service_code: r.service_code,
    description: r.description,
    duration_minutes: r.duration_minutes,
    is_connect: r.type === SERVICE_TYPE.CONNECT,
    price_cents: areaPriceCents(r.base_price_cents, r.area_price_cents),
  };
}

/** Enabled services by id, in the order asked; an unknown or disabled one is NOT_FOUND. */
export function servicesOrFail(rows: readonly ServiceRow[], ids: readonly number[]): ServiceInZip[] {
  const byId = new Map(rows.map((r) => [r.service_id, toServiceInZip(r)]));
  return ids.map(
    (id, i) => byId.get(id) ?? fail("NOT_FOUND", { [`services.${i}.serviceId`]: "We couldn't find this service." }),
  );
}

export async function loadServices(
  db: DrizzleD1Database,
  ids: readonly number[],
  place: ZipPlace,
): Promise<ServiceInZip[]> {
  return servicesOrFail(await serviceQuery(db, ids, place.area_id), ids);
}

// ------------------------------------------------------------------------------------ one vendor

export interface VendorOffer {
  settings: VendorSettings;
  is_pro: boolean;
  service: ServiceInZip;
  /** What this vendor charges for the service in the ZIP (cents). */
  price_cents: number;
}

function vendorQuery(db: DrizzleD1Database, vendorIds: readonly number[]) {
  return db
    .select({
      ...settingsColumns,
      latitude: vendors.latitude,
      longitude: vendors.longitude,
      range_miles: vendors.range_miles,
      is_pro: vendors.is_pro,
    })
    .from(vendors)
    .where(sql`${vendors.vendor_id} IN (SELECT value FROM json_each(${JSON.stringify(vendorIds)}))`);
}

function linkQuery(db: DrizzleD1Database, vendorIds: readonly number[]) {
  return db
    .select({
      vendor_id: vendorServices.vendor_id,
      service_id: vendorServices.service_id,
      enabled: vendorServices.enabled,
      restricted_at: vendorServices.restricted_at,
      price_override_cents: vendorServices.price_override_cents,
    })
    .from(vendorServices)
    .where(sql`${vendorServices.vendor_id} IN (SELECT value FROM json_each(${JSON.stringify(vendorIds)}))`);
}

/**
 * Each (service, vendor) pair as an offer the customer at `place` can book, in one batch. Unknown service
 * or vendor: NOT_FOUND. A vendor that is not bookable, does not offer the service (or is restricted from
 * it) or whose range does not reach the ZIP: ITEM_NOT_AVAILABLE.
 */
export async function loadVendorOffers(
  db: DrizzleD1Database,
  place: ZipPlace,
  pairs: ReadonlyArray<{ serviceId: number; vendorId: number }>,
): Promise<VendorOffer[]> {
  const serviceIds = [...new Set(pairs.map((p) => p.serviceId))];
  const vendorIds = [...new Set(pairs.map((p) => p.vendorId))];
  const [serviceRows, vendorRows, links] = await db.batch([
    serviceQuery(db, serviceIds, place.area_id),
    vendorQuery(db, vendorIds),
    linkQuery(db, vendorIds),
  ]);
  const servicesById = new Map(serviceRows.map((r) => [r.service_id, toServiceInZip(r)]));
  const vendorsById = new Map(vendorRows.map((r) => [r.vendor_id, r]));
  return pairs.map((p, i) => {
    const service =
      servicesById.get(p.serviceId) ??
      fail("NOT_FOUND", { [`services.${i}.serviceId`]: "We couldn't find this service." });
    const v =
      vendorsById.get(p.vendorId) ??
      fail("NOT_FOUND", { [`services.${i}.vendorId`]: "We couldn't find this professional." });
    const settings = toVendorSettings(v);
    const link = links.find((l) => l.vendor_id === p.vendorId && l.service_id === p.serviceId);
    if (!settings.bookable || !link || !link.enabled || link.restricted_at !== null) {
      fail("ITEM_NOT_AVAILABLE", { [`services.${i}.vendorId`]: "This professional does not offer this service." });
    }
    const reaches =
      v.latitude !== null &&
      v.longitude !== null &&
      haversineMiles({ lat: place.latitude, lng: place.longitude }, { lat: v.latitude, lng: v.longitude }) <=
        v.range_miles;
    if (!reaches) fail("ITEM_NOT_AVAILABLE", { zipCode: "This professional does not serve this ZIP code." });
    return {
      settings,
      is_pro: v.is_pro,
      service,
      price_cents: vendorPriceCents(service.price_cents, link.price_override_cents),
    };
  });
}

/** The vendor's offered services (type 2 service-availability rows). */
export function vendorServicesQuery(db: DrizzleD1Database, vendorIds: readonly number[]) {
  return db
    .select({
      vendor_id: vendorServices.vendor_id,
      service_id: services.service_id,
      service_code: services.service_code,
      duration_minutes: services.duration_minutes,
    })
    .from(vendorServices)
    .innerJoin(services, and(eq(services.service_id, vendorServices.service_id), eq(services.enable, true)))
    .where(
      and(
        sql`${vendorServices.vendor_id} IN (SELECT value FROM json_each(${JSON.stringify(vendorIds)}))`,
        eq(vendorServices.enabled, true),
        sql`${vendorServices.restricted_at} IS NULL`,
      ),
    );
}

/** Settings of vendors by id (for the cart's re-validation and moves). */
export async function loadSettings(
  db: DrizzleD1Database,
  vendorIds: readonly number[],
): Promise<Map<number, VendorSettings>> {
  if (vendorIds.length === 0) return new Map();
  const rows = await db
    .select(settingsColumns)
    .from(vendors)
    .where(sql`${vendors.vendor_id} IN (SELECT value FROM json_each(${JSON.stringify(vendorIds)}))`);
  return new Map(rows.map((r) => [r.vendor_id, toVendorSettings(r)]));
}

// ------------------------------------------------------------------------------ vendors in range

export interface Market {
  /** Every bookable vendor whose range reaches the ZIP (the catalogue's query). */
  near: VendorNear[];
  /** Those offering any of the services, with settings and busy time over the span. */
  candidates: Array<MatchCandidate & { offers: ReadonlySet<number>; distance_miles: number }>;
}

/**
 * Vendors who can take any of `serviceIds` among `near` (the catalogue's in-range query, run by the caller
 * in its first batch), with their settings and busy time in [now - 1 day, now + spanDays + 2 days]: one
 * batch. The caller's own holds and a booking being rescheduled are left out (`exclude`).
 */
export async function loadMarket(
  db: DrizzleD1Database,
  near: readonly VendorNear[],
  serviceIds: readonly number[],
  now: number,
  opts: { spanDays?: number; exclude?: Exclusions } = {},
): Promise<Market> {
  const wanted = near.filter((v) => serviceIds.some((id) => v.offers.has(id)));
  if (wanted.length === 0) return { near: [...near], candidates: [] };
  const ids = wanted.map((v) => v.vendor_id);
  const span = (opts.spanDays ?? BOOKING_HORIZON_DAYS) + 2;
  const [settingRows, busyRows] = await db.batch([
    db
      .select(settingsColumns)
      .from(vendors)
      .where(sql`${vendors.vendor_id} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`),
    busyQuery(db, ids, now, now - DAY_MS, now + span * DAY_MS),
  ]);
  const settings = new Map(settingRows.map((r) => [r.vendor_id, toVendorSettings(r)]));
  const busy = busyByVendor(busyRows, opts.exclude);
  const candidates: Market["candidates"] = [];
  for (const v of wanted) {
    const s = settings.get(v.vendor_id);
    if (!s) continue;
    candidates.push({
      vendorId: v.vendor_id,
      isPro: v.is_pro,
      settings: s,
      busy: busy.get(v.vendor_id) ?? [],
      offers: new Set(v.offers.keys()),
      distance_miles: v.distance_miles,
    });
  }
  return { near: [...near], candidates };
}

/** Standard and pro vendors in range offering the service. */
export function tierCounts(near: readonly VendorNear[], serviceId: number): { standard: number; pro: number } {
  let standard = 0;
  let pro = 0;
  for (const v of near) {
    if (!v.offers.has(serviceId)) continue;
    if (v.is_pro) pro += 1;
    else standard += 1;
  }
  return { standard, pro };
}

// ------------------------------------------------------------------------------- the caller's data

/** Hold ids of the caller's own cart items among `cartitemids` (others' items are ignored). */
export function ownHoldsQuery(db: DrizzleD1Database, owner: CartOwner, cartitemids: readonly number[]) {
  return db
    .select({ hold_id: cartItems.hold_id })
    .from(cartItems)
    .innerJoin(carts, eq(carts.cart_id, cartItems.cart_id))
    .where(
      and(
        sql`${cartItems.cartitemid} IN (SELECT value FROM json_each(${JSON.stringify(cartitemids)}))`,
        owner.userId !== null
          ? eq(carts.user_id, owner.userId)
          : owner.visitorHash !== null
            ? eq(carts.visitor_token_hash, owner.visitorHash)
            : sql`0`,
      ),
    );
}

export async function ownHolds(
  db: DrizzleD1Database,
  owner: CartOwner,
  cartitemids: readonly number[],
): Promise<Set<string>> {
  if (cartitemids.length === 0 || (owner.userId === null && owner.visitorHash === null)) return new Set();
  const rows = await ownHoldsQuery(db, owner, cartitemids);
  return new Set(rows.map((r) => r.hold_id).filter((h): h is string => h !== null));
}

/**
 * Vendors among `vendorIds` the customer is attached to (docs/product.md section 3 "vendor_attached"): booked them
 * before or holds a client subscription with them. Arriving through a vendor's link is not recorded yet.
 */
export function attachedQuery(db: DrizzleD1Database, userId: number | null, vendorIds: readonly number[]) {
  const ids = JSON.stringify(vendorIds);
  return db
    .select({ vendor_id: vendors.vendor_id })
    .from(vendors)
    .where(
      and(
        sql`${vendors.vendor_id} IN (SELECT value FROM json_each(${ids}))`,
        sql`(EXISTS (SELECT 1 FROM service_orders so WHERE so.vendor_id = ${vendors.vendor_id} AND so.user_id = ${userId ?? -1})
          OR EXISTS (SELECT 1 FROM client_subscriptions cs WHERE cs.vendor_id = ${vendors.vendor_id} AND cs.client_user_id = ${userId ?? -1}))`,
      ),
    );
}

/** The caller's own service order among one id (batchable), to leave its booking out when rescheduling. */
export function ownServiceOrderQuery(db: DrizzleD1Database, userId: number | null, serviceOrderId: number) {
  return db
    .select({ id: serviceOrders.service_order_id })
    .from(serviceOrders)
    .where(and(eq(serviceOrders.service_order_id, serviceOrderId), eq(serviceOrders.user_id, userId ?? -1)))
    .limit(1);
}
