import { and, asc, eq, lt } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { latest, sitemapIndexXml, splitSitemap, urlsetXml, type SitemapEntry } from "../../domain/sitemap";
import { SERVICE_TYPE, serviceCodeGroups, services } from "../../schema/tables/catalogue";
import { vendors } from "../../schema/tables/vendors";
import { POSTS } from "../../web/features/blog/data/posts";
import { cityPageLinks } from "../catalogue/city-pages";
import { bookableVendor } from "../catalogue/queries";
import { configuredSiteUrl, siteOriginFrom } from "../../web/lib/seo/site";

/**
 * The origin the sitemap and robots.txt name: the configured site URL (VITE_SITE_URL, the one the pages'
 * canonical URLs use, docs/decisions/156) when the build has one, else the request's own origin.
 */
export function seoOrigin(requestUrl: string): string {
  const configured = configuredSiteUrl();
  return configured ? siteOriginFrom(configured) : new URL(requestUrl).origin;
}

/**
 * robots.txt and the sitemaps (docs/decisions/158-sitemap-and-robots.md), served by the Worker before the
 * page renderer. Absolute URLs use the site's configured origin (`seoOrigin`).
 */

/** Areas that are someone's own (signed-in, per-order or per-payment) and the API: never crawled. */
export const DISALLOWED = [
  "/api/",
  "/account",
  "/business",
  "/admin",
  "/connect",
  "/cart",
  "/checkout",
  "/pay",
  "/reschedule",
  "/subscription",
];

/** The public information pages (their content is in the code, so they carry no date). */
export const INFO_PAGES = [
  "/",
  "/services",
  "/serviceinfo",
  "/help",
  "/blogs",
  "/membership",
  "/giftcard",
  "/become-a-pro",
  "/affiliates",
  "/alliances",
  "/ambassadors",
  "/foundation",
  "/foundation-recipients",
  "/privacypolicy",
  "/termsandconditions",
];

/** An hour at the edge and in browsers: new pros and cities appear within the hour. */
export const SEO_FILE_CACHE = "public, max-age=3600";

export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    ...DISALLOWED.map((p) => `Disallow: ${p}`),
    "Allow: /",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}

/** Every public URL: information pages, services, bookable pros, city pages, blog posts; dates from the data. */
export async function sitemapEntries(db: DrizzleD1Database, origin: string): Promise<SitemapEntry[]> {
  const [serviceRows, proRows] = await db.batch([
    db
      .select({ slug: services.slug })
      .from(services)
      .innerJoin(serviceCodeGroups, eq(serviceCodeGroups.service_code_group_id, services.service_code_group_id))
      .where(
        and(
          eq(services.enable, true),
          eq(services.type, SERVICE_TYPE.CONSUMER),
          eq(serviceCodeGroups.is_hidden, false),
          lt(serviceCodeGroups.service_code_group_id, 10_000),
        ),
      )
      .orderBy(asc(services.service_id)),
    db
      .select({ vendor_id: vendors.vendor_id, updated_at: vendors.updated_at })
      .from(vendors)
      .where(bookableVendor)
      .orderBy(asc(vendors.vendor_id)),
  ]);
  const cities = await cityPageLinks(db);
  const posts = POSTS.map((p) => ({ slug: p.slug, date: Date.parse(`${p.date}T00:00:00Z`) }));
  return [
    ...INFO_PAGES.map((path) => ({
      loc: `${origin}${path}`,
      lastmod: path === "/blogs" ? latest(posts.map((p) => p.date)) : null,
    })),
    ...serviceRows.map((s) => ({ loc: `${origin}/services/${encodeURIComponent(s.slug)}` })),
    ...proRows.map((p) => ({ loc: `${origin}/vendor/${p.vendor_id}`, lastmod: Number(p.updated_at) })),
    ...cities.map((c) => ({ loc: `${origin}${c.path}`, lastmod: c.lastmod })),
    ...posts.map((p) => ({ loc: `${origin}/blogs/${encodeURIComponent(p.slug)}`, lastmod: p.date })),
  ];
}

/**
 * `/sitemap.xml` (part 0) or `/sitemap-<n>.xml` (n from 1): when everything fits one file, sitemap.xml is
 * that file and there are no parts; otherwise sitemap.xml is an index of the parts. Null: no such part.
 */
export async function sitemapFile(
  db: DrizzleD1Database,
  origin: string,
  part: number,
  limits: { urls: number; bytes: number },
): Promise<string | null> {
  const entries = await sitemapEntries(db, origin);
  const parts = splitSitemap(entries, limits);
  if (parts.length === 1) return part === 0 ? urlsetXml(parts[0]!) : null;
  if (part === 0)
    return sitemapIndexXml(
      parts.map((p, i) => ({ loc: `${origin}/sitemap-${i + 1}.xml`, lastmod: latest(p.map((e) => e.lastmod)) })),
    );
  const chosen = parts[part - 1];
  return chosen ? urlsetXml(chosen) : null;
}
