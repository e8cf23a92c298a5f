import { env } from "cloudflare:test";
import { drizzle } from "drizzle-orm/d1";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { create } from "xmlbuilder2";
import { serviceCodeGroups, services } from "../../schema/tables/catalogue";
import { vendors } from "../../schema/tables/vendors";
import { POSTS } from "../../web/features/blog/data/posts";
import {
  insertAreaPrice,
  insertArea,
  insertGroup,
  insertService,
  insertVendor,
  insertZip,
} from "../catalogue/test-fixtures";
import { Client, ORIGIN } from "../test-utils";

/**
 * robots.txt, the sitemaps and the city pages' API (docs/decisions/158-sitemap-and-robots.md,
 * 159-city-pages.md) on a small world: Chicago has massage pros (one terminated, one deactivated, one
 * soft-banned), Evanston one, and St. Louis a nail pro whose city has a dot in its name.
 */
const db = () => drizzle(env.DB);

let massage: { id: number; slug: string };
let nails: { id: number; slug: string };
let giftCards: { id: number; slug: string };
let swedish: number;
let deep: number;
let addOn: number;
let manicure: number;
const ids: Record<string, number> = {};

async function setVendor(id: number, zip: string, updated_at: number) {
  await db().update(vendors).set({ base_zip: zip, updated_at }).where(eq(vendors.vendor_id, id));
}

async function groupOf(id: number) {
  const [g] = await db().select().from(serviceCodeGroups).where(eq(serviceCodeGroups.service_code_group_id, id));
  return { id, slug: g!.slug };
}

beforeAll(async () => {
  const area = await insertArea({ name: "Chicagoland", center_zip: "60601", latitude: 41.88, longitude: -87.62 });
  await insertZip({ zip: "60601", city: "Chicago", state: "IL", latitude: 41.88, longitude: -87.62, area_id: area });
  await insertZip({ zip: "60614", city: "Chicago", state: "IL", latitude: 41.92, longitude: -87.65 });
  await insertZip({ zip: "60201", city: "Evanston", state: "IL", latitude: 42.05, longitude: -87.68 });
  await insertZip({ zip: "63101", city: "St. Louis", state: "MO", latitude: 38.63, longitude: -90.19 });
  await insertZip({ zip: "10001", city: "New York", state: "NY", latitude: 40.75, longitude: -73.99 });
  massage = await groupOf(await insertGroup({ name: "Massage & More", display_order: 1 }));
  nails = await groupOf(await insertGroup({ name: "Nails", display_order: 2 }));
  giftCards = await groupOf(await insertGroup({ name: "Gift Cards", id: 10010, display_order: 101 }));
  swedish = await insertService({
    group: massage.id,
    description: "Swedish Massage",
    base_price_cents: 10000,
    order_rank: 5,
  });
  deep = await insertService({ group: massage.id, description: "Deep Tissue", base_price_cents: 12000 });
  addOn = await insertService({
    group: massage.id,
    description: "Hot Stones",
    base_price_cents: 2000,
    surcharge: true,
  });
  manicure = await insertService({ group: nails.id, description: "Manicure", base_price_cents: 4000 });
  await insertService({ group: nails.id, description: "Retired Polish", base_price_cents: 1000, enable: false });
  await insertAreaPrice(swedish, area, 11000);

  const at = { lat: 41.88, lng: -87.62 };
  ids.ana = await insertVendor({
    name: "Ana & Co <Massage>",
    ...at,
    rating_avg_x100: 490,
    rating_count: 12,
    offers: [{ service_id: swedish }, { service_id: deep, price_override_cents: 9000 }, { service_id: addOn }],
  });
  await setVendor(ids.ana, "60601", Date.UTC(2026, 5, 1));
  ids.ben = await insertVendor({ name: "Ben", ...at, rating_avg_x100: 470, offers: [{ service_id: swedish }] });
  await setVendor(ids.ben, "60614", Date.UTC(2026, 6, 15));
  ids.gone = await insertVendor({
    name: "Terminated Tess",
    ...at,
    status: "terminated",
    offers: [{ service_id: swedish }],
  });
  await setVendor(ids.gone, "60601", Date.UTC(2026, 8, 1));
  ids.paused = await insertVendor({ name: "Paused Pat", ...at, status: "deactivated", offers: [{ service_id: deep }] });
  await setVendor(ids.paused, "60201", Date.UTC(2026, 8, 1));
  ids.banned = await insertVendor({ name: "Banned Bo", ...at, soft_banned: true, offers: [{ service_id: manicure }] });
  await setVendor(ids.banned, "60601", Date.UTC(2026, 8, 1));
  ids.restricted = await insertVendor({
    name: "Restricted Rae",
    ...at,
    offers: [{ service_id: manicure, restricted: true }],
  });
  await setVendor(ids.restricted, "60201", Date.UTC(2026, 8, 1));
  ids.eve = await insertVendor({ name: "Eve", lat: 42.05, lng: -87.68, offers: [{ service_id: deep }] });
  await setVendor(ids.eve, "60201", Date.UTC(2026, 3, 2));
  ids.lou = await insertVendor({ name: "Lou", lat: 38.63, lng: -90.19, offers: [{ service_id: manicure }] });
  await setVendor(ids.lou, "63101", Date.UTC(2026, 4, 3));
});

