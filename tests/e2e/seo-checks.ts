/**
 * What a search engine needs from a public page, checked on what the server sent (JavaScript off): the
 * crawler test (seo-crawl.spec.ts) extracts a `PageFacts` per URL and `pageProblems` lists what is wrong.
 * Each problem names the check and, where the feature is built by the page-heads part of issue 26 (heads,
 * link previews, structured data, pro and service pages without a ZIP), says so with "[26-pages]", so a
 * failure says whose work it waits on.
 */

export interface PageFacts {
  /** The URL as the sitemap lists it. */
  url: string;
  status: number;
  h1s: string[];
  /** The text of <main> (whitespace collapsed). */
  mainText: string;
  canonicals: string[];
  descriptions: string[];
  /** og:* and twitter:* meta by property/name. */
  meta: Record<string, string[]>;
  /** The text of each <script type="application/ld+json">. */
  jsonLd: string[];
  /** Checks of the page's own content, by kind of page (see `contentProblems`). */
  content: { cityPros: number; mainImages: string[]; prices: number };
}

const PAGES = "[26-pages]";

/** Required properties of the schema.org types the site uses (Google's required ones for rich results). */
const REQUIRED: Record<string, string[]> = {
  WebSite: ["name", "url"],
  Organization: ["name", "url"],
  WebPage: ["name"],
  CollectionPage: ["name"],
  AboutPage: ["name"],
  ContactPage: ["name"],
  FAQPage: ["mainEntity"],
  Question: ["name", "acceptedAnswer"],
  Answer: ["text"],
  BreadcrumbList: ["itemListElement"],
  ListItem: ["position"],
  ItemList: ["itemListElement"],
  LocalBusiness: ["name"],
  HealthAndBeautyBusiness: ["name"],
  BeautySalon: ["name"],
  DaySpa: ["name"],
  HairSalon: ["name"],
  NailSalon: ["name"],
  Person: ["name"],
  ProfessionalService: ["name"],
  Service: ["name"],
  Product: ["name"],
  Offer: ["price", "priceCurrency"],
  AggregateOffer: ["lowPrice", "priceCurrency"],
  AggregateRating: ["ratingValue"],
  Rating: ["ratingValue"],
  Review: ["author", "reviewRating"],
  Article: ["headline"],
  BlogPosting: ["headline"],
  Blog: ["name"],
  Place: [],
  City: ["name"],
  State: ["name"],
  AdministrativeArea: ["name"],
  GeoCircle: ["geoMidpoint", "geoRadius"],
  GeoCoordinates: ["latitude", "longitude"],
  PostalAddress: [],
  ImageObject: ["url"],
  OfferCatalog: ["itemListElement"],
  Brand: ["name"],
  Thing: ["name"],
  Audience: [],
  ContactPoint: [],
  SearchAction: ["target"],
  EntryPoint: ["urlTemplate"],
  PropertyValueSpecification: [],
  MonetaryAmount: [],
  QuantitativeValue: [],
  OpeningHoursSpecification: [],
  Duration: [],
};

/** Extra rules beyond presence: what a parser of each type would refuse. */
function typeProblems(type: string, node: Record<string, unknown>, at: string): string[] {
  const out: string[] = [];
  const list = (v: unknown) => (Array.isArray(v) ? v : v === undefined ? [] : [v]);
  if (type === "BreadcrumbList" || type === "ItemList") {
    const items = list(node.itemListElement) as Array<Record<string, unknown>>;
    if (items.length === 0) out.push(`${at}: ${type} has no itemListElement`);
    items.forEach((item, i) => {
      if (item?.position !== i + 1) out.push(`${at}: ${type} item ${i + 1} has position ${String(item?.position)}`);
      if (type === "BreadcrumbList" && i < items.length - 1 && !item?.item)
        out.push(`${at}: breadcrumb ${i + 1} has no item URL`);
    });
  }
  if (type === "AggregateRating") {
    const value = Number(node.ratingValue);
    if (!Number.isFinite(value) || value < 0 || value > Number(node.bestRating ?? 5))
      out.push(`${at}: ratingValue ${String(node.ratingValue)} is not a rating`);
    if (node.ratingCount === undefined && node.reviewCount === undefined)
      out.push(`${at}: AggregateRating needs ratingCount or reviewCount`);
  }
  if (type === "Offer" || type === "AggregateOffer") {
    const price = Number(type === "Offer" ? node.price : node.lowPrice);
    if (!Number.isFinite(price) || price < 0) out.push(`${at}: ${type} price is not a number`);
    if (node.priceCurrency !== undefined && node.priceCurrency !== "USD")
      out.push(`${at}: priceCurrency ${String(node.priceCurrency)}`);
  }
  if ((type === "Article" || type === "BlogPosting") && !node.datePublished)
    out.push(`${at}: ${type} has no datePublished`);
  if (type === "FAQPage") {
    const qs = list(node.mainEntity) as Array<Record<string, unknown>>;
    if (qs.length === 0) out.push(`${at}: FAQPage has no questions`);
  }
  return out;
}

