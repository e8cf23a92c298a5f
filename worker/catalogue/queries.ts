import { and, asc, eq, isNull, or, sql } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { areaPriceCents, vendorPriceCents } from "../../domain/catalogue-rules";
import { haversineMiles } from "../../domain/location/distance";
import { normalizeZip } from "../../domain/location/zip";
import { DEFAULT_USER_PHOTO } from "../../schema/payloads/accounts";
import type { CategoryCard, ServiceCard } from "../../schema/payloads/catalogue";
import { customServices, serviceCodeGroups, servicePrices, services } from "../../schema/tables/catalogue";
import { vendors } from "../../schema/tables/vendors";
import { MILES_PER_DEGREE } from "../adapters/geo/box";
import type { GeoPort, ZipPlace } from "../adapters/geo/port";
import { fail } from "../http/errors";

/**
 * D1 query helpers of the catalogue and the vendor directory. The area rules (docs/architecture.md section 3): a ZIP's
 * price area picks service_prices (else the base price); a service is available in a ZIP when an active,
 * non-soft-banned vendor offering it has the ZIP within range. The in-range search is one D1 query over a
 * latitude/longitude box (vendors_lat_idx) with the exact haversine distance applied in code.
 */

/** The ZIP's place, or INVALID_ADDRESS for a value that is not a ZIP or a ZIP we don't know. */
export async function zipPlaceOrFail(geo: GeoPort, raw: string | number, field = "zipCode"): Promise<ZipPlace> {
  const zip = normalizeZip(raw);
  if (!zip) fail("INVALID_ADDRESS", { [field]: "Enter a 5 digit ZIP code." });
  const place = await geo.lookupZip(zip);
  if (!place) fail("INVALID_ADDRESS", { [field]: "This ZIP code is not in our service area." });
  return place;
}

// ------------------------------------------------------------------------------------------ vendors

/** What a vendor offers: service_id -> the vendor's own price (null: the area price). */
export type Offers = Map<number, number | null>;

export interface VendorNear {
  vendor_id: number;
  display_name: string;
  photo: string;
  is_pro: boolean;
  tz: string;
  range_miles: number;
  rating_avg_x100: number;
  rating_count: number;
  completed_jobs: number;
  distance_miles: number;
  offers: Offers;
}

/** A shown vendor photo: only an approved one; otherwise the default picture. */
export function vendorPhoto(photo: string | null, status: string): string {
  return photo && status === "approved" ? photo : DEFAULT_USER_PHOTO;
}

/** Vendors that can be booked: active and not soft-banned. */
export const bookableVendor = and(eq(vendors.status, "active"), eq(vendors.soft_banned, false));

/**
 * One query: every bookable vendor whose position lies in the box around the ZIP that the widest range of
 * any bookable vendor needs, with what they offer (enabled, not restricted, service enabled) folded into
 * one JSON column. Batchable; pass the rows to `vendorsInRange`.
 *
 * Written in SQL for the plan: `INDEXED BY vendors_lat_idx` with `CROSS JOIN` (which fixes the join
 * order in SQLite) makes it a scan of the latitude band, then primary-key lookups of each vendor's
 * offers. Left to itself, the planner prefers the status index (nearly every vendor is active) or a scan
 * of vendor_services.
 */
