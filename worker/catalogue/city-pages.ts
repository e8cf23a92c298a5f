import { and, asc, eq, isNull, lt, max } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { citySlug } from "../../domain/sitemap";
import type { CityPage, CityPageLink } from "../../schema/payloads/city-pages";
import { SERVICE_TYPE, serviceCodeGroups, servicePrices, services } from "../../schema/tables/catalogue";
import { zipcodes } from "../../schema/tables/places";
import { vendors, vendorServices } from "../../schema/tables/vendors";
import { fail } from "../http/errors";
import { bookableVendor, vendorPhoto } from "./queries";

/**
 * City pages (docs/decisions/159-city-pages.md): one per service group and metro that has bookable pros,
 * the metro being the city and state of a pro's base ZIP in the ZIP table. A page lists the pros based
 * there who offer the group's services, with each service's price at the pro's home area (their own price
 * where set), and the group's services with the lowest of those prices ("from").
 */

/** Groups with city pages: the consumer categories shown in the menu (not the special link groups, 10000+). */
const publicGroup = and(eq(serviceCodeGroups.is_hidden, false), lt(serviceCodeGroups.service_code_group_id, 10_000));

/** At most this many pros on one city page (best rated first); the rest are reached through search. */
export const CITY_PAGE_PROS = 60;

/** What a pro offers that counts for a city page: enabled, not restricted, an enabled main consumer service. */
const offers = and(
  eq(vendorServices.enabled, true),
  isNull(vendorServices.restricted_at),
  eq(services.enable, true),
  eq(services.type, SERVICE_TYPE.CONSUMER),
  eq(services.surcharge, false),
);

/** Every city page with the date its content last changed (the latest update of its pros), for the sitemap. */
export async function cityPageLinks(db: DrizzleD1Database): Promise<CityPageLink[]> {
  const rows = await db
    .select({
      group_slug: serviceCodeGroups.slug,
      group_name: serviceCodeGroups.name,
      city: zipcodes.city,
      state: zipcodes.state,
      lastmod: max(vendors.updated_at),
    })
    .from(vendors)
    .innerJoin(zipcodes, eq(zipcodes.zip, vendors.base_zip))
    .innerJoin(vendorServices, eq(vendorServices.vendor_id, vendors.vendor_id))
    .innerJoin(services, eq(services.service_id, vendorServices.service_id))
    .innerJoin(serviceCodeGroups, eq(serviceCodeGroups.service_code_group_id, services.service_code_group_id))
    .where(and(bookableVendor, offers, publicGroup))
    .groupBy(serviceCodeGroups.service_code_group_id, zipcodes.state, zipcodes.city)
    .orderBy(asc(serviceCodeGroups.display_order), asc(zipcodes.state), asc(zipcodes.city));
  // Two spellings of one city ("St Louis", "St. Louis") make one slug: one page, the later date.
  const bySlug = new Map<string, CityPageLink>();
  for (const r of rows) {
    const slug = citySlug(r.city, r.state);
    const path = `/${r.group_slug}/${slug}`;
    const lastmod = r.lastmod === null ? null : Number(r.lastmod);
    const seen = bySlug.get(path);
    if (seen) seen.lastmod = Math.max(seen.lastmod ?? 0, lastmod ?? 0) || null;
    else
      bySlug.set(path, {
        path,
        group_slug: r.group_slug,
        group_name: r.group_name,
        city: r.city,
        state: r.state,
        city_slug: slug,
        lastmod,
      });
  }
  return [...bySlug.values()];
}

/** The city pages of one group (the service pages link to them), by city name. */
export async function cityLinksOfGroup(db: DrizzleD1Database, groupId: number): Promise<CityPageLink[]> {
  const [group] = await db
    .select({ slug: serviceCodeGroups.slug })
    .from(serviceCodeGroups)
    .where(eq(serviceCodeGroups.service_code_group_id, groupId));
  if (!group) return [];
  return (await cityPageLinks(db))
    .filter((l) => l.group_slug === group.slug)
    .sort((a, b) => a.city.localeCompare(b.city) || a.state.localeCompare(b.state));
}

/**
 * One city page, or NOT_FOUND for an unknown group, an unknown city, or a city with no bookable pro in the
 * group (an empty page is never served).
 */
