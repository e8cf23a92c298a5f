import { and, count, desc, eq, max, or, sql } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { Hono } from "hono";
import {
  categoryList,
  COMPLETED_ORDERS_CATEGORY_ID,
  displayName,
  jobImageEntries,
  lastJobImage,
  pageFromWindow,
  pageWindow,
  parseJobImages,
  pickTestimonials,
  rankSearch,
  searchScore,
  sortNonSurchargeFirst,
  sortServices,
  testimonialScgid,
  withoutCompletedCategory,
} from "../../../domain/catalogue-rules";
import { formatLocal } from "../../../domain/calendar/time";
import { ServiceOrderStatus } from "../../../domain/order-status";
import { canSubmitSearch, normalizeSearchTerm, SEARCH_MIN_EXCLUSIVE } from "../../../domain/search-rules";
import {
  CustomServiceQuery,
  FeaturedQuery,
  SearchQuery,
  ServiceAndCategoryBody,
  Testimonials2Query,
  TestimonialsQuery,
  UserServicesBody,
  type CategoryCard,
  type FeaturedServices,
  type SearchResult,
  type ServiceAndCategory,
  type TestimonialCard,
  type UserServiceCard,
} from "../../../schema/payloads/catalogue";
import { serviceCodeGroups, services } from "../../../schema/tables/catalogue";
import { serviceOrders, testimonials } from "../../../schema/tables/orders";
import { vendors } from "../../../schema/tables/vendors";
import { geoFromEnv } from "../../adapters/geo";
import {
  customServicesQuery,
  loadAreaCatalogue,
  toCategoryCards,
  zipPlaceOrFail,
  type AreaCatalogue,
} from "../../catalogue/queries";
import { fail } from "../../http/errors";
import type { AppEnv } from "../../http/types";
import { jsonBody, queryOf } from "../../http/validate";
import { requireUser, viewerOf } from "../../middleware/roles";

/** Testimonials listed without a service (the home page): two per service, this many in all. */
const HOME_TESTIMONIALS = 20;
/** Rows read before picking two per service; far more than any page shows. */
const TESTIMONIAL_ROWS = 200;

/** Categories for a list: hidden ones out, 10100 only when asked for, the chosen one at display order 3. */
function categoriesFor(area: AreaCatalogue, opts: { showCompleted: boolean; chosen?: number }): CategoryCard[] {
  const cards = toCategoryCards(
    area.groups,
    area.available,
    (g) => opts.showCompleted && g.service_code_group_id === COMPLETED_ORDERS_CATEGORY_ID,
  );
  return categoryList(cards, { showCompleted: opts.showCompleted, chosen: opts.chosen ?? null });
}

async function groupExists(db: DrizzleD1Database, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: serviceCodeGroups.service_code_group_id })
    .from(serviceCodeGroups)
    .where(eq(serviceCodeGroups.service_code_group_id, id))
    .limit(1);
  return Boolean(row);
}

