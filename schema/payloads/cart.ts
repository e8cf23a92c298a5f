import * as v from "valibot";
import type { ServiceAvailabilityRow } from "../../domain/calendar/service-rows";
import type { ServiceCard } from "./catalogue";

/**
 * Payloads of the availability and cart endpoints (docs/api-cart.md, docs/decisions/011-holds-and-cart.md).
 * Shape checks only; whether a ZIP, service, vendor or time exists or is free is the handler's answer.
 *
 * Times: `selectedDate` is a local wall time "YYYY-MM-DD HH:MM" in the service address's time zone (the
 * vendor's `tz`, the zone every time of the vendor page and promised_arrival_time is shown in). Answers
 * also carry the instant as ISO-8601 UTC (`selected_at`) so nothing depends on a client's own zone.
 */

/** A ZIP as the browser sends it: "02116", "2116" or 2116 (docs/product.md section 5: padded to 5 digits). */
const ZipInput = v.union(
  [v.pipe(v.string(), v.trim(), v.maxLength(10)), v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(99_999))],
  "Enter a ZIP code.",
);

/** A positive id in a JSON body (numbers; digit strings are accepted too, as the legacy client sends them). */
const Id = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.trim(), v.regex(/^\d{1,10}$/), v.transform(Number))], "Expected an id."),
  v.number(),
  v.integer("Expected an id."),
  v.minValue(1, "Expected an id."),
  v.maxValue(2 ** 31 - 1, "Expected an id."),
);

const Flag = v.optional(
  v.pipe(
    v.union([v.boolean(), v.picklist([0, 1]), v.picklist(["0", "1", "true", "false"])], "Expected true or false."),
    v.transform((x) => x === true || x === 1 || x === "1" || x === "true"),
  ),
  false,
);

/** "YYYY-MM-DD HH:MM" local to the service address. */
export const LocalDateTime = v.pipe(
  v.string("Choose a date and time."),
  v.trim(),
  v.regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01]) ([01]\d|2[0-3]):[0-5]\d$/, "Use the format YYYY-MM-DD HH:MM."),
);

/** A client-chosen key that makes a retried add return the first answer (8-100 characters). */
const IdempotencyKey = v.pipe(
  v.string("Send an idempotency key."),
  v.trim(),
  v.regex(/^[A-Za-z0-9_.:-]{8,100}$/, "Use 8-100 letters, digits, '-', '_', '.' or ':'."),
);

/** Cart items named in a request: ids or cart item objects ({ cartitemid, ... }); other fields are ignored. */
const CartRefs = v.optional(
  v.pipe(
    v.array(v.union([Id, v.object({ cartitemid: Id })])),
    v.maxLength(50),
    v.transform((list) => list.map((x) => (typeof x === "number" ? x : x.cartitemid))),
  ),
  [],
);

// ------------------------------------------------------------------------------- getServicesData

export const GetServicesDataBody = v.variant("processType", [
  v.object({
    processType: v.literal(1),
    zipCode: ZipInput,
    services: v.pipe(
      v.array(v.object({ serviceId: Id, vendorId: Id })),
      v.minLength(1, "Choose a service."),
      v.maxLength(10),
    ),
    /** Cart items whose holds are left out of the conflict check (the item being moved). */
    cart: CartRefs,
    /** A service order of the caller whose booking is left out (rescheduling); sent only above 10. */
    filterSOID: v.optional(v.nullable(v.union([Id, v.literal(0)]))),
  }),
  v.object({
    processType: v.literal(2),
    zipCode: ZipInput,
    services: v.pipe(v.array(v.object({ serviceId: Id })), v.minLength(1, "Choose a service."), v.maxLength(10)),
    cart: CartRefs,
  }),
  v.object({
    processType: v.literal(3),
    zipCode: ZipInput,
    services: v.pipe(v.array(v.object({ serviceId: Id })), v.minLength(1, "Choose a service."), v.maxLength(10)),
  }),
]);
export type GetServicesDataInput = v.InferOutput<typeof GetServicesDataBody>;