export function vendorsNearQuery(db: DrizzleD1Database, place: ZipPlace) {
  const cos = Math.max(Math.cos((place.latitude * Math.PI) / 180), 0.01);
  const widest = sql`(SELECT coalesce(max(range_miles), 0) FROM vendors WHERE status = 'active' AND soft_banned = 0)`;
  const latSpan = sql`(${widest} / ${MILES_PER_DEGREE})`;
  const lngSpan = sql`(${widest} / ${MILES_PER_DEGREE * cos})`;
  const col = <T>(name: string) => sql<T>`${sql.raw(`v.${name}`)}`.as(name);
  return db
    .select({
      vendor_id: col<number>("vendor_id"),
      display_name: col<string>("display_name"),
      photo: col<string | null>("photo"),
      photo_status: col<string>("photo_status"),
      is_pro: col<number>("is_pro"),
      tz: col<string>("tz"),
      latitude: col<number | null>("latitude"),
      longitude: col<number | null>("longitude"),
      range_miles: col<number>("range_miles"),
      rating_avg_x100: col<number>("rating_avg_x100"),
      rating_count: col<number>("rating_count"),
      completed_jobs: col<number>("completed_jobs"),
      offers: sql<string>`json_group_array(json_array(vs.service_id, vs.price_override_cents))`.as("offers"),
    })
    .from(sql`vendors AS v INDEXED BY vendors_lat_idx CROSS JOIN vendor_services AS vs CROSS JOIN services AS s`)
    .where(
      sql`v.latitude BETWEEN ${place.latitude} - ${latSpan} AND ${place.latitude} + ${latSpan}
        AND v.longitude BETWEEN ${place.longitude} - ${lngSpan} AND ${place.longitude} + ${lngSpan}
        AND v.status = 'active' AND v.soft_banned = 0
        AND vs.vendor_id = v.vendor_id AND vs.enabled = 1 AND vs.restricted_at IS NULL
        AND s.service_id = vs.service_id AND s.enable = 1`,
    )
    .groupBy(sql`v.vendor_id`);
}

type VendorNearRow = Awaited<ReturnType<typeof vendorsNearQuery>>[number];

export function parseOffers(json: string): Offers {
  const offers: Offers = new Map();
  for (const [id, price] of JSON.parse(json) as Array<[number, number | null]>) offers.set(id, price ?? null);
  return offers;
}

/** The rows whose range reaches the ZIP's centre (haversine, docs/product.md section 9), with their distance. */
export function vendorsInRange(rows: readonly VendorNearRow[], place: ZipPlace): VendorNear[] {
  const out: VendorNear[] = [];
  for (const r of rows) {
    if (r.latitude === null || r.longitude === null) continue;
    const miles = haversineMiles({ lat: place.latitude, lng: place.longitude }, { lat: r.latitude, lng: r.longitude });
    if (miles > r.range_miles) continue;
    out.push({
      vendor_id: r.vendor_id,
      display_name: r.display_name,
      photo: vendorPhoto(r.photo, r.photo_status),
      is_pro: Boolean(r.is_pro),
      tz: r.tz,
      range_miles: r.range_miles,
      rating_avg_x100: r.rating_avg_x100,
      rating_count: r.rating_count,
      completed_jobs: r.completed_jobs,
      distance_miles: miles,
      offers: parseOffers(r.offers),
    });
  }
  return out;
}

/** Service ids offered by at least one vendor in range. */
export function availableServiceIds(near: readonly VendorNear[]): Set<number> {
  const ids = new Set<number>();
  for (const v of near) for (const id of v.offers.keys()) ids.add(id);
  return ids;
}

// ----------------------------------------------------------------------------------------- services

/** Enabled services with their category and the area's price (batchable). */
export function servicesQuery(db: DrizzleD1Database, areaId: number | null) {
  return db
    .select({
      service_id: services.service_id,
      service_code: services.service_code,
      slug: services.slug,
      description: services.description,
      long_description: services.long_description,
      service_code_group_id: services.service_code_group_id,
      category_name: serviceCodeGroups.name,
      order_rank: services.order_rank,
      is_popular: services.is_popular,
      surcharge: services.surcharge,
      type: services.type,
      duration_minutes: services.duration_minutes,
      base_price_cents: services.base_price_cents,
      area_price_cents: servicePrices.price_cents,
      discount_cents: services.discount_cents,
      image: services.image,
      f3: services.f3,
    })
    .from(services)
    .innerJoin(serviceCodeGroups, eq(serviceCodeGroups.service_code_group_id, services.service_code_group_id))
    .leftJoin(
      servicePrices,
      and(eq(servicePrices.service_id, services.service_id), eq(servicePrices.area_id, areaId ?? -1)),
    )
    .where(eq(services.enable, true));
}

