import * as v from "valibot";
import { VENDOR_SORTS, type JobImageEntry, type Page } from "../../domain/catalogue-rules";

/**
 * Payloads of the catalogue, vendor directory and places endpoints (docs/api-booking.md). Shape checks
 * only: a ZIP that is well formed but not a US ZIP, or a search term that is too short, is refused by the
 * handler with its own catalogue code.
 */

/** A ZIP as the browser sends it: "02116", "2116" or 2116 (docs/product.md section 5: padded to 5 digits). */
const ZipInput = v.union(
  [v.pipe(v.string(), v.trim(), v.maxLength(10)), v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(99_999))],
  "Enter a ZIP code.",
);

/** A positive id in a JSON body. */
const Id = v.pipe(v.number("Expected a number."), v.integer(), v.minValue(1), v.maxValue(2 ** 31 - 1));
/** A positive id in a query string. */
const QueryId = v.pipe(
  v.string(),
  v.trim(),
  v.regex(/^\d{1,10}$/, "Expected a number."),
  v.transform(Number),
  v.minValue(1),
  v.maxValue(2 ** 31 - 1),
);
/** 1-based page; the first page when missing. */
const PageNumber = v.optional(
  v.pipe(v.number("Expected a page number."), v.integer(), v.minValue(1), v.maxValue(1000)),
  1,
);
const QueryPage = v.optional(
  v.pipe(v.string(), v.trim(), v.regex(/^\d{1,4}$/, "Expected a page number."), v.transform(Number), v.minValue(1)),
  "1",
);
/** true/false, 1/0 or "1"/"0"/"true"/"false". */
const Flag = v.pipe(
  v.union([v.boolean(), v.picklist([0, 1]), v.picklist(["0", "1", "true", "false"])], "Expected true or false."),
  v.transform((x) => x === true || x === 1 || x === "1" || x === "true"),
);

// ----------------------------------------------------------------------------------------------- places

export const GetAddressBody = v.object({
  address: v.pipe(v.string(), v.trim(), v.minLength(1, "Enter an address or a ZIP code."), v.maxLength(200)),
});

const Coordinate = (min: number, max: number, what: string) =>
  v.pipe(
    v.union(
      [v.number(), v.pipe(v.string(), v.trim(), v.regex(/^-?\d{1,3}(\.\d+)?$/), v.transform(Number))],
      `Expected ${what}.`,
    ),
    v.number(),
    v.finite(),
    v.minValue(min, `${what} is between ${min} and ${max}.`),
    v.maxValue(max, `${what} is between ${min} and ${max}.`),
  );

export const LatLongBody = v.object({
  latitude: Coordinate(-90, 90, "Latitude"),
  longitude: Coordinate(-180, 180, "Longitude"),
});

export interface AddressFound {
  code: 1;
  zipcode: string;
  city: string;
  state: string;
  formatted_address: string;
  time_zone: string;
}
export interface AddressNotFound {
  /** -1 not found, -5 several places (maps provider), -2 a part is missing: the message says which (decision 133). */
  code: -1 | -2 | -5;
  message: string;
}

/** A typing session's id (the browser makes one per session, a UUID): letters, digits, `-` and `_`. */
const SessionToken = v.pipe(
  v.string(),
  v.trim(),
  v.regex(/^[A-Za-z0-9_-]{8,100}$/, "Send the session token: 8 to 100 letters, digits, - or _."),
);

/** POST /api/google/placeAutocomplete: what was typed in the address box, and its session. */
export const PlaceAutocompleteBody = v.object({
  input: v.pipe(v.string(), v.trim(), v.minLength(1, "Type an address."), v.maxLength(200)),
  session_token: SessionToken,
});

/** POST /api/google/placeDetails: a suggestion's id (Google's, or the offline "local:<zip>:<street>"). */
export const PlaceDetailsBody = v.object({
  place_id: v.pipe(
    v.string(),
    v.trim(),
    v.check(
      (id) => /^[A-Za-z0-9_-]{1,300}$/.test(id) || /^local:\d{5}:[^\n\r]{1,200}$/.test(id),
      "Send the place_id of a suggestion.",
    ),
  ),
  session_token: SessionToken,
});

export interface PlaceSuggestionCard {
  place_id: string;
  /** The whole suggestion ("350 5th Ave, New York, NY 10118"). */
  description: string;
  main_text: string;
  secondary_text: string;
}

