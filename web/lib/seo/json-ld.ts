/**
 * Typed JSON-LD builders (schema.org through `schema-dts`), one per kind of public page: the pro as a local
 * business, a service with its offer, breadcrumbs, a list, FAQs, a blog post, the site itself. Each returns
 * a `WithContext<...>` object that `pageHead({ jsonLd })` writes into a <script type="application/ld+json">.
 * Money comes in as integer cents and leaves as a decimal string in USD. Paths are made absolute on the
 * configured origin (site.ts). docs/decisions/156-page-heads-and-canonical-urls.md.
 */
import type {
  AggregateOffer,
  Article,
  BlogPosting,
  BreadcrumbList,
  FAQPage,
  GeoCircle,
  HealthAndBeautyBusiness,
  ItemList,
  Offer,
  Organization,
  Place,
  Review,
  Service,
  WebPage,
  WebSite,
  WithContext,
} from "schema-dts";
import { BRAND } from "../../config/brand";
import { absoluteUrl, canonicalUrl, SITE_ORIGIN } from "./site";

export type JsonLd = WithContext<
  | HealthAndBeautyBusiness
  | Service
  | BreadcrumbList
  | FAQPage
  | Article
  | BlogPosting
  | ItemList
  | WebSite
  | WebPage
  | Organization
>;

const CURRENCY = "USD";

/** Integer cents as schema.org's decimal price text ("45.00"). */
export function ldPrice(cents: number): string {
  return (Math.round(cents) / 100).toFixed(2);
}

/** A price: exact (`cents`) or a "from" price (`fromCents`, the lowest of several). */
export type LdPrice = { cents: number } | { fromCents: number; toCents?: number; count?: number };

export function offerLd(price: LdPrice, url?: string): Offer | AggregateOffer {
  const where = url ? { url: absoluteUrl(url) } : {};
  if ("cents" in price) {
    return { "@type": "Offer", price: ldPrice(price.cents), priceCurrency: CURRENCY, ...where };
  }
  return {
    "@type": "AggregateOffer",
    lowPrice: ldPrice(price.fromCents),
    ...(price.toCents !== undefined ? { highPrice: ldPrice(price.toCents) } : {}),
    ...(price.count !== undefined ? { offerCount: price.count } : {}),
    priceCurrency: CURRENCY,
    ...where,
  };
}

/** Where a pro works: their home area (city, state, ZIP) and, when known, a circle around it. */
export interface LdArea {
  city?: string | null;
  state?: string | null;
  zip?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  radiusMiles?: number | null;
}

const METERS_PER_MILE = 1609.344;

function areaName(area: LdArea): string | null {
  const place = [area.city, area.state].filter(Boolean).join(", ");
  return place || area.zip || null;
}

export function areaServedLd(area: LdArea): (Place | GeoCircle)[] {
  const out: (Place | GeoCircle)[] = [];
  const name = areaName(area);
  if (area.latitude != null && area.longitude != null && area.radiusMiles) {
    out.push({
      "@type": "GeoCircle",
      ...(name ? { name } : {}),
      geoMidpoint: { "@type": "GeoCoordinates", latitude: area.latitude, longitude: area.longitude },
      geoRadius: Math.round(area.radiusMiles * METERS_PER_MILE),
    });
  } else if (name) {
    out.push({ "@type": area.city ? "City" : "Place", name });
  }
  return out;
}

export interface LdReview {
  author: string;
  rating: number;
  body?: string | null;
  /** YYYY-MM-DD */
  date?: string | null;
}

function reviewLd(r: LdReview): Review {
  return {
    "@type": "Review",
    author: { "@type": "Person", name: r.author },
    reviewRating: { "@type": "Rating", ratingValue: r.rating, bestRating: 5, worstRating: 1 },
    ...(r.body ? { reviewBody: r.body } : {}),
    ...(r.date ? { datePublished: r.date } : {}),
  };
}

export interface LdOfferedService {
  name: string;
  price: LdPrice;
  /** The service's own page. */
  path?: string;
  description?: string | null;
}

