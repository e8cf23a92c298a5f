/**
 * Sitemaps and city page addresses for search engines (docs/decisions/158-sitemap-and-robots.md,
 * 159-city-pages.md): pure text building, no I/O. The Worker reads the rows and serves the text.
 */

/** The sitemaps protocol's ceilings per file (sitemaps.org): 50,000 URLs and 50 MB uncompressed. */
export const SITEMAP_LIMITS = { urls: 50_000, bytes: 50 * 1024 * 1024 } as const;

export interface SitemapEntry {
  /** An absolute URL. */
  loc: string;
  /** When the page's content last changed (epoch ms), from the data; omitted when the data has no date. */
  lastmod?: number | null;
}

/** The five XML entities, so a name with `&` or `<` in a URL cannot break the file. */
export function xmlEscape(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);
}

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
const W3C_DATE = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function entryXml(tag: "url" | "sitemap", e: SitemapEntry): string {
  const lastmod = e.lastmod != null && Number.isFinite(e.lastmod) ? `<lastmod>${W3C_DATE(e.lastmod)}</lastmod>` : "";
  return `<${tag}><loc>${xmlEscape(e.loc)}</loc>${lastmod}</${tag}>\n`;
}

export function urlsetXml(entries: SitemapEntry[]): string {
  return `${HEAD}<urlset ${NS}>\n${entries.map((e) => entryXml("url", e)).join("")}</urlset>\n`;
}

export function sitemapIndexXml(children: SitemapEntry[]): string {
  return `${HEAD}<sitemapindex ${NS}>\n${children.map((e) => entryXml("sitemap", e)).join("")}</sitemapindex>\n`;
}

/**
 * Splits the entries into files that each stay within both limits, in order. One file when everything fits
 * (then `sitemap.xml` is that file; otherwise it is an index of the parts).
 */
export function splitSitemap(
  entries: SitemapEntry[],
  limits: { urls: number; bytes: number } = SITEMAP_LIMITS,
): SitemapEntry[][] {
  const parts: SitemapEntry[][] = [];
  let part: SitemapEntry[] = [];
  // The encoder is made here, not at module load: a module-level side effect would keep this whole file in
  // every page's first bundle (the city route imports only CITY_SLUG from it).
  const encoder = new TextEncoder();
  const utf8Bytes = (s: string) => encoder.encode(s).length;
  const frameBytes = utf8Bytes(urlsetXml([]));
  let bytes = frameBytes;
  for (const e of entries) {
    const size = utf8Bytes(entryXml("url", e));
    if (part.length > 0 && (part.length >= limits.urls || bytes + size > limits.bytes)) {
      parts.push(part);
      part = [];
      bytes = frameBytes;
    }
    part.push(e);
    bytes += size;
  }
  if (part.length > 0 || parts.length === 0) parts.push(part);
  return parts;
}

/** The latest of some dates (epoch ms), or null when none is known. */
export function latest(dates: Array<number | null | undefined>): number | null {
  let out: number | null = null;
  for (const d of dates) if (d != null && Number.isFinite(d) && (out === null || d > out)) out = d;
  return out;
}

/**
 * A metro's address segment: the city and state of the ZIP table, lower case, words joined by hyphens, the
 * state last ("New York", "NY" is "new-york-ny"; "St. Louis", "MO" is "st-louis-mo").
 */
export function citySlug(city: string, state: string): string {
  const words = `${city} ${state}`
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
  return words.replace(/ +/g, "-");
}

/** The city page of a service group in a metro: /massage/chicago-il. */
export function cityPagePath(groupSlug: string, city: string, state: string): string {
  return `/${groupSlug}/${citySlug(city, state)}`;
}

/** A city slug's shape (what the page route accepts before it looks anything up). */
export const CITY_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*-[a-z]{2}$/;
