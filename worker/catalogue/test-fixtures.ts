import { env } from "cloudflare:test";
import { drizzle } from "drizzle-orm/d1";
import { users } from "../../schema/tables/accounts";
import { customServices, priceAreas, serviceCodeGroups, servicePrices, services } from "../../schema/tables/catalogue";
import { orders, serviceOrders, testimonials } from "../../schema/tables/orders";
import { zipcodes } from "../../schema/tables/places";
import { vendors, vendorServices } from "../../schema/tables/vendors";
import { ServiceOrderStatus } from "../../domain/order-status";
import { MILES_PER_DEGREE } from "../adapters/geo/box";
import { T0 } from "../test-utils";

/**
 * Fixtures for the catalogue, places and vendor directory tests. The test database starts empty (only the
 * migrations), so each test file builds its own small world with these; `catalogueWorld()` is the shared
 * one: a Boston price area, vendors at known distances north of ZIP 02116, and a few far-away ZIPs.
 */
const db = () => drizzle(env.DB);
let counter = 0;
const next = () => ++counter;

/** A point `miles` due north (along the meridian, so the haversine distance is exactly `miles`). */
export function north(lat: number, lng: number, miles: number): { lat: number; lng: number } {
  return { lat: lat + miles / MILES_PER_DEGREE, lng };
}

export async function insertZip(z: {
  zip: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
  time_zone?: string;
  area_id?: number | null;
  state_name?: string | null;
}) {
  await db()
    .insert(zipcodes)
    .values({ time_zone: "America/New_York", area_id: null, state_name: null, ...z });
}

export async function insertArea(a: { name: string; center_zip: string; latitude: number; longitude: number }) {
  const [row] = await db()
    .insert(priceAreas)
    .values({ ...a, slug: `${a.name.toLowerCase().replace(/\W+/g, "-")}-${next()}` })
    .returning();
  return row!.area_id;
}

export async function insertGroup(g: {
  name: string;
  display_order?: number;
  id?: number;
  is_hidden?: boolean;
  service_shortcuts?: string | null;
}) {
  const [row] = await db()
    .insert(serviceCodeGroups)
    .values({
      service_code_group_id: g.id,
      name: g.name,
      slug: `${g.name.toLowerCase().replace(/\W+/g, "-")}-${next()}`,
      display_order: g.display_order ?? 0,
      is_hidden: g.is_hidden ?? false,
      service_shortcuts: g.service_shortcuts ?? null,
    })
    .returning();
  return row!.service_code_group_id;
}

export async function insertService(s: {
  group: number;
  description: string;
  base_price_cents: number;
  order_rank?: number;
  is_popular?: boolean;
  surcharge?: boolean;
  enable?: boolean;
  discount_cents?: number;
  long_description?: string | null;
  duration_minutes?: number;
  type?: number;
}) {
  const n = next();
  const [row] = await db()
    .insert(services)
    .values({
      service_code: `SVC-${n}`,
      slug: `${s.description.toLowerCase().replace(/\W+/g, "-")}-${n}`,
      description: s.description,
      long_description: s.long_description ?? null,
      service_code_group_id: s.group,
      order_rank: s.order_rank ?? 0,
      is_popular: s.is_popular ?? false,
      surcharge: s.surcharge ?? false,
      enable: s.enable ?? true,
      discount_cents: s.discount_cents ?? 0,
      duration_minutes: s.duration_minutes ?? 60,
      base_price_cents: s.base_price_cents,
      type: s.type ?? 1,
    })
    .returning();
  return row!.service_id;
}

export async function insertAreaPrice(service_id: number, area_id: number, price_cents: number) {
  await db().insert(servicePrices).values({ service_id, area_id, price_cents });
}

export async function insertCustomService(c: {
  group: number;
  name: string;
  price_cents: number;
  area_id?: number | null;
  enable?: boolean;
}) {
  const n = next();
  const [row] = await db()
    .insert(customServices)
    .values({
      service_code_group_id: c.group,
      area_id: c.area_id ?? null,
      custom_sc: `CUSTOM-${n}`,
      name: c.name,
      duration_minutes: 60,
      price_cents: c.price_cents,
      enable: c.enable ?? true,
      created_at: T0,
    })
    .returning();
  return row!.custom_service_id;
}

