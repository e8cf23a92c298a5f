/**
 * Pure catalogue rules shared by the booking API and the web: list sorting (docs/product.md section 9 "Service list
 * sort"), the category list (docs/product.md section 5 "Featured lists"), the service filter threshold and verify
 * flag (docs/product.md section 5 "Service filter"), area prices, paging, search ranking, testimonials and job images
 * (docs/product.md sections 3 and 4), and the vendor directory order. No I/O.
 */

/** List page size (docs/product.md section 9): more pages exist while a full page comes back. */
export const PAGE_SIZE = 10;
/** Testimonials shown per service (docs/product.md section 9). */
export const TESTIMONIALS_PER_SERVICE = 2;
/** docs/product.md section 5 "Service filter". */
export const SERVICE_FILTER_THRESHOLD = 10;
/** The category the visitor is looking at is listed with this display order (docs/product.md section 5). */
export const CHOSEN_CATEGORY_DISPLAY_ORDER = 3;
/** "Completed orders": hidden from category lists unless asked for (docs/product.md sections 2 and 5). */
export const COMPLETED_ORDERS_CATEGORY_ID = 10100;
/** Options per service group (docs/product.md section 9): a service lists at most this many add-ons. */
export const MAX_OPTIONS_PER_SERVICE = 10;
/** The name shown for a testimonial or review without one (docs/product.md section 3). */
export const GUEST_NAME = "Guest";

// ---------------------------------------------------------------------------------------------------
// Sorting (docs/product.md section 9). Ties fall back to service_id so every list has one deterministic order.

export interface RankedService {
  service_id: number;
  order_rank: number;
}

const byRankDesc = (a: RankedService, b: RankedService) => b.order_rank - a.order_rank || a.service_id - b.service_id;

/** Services: order_rank descending. */
export function sortServices<T extends RankedService>(list: readonly T[]): T[] {
  return [...list].sort(byRankDesc);
}

/** A vendor's services: popular first, then order_rank descending. */
export function sortVendorServices<T extends RankedService & { is_popular: boolean }>(list: readonly T[]): T[] {
  return [...list].sort((a, b) => Number(b.is_popular) - Number(a.is_popular) || byRankDesc(a, b));
}

/** Booking lists: services that are not surcharges (add-ons) first, then order_rank descending. */
export function sortNonSurchargeFirst<T extends RankedService & { surcharge: boolean }>(list: readonly T[]): T[] {
  return [...list].sort((a, b) => Number(a.surcharge) - Number(b.surcharge) || byRankDesc(a, b));
}

// ---------------------------------------------------------------------------------------------------
// Categories (docs/product.md section 5 "Featured lists").

export interface CategoryLike {
  service_code_group_id: number;
  name: string;
  display_order: number;
}

export interface CategoryListOptions {
  /** Show category 10100 (completed orders); it is hidden otherwise. */
  showCompleted?: boolean;
  /** The category being viewed: it is listed with display_order 3. */
  chosen?: number | null;
}

/**
 * The category list a client shows: 10100 removed unless asked for, the chosen category given display
 * order 3, then by display order (the chosen one first among equals) and name.
 */
export function categoryList<T extends CategoryLike>(groups: readonly T[], opts: CategoryListOptions = {}): T[] {
  const chosen = opts.chosen ?? null;
  return groups
    .filter((g) => opts.showCompleted || g.service_code_group_id !== COMPLETED_ORDERS_CATEGORY_ID)
    .map((g) => (g.service_code_group_id === chosen ? { ...g, display_order: CHOSEN_CATEGORY_DISPLAY_ORDER } : g))
    .sort(
      (a, b) =>
        a.display_order - b.display_order ||
        Number(b.service_code_group_id === chosen) - Number(a.service_code_group_id === chosen) ||
        a.name.localeCompare(b.name) ||
        a.service_code_group_id - b.service_code_group_id,
    );
}

/** Services of category 10100 removed, unless completed orders were asked for. */
export function withoutCompletedCategory<T extends { service_code_group_id: number }>(
  list: readonly T[],
  showCompleted = false,
): T[] {
  return showCompleted ? [...list] : list.filter((s) => s.service_code_group_id !== COMPLETED_ORDERS_CATEGORY_ID);
}

// ---------------------------------------------------------------------------------------------------
// Service filter (docs/product.md section 5): a filter value is sent only above the threshold; the verify flag is set
// only for a non-zero value below it. Exactly 10 does neither.

export function shouldSendServiceFilter(value: number | null | undefined): boolean {
  return typeof value === "number" && value > SERVICE_FILTER_THRESHOLD;
}

export function verifyFlag(value: number | null | undefined): boolean {
  return typeof value === "number" && value < SERVICE_FILTER_THRESHOLD && value !== 0;
}