export interface PlaceAutocomplete {
  /** Empty when the text does not pass the autocomplete gate (docs/product.md section 5). */
  suggestions: PlaceSuggestionCard[];
}
export type AddressLookup = AddressFound | AddressNotFound;

export interface ZipFromLatLong {
  zipcode: string;
  city: string;
  state: string;
  time_zone: string;
  formatted_address: string;
  /** Miles from the point to the ZIP's centre, one decimal. */
  distance_miles: number;
}

// -------------------------------------------------------------------------------------------- catalogue

export const ServiceAndCategoryBody = v.object({ zipCode: ZipInput, isUserData: v.optional(Flag, false) });
export const UserServicesBody = v.object({ zip: ZipInput });
export const CustomServiceQuery = v.object({
  zipCode: ZipInput,
  serviceGroupId: QueryId,
  pagination: QueryPage,
});
export const SearchQuery = v.object({ zipCode: ZipInput, searchTerm: v.pipe(v.string(), v.maxLength(200)) });
export const FeaturedQuery = v.object({
  zipCode: ZipInput,
  /** The category being viewed (listed with display_order 3). */
  scgid: v.optional(QueryId),
  /** Show category 10100 (completed orders). */
  showCompleted: v.optional(Flag, false),
});
export const TestimonialsQuery = v.object({ serviceId: v.optional(QueryId), scgid: v.optional(QueryId) });
export const Testimonials2Query = v.object({ scgid: QueryId, serviceId: v.optional(QueryId) });

/** A service as a booking list shows it, priced for the ZIP's area (cents). */
export interface ServiceCard {
  service_id: number;
  service_code: string;
  slug: string;
  description: string;
  long_description: string | null;
  service_code_group_id: number;
  category_name: string;
  order_rank: number;
  is_popular: boolean;
  surcharge: boolean;
  type: number;
  duration_minutes: number;
  price_cents: number;
  /** services.discount_cents (the spec's "discount"); negative marks a price above list. */
  discount_cents: number;
  image: string | null;
  /** Past jobs shown on the service page (JSON string, docs/product.md "f3"). */
  f3: string | null;
}

export interface CategoryCard {
  service_code_group_id: number;
  name: string;
  slug: string;
  description: string | null;
  display_order: number;
  /** JSON `{ exclude, shortcuts }` (docs/product.md section 3). */
  service_shortcuts: string | null;
  /** Services of this category available in the ZIP. */
  service_count: number;
}

export interface CustomServiceCard {
  custom_service_id: number;
  custom_sc: string;
  service_code_group_id: number;
  name: string;
  description: string | null;
  duration_minutes: number;
  price_cents: number;
}

export interface ServiceAndCategory {
  zipCode: string;
  services: ServiceCard[];
  category: CategoryCard[];
  customSC: CustomServiceCard[];
}

export interface UserServiceCard extends ServiceCard {
  /** How often the signed-in customer booked it (completed jobs), and when last (ISO), for "book again". */
  times_booked: number;
  last_booked_at: string | null;
}

export interface SearchResult {
  zipCode: string;
  searchTerm: string;
  services: ServiceCard[];
  /** Categories whose name matches the term. */
  categories: CategoryCard[];
}

export interface FeaturedServices {
  zipCode: string;
  services: ServiceCard[];
  distinct_scg: Array<{ service_code_group_id: number; name: string }>;
  distinct_sscg: Record<string, Array<{ service_id: number; description: string }>>;
  category: CategoryCard[];
}

export interface TestimonialCard {
  testimonial_id: number;
  service_order_id: number | null;
  service_id: number | null;
  service_description: string | null;
  service_code_group_id: number | null;
  /** The category it belongs to (json_data.scgid, else service_code_group_id). */
  scgid: number | null;
  vendor_id: number | null;
  name: string;
  rating: number | null;
  comment: string | null;
  display_order: number;
  json_data: string;
  job_images: JobImageEntry[];
  job_image: string | null;
  /** YYYY-MM-DD HH:MM in the vendor's zone; null when unknown. */
  promised_arrival_time: string | null;
}

// ---------------------------------------------------------------------------------- vendor directory

export const VendorsListBody = v.object({
  zipCode: ZipInput,
  serviceId: v.optional(v.nullable(Id)),
  scgid: v.optional(v.nullable(Id)),
  sort: v.optional(v.picklist(VENDOR_SORTS, `Sort by ${VENDOR_SORTS.join(", ")}.`), "distance"),
  pagination: PageNumber,
});