export async function insertUser(name = "Fixture User") {
  const n = next();
  const [row] = await db()
    .insert(users)
    .values({
      name,
      phone: `+1999${String(n).padStart(7, "0")}`,
      email: `fixture-${n}-${Date.now()}@example.com`,
      referral_code: `FX${n}${Math.random().toString(36).slice(2, 6).toUpperCase()}`,
      status: "active",
      created_at: T0,
      updated_at: T0,
    })
    .returning();
  return row!.user_id;
}

export interface VendorFixture {
  name: string;
  lat: number;
  lng: number;
  range_miles?: number;
  status?: "active" | "deactivated" | "terminated";
  soft_banned?: boolean;
  is_pro?: boolean;
  rating_avg_x100?: number;
  rating_count?: number;
  photo?: string | null;
  photo_status?: "pending" | "approved" | "rejected";
  tz?: string;
  available_setting?: string;
  description?: string | null;
  offers?: Array<{ service_id: number; price_override_cents?: number | null; enabled?: boolean; restricted?: boolean }>;
}

export async function insertVendor(v: VendorFixture) {
  const user_id = await insertUser(v.name);
  const [row] = await db()
    .insert(vendors)
    .values({
      user_id,
      display_name: v.name,
      status: v.status ?? "active",
      soft_banned: v.soft_banned ?? false,
      tz: v.tz ?? "America/New_York",
      description: v.description ?? null,
      available_setting: v.available_setting ?? '{"weekly":{}}',
      range_miles: v.range_miles ?? 15,
      latitude: v.lat,
      longitude: v.lng,
      is_pro: v.is_pro ?? false,
      rating_avg_x100: v.rating_avg_x100 ?? 0,
      rating_count: v.rating_count ?? 0,
      photo: v.photo === undefined ? `/media/demo/vendor-${next()}.svg` : v.photo,
      photo_status: v.photo_status ?? "approved",
      created_at: T0,
      updated_at: T0,
    })
    .returning();
  const vendor_id = row!.vendor_id;
  for (const o of v.offers ?? []) {
    await db()
      .insert(vendorServices)
      .values({
        vendor_id,
        service_id: o.service_id,
        enabled: o.enabled ?? true,
        price_override_cents: o.price_override_cents ?? null,
        restricted_at: o.restricted ? T0 : null,
      });
  }
  return vendor_id;
}

/** A completed, optionally rated job of `vendor_id` (an order row is made for it). */
export async function insertCompletedJob(j: {
  vendor_id: number;
  service_id: number;
  user_id?: number;
  customer_name?: string;
  rating?: number | null;
  notes?: string | null;
  approved?: boolean;
  rated_at?: number;
  job_images?: string;
  status?: number;
}) {
  const user_id = j.user_id ?? (await insertUser(j.customer_name ?? "Fixture Customer"));
  const n = next();
  const [order] = await db()
    .insert(orders)
    .values({
      user_id,
      status: "completed",
      subtotal_cents: 10000,
      total_cents: 10000,
      address: "1 Fixture St, Boston, MA 02116",
      zipcode: "02116",
      time_zone: "America/New_York",
      idempotency_key: `fixture-${n}-${Math.random()}`,
      created_at: T0,
      updated_at: T0,
    })
    .returning();
  const rated = j.rating === undefined ? null : j.rating;
  const [so] = await db()
    .insert(serviceOrders)
    .values({
      order_id: order!.order_id,
      user_id,
      vendor_id: j.vendor_id,
      service_id: j.service_id,
      service_order_status_id: j.status ?? ServiceOrderStatus.COMPLETED,
      scheduled_status: 1,
      promised_arrival_time: (j.rated_at ?? T0) - 86_400_000,
      job_minutes: 60,
      address: "1 Fixture St, Boston, MA 02116",
      zipcode: "02116",
      time_zone: "America/New_York",
      completion_time: (j.rated_at ?? T0) - 82_800_000,
      job_images: j.job_images ?? '{"before":[],"after":[],"testimonial":[]}',
      vendor_rating: rated,
      vendor_rating_notes: j.notes ?? null,
      rated_at: rated === null ? null : (j.rated_at ?? T0),
      rating_approved: j.approved ?? true,
      price_cents: 10000,
      created_at: T0,
      updated_at: T0,
    })
    .returning();
  return { service_order_id: so!.service_order_id, user_id };
}