type ServiceRow = Awaited<ReturnType<typeof servicesQuery>>[number];

export function toServiceCard(r: ServiceRow): ServiceCard {
  const { base_price_cents, area_price_cents, ...rest } = r;
  return { ...rest, price_cents: areaPriceCents(base_price_cents, area_price_cents) };
}

/** A service as a given vendor sells it. */
export function withVendorPrice<T extends ServiceCard>(card: T, override: number | null | undefined) {
  return { ...card, vendor_price_cents: vendorPriceCents(card.price_cents, override) };
}

// --------------------------------------------------------------------------------------- categories

export function groupsQuery(db: DrizzleD1Database) {
  return db
    .select({
      service_code_group_id: serviceCodeGroups.service_code_group_id,
      name: serviceCodeGroups.name,
      slug: serviceCodeGroups.slug,
      description: serviceCodeGroups.description,
      display_order: serviceCodeGroups.display_order,
      service_shortcuts: serviceCodeGroups.service_shortcuts,
      is_hidden: serviceCodeGroups.is_hidden,
    })
    .from(serviceCodeGroups)
    .orderBy(asc(serviceCodeGroups.display_order), asc(serviceCodeGroups.name));
}

type GroupRow = Awaited<ReturnType<typeof groupsQuery>>[number];

/** Groups as cards with how many of `available` each holds; hidden groups only when `showHidden` allows. */
export function toCategoryCards(
  groups: readonly GroupRow[],
  available: readonly ServiceCard[],
  showHidden: (g: GroupRow) => boolean = () => false,
): CategoryCard[] {
  const counts = new Map<number, number>();
  for (const s of available) counts.set(s.service_code_group_id, (counts.get(s.service_code_group_id) ?? 0) + 1);
  return groups
    .filter((g) => !g.is_hidden || showHidden(g))
    .map(({ is_hidden: _hidden, ...g }) => ({ ...g, service_count: counts.get(g.service_code_group_id) ?? 0 }));
}

// ---------------------------------------------------------------------------------- custom services

/** Enabled custom services for an area (area-specific and everywhere ones), optionally of one group. */
export function customServicesQuery(db: DrizzleD1Database, areaId: number | null, groupId?: number) {
  const area =
    areaId === null
      ? isNull(customServices.area_id)
      : or(isNull(customServices.area_id), eq(customServices.area_id, areaId));
  return db
    .select({
      custom_service_id: customServices.custom_service_id,
      custom_sc: customServices.custom_sc,
      service_code_group_id: customServices.service_code_group_id,
      name: customServices.name,
      description: customServices.description,
      duration_minutes: customServices.duration_minutes,
      price_cents: customServices.price_cents,
    })
    .from(customServices)
    .where(
      and(
        eq(customServices.enable, true),
        area,
        groupId === undefined ? undefined : eq(customServices.service_code_group_id, groupId),
      ),
    )
    .orderBy(
      // Area-specific offers before the everywhere ones, then by name.
      sql`${customServices.area_id} IS NULL`,
      asc(customServices.name),
      asc(customServices.custom_service_id),
    );
}

// ------------------------------------------------------------------------------- the area catalogue

export interface AreaCatalogue {
  place: ZipPlace;
  near: VendorNear[];
  /** Every enabled service, priced for the area. */
  all: ServiceCard[];
  /** Services available in the ZIP (offered by a vendor in range). */
  available: ServiceCard[];
  groups: GroupRow[];
}

/** Vendors in range, services with area prices and the categories: one D1 round trip (a batch). */
export async function loadAreaCatalogue(db: DrizzleD1Database, place: ZipPlace): Promise<AreaCatalogue> {
  const [vendorRows, serviceRows, groups] = await db.batch([
    vendorsNearQuery(db, place),
    servicesQuery(db, place.area_id),
    groupsQuery(db),
  ]);
  const near = vendorsInRange(vendorRows, place);
  const ids = availableServiceIds(near);
  const all = serviceRows.map(toServiceCard);
  return { place, near, all, available: all.filter((s) => ids.has(s.service_id)), groups };
}