// ---------------------------------------------------------------------------------------------------
// Prices (cents). A ZIP's area picks service_prices; without one the service's base price applies. A
// vendor's own price, when set, wins over both.

export function areaPriceCents(basePriceCents: number, areaPrice: number | null | undefined): number {
  return areaPrice ?? basePriceCents;
}

export function vendorPriceCents(areaPrice: number, overrideCents: number | null | undefined): number {
  return overrideCents ?? areaPrice;
}

// ---------------------------------------------------------------------------------------------------
// Paging: 1-based pages of PAGE_SIZE. `more` is exact (the API knows whether another page exists).

export interface Page<T> {
  items: T[];
  page: number;
  page_size: number;
  more: boolean;
}

export function pageOf<T>(list: readonly T[], page: number, size = PAGE_SIZE): Page<T> {
  const start = (Math.max(1, Math.floor(page)) - 1) * size;
  return { items: list.slice(start, start + size), page, page_size: size, more: list.length > start + size };
}

/** For SQL paging: fetch size + 1 rows at this offset; the extra row only says there is more. */
export function pageWindow(page: number, size = PAGE_SIZE): { limit: number; offset: number } {
  return { limit: size + 1, offset: (Math.max(1, Math.floor(page)) - 1) * size };
}

export function pageFromWindow<T>(rows: readonly T[], page: number, size = PAGE_SIZE): Page<T> {
  return { items: rows.slice(0, size), page, page_size: size, more: rows.length > size };
}

// ---------------------------------------------------------------------------------------------------
// Search ranking. Every word of the term must match the service's name, its category or its description
// (case-insensitive, plural "s"/"es" ignored, so the header's "Massages" finds "Swedish Massage"). The
// score says where it matched: the whole term as the name beats a name prefix, a name word, a name
// substring, the category name, and the description, in that order; a word found in both the name and
// the category counts both, so "massage" puts the Massage category's services before a "Hand Massage"
// of another category.

export interface Searchable {
  /** The display name (services.description). */
  name: string;
  category: string;
  /** Longer text (services.long_description). */
  description?: string | null;
}

function stem(word: string): string {
  if (word.length > 4 && word.endsWith("es") && /(?:ss|sh|ch|x|z)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith("s") && !word.endsWith("ss")) return word.slice(0, -1);
  return word;
}