export async function insertTestimonial(t: {
  service_id: number | null;
  service_code_group_id?: number | null;
  vendor_id?: number | null;
  name?: string | null;
  display_order?: number;
  json_data?: string;
  job_images?: string;
  published?: boolean;
  promised_arrival_time?: number | null;
  comment?: string | null;
}) {
  const [row] = await db()
    .insert(testimonials)
    .values({
      service_id: t.service_id,
      service_code_group_id: t.service_code_group_id ?? null,
      vendor_id: t.vendor_id ?? null,
      name: t.name === undefined ? "Fixture Name" : t.name,
      rating: 5,
      comment: t.comment ?? "Lovely.",
      display_order: t.display_order ?? 0,
      json_data: t.json_data ?? "{}",
      job_images: t.job_images ?? '{"before":[],"after":[],"testimonial":[]}',
      promised_arrival_time: t.promised_arrival_time ?? null,
      published: t.published ?? true,
      created_at: T0,
    })
    .returning();
  return row!.testimonial_id;
}

// ------------------------------------------------------------------------------------ the shared world

/** ZIP 02116 (Boston, Back Bay): the centre every distance below is measured from. */
export const BOSTON = { zip: "02116", lat: 42.3505, lng: -71.0763 };

export interface CatalogueWorld {
  areaId: number;
  groups: { massage: number; nails: number; hair: number; completed: number; gifts: number };
  services: {
    swedish: number;
    deepTissue: number;
    hotStones: number;
    gelMani: number;
    pedicure: number;
    blowout: number;
    retired: number;
  };
  vendors: {
    near: number;
    mid: number;
    far: number;
    outOfRange: number;
    wide: number;
    softBanned: number;
    deactivated: number;
    restricted: number;
  };
}

/**
 * The shared world. Boston area prices: Swedish 120.00 (base 99.00). In range of 02116: "Ava Near" (1 mi),
 * "Bea Mid" (5 mi, pro, own Swedish price 110.00), "Cal Far" (12 mi, range 15), "Wes Wide" (30 mi, range
 * 50). Not bookable there: "Dee Out" (12 mi, range 10), a soft-banned, a deactivated and a restricted
 * vendor, all offering the Blowout, which is therefore not available in 02116.
 */