/** Walks one JSON-LD node and its nested nodes: every typed node must be a known type with its properties. */
function nodeProblems(node: unknown, at: string, top: boolean): string[] {
  if (Array.isArray(node)) return node.flatMap((n, i) => nodeProblems(n, `${at}[${i}]`, top));
  if (!node || typeof node !== "object") return [];
  const o = node as Record<string, unknown>;
  const out: string[] = [];
  if (top) {
    if (o["@graph"]) return nodeProblems(o["@graph"], `${at}.@graph`, false);
    if (o["@context"] !== "https://schema.org" && o["@context"] !== "http://schema.org")
      out.push(`${at}: @context is ${JSON.stringify(o["@context"])}, not schema.org`);
  }
  const types = o["@type"] === undefined ? [] : Array.isArray(o["@type"]) ? o["@type"] : [o["@type"]];
  if (top && types.length === 0) out.push(`${at}: no @type`);
  for (const t of types) {
    const type = String(t);
    const required = REQUIRED[type];
    if (!required) {
      out.push(`${at}: unknown @type ${type}`);
      continue;
    }
    for (const p of required)
      if (o[p] === undefined || o[p] === null || o[p] === "") out.push(`${at}: ${type} lacks ${p}`);
    out.push(...typeProblems(type, o, `${at} (${type})`));
  }
  for (const [k, v] of Object.entries(o)) if (!k.startsWith("@")) out.push(...nodeProblems(v, `${at}.${k}`, false));
  return out;
}

/** The problems of a page's JSON-LD blocks: each must parse and be valid schema.org. */
export function structuredDataProblems(blocks: string[]): string[] {
  if (blocks.length === 0) return [`${PAGES} structured data: no JSON-LD`];
  return blocks.flatMap((text, i) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (e) {
      return [`${PAGES} structured data: block ${i + 1} is not JSON (${String(e)})`];
    }
    return nodeProblems(parsed, `ld#${i + 1}`, true).map((p) => `${PAGES} structured data: ${p}`);
  });
}

function absolute(u: string): URL | null {
  try {
    const url = new URL(u);
    return url.protocol === "http:" || url.protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}

/** What each kind of page must show on the server, without a ZIP. */
function contentProblems(f: PageFacts, path: string): string[] {
  const out: string[] = [];
  if (/^\/vendor\/\d+$/.test(path)) {
    if (/professional profile/i.test(f.h1s[0] ?? "")) out.push(`${PAGES} content: the pro page's h1 is "${f.h1s[0]}"`);
    if (f.content.mainImages.length === 0) out.push(`${PAGES} content: the pro page shows no photo`);
    if (f.content.prices === 0) out.push(`${PAGES} content: the pro page shows no price`);
  } else if (/^\/services\/[^/]+$/.test(path)) {
    if (f.content.prices === 0) out.push(`${PAGES} content: the service page shows no price`);
  } else if (/^\/[a-z0-9-]+\/[a-z0-9-]+-[a-z]{2}$/.test(path) && !/^\/(blogs|services|vendor)\//.test(path)) {
    if (f.content.cityPros === 0) out.push("content: the city page lists no pro");
    if (f.content.prices === 0) out.push("content: the city page shows no price");
  }
  return out;
}

/** Everything wrong with one page, each line naming its check. Empty: the page is fine. */
export function pageProblems(f: PageFacts): string[] {
  const out: string[] = [];
  const path = new URL(f.url).pathname;
  if (f.status !== 200) return [`status ${f.status}`];
  // Pro and service pages get their content without a ZIP from the page-heads part of issue 26.
  const waits = /^\/(vendor\/\d+|services\/[^/]+)$/.test(path) ? `${PAGES} ` : "";
  if (f.h1s.length !== 1)
    out.push(`${waits}h1: ${f.h1s.length} h1 elements (${f.h1s.map((h) => JSON.stringify(h)).join(", ")})`);
  else if (f.h1s[0]!.trim().length < 3) out.push(`${waits}h1: empty`);
  if (f.mainText.length < 200) out.push(`${waits}main content: only ${f.mainText.length} characters in <main>`);
  out.push(...contentProblems(f, path));

  if (f.canonicals.length !== 1) out.push(`${PAGES} canonical: ${f.canonicals.length} canonical links`);
  else {
    const c = absolute(f.canonicals[0]!);
    if (!c) out.push(`${PAGES} canonical: "${f.canonicals[0]}" is not an absolute URL`);
    else if (c.pathname !== path || c.search !== "")
      out.push(`${PAGES} canonical: ${c.pathname}${c.search} is not the page's path ${path}`);
  }
  if (f.descriptions.length !== 1) out.push(`description: ${f.descriptions.length} meta descriptions`);
  else if (f.descriptions[0]!.length < 50) out.push(`description: too short (${f.descriptions[0]!.length} characters)`);

  for (const p of ["og:title", "og:description", "og:image"]) {
    const values = f.meta[p] ?? [];
    if (values.length !== 1) out.push(`${PAGES} link preview: ${values.length} ${p}`);
    else if (p === "og:image" && !absolute(values[0]!))
      out.push(`${PAGES} link preview: og:image "${values[0]}" is not absolute`);
    else if (values[0]!.trim() === "") out.push(`${PAGES} link preview: ${p} is empty`);
  }
  out.push(...structuredDataProblems(f.jsonLd));
  return out;
}