/** A pro as a local beauty business: rating, reviews, the area served and the services with prices. */
export function localBusinessLd(input: {
  path: string;
  name: string;
  description?: string | null;
  image?: string | null;
  rating?: { value: number; count: number } | null;
  reviews?: LdReview[];
  area: LdArea;
  services?: LdOfferedService[];
  priceRange?: string | null;
}): WithContext<HealthAndBeautyBusiness> {
  const url = canonicalUrl(input.path);
  const services = input.services ?? [];
  const reviews = input.reviews ?? [];
  return {
    "@context": "https://schema.org",
    "@type": "HealthAndBeautyBusiness",
    "@id": `${url}#business`,
    name: input.name,
    url,
    ...(input.description ? { description: input.description } : {}),
    ...(input.image ? { image: absoluteUrl(input.image) } : {}),
    address: {
      "@type": "PostalAddress",
      ...(input.area.city ? { addressLocality: input.area.city } : {}),
      ...(input.area.state ? { addressRegion: input.area.state } : {}),
      ...(input.area.zip ? { postalCode: input.area.zip } : {}),
      addressCountry: "US",
    },
    ...(input.area.latitude != null && input.area.longitude != null
      ? { geo: { "@type": "GeoCoordinates", latitude: input.area.latitude, longitude: input.area.longitude } }
      : {}),
    areaServed: areaServedLd(input.area),
    ...(input.priceRange ? { priceRange: input.priceRange } : {}),
    ...(input.rating && input.rating.count > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: Math.round(input.rating.value * 10) / 10,
            reviewCount: input.rating.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
    ...(reviews.length ? { review: reviews.map(reviewLd) } : {}),
    ...(services.length
      ? {
          makesOffer: services.map((s) => ({
            ...offerLd(s.price),
            itemOffered: {
              "@type": "Service",
              name: s.name,
              ...(s.description ? { description: s.description } : {}),
              ...(s.path ? { url: absoluteUrl(s.path) } : {}),
            },
          })),
        }
      : {}),
    parentOrganization: { "@type": "Organization", name: BRAND.name, url: SITE_ORIGIN },
  };
}

/** A bookable service with its offer (an exact or a "from" price) and the category it belongs to. */
export function serviceLd(input: {
  path: string;
  name: string;
  description?: string | null;
  image?: string | null;
  category?: string | null;
  price?: LdPrice | null;
  areaServed?: LdArea[];
}): WithContext<Service> {
  const url = canonicalUrl(input.path);
  const areas = (input.areaServed ?? []).flatMap(areaServedLd);
  return {
    "@context": "https://schema.org",
    "@type": "Service",
    "@id": `${url}#service`,
    name: input.name,
    url,
    ...(input.description ? { description: input.description } : {}),
    ...(input.image ? { image: absoluteUrl(input.image) } : {}),
    ...(input.category ? { serviceType: input.category, category: input.category } : {}),
    provider: { "@type": "Organization", name: BRAND.name, url: SITE_ORIGIN },
    ...(areas.length ? { areaServed: areas } : {}),
    ...(input.price ? { offers: offerLd(input.price, input.path) } : {}),
  };
}

/** Breadcrumbs from the home page down to this page (each crumb a name and a path). */
export function breadcrumbLd(crumbs: { name: string; path: string }[]): WithContext<BreadcrumbList> {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((c, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: c.name,
      item: canonicalUrl(c.path),
    })),
  };
}

/** A list of links to other pages of the site (services of a category, pros of a city). */
export function itemListLd(input: { name?: string; items: { name: string; path: string }[] }): WithContext<ItemList> {
  return {
    "@context": "https://schema.org",
    "@type": "ItemList",
    ...(input.name ? { name: input.name } : {}),
    numberOfItems: input.items.length,
    itemListElement: input.items.map((it, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: it.name,
      url: canonicalUrl(it.path),
    })),
  };
}

/** Questions and answers (plain text answers). */
export function faqLd(items: { question: string; answer: string }[]): WithContext<FAQPage> {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: items.map((q) => ({
      "@type": "Question",
      name: q.question,
      acceptedAnswer: { "@type": "Answer", text: q.answer },
    })),
  };
}

/** A blog post. */
export function articleLd(input: {
  path: string;
  headline: string;
  description?: string | null;
  image?: string | null;
  /** YYYY-MM-DD */
  datePublished?: string | null;
  dateModified?: string | null;
  author?: string | null;
}): WithContext<BlogPosting> {
  const url = canonicalUrl(input.path);
  const publisher: Organization = {
    "@type": "Organization",
    name: BRAND.name,
    url: SITE_ORIGIN,
    logo: { "@type": "ImageObject", url: absoluteUrl(BRAND_LOGO_PATH) },
  };
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    "@id": `${url}#article`,
    headline: input.headline.slice(0, 110),
    url,
    mainEntityOfPage: url,
    ...(input.description ? { description: input.description } : {}),
    ...(input.image ? { image: absoluteUrl(input.image) } : {}),
    ...(input.datePublished ? { datePublished: input.datePublished } : {}),
    ...(input.dateModified || input.datePublished
      ? { dateModified: input.dateModified ?? input.datePublished ?? "" }
      : {}),
    author: input.author
      ? { "@type": "Person", name: input.author }
      : { "@type": "Organization", name: BRAND.name, url: SITE_ORIGIN },
    publisher,
  };
}

/** The site itself (home page): its name and where it lives. */
export function websiteLd(): WithContext<WebSite> {
  return {
    "@context": "https://schema.org",
    "@type": "WebSite",
    "@id": `${SITE_ORIGIN}/#website`,
    name: BRAND.name,
    url: canonicalUrl("/"),
    description: BRAND.description,
    publisher: { "@type": "Organization", name: BRAND.name, url: SITE_ORIGIN },
  };
}

/** A page with no richer type of its own (an info page): its name, description and place in the site. */
export function webPageLd(input: { path: string; name: string; description: string }): WithContext<WebPage> {
  const url = canonicalUrl(input.path);
  return {
    "@context": "https://schema.org",
    "@type": "WebPage",
    "@id": `${url}#webpage`,
    name: input.name,
    url,
    description: input.description,
    isPartOf: { "@type": "WebSite", "@id": `${SITE_ORIGIN}/#website`, name: BRAND.name, url: canonicalUrl("/") },
  };
}

/** The brand's square logo and the wide picture shown in link previews of pages without a picture of their own. */
export const BRAND_LOGO_PATH = "/brand/logo.png";
export const BRAND_IMAGE_PATH = "/brand/og-image.png";
export const BRAND_IMAGE_SIZE = { width: 1200, height: 630 } as const;
