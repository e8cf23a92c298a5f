import { eq } from "drizzle-orm";
import { Hono } from "hono";
import {
  categoryList,
  COMPLETED_ORDERS_CATEGORY_ID,
  pageFromWindow,
  pageWindow,
  rankSearch,
  searchScore,
  sortNonSurchargeFirst,
  sortServices,
  withoutCompletedCategory,
} from "../../../domain/catalogue-rules";
import { canSubmitSearch, normalizeSearchTerm, SEARCH_MIN_EXCLUSIVE } from "../../../domain/search-rules";
import {
  CustomServiceQuery,
  FeaturedQuery,
  SearchQuery,
  ServiceAndCategoryBody,
  type CategoryCard,
  type FeaturedServices,
  type SearchResult,
  type ServiceAndCategory,
} from "../../../schema/payloads/catalogue";
import { serviceCodeGroups } from "../../../schema/tables/catalogue";
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
import { routeHandlers, validate } from "../../http/validate";

/** Categories for a list: hidden ones out, 10100 only when asked for, the chosen one at display order 3. */
function categoriesFor(area: AreaCatalogue, opts: { showCompleted: boolean; chosen?: number }): CategoryCard[] {
  const cards = toCategoryCards(
    area.groups,
    area.available,
    (g) => opts.showCompleted && g.service_code_group_id === COMPLETED_ORDERS_CATEGORY_ID,
  );
  return categoryList(cards, { showCompleted: opts.showCompleted, chosen: opts.chosen ?? null });
}

const serviceAndCategoryRoute = routeHandlers(validate("json", ServiceAndCategoryBody), async (c) => {
  const body = c.req.valid("json");
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
});

const customServiceRoute = routeHandlers(validate("query", CustomServiceQuery), async (c) => {
  const q = c.req.valid("query");
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
});

const searchRoute = routeHandlers(validate("query", SearchQuery), async (c) => {
  const q = c.req.valid("query");
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
});

/** The booking catalogue for a ZIP (docs/product.md section 7 "Booking"); mounted at /booking. */
export const catalogueApi = new Hono<AppEnv>()
  /**
   * Services available in the ZIP with its area prices, the category list and the custom services.
   * isUserData from a signed-in customer adds category 10100 (their completed orders).
   */
  .post("/serviceAndCategory", ...serviceAndCategoryRoute)
  .post("/serviceAndCategory/", ...serviceAndCategoryRoute)

  /** Custom services of one category for the ZIP's area, 10 a page. */
  .get("/customService", ...customServiceRoute)
  .get("/customService/", ...customServiceRoute)

  /**
   * Services available in the ZIP matching the term (more than 2 characters) by name, category or
   * description, best match first (domain/catalogue-rules.ts rankSearch), and the matching categories.
   */
  .get("/search", ...searchRoute)
  .get("/search/", ...searchRoute)

  /**
   * Featured (popular) services available in the ZIP with their discounts, the distinct categories they
   * belong to, each category's featured services, and the category list (docs/product.md section 3 "Featured
   * services"; scgid is the category being viewed, showCompleted lists 10100).
   */
  .get("/featured", validate("query", FeaturedQuery), async (c) => {
    const q = c.req.valid("query");
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