export async function catalogueWorld(): Promise<CatalogueWorld> {
  const areaId = await insertArea({
    name: "Boston",
    center_zip: BOSTON.zip,
    latitude: BOSTON.lat,
    longitude: BOSTON.lng,
  });
  await insertZip({
    zip: BOSTON.zip,
    city: "Boston",
    state: "MA",
    state_name: "Massachusetts",
    latitude: BOSTON.lat,
    longitude: BOSTON.lng,
    area_id: areaId,
  });
  await insertZip({
    zip: "02139",
    city: "Cambridge",
    state: "MA",
    latitude: 42.3647,
    longitude: -71.1042,
    area_id: areaId,
  });
  await insertZip({ zip: "10118", city: "New York", state: "NY", latitude: 40.749, longitude: -73.9865 });
  await insertZip({ zip: "10001", city: "New York", state: "NY", latitude: 40.7484, longitude: -73.9967 });
  await insertZip({ zip: "05001", city: "White River Junction", state: "VT", latitude: 43.6488, longitude: -72.3193 });
  await insertZip({ zip: "00501", city: "Holtsville", state: "NY", latitude: 40.8154, longitude: -73.0451 });
  await insertZip({
    zip: "99501",
    city: "Anchorage",
    state: "AK",
    latitude: 61.2169,
    longitude: -149.8767,
    time_zone: "America/Anchorage",
  });

  const massage = await insertGroup({ name: "Massage", display_order: 1 });
  const nails = await insertGroup({ name: "Nails", display_order: 2 });
  const hair = await insertGroup({ name: "Hair", display_order: 5 });
  const completed = await insertGroup({ id: 10100, name: "Completed Orders", display_order: 0, is_hidden: true });
  const gifts = await insertGroup({ id: 10010, name: "Gift Cards", display_order: 90 });

  const swedish = await insertService({
    group: massage,
    description: "Swedish Massage",
    base_price_cents: 9900,
    order_rank: 90,
    is_popular: true,
    discount_cents: 1000,
    long_description: "Long, relaxing strokes.",
  });
  const deepTissue = await insertService({
    group: massage,
    description: "Deep Tissue Massage",
    base_price_cents: 11000,
    order_rank: 80,
    long_description: "Firm pressure for knots.",
  });
  const hotStones = await insertService({
    group: massage,
    description: "Hot Stones Add-On",
    base_price_cents: 2500,
    order_rank: 99,
    surcharge: true,
  });
  const gelMani = await insertService({
    group: nails,
    description: "Gel Manicure",
    base_price_cents: 5500,
    order_rank: 70,
    discount_cents: -500,
    long_description: "Includes a short hand massage.",
  });
  const pedicure = await insertService({
    group: nails,
    description: "Classic Pedicure",
    base_price_cents: 6000,
    order_rank: 60,
    is_popular: true,
  });
  const blowout = await insertService({
    group: hair,
    description: "Blowout",
    base_price_cents: 6500,
    order_rank: 50,
    is_popular: true,
  });
  const retired = await insertService({
    group: massage,
    description: "Retired Facial Massage",
    base_price_cents: 5000,
    order_rank: 100,
    enable: false,
  });
  await insertAreaPrice(swedish, areaId, 12000);

  const at = (miles: number) => north(BOSTON.lat, BOSTON.lng, miles);
  const near = await insertVendor({
    name: "Ava Near",
    ...at(1),
    range_miles: 10,
    rating_avg_x100: 450,
    rating_count: 20,
    offers: [{ service_id: swedish }, { service_id: deepTissue }, { service_id: hotStones }, { service_id: retired }],
  });
  const mid = await insertVendor({
    name: "Bea Mid",
    ...at(5),
    range_miles: 10,
    is_pro: true,
    rating_avg_x100: 490,
    rating_count: 8,
    offers: [{ service_id: swedish, price_override_cents: 11000 }, { service_id: gelMani }],
  });
  const far = await insertVendor({
    name: "Cal Far",
    ...at(12),
    range_miles: 15,
    rating_avg_x100: 470,
    rating_count: 50,
    photo_status: "rejected",
    offers: [{ service_id: pedicure }, { service_id: gelMani, enabled: false }],
  });
  const outOfRange = await insertVendor({
    name: "Dee Out",
    ...at(12),
    range_miles: 10,
    offers: [{ service_id: blowout }],
  });
  const wide = await insertVendor({
    name: "Wes Wide",
    ...at(30),
    range_miles: 50,
    rating_avg_x100: 400,
    rating_count: 3,
    offers: [{ service_id: deepTissue }],
  });
  const softBanned = await insertVendor({
    name: "Sol Banned",
    ...at(2),
    range_miles: 10,
    soft_banned: true,
    offers: [{ service_id: blowout }],
  });
  const deactivated = await insertVendor({
    name: "Dot Off",
    ...at(3),
    range_miles: 10,
    status: "deactivated",
    offers: [{ service_id: blowout }],
  });
  const restricted = await insertVendor({
    name: "Res Tricted",
    ...at(4),
    range_miles: 10,
    offers: [{ service_id: blowout, restricted: true }],
  });

  return {
    areaId,
    groups: { massage, nails, hair, completed, gifts },
    services: { swedish, deepTissue, hotStones, gelMani, pedicure, blowout, retired },
    vendors: { near, mid, far, outOfRange, wide, softBanned, deactivated, restricted },
  };
}
