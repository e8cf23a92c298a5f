/**
 * The site's absolute origin, for canonical URLs, link previews, structured data and the sitemap.
 * Configuration: VITE_SITE_URL at build time (`VITE_SITE_URL=https://example.com npm run deploy`); Vite builds
 * both the Worker and the browser bundle, so the server render, the browser and the Worker's own routes
 * (robots.txt, sitemap.xml) read the same value. Without it: the local dev server's origin
 * (docs/decisions/156-page-heads-and-canonical-urls.md).
 */
export const LOCAL_SITE_ORIGIN = "http://localhost:5173";

export function siteOriginFrom(configured: string | undefined): string {
  if (!configured) return LOCAL_SITE_ORIGIN;
  try {
    const url = new URL(configured);
    if (url.protocol !== "https:" && url.protocol !== "http:") return LOCAL_SITE_ORIGIN;
    return url.origin;
  } catch {
    return LOCAL_SITE_ORIGIN;
  }
}

/**
 * VITE_SITE_URL as the build set it. Only Vite defines `import.meta.env`: the Worker that `wrangler dev` bundles
 * itself (worker/api-entry.ts, for `npm run cron` and the benches) has none, and reading it there must not
 * stop the Worker from starting.
 */
export function configuredSiteUrl(): string | undefined {
  const env = (import.meta as { env?: Record<string, unknown> }).env;
  const value = env?.VITE_SITE_URL;
  return typeof value === "string" && value !== "" ? value : undefined;
}

export const SITE_ORIGIN = siteOriginFrom(configuredSiteUrl());

/**
 * The one URL of a page: its path without query or fragment (ZIP, tracking and sort parameters never make a
 * second URL of the same page), without a trailing slash except for the home page.
 */
export function canonicalPath(path: string): string {
  const bare = path.split(/[?#]/, 1)[0] ?? "/";
  const withSlash = bare.startsWith("/") ? bare : `/${bare}`;
  const trimmed = withSlash.length > 1 ? withSlash.replace(/\/+$/, "") : withSlash;
  return trimmed === "" ? "/" : trimmed;
}

/** An absolute URL on this site for a path (or an absolute URL left as it is). */
export function absoluteUrl(pathOrUrl: string, origin: string = SITE_ORIGIN): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return new URL(pathOrUrl.startsWith("/") ? pathOrUrl : `/${pathOrUrl}`, origin).toString();
}

/** The canonical absolute URL of a page. */
export function canonicalUrl(path: string, origin: string = SITE_ORIGIN): string {
  return absoluteUrl(canonicalPath(path), origin);
}