export const VendorServiceQuery = v.object({
  zipCode: ZipInput,
  vendorId: QueryId,
  /** "0" profile and services (default); "1" also the availability rows of docs/product.md section 3. */
  view: v.optional(v.picklist(["0", "1"], "view is 0 or 1."), "0"),
});

/** GET /booking/vendorProfile: a pro's public page without a ZIP (docs/decisions/157-pro-pages-without-a-zip.md). */
export const VendorProfileQuery = v.object({ vendorId: QueryId });

export const VendorServiceSubBody = v.object({ zipCode: ZipInput, vendorId: Id, serviceId: Id });

export const REVIEW_FILTERS = { ALL: 0, WITH_PHOTOS: 1, THIS_SERVICE: 2 } as const;

export const VendorReviewsBody = v.object({
  vendorId: Id,
  serviceId: v.optional(v.nullable(Id)),
  pagination: PageNumber,
  /** Accepted for the client's convenience; reviews do not depend on place. */
  serviceZip: v.optional(v.nullable(ZipInput)),
  filterType: v.optional(v.picklist([0, 1, 2], "filterType is 0 (all), 1 (with photos) or 2 (this service)."), 0),
});

export interface VendorCard {
  vendor_id: number;
  display_name: string;
  photo: string | null;
  is_pro: boolean;
  distance_miles: number;
  /** Average rating, two decimals (4.87); 0 without ratings. */
  rating: number;
  rating_count: number;
  completed_jobs: number;
  /** Lowest price among the services listed for the filter (or the requested service), cents. */
  starting_price_cents: number | null;
  services: Array<{ service_id: number; description: string; price_cents: number; is_popular: boolean }>;
}

export type VendorsList = Page<VendorCard> & { zipCode: string; sort: string };

export interface VendorServiceItem extends ServiceCard {
  /** The vendor's price here: their own price, else the area price. */
  vendor_price_cents: number;
}

export interface VendorProfile {
  vendor_id: number;
  display_name: string;
  photo: string | null;
  description: string | null;
  tz: string;
  is_pro: boolean;
  rating: number;
  rating_count: number;
  completed_jobs: number;
  distance_miles: number | null;
  /** True when the ZIP is within the vendor's range. */
  serves_zip: boolean;
}

/**
 * A pro's public page without a ZIP: the profile, the area they serve from their base ZIP, their services at
 * their home ZIP's prices (`price_basis` "home"), or at list prices labelled "from" when the base ZIP is
 * unknown, and their newest approved reviews.
 */
export interface VendorPublicPage {
  vendor: Omit<VendorProfile, "distance_miles" | "serves_zip">;
  area: {
    zip: string | null;
    city: string | null;
    state: string | null;
    latitude: number | null;
    longitude: number | null;
    range_miles: number;
  };
  price_basis: "home" | "from";
  services: VendorServiceItem[];
  reviews: VendorReview[];
}

export interface VendorReview {
  service_order_id: number;
  name: string;
  vendor_rating: number;
  vendor_rating_notes: string | null;
  service_id: number;
  service_description: string;
  rated_at: string | null;
  promised_arrival_time: string;
  job_images: JobImageEntry[];
  job_image: string | null;
}

// ------------------------------------------------------------------------------------- custom services

/**
 * A custom service as staff write it (docs/decisions/134): a category, an area (null: everywhere), a name,
 * a description, a length in minutes (15-minute steps, 15 to 480) and a price in cents ($5 to $2,000).
 */
export const CustomServiceInput = v.object({
  service_code_group_id: v.pipe(v.number(), v.integer(), v.minValue(1)),
  area_id: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1))),
  name: v.pipe(v.string(), v.trim(), v.minLength(3, "Name it (3 to 80 characters)."), v.maxLength(80)),
  description: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(500, "At most 500 characters.")), ""),
  duration_minutes: v.pipe(
    v.number(),
    v.integer(),
    v.minValue(15, "From 15 minutes."),
    v.maxValue(480, "Up to 8 hours."),
    v.check((n) => n % 15 === 0, "In steps of 15 minutes."),
  ),
  price_cents: v.pipe(
    v.number(),
    v.integer("Send the price in whole cents."),
    v.minValue(500, "From $5."),
    v.maxValue(200_000, "Up to $2,000."),
  ),
});
export type CustomServiceInput = v.InferOutput<typeof CustomServiceInput>;