/** The booking catalogue for a ZIP (docs/product.md section 7 "Booking"); mounted at /booking. */
export const catalogueApi = new Hono<AppEnv>()
  /**
   * Services available in the ZIP with its area prices, the category list and the custom services.
   * isUserData from a signed-in customer adds category 10100 (their completed orders).
   */
  .on("POST", ["/serviceAndCategory", "/serviceAndCategory/"], async (c) => {
    const body = await jsonBody(c, ServiceAndCategoryBody);
    const db = c.get("db");
    const place = await zipPlaceOrFail(geoFromEnv(c.env, db), body.zipCode);
    const [area, customSC] = await Promise.all([loadAreaCatalogue(db, place), customServicesQuery(db, place.area_id)]);
    const showCompleted = body.isUserData && c.get("viewer") !== null;
    const data: ServiceAndCategory = {
      zipCode: place.zip,
      services: sortNonSurchargeFirst(withoutCompletedCategory(area.available, showCompleted)),
      category: categoriesFor(area, { showCompleted }),
      customSC,
    };
    return c.json({ data });
  })

  /** Custom services of one category for the ZIP's area, 10 a page. */
  .on("GET", ["/customService", "/customService/"], async (c) => {
    const q = queryOf(c, CustomServiceQuery);
    const db = c.get("db");
    const place = await zipPlaceOrFail(geoFromEnv(c.env, db), q.zipCode);
    const { limit, offset } = pageWindow(q.pagination);
    const [group, rows] = await db.batch([
      db
        .select({ id: serviceCodeGroups.service_code_group_id })
        .from(serviceCodeGroups)
        .where(eq(serviceCodeGroups.service_code_group_id, q.serviceGroupId))
        .limit(1),
      customServicesQuery(db, place.area_id, q.serviceGroupId).limit(limit).offset(offset),
    ]);
    if (group.length === 0) fail("NOT_FOUND", { serviceGroupId: "No such category." });
    return c.json({
      data: { zipCode: place.zip, serviceGroupId: q.serviceGroupId, ...pageFromWindow(rows, q.pagination) },
    });
  })

  /**
   * Services available in the ZIP matching the term (more than 2 characters) by name, category or
   * description, best match first (domain/catalogue-rules.ts rankSearch), and the matching categories.
   */
  .on("GET", ["/search", "/search/"], async (c) => {
    const q = queryOf(c, SearchQuery);
    const term = normalizeSearchTerm(q.searchTerm);
    if (!canSubmitSearch(term)) {
      fail("INVALID_INPUT", { searchTerm: `Type more than ${SEARCH_MIN_EXCLUSIVE} characters to search.` });
    }
    const db = c.get("db");
    const place = await zipPlaceOrFail(geoFromEnv(c.env, db), q.zipCode);
    const area = await loadAreaCatalogue(db, place);
    const found = rankSearch(sortServices(withoutCompletedCategory(area.available)), term, (s) => ({
      name: s.description,
      category: s.category_name,
      description: s.long_description,
    }));
    const data: SearchResult = {
      zipCode: place.zip,
      searchTerm: term,
      services: found,
      categories: categoriesFor(area, { showCompleted: false }).filter(
        (g) => searchScore({ name: g.name, category: "" }, term) > 0,
      ),
    };
    return c.json({ data });
  })

  /**
   * Featured (popular) services available in the ZIP with their discounts, the distinct categories they
   * belong to, each category's featured services, and the category list (docs/product.md section 3 "Featured
   * services"; scgid is the category being viewed, showCompleted lists 10100).
   */
  .get("/featured", async (c) => {
    const q = queryOf(c, FeaturedQuery);
    const db = c.get("db");
    const place = await zipPlaceOrFail(geoFromEnv(c.env, db), q.zipCode);
    const area = await loadAreaCatalogue(db, place);
    if (q.scgid !== undefined && !area.groups.some((g) => g.service_code_group_id === q.scgid)) {
      fail("NOT_FOUND", { scgid: "No such category." });
    }
    const featured = sortServices(
      withoutCompletedCategory(
        area.available.filter((s) => s.is_popular),
        q.showCompleted,
      ),
    );
    const distinct_scg: FeaturedServices["distinct_scg"] = [];
    const distinct_sscg: FeaturedServices["distinct_sscg"] = {};
    for (const s of featured) {
      const key = String(s.service_code_group_id);
      if (!distinct_sscg[key]) {
        distinct_sscg[key] = [];
        distinct_scg.push({ service_code_group_id: s.service_code_group_id, name: s.category_name });
      }
      distinct_sscg[key].push({ service_id: s.service_id, description: s.description });
    }
    const data: FeaturedServices = {
      zipCode: place.zip,
      services: featured,
      distinct_scg,
      distinct_sscg,
      category: categoriesFor(area, { showCompleted: q.showCompleted, chosen: q.scgid }),
    };
    return c.json({ data });
  });

/**
 * POST /users/me/services {zip}: the services available at the ZIP with its prices (non-surcharge first,
 * then order_rank), each with how often the signed-in customer had it done, for "book again". Mounted at
 * /users/me.
 */
export const userServicesApi = new Hono<AppEnv>().use(requireUser).post("/services", async (c) => {
  const body = await jsonBody(c, UserServicesBody);
  const viewer = viewerOf(c);
  const db = c.get("db");
  const place = await zipPlaceOrFail(geoFromEnv(c.env, db), body.zip, "zip");
  const [area, history] = await Promise.all([
    loadAreaCatalogue(db, place),
    db
      .select({ service_id: serviceOrders.service_id, n: count(), last: max(serviceOrders.completion_time) })
      .from(serviceOrders)
      .where(
        and(
          eq(serviceOrders.user_id, viewer.user_id),
          eq(serviceOrders.service_order_status_id, ServiceOrderStatus.COMPLETED),
        ),
      )
      .groupBy(serviceOrders.service_id),
  ]);
  const booked = new Map(history.map((h) => [h.service_id, h]));
  const data: UserServiceCard[] = sortNonSurchargeFirst(withoutCompletedCategory(area.available)).map((s) => {
    const h = booked.get(s.service_id);
    return {
      ...s,
      times_booked: h?.n ?? 0,
      last_booked_at: h?.last ? new Date(h.last).toISOString() : null,
    };
  });
  return c.json({ data });
});

// ------------------------------------------------------------------------------------------ testimonials