export async function cityPage(db: DrizzleD1Database, groupSlug: string, slug: string): Promise<CityPage> {
  const [group] = await db
    .select({
      service_code_group_id: serviceCodeGroups.service_code_group_id,
      name: serviceCodeGroups.name,
      slug: serviceCodeGroups.slug,
      description: serviceCodeGroups.description,
    })
    .from(serviceCodeGroups)
    .where(and(eq(serviceCodeGroups.slug, groupSlug), publicGroup));
  if (!group) fail("NOT_FOUND", { group: "No such category." });
  // The state is the slug's last two letters; the city is matched on its slug among that state's rows.
  const state = slug.slice(-2).toUpperCase();
  const rows = await db
    .select({
      vendor_id: vendors.vendor_id,
      display_name: vendors.display_name,
      photo: vendors.photo,
      photo_status: vendors.photo_status,
      description: vendors.description,
      is_pro: vendors.is_pro,
      rating_avg_x100: vendors.rating_avg_x100,
      rating_count: vendors.rating_count,
      completed_jobs: vendors.completed_jobs,
      updated_at: vendors.updated_at,
      city: zipcodes.city,
      state: zipcodes.state,
      service_id: services.service_id,
      service_slug: services.slug,
      service_name: services.description,
      duration_minutes: services.duration_minutes,
      order_rank: services.order_rank,
      base_price_cents: services.base_price_cents,
      area_price_cents: servicePrices.price_cents,
      own_price_cents: vendorServices.price_override_cents,
    })
    .from(vendors)
    .innerJoin(zipcodes, eq(zipcodes.zip, vendors.base_zip))
    .innerJoin(vendorServices, eq(vendorServices.vendor_id, vendors.vendor_id))
    .innerJoin(services, eq(services.service_id, vendorServices.service_id))
    .leftJoin(
      servicePrices,
      and(eq(servicePrices.service_id, services.service_id), eq(servicePrices.area_id, zipcodes.area_id)),
    )
    .where(
      and(
        bookableVendor,
        offers,
        eq(zipcodes.state, state),
        eq(services.service_code_group_id, group.service_code_group_id),
      ),
    );
  const here = rows.filter((r) => citySlug(r.city, r.state) === slug);
  if (here.length === 0) fail("NOT_FOUND", { city: "No pros offer this here yet." });

  const pros = new Map<number, CityPage["pros"][number] & { updated_at: number }>();
  const servicesById = new Map<number, CityPage["services"][number] & { order_rank: number }>();
  for (const r of here) {
    const price = r.own_price_cents ?? r.area_price_cents ?? r.base_price_cents;
    let pro = pros.get(r.vendor_id);
    if (!pro) {
      pro = {
        vendor_id: r.vendor_id,
        display_name: r.display_name,
        photo: vendorPhoto(r.photo, r.photo_status),
        description: r.description,
        is_pro: r.is_pro,
        rating: Math.round(r.rating_avg_x100) / 100,
        rating_count: r.rating_count,
        completed_jobs: r.completed_jobs,
        from_price_cents: price,
        services: [],
        updated_at: Number(r.updated_at),
      };
      pros.set(r.vendor_id, pro);
    }
    pro.from_price_cents = Math.min(pro.from_price_cents, price);
    pro.services.push({ service_id: r.service_id, slug: r.service_slug, name: r.service_name, price_cents: price });
    const s = servicesById.get(r.service_id);
    if (s) {
      s.from_price_cents = Math.min(s.from_price_cents, price);
      s.pro_count += 1;
    } else
      servicesById.set(r.service_id, {
        service_id: r.service_id,
        slug: r.service_slug,
        name: r.service_name,
        duration_minutes: r.duration_minutes,
        from_price_cents: price,
        pro_count: 1,
        order_rank: r.order_rank,
      });
  }
  const proList = [...pros.values()]
    .sort((a, b) => b.rating - a.rating || b.rating_count - a.rating_count || a.vendor_id - b.vendor_id)
    .slice(0, CITY_PAGE_PROS);
  const first = here[0]!;
  return {
    group: {
      service_code_group_id: group.service_code_group_id,
      name: group.name,
      slug: group.slug,
      description: group.description,
    },
    city: { name: first.city, state: first.state, slug },
    pro_count: pros.size,
    pros: proList.map(({ updated_at: _, ...p }) => ({
      ...p,
      services: p.services.sort((a, b) => a.price_cents - b.price_cents || a.name.localeCompare(b.name)),
    })),
    services: [...servicesById.values()]
      .sort((a, b) => b.order_rank - a.order_rank || a.name.localeCompare(b.name))
      .map(({ order_rank: _, ...s }) => s),
    lastmod: Math.max(...[...pros.values()].map((p) => p.updated_at)),
  };
}
