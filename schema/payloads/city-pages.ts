import * as v from "valibot";

/** GET /api/booking/cities/:group/:city: a group's slug and a city slug ("massage", "chicago-il"). */
export const CityPageParams = v.object({
  group: v.pipe(v.string(), v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Choose a category."), v.maxLength(80)),
  city: v.pipe(v.string(), v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*-[a-z]{2}$/, "Choose a city."), v.maxLength(120)),
});

/** GET /api/booking/cities?group=<id>: the city pages of one category. */
export const CityLinksQuery = v.object({
  group: v.pipe(v.string(), v.regex(/^\d{1,9}$/, "Choose a category."), v.transform(Number)),
});

/** A city page's address and what it is about (the sitemap lists them; service pages link to them). */
export interface CityPageLink {
  /** "/massage/chicago-il" */
  path: string;
  group_slug: string;
  group_name: string;
  city: string;
  /** Two-letter USPS code. */
  state: string;
  city_slug: string;
  /** When its content last changed (epoch ms): the latest update of its pros. */
  lastmod: number | null;
}

/** A service group in a metro: the pros based there and the services they offer, at their home-area prices. */
export interface CityPage {
  group: { service_code_group_id: number; name: string; slug: string; description: string | null };
  city: { name: string; state: string; slug: string };
  /** Every pro based there (the list below is capped). */
  pro_count: number;
  pros: Array<{
    vendor_id: number;
    display_name: string;
    photo: string;
    description: string | null;
    is_pro: boolean;
    rating: number;
    rating_count: number;
    completed_jobs: number;
    /** The lowest of the prices below. */
    from_price_cents: number;
    services: Array<{ service_id: number; slug: string; name: string; price_cents: number }>;
  }>;
  services: Array<{
    service_id: number;
    slug: string;
    name: string;
    duration_minutes: number;
    /** The lowest price among the pros here. */
    from_price_cents: number;
    pro_count: number;
  }>;
  lastmod: number;
}