/** processType 1: one vendor's free start times for one service over the booking horizon. */
export interface VendorServiceSlots {
  serviceId: number;
  vendorId: number;
  service_code: string;
  description: string;
  /** Minutes. */
  totalDuration: number;
  /** What the customer pays this vendor for it in the ZIP (cents). */
  price_cents: number;
  /** The vendor's zone: `days[].date` and `times` are local to it. */
  time_zone: string;
  same_day_allowed: boolean;
  holidays_allowed: boolean;
  days: Array<{ date: string; holiday?: string; times: string[] }>;
  /** docs/product.md section 3 "Vendor service-availability rows" (types 0, 1/4, 2, 3). */
  rows: ServiceAvailabilityRow[];
}

/** processType 2: professional matching over the matching window, counted per start time. */
export interface MatchedServiceSlots {
  serviceId: number;
  service_code: string;
  description: string;
  totalDuration: number;
  /** The ZIP's zone: dates and times are local to the service address. */
  time_zone: string;
  window: { from: string; to: string; days: number };
  /** Vendors serving the ZIP with this service (whatever their calendars). */
  standard_vendor_count: number;
  pro_vendor_count: number;
  days: Array<{
    date: string;
    holiday?: string;
    slots: Array<{ time: string; standard_vendor_count: number; pro_vendor_count: number }>;
  }>;
}

/** processType 3, section 2 entry: the service's availability in the ZIP. */
export interface ServiceAvailabilitySummary {
  service_id: number;
  zipCode: string;
  standard_vendor_count: number;
  pro_vendor_count: number;
  vendor_count: number;
  /** Vendors with at least one free start in the matching window. */
  free_vendor_count: number;
  /** The earliest free start in the matching window, local "YYYY-MM-DD HH:MM" in the ZIP's zone. */
  first_available: string | null;
  time_zone: string;
  /** docs/product.md section 5: set on the first entry only, when vendor_count is below 10 and not 0. */
  verify?: boolean;
}

/** processType 3: [section 1: services with the area price, section 2: availability summaries]. */
export type ServiceDetailSections = [ServiceCard[], ServiceAvailabilitySummary[]];

// ----------------------------------------------------------------------------------------- cart

export const AddToCartBody = v.object({
  zipCode: ZipInput,
  serviceId: Id,
  /** The chosen professional; leave out (with or without hint_v) for "any pro". */
  vendorId: v.optional(v.nullable(Id)),
  /** A preferred professional when vendorId is not fixed: tried first. */
  hint_v: v.optional(v.nullable(Id)),
  selectedDate: LocalDateTime,
  isSubscription: Flag,
  isConnectType: Flag,
  /** Staff, connect admins and the vendor themself only: skips the availability rules. */
  scheduleBypass: Flag,
  idempotencyKey: IdempotencyKey,
});

export const RemoveCartBody = v.object({ cartitemid: Id });
export const UpdateCartBody = v.object({ cartitemid: Id, selectedDate: LocalDateTime });
export const ClearZipBody = v.object({
  cartitemids: v.pipe(v.array(Id), v.maxLength(50)),
});

/** A cart item as every cart endpoint answers it (docs/product.md section 3 "Cart item" plus hold and price). */
export interface CartItemView {
  cartitemid: number;
  /** The chosen vendor; null for "any pro". */
  vendor_id: number | null;
  hint_v: number | null;
  service_id: number;
  service_code: string;
  /** "YYYY-MM-DD HH:MM" in `time_zone`. */
  selectedDate: string | null;
  /** The same instant, ISO-8601 UTC. */
  selected_at: string | null;
  time_zone: string;
  /** Minutes. */
  totalDuration: number;
  isSubscription: boolean;
  isConnectType: boolean;
  scheduleBypass: boolean;
  price_cents: number;
  /** When the hold on the time lapses (ISO-8601 UTC); null when there is none. */
  hold_expires_at: string | null;
  /** The vendor whose calendar holds the time (equals vendor_id unless "any pro"). */
  held_by_vendor_id: number | null;
}

/** GET /booking/cart: each item re-validated. */
export interface CartItemChecked extends CartItemView {
  status: "ok" | "CART_ITEM_NOT_AVAILABLE" | "CART_ITEM_DATE_CHANGED";
  message?: string;
  /** The free time nearest to the item's, to highlight. */
  alternative?: { selectedDate: string; selected_at: string } | null;
}

export interface CartView {
  zipCode: string | null;
  items: CartItemChecked[];
}