function normalise(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/** The term's words, lower case, stemmed, without duplicates. */
export function searchTokens(term: string): string[] {
  return [...new Set(normalise(term).split(" ").filter(Boolean).map(stem))];
}

function words(text: string): string[] {
  return normalise(text).split(" ").filter(Boolean).map(stem);
}

/** 0 when the item does not match; otherwise higher is better. */
export function searchScore(item: Searchable, term: string): number {
  const tokens = searchTokens(term);
  if (tokens.length === 0) return 0;
  const name = words(item.name);
  const nameText = name.join(" ");
  const category = words(item.category);
  const description = words(item.description ?? "").join(" ");
  const phrase = tokens.join(" ");
  let score = 0;
  if (nameText === phrase) score += 1000;
  else if (nameText.startsWith(phrase)) score += 500;
  for (const t of tokens) {
    const inName = name.includes(t) ? 100 : name.some((w) => w.startsWith(t)) ? 60 : nameText.includes(t) ? 40 : 0;
    const inCategory = category.some((w) => w.startsWith(t)) ? 20 : 0;
    if (inName + inCategory > 0) score += inName + inCategory;
    else if (description.includes(t)) score += 5;
    else return 0;
  }
  return score;
}

/** Matching items, best first; equal scores keep the input's order (pass them sorted by order_rank). */
export function rankSearch<T>(items: readonly T[], term: string, fieldsOf: (item: T) => Searchable): T[] {
  return items
    .map((item, i) => ({ item, i, score: searchScore(fieldsOf(item), term) }))
    .filter((r) => r.score > 0)
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .map((r) => r.item);
}

// ---------------------------------------------------------------------------------------------------
// Job images and testimonials (docs/product.md section 3 "Completed order service", "Testimonials / job entries").

export interface JobImages {
  before: string[];
  after: string[];
  testimonial: string[];
}

/** 0 testimonial, 1 after, 2 before when other images exist (otherwise a before picture is 1). */
export type JobImageType = 0 | 1 | 2;

export interface JobImageEntry {
  type: JobImageType;
  file: string;
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((f): f is string => typeof f === "string" && f.length > 0) : [];

/** The stored JSON; anything unreadable is treated as no pictures. */
export function parseJobImages(json: string | null | undefined): JobImages {
  let raw: unknown;
  try {
    raw = json ? JSON.parse(json) : null;
  } catch {
    raw = null;
  }
  const o = raw && typeof raw === "object" ? (raw as Record<string, unknown>) : {};
  return { before: strings(o.before), after: strings(o.after), testimonial: strings(o.testimonial) };
}

/** Entries in type order: testimonial pictures, after pictures, then before pictures. */
export function jobImageEntries(images: JobImages): JobImageEntry[] {
  const entries: JobImageEntry[] = [
    ...images.testimonial.map((file) => ({ type: 0 as const, file })),
    ...images.after.map((file) => ({ type: 1 as const, file })),
  ];
  const beforeType: JobImageType = entries.length > 0 ? 2 : 1;
  for (const file of images.before) entries.push({ type: beforeType, file });
  return entries;
}

/** The card picture: the last entry's file, or null without pictures. */
export function lastJobImage(entries: readonly JobImageEntry[]): string | null {
  return entries.length > 0 ? entries[entries.length - 1]!.file : null;
}

export function hasJobImages(images: JobImages): boolean {
  return images.before.length + images.after.length + images.testimonial.length > 0;
}

/** The shown name: trimmed, or "Guest" when missing. */
export function displayName(name: string | null | undefined): string {
  const trimmed = name?.trim();
  return trimmed ? trimmed : GUEST_NAME;
}

/** A reviewer as shown publicly: first name and last initial ("Ava Brooks" -> "Ava B."), or "Guest". */
export function reviewerName(name: string | null | undefined): string {
  const parts = displayName(name).split(/\s+/);
  if (parts.length < 2) return parts[0]!;
  return `${parts[0]} ${parts[parts.length - 1]!.charAt(0).toUpperCase()}.`;
}

/** The category a testimonial belongs to: json_data.scgid when it is a positive integer, else the fallback. */
export function testimonialScgid(jsonData: string | null | undefined, fallback: number | null = null): number | null {
  try {
    const o = jsonData ? (JSON.parse(jsonData) as unknown) : null;
    const scgid = o && typeof o === "object" ? Number((o as Record<string, unknown>).scgid) : NaN;
    if (Number.isInteger(scgid) && scgid > 0) return scgid;
  } catch {
    /* unreadable json_data: use the fallback */
  }
  return fallback;
}

export interface TestimonialLike {
  testimonial_id: number;
  service_id: number | null;
  display_order: number;
  scgid: number | null;
}

/**
 * At most `perService` testimonials per service, each service's by display_order descending; services in
 * the order of their best testimonial. Then those of the current category move to the top (stable), so on
 * a category page its own testimonial leads (docs/product.md section 4 "Testimonials").
 */
export function pickTestimonials<T extends TestimonialLike>(
  rows: readonly T[],
  opts: { currentScgid?: number | null; perService?: number } = {},
): T[] {
  const per = opts.perService ?? TESTIMONIALS_PER_SERVICE;
  const sorted = [...rows].sort((a, b) => b.display_order - a.display_order || a.testimonial_id - b.testimonial_id);
  const taken = new Map<string, number>();
  const picked: T[] = [];
  for (const r of sorted) {
    const key = r.service_id === null ? `t${r.testimonial_id}` : `s${r.service_id}`;
    const n = taken.get(key) ?? 0;
    if (n >= per) continue;
    taken.set(key, n + 1);
    picked.push(r);
  }
  const current = opts.currentScgid ?? null;
  if (current === null) return picked;
  return [...picked.filter((r) => r.scgid === current), ...picked.filter((r) => r.scgid !== current)];
}

// ---------------------------------------------------------------------------------------------------
// Vendor directory order. "distance" (the default) is nearest first; "rating" is best rated first with
// more reviews winning a tie; "price" is the lowest starting price first; "reviews" is most reviewed
// first. Every order falls back to distance, then vendor_id, so pages never shuffle.

export const VENDOR_SORTS = ["distance", "rating", "price", "reviews"] as const;
export type VendorSort = (typeof VENDOR_SORTS)[number];

export interface VendorSortable {
  vendor_id: number;
  distance_miles: number;
  rating_avg_x100: number;
  rating_count: number;
  starting_price_cents: number | null;
}

export function sortVendors<T extends VendorSortable>(list: readonly T[], sort: VendorSort = "distance"): T[] {
  const tail = (a: T, b: T) => a.distance_miles - b.distance_miles || a.vendor_id - b.vendor_id;
  const price = (v: T) => v.starting_price_cents ?? Number.MAX_SAFE_INTEGER;
  const cmp: Record<VendorSort, (a: T, b: T) => number> = {
    distance: tail,
    rating: (a, b) => b.rating_avg_x100 - a.rating_avg_x100 || b.rating_count - a.rating_count || tail(a, b),
    price: (a, b) => price(a) - price(b) || tail(a, b),
    reviews: (a, b) => b.rating_count - a.rating_count || b.rating_avg_x100 - a.rating_avg_x100 || tail(a, b),
  };
  return [...list].sort(cmp[sort]);
}

/** Miles rounded to one decimal for display. */
export function roundMiles(miles: number): number {
  return Math.round(miles * 10) / 10;
}
