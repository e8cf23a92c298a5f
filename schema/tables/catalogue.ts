import { index, integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { cents, createdAt } from "./columns";

/**
 * The service catalogue (docs/product.md section 3 "Service", "Service category group", "Custom service").
 *
 * Category ids 10100, 10010, 10020 and 10030 are special groups that link elsewhere (docs/product.md section 2
 * "Category targets"): completed orders, gift cards, business services (connect) and the foundation.
 * They exist as rows so the header's category list is data; where they link is decided by id in code.
 */
export const SPECIAL_GROUP = {
  COMPLETED_ORDERS: 10100,
  GIFT_CARDS: 10010,
  BUSINESS_SERVICES: 10020,
  FOUNDATION: 10030,
} as const;

/** services.type: 1 a consumer service, 2 a connect (business) service. */
export const SERVICE_TYPE = { CONSUMER: 1, CONNECT: 2 } as const;

export const serviceCodeGroups = sqliteTable(
  "service_code_groups",
  {
    service_code_group_id: integer("service_code_group_id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    slug: text("slug").notNull().unique(),
    /** One-line blurb shown on the category page. */
    description: text("description"),
    display_order: integer("display_order").notNull().default(0),
    /**
     * JSON `{ "exclude": number[], "shortcuts": Shortcut[] }`, the header's quick-search shortcuts and the
     * services hidden from this group's chip bar. A shortcut is
     * `{ "label": string, "service_code_group_id"?: number, "service_id"?: number, "slug"?: string }`
     * (a category when it carries only a group id, else a service).
     */
    service_shortcuts: text("service_shortcuts"),
    /** Hidden from the category list unless asked for (10100 is hidden; docs/product.md section 5 "Featured lists"). */
    is_hidden: integer("is_hidden", { mode: "boolean" }).notNull().default(false),
    /** Services of this group need a valid licence from the pro (vendor_licenses). */
    license_required: integer("license_required", { mode: "boolean" }).notNull().default(false),
  },
  (t) => [index("scg_display_order_idx").on(t.display_order)],
);

export const services = sqliteTable(
  "services",
  {
    service_id: integer("service_id").primaryKey({ autoIncrement: true }),
    /** Stable business code, e.g. "MSG-SWD-60"; cart items carry it. */
    service_code: text("service_code").notNull().unique(),
    slug: text("slug").notNull().unique(),
    /** The display name, e.g. "Swedish Massage" (the spec calls it description). */
    description: text("description").notNull(),
    long_description: text("long_description"),
    service_code_group_id: integer("service_code_group_id")
      .notNull()
      .references(() => serviceCodeGroups.service_code_group_id),
    /** Higher first (docs/product.md section 9 "Service list sort"). */
    order_rank: integer("order_rank").notNull().default(0),
    is_popular: integer("is_popular", { mode: "boolean" }).notNull().default(false),
    enable: integer("enable", { mode: "boolean" }).notNull().default(true),
    /** A surcharge service is an add-on; non-surcharge services list first. */
    surcharge: integer("surcharge", { mode: "boolean" }).notNull().default(false),
    /**
     * Discount in cents off the price (the spec's "discount (number)"). May be negative, which marks a
     * price above the list price (docs/product.md section 4: the promo banner needs no negative discount).
     */
    discount_cents: cents("discount_cents").notNull().default(0),
    duration_minutes: integer("duration_minutes").notNull(),
    /** Price where no price area applies; service_prices overrides it per area. */
    base_price_cents: cents("base_price_cents").notNull(),
    /** 1 consumer, 2 connect/business (SERVICE_TYPE). */
    type: integer("type").notNull().default(1),
    /** JSON string of past jobs shown on the service page (docs/product.md "f3"); null when none. */
    f3: text("f3"),
    /** Image path, e.g. /media/demo/service-swedish-massage.svg. */
    image: text("image"),
  },
  (t) => [
    index("services_group_rank_idx").on(t.service_code_group_id, t.order_rank),
    index("services_popular_idx").on(t.is_popular, t.order_rank),
  ],
);

/** A pricing region (a metro). ZIPs point at it through zipcodes.area_id. */
export const priceAreas = sqliteTable("price_areas", {
  area_id: integer("area_id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  slug: text("slug").notNull().unique(),
  /** The metro centre and radius used to assign ZIPs to the area. */
  center_zip: text("center_zip").notNull(),
  latitude: real("latitude").notNull(),
  longitude: real("longitude").notNull(),
  radius_miles: integer("radius_miles").notNull().default(30),
});

export const servicePrices = sqliteTable(
  "service_prices",
  {
    service_id: integer("service_id")
      .notNull()
      .references(() => services.service_id, { onDelete: "cascade" }),
    area_id: integer("area_id")
      .notNull()
      .references(() => priceAreas.area_id, { onDelete: "cascade" }),
    price_cents: cents("price_cents").notNull(),
  },
  (t) => [primaryKey({ columns: [t.service_id, t.area_id] }), index("service_prices_area_idx").on(t.area_id)],
);

/**
 * Services offered only in some places or by request (docs/product.md "Custom service": custom_sc, listed by
 * GET /booking/customService?zipCode&serviceGroupId). area_id null means everywhere.
 */
export const customServices = sqliteTable(
  "custom_services",
  {
    custom_service_id: integer("custom_service_id").primaryKey({ autoIncrement: true }),
    service_code_group_id: integer("service_code_group_id")
      .notNull()
      .references(() => serviceCodeGroups.service_code_group_id),
    area_id: integer("area_id").references(() => priceAreas.area_id),
    custom_sc: text("custom_sc").notNull().unique(),
    name: text("name").notNull(),
    description: text("description"),
    duration_minutes: integer("duration_minutes").notNull(),
    price_cents: cents("price_cents").notNull(),
    enable: integer("enable", { mode: "boolean" }).notNull().default(true),
    created_at: createdAt(),
  },
  (t) => [index("custom_services_group_idx").on(t.service_code_group_id, t.area_id)],
);