function testimonialRows(db: DrizzleD1Database) {
  return db
    .select({
      testimonial_id: testimonials.testimonial_id,
      service_order_id: testimonials.service_order_id,
      service_id: testimonials.service_id,
      service_description: services.description,
      service_code_group_id: testimonials.service_code_group_id,
      // Aliased: D1 batches answer rows as objects, where two columns of one name would collapse.
      service_group: sql<number | null>`${services.service_code_group_id}`.as("service_group"),
      vendor_id: testimonials.vendor_id,
      name: testimonials.name,
      rating: testimonials.rating,
      comment: testimonials.comment,
      display_order: testimonials.display_order,
      json_data: testimonials.json_data,
      job_images: testimonials.job_images,
      promised_arrival_time: testimonials.promised_arrival_time,
      time_zone: sql<string>`coalesce(${serviceOrders.time_zone}, ${vendors.tz}, 'UTC')`.as("tz"),
    })
    .from(testimonials)
    .leftJoin(services, eq(services.service_id, testimonials.service_id))
    .leftJoin(serviceOrders, eq(serviceOrders.service_order_id, testimonials.service_order_id))
    .leftJoin(vendors, eq(vendors.vendor_id, testimonials.vendor_id))
    .$dynamic();
}

type TestimonialRow = Awaited<ReturnType<typeof testimonialRows>>[number];

function toTestimonialCard(r: TestimonialRow): TestimonialCard {
  const entries = jobImageEntries(parseJobImages(r.job_images));
  return {
    testimonial_id: r.testimonial_id,
    service_order_id: r.service_order_id,
    service_id: r.service_id,
    service_description: r.service_description,
    service_code_group_id: r.service_code_group_id ?? r.service_group,
    scgid: testimonialScgid(r.json_data, r.service_code_group_id ?? r.service_group),
    vendor_id: r.vendor_id,
    name: displayName(r.name),
    rating: r.rating,
    comment: r.comment,
    display_order: r.display_order,
    json_data: r.json_data,
    job_images: entries,
    job_image: lastJobImage(entries),
    promised_arrival_time: r.promised_arrival_time === null ? null : formatLocal(r.promised_arrival_time, r.time_zone),
  };
}

/**
 * Testimonials (docs/product.md sections 3, 4 and 9), mounted at the API root.
 *
 * - GET /testimonials?serviceId=&scgid=: one service's testimonials (at most 2, display_order descending),
 *   those of category scgid first; without serviceId, two per service across the catalogue (at most 20),
 *   for the home page.
 * - GET /testimonials2?scgid=&serviceId=: one category's testimonials across its services (at most 2 per
 *   service); the given service's lead.
 */
export const testimonialsApi = new Hono<AppEnv>()
  .get("/testimonials", async (c) => {
    const q = queryOf(c, TestimonialsQuery);
    const db = c.get("db");
    const published = eq(testimonials.published, true);
    let rows: TestimonialRow[];
    if (q.serviceId !== undefined) {
      const [service, found] = await db.batch([
        db.select({ id: services.service_id }).from(services).where(eq(services.service_id, q.serviceId)).limit(1),
        testimonialRows(db)
          .where(and(published, eq(testimonials.service_id, q.serviceId)))
          .orderBy(desc(testimonials.display_order))
          .limit(TESTIMONIAL_ROWS),
      ]);
      if (service.length === 0) fail("NOT_FOUND", { serviceId: "No such service." });
      rows = found;
    } else {
      rows = await testimonialRows(db)
        .where(published)
        .orderBy(desc(testimonials.display_order))
        .limit(TESTIMONIAL_ROWS);
    }
    const cards = pickTestimonials(rows.map(toTestimonialCard), { currentScgid: q.scgid ?? null });
    return c.json({ data: q.serviceId !== undefined ? cards : cards.slice(0, HOME_TESTIMONIALS) });
  })

  .get("/testimonials2", async (c) => {
    const q = queryOf(c, Testimonials2Query);
    const db = c.get("db");
    if (!(await groupExists(db, q.scgid))) fail("NOT_FOUND", { scgid: "No such category." });
    const rows = await testimonialRows(db)
      .where(
        and(
          eq(testimonials.published, true),
          or(
            eq(testimonials.service_code_group_id, q.scgid),
            eq(services.service_code_group_id, q.scgid),
            sql`(CASE WHEN json_valid(${testimonials.json_data}) THEN json_extract(${testimonials.json_data}, '$.scgid') END) = ${q.scgid}`,
          ),
        ),
      )
      .orderBy(desc(testimonials.display_order))
      .limit(TESTIMONIAL_ROWS);
    const cards = pickTestimonials(rows.map(toTestimonialCard), { currentScgid: q.scgid });
    const lead = q.serviceId;
    const data =
      lead === undefined
        ? cards
        : [...cards.filter((t) => t.service_id === lead), ...cards.filter((t) => t.service_id !== lead)];
    return c.json({ data });
  });