/** The <loc>s and <lastmod>s of a sitemap file, through an XML parser (a malformed file throws). */
function parseSitemap(xml: string): { root: string; entries: Array<{ loc: string; lastmod?: string }> } {
  const doc = create(xml).end({ format: "object" }) as Record<string, Record<string, unknown>>;
  const root = Object.keys(doc)[0]!;
  const body = doc[root]!;
  expect(body["@xmlns"]).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
  const raw = body.url ?? body.sitemap ?? [];
  const list = (Array.isArray(raw) ? raw : [raw]) as Array<{ loc: string; lastmod?: string }>;
  return { root, entries: list };
}

describe("robots.txt", () => {
  it("disallows the private areas and the API, and names the sitemap, with public caching", async () => {
    const res = await new Client().get<string>("/robots.txt");
    expect(res.status).toBe(200);
    const lines = res.body.split("\n");
    expect(lines[0]).toBe("User-agent: *");
    for (const p of ["/api/", "/account", "/business", "/admin", "/cart", "/checkout"])
      expect(lines).toContain(`Disallow: ${p}`);
    expect(lines).not.toContain("Disallow: /vendor");
    expect(lines).not.toContain("Disallow: /media");
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    const raw = await fetchRaw("/robots.txt");
    expect(raw.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(raw.headers.get("cache-control")).toBe("public, max-age=3600");
  });
});

async function fetchRaw(path: string, headers: Record<string, string> = {}) {
  const { SELF } = await import("cloudflare:test");
  return SELF.fetch(`${ORIGIN}${path}`, { headers });
}

describe("sitemap.xml", () => {
  it("lists the info pages, services, bookable pros, city pages and blog posts, escaped, dated from the data", async () => {
    const res = await fetchRaw("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/xml/);
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
    const xml = await res.text();
    const { root, entries } = parseSitemap(xml);
    expect(root).toBe("urlset");
    const locs = entries.map((e) => e.loc);
    const at = (path: string) => entries.find((e) => e.loc === `${ORIGIN}${path}`);
    expect(new Set(locs).size).toBe(locs.length);
    for (const p of ["/", "/services", "/help", "/blogs", "/privacypolicy"]) expect(at(p)).toBeDefined();
    for (const p of ["/cart", "/account", "/checkout"]) expect(at(p)).toBeUndefined();
    // Services: enabled consumer services of the menu's groups; the disabled one and add-ons' group specials not.
    const [swedishRow] = await db().select().from(services).where(eq(services.service_id, swedish));
    expect(at(`/services/${swedishRow!.slug}`)).toBeDefined();
    expect(locs.some((l) => l.includes("retired-polish"))).toBe(false);
    // Pros: the bookable ones with their own update date; terminated, deactivated and soft-banned leave.
    expect(at(`/vendor/${ids.ana}`)?.lastmod).toBe("2026-06-01");
    for (const id of [ids.ben, ids.eve, ids.lou, ids.restricted]) expect(at(`/vendor/${id}`)).toBeDefined();
    for (const id of [ids.gone, ids.paused, ids.banned]) expect(at(`/vendor/${id}`)).toBeUndefined();
    // City pages: one per group and metro with a bookable pro; dated by the latest of its pros.
    expect(at(`/${massage.slug}/chicago-il`)?.lastmod).toBe("2026-07-15");
    expect(at(`/${massage.slug}/evanston-il`)?.lastmod).toBe("2026-04-02");
    expect(at(`/${nails.slug}/st-louis-mo`)?.lastmod).toBe("2026-05-03");
    // The banned pro's manicure in Chicago and the restricted one's in Evanston make no page.
    expect(at(`/${nails.slug}/chicago-il`)).toBeUndefined();
    expect(at(`/${nails.slug}/evanston-il`)).toBeUndefined();
    expect(locs.filter((l) => /\/(massage|nails)[^/]*\/[a-z-]+-[a-z]{2}$/.test(l))).toHaveLength(3);
    // Blog posts with their publication dates; the blog's index with the newest.
    for (const p of POSTS) expect(at(`/blogs/${p.slug}`)?.lastmod).toBe(p.date);
    expect(at("/blogs")?.lastmod).toBe(
      [...POSTS]
        .map((p) => p.date)
        .sort()
        .at(-1),
    );
    // The group name's "&" is in the slug only as letters; every & in the file is an entity.
    expect(xml).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
  });

  it("a terminated pro leaves the sitemap on the next read", async () => {
    const before = await (await fetchRaw("/sitemap.xml")).text();
    expect(before).toContain(`${ORIGIN}/vendor/${ids.eve}<`);
    expect(before).toContain(`/${massage.slug}/evanston-il<`);
    await db().update(vendors).set({ status: "terminated" }).where(eq(vendors.vendor_id, ids.eve!));
    const after = await (await fetchRaw("/sitemap.xml")).text();
    expect(after).not.toContain(`${ORIGIN}/vendor/${ids.eve}<`);
    // Evanston had only Eve for massage: its page leaves too, and answers 404.
    expect(after).not.toContain(`/${massage.slug}/evanston-il<`);
    expect((await new Client().get(`/api/booking/cities/${massage.slug}/evanston-il`)).status).toBe(404);
    await db().update(vendors).set({ status: "active" }).where(eq(vendors.vendor_id, ids.eve!));
  });

  it("splits into an index of parts over the per-file limit, every URL in exactly one part", async () => {
    const whole = parseSitemap(await (await fetchRaw("/sitemap.xml")).text()).entries.map((e) => e.loc);
    const limit = { "x-test-sitemap-urls": "7" };
    const index = parseSitemap(await (await fetchRaw("/sitemap.xml", limit)).text());
    expect(index.root).toBe("sitemapindex");
    const parts = Math.ceil(whole.length / 7);
    expect(index.entries.map((e) => e.loc)).toEqual(
      Array.from({ length: parts }, (_, i) => `${ORIGIN}/sitemap-${i + 1}.xml`),
    );
    const seen: string[] = [];
    for (const child of index.entries) {
      const res = await fetchRaw(new URL(child.loc).pathname, limit);
      expect(res.status).toBe(200);
      const part = parseSitemap(await res.text());
      expect(part.root).toBe("urlset");
      expect(part.entries.length).toBeLessThanOrEqual(7);
      seen.push(...part.entries.map((e) => e.loc));
    }
    expect(seen).toEqual(whole);
    // The part holding the pros carries their latest date as its own lastmod.
    expect(index.entries.some((e) => e.lastmod === "2026-07-15")).toBe(true);
    expect((await fetchRaw(`/sitemap-${parts + 1}.xml`, limit)).status).toBe(404);
    // Without the split there are no parts.
    expect((await fetchRaw("/sitemap-1.xml")).status).toBe(404);
  });
});

describe("GET /api/booking/cities/:group/:city", () => {
  it("lists the group's bookable pros based in the metro, their main services at home-area prices, from prices", async () => {
    const res = await new Client().get(`/api/booking/cities/${massage.slug}/chicago-il`);
    expect(res.status).toBe(200);
    const page = res.body.data;
    expect(page.group).toEqual({
      service_code_group_id: massage.id,
      name: "Massage & More",
      slug: massage.slug,
      description: null,
    });
    expect(page.city).toEqual({ name: "Chicago", state: "IL", slug: "chicago-il" });
    expect(page.pro_count).toBe(2);
    // Best rated first; the terminated and banned pros are not there.
    expect(page.pros.map((p: { display_name: string }) => p.display_name)).toEqual(["Ana & Co <Massage>", "Ben"]);
    const ana = page.pros[0];
    expect(ana.rating).toBe(4.9);
    // Ana's ZIP is in the Chicagoland area (Swedish at 110.00); her own Deep Tissue price; no add-on.
    expect(ana.services).toEqual([
      { service_id: deep, slug: expect.any(String), name: "Deep Tissue", price_cents: 9000 },
      { service_id: swedish, slug: expect.any(String), name: "Swedish Massage", price_cents: 11000 },
    ]);
    expect(ana.from_price_cents).toBe(9000);
    // Ben's ZIP has no area: the list price.
    expect(page.pros[1].services).toEqual([
      { service_id: swedish, slug: expect.any(String), name: "Swedish Massage", price_cents: 10000 },
    ]);
    expect(page.services).toEqual([
      expect.objectContaining({ service_id: swedish, from_price_cents: 10000, pro_count: 2, duration_minutes: 60 }),
      expect.objectContaining({ service_id: deep, from_price_cents: 9000, pro_count: 1 }),
    ]);
    expect(page.lastmod).toBe(Date.UTC(2026, 6, 15));
  });

  it("matches a city whose name has punctuation by its slug", async () => {
    const res = await new Client().get(`/api/booking/cities/${nails.slug}/st-louis-mo`);
    expect(res.status).toBe(200);
    expect(res.body.data.city).toEqual({ name: "St. Louis", state: "MO", slug: "st-louis-mo" });
    expect(res.body.data.pros.map((p: { vendor_id: number }) => p.vendor_id)).toEqual([ids.lou]);
  });

  it("answers 404 for a city with no bookable pro in the group, an unknown city or group, a special group", async () => {
    const c = new Client();
    for (const path of [
      `/${nails.slug}/chicago-il`, // only a soft-banned pro
      `/${nails.slug}/evanston-il`, // only a restricted offer
      `/${massage.slug}/new-york-ny`, // a known city, no pro
      `/${massage.slug}/atlantis-zz`,
      `/no-such-group/chicago-il`,
      `/${giftCards.slug}/chicago-il`,
    ]) {
      const res = await c.get(`/api/booking/cities${path}`);
      expect(res.status, path).toBe(404);
      expect(res.body.error.code).toBe("NOT_FOUND");
    }
  });

  it("answers INVALID_INPUT for a malformed slug", async () => {
    const c = new Client();
    for (const path of [`/${massage.slug}/chicago`, `/Massage/chicago-il`, `/${massage.slug}/${"a".repeat(200)}-il`]) {
      const res = await c.get(`/api/booking/cities${path}`);
      expect(res.status, path).toBe(400);
      expect(res.body.error.code).toBe("INVALID_INPUT");
    }
  });

  it("GET /api/booking/cities?group= lists one group's city pages by city", async () => {
    const res = await new Client().get(`/api/booking/cities?group=${massage.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data.cities.map((c: { path: string }) => c.path)).toEqual([
      `/${massage.slug}/chicago-il`,
      `/${massage.slug}/evanston-il`,
    ]);
    expect((await new Client().get(`/api/booking/cities?group=999999`)).body.data.cities).toEqual([]);
    expect((await new Client().get(`/api/booking/cities?group=abc`)).status).toBe(400);
  });
});
