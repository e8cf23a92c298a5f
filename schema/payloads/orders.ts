import type { OrderVisitView } from "./order-live";
import type { AddedChargeView } from "../contracts/added-charges";
import * as v from "valibot";
import { COMMENT_MAX_CHARS } from "../../domain/rating-rules";
import type { JobImageEntry, Page } from "../../domain/catalogue-rules";

/**
 * Payloads of the order endpoints after checkout (docs/api-orders.md): the orders lists, rating, reschedule,
 * cancel, tips, messages to the vendor and secure pay. Shape checks only; the rules with their own catalogue
 * codes (tip amount, rating and comment, same time) are domain/ functions the handlers call, so the review
 * and tip modals show the same words as the API.
 */

/** A positive id (numbers; digit strings too, as the legacy client sends them). */
const Id = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.trim(), v.regex(/^\d{1,10}$/), v.transform(Number))], "Expected an id."),
  v.number(),
  v.integer("Expected an id."),
  v.minValue(1, "Expected an id."),
  v.maxValue(2 ** 31 - 1, "Expected an id."),
);

/** A ZIP as the browser sends it; anything that is not a ZIP means "every ZIP" (docs/product.md section 5: treated as 0). */
const ZipFilter = v.optional(
  v.nullable(
    v.union([
      v.pipe(v.string(), v.trim(), v.maxLength(10)),
      v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(99_999)),
    ]),
  ),
);

const PageNumber = v.optional(
  v.pipe(
    v.union([v.number(), v.pipe(v.string(), v.regex(/^\d{1,4}$/), v.transform(Number))], "Expected a page number."),
    v.number(),
    v.integer(),
    v.minValue(1, "Pages start at 1."),
    v.maxValue(1000),
  ),
  1,
);

const Flag = v.pipe(
  v.union([v.boolean(), v.picklist([0, 1]), v.picklist(["0", "1", "true", "false"])], "Expected true or false."),
  v.transform((x) => x === true || x === 1 || x === "1" || x === "true"),
);

/** "YYYY-MM-DD HH:MM" in the job's time zone (the format of promised_arrival_time). */
const LocalDateTime = v.pipe(
  v.string("Choose a date and time."),
  v.trim(),
  v.regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01]) ([01]\d|2[0-3]):[0-5]\d$/, "Use the format YYYY-MM-DD HH:MM."),
);

const Reason = v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(500, "Keep it under 500 characters."))));

// ------------------------------------------------------------------------------------------ the lists

export const ScheduledOrdersQuery = v.object({ zipCode: ZipFilter });

export const CompletedOrdersBody = v.object({ zipCode: ZipFilter, pagination: PageNumber });

export interface OrderService {
  service_id: number;
  service_code: string;
  description: string;
  image: string | null;
}

export interface OrderVendor {
  vendor_id: number;
  name: string;
  photo: string;
}

/** docs/product.md section 3 "Scheduled order", with what the orders page shows of it. */
export interface ScheduledOrder {
  service_order_id: number;
  order_id: number;
  service_order_status_id: number;
  scheduled_status: number;
  /** YYYY-MM-DD HH:MM in time_zone. */
  promised_arrival_time: string;
  /** The same instant, ISO-8601 UTC. */
  promised_arrival_at: string;
  time_zone: string;
  job_minutes: number;
  is_connect: boolean;
  service: OrderService;
  vendor: OrderVendor | null;
  price_cents: number;
  address: string;
  zipcode: string;
  /** A reschedule waiting for the vendor's consent. */
  /**
   * The customer's pending request; with another length (decision 067) its minutes, and `checkout_url` while
   * the price difference is still to be paid (the pro has not seen it yet).
   */
  reschedule_request: {
    request_id: number;
    selectedDate: string;
    expires_at: string;
    job_minutes?: number;
    checkout_url?: string;
  } | null;
  /** A new time the pro proposed, waiting for the customer's consent (docs/decisions/066). */
  vendor_proposal: VendorProposalView | null;
  /** Every charge the pro added to the job, newest first (docs/decisions/116). */
  added_charges: AddedChargeView[];
  /** The pro the customer chose, while no pro has accepted the job (docs/decisions/122). */
  chosen_pro: ChosenProView | null;
  can_reschedule: boolean;
  can_cancel: boolean;
  /** The visit as it happens: stage, the pro's steps, distance and estimate (docs/decisions/150). */
  visit: OrderVisitView | null;
}

/**
 * The pro a customer chose for a job no pro has accepted yet: `waiting` until `confirm_by` (ISO-8601 UTC, and
 * the same instant local in the job's zone), `declined` when they said no, `lapsed` when their window closed;
 * in the last two the job is offered to other pros and cancelling is free.
 */
export interface ChosenProView {
  vendor_id: number;
  name: string;
  state: "waiting" | "declined" | "lapsed";
  confirm_by: string;
  confirm_by_local: string;
  /** The service's booking page at the job's ZIP, where the customer can pick another pro. */
  book_href: string;
}

/** docs/product.md section 3 "Completed order service". */
export interface CompletedOrder {
  service_order_id: number;
  order_id: number;
  service_order_status_id: number;
  promised_arrival_time: string;
  /** ISO-8601 UTC. */
  completion_time: string | null;
  time_zone: string;
  service: OrderService;
  vendor: OrderVendor | null;
  price_cents: number;
  tip_cents: number;
  /** Entries in type order: 0 testimonial, 1 after, 2 before (1 when a before picture is the only kind). */
  job_images: JobImageEntry[];
  job_image: string | null;
  vendor_rating: number | null;
  vendor_rating_notes: string | null;
  zipcode: string;
  /** Every charge the pro added to the job, newest first (docs/decisions/116). */
  added_charges: AddedChargeView[];
}

export type CompletedOrdersPage = Page<CompletedOrder>;

// ------------------------------------------------------------------------------------------ rating

/** The star value and comment are checked by domain/rating-rules.ts checkRating (its own codes). */
export const RatingBody = v.object({
  service_order_id: Id,
  vendor_rating: v.optional(v.unknown()),
  vendor_rating_notes: v.optional(
    v.nullable(v.pipe(v.string(), v.maxLength(COMMENT_MAX_CHARS, `Keep it under ${COMMENT_MAX_CHARS} characters.`))),
  ),
});

// ------------------------------------------------------------------------------------- reschedule, cancel

/** `service_id`: another length of the job's service (docs/decisions/067); the price difference is charged or refunded. */
export const RescheduleBody = v.object({
  service_order_id: Id,
  selectedDate: LocalDateTime,
  reason: Reason,
  service_id: v.optional(Id),
});

/** The free times for moving a job, for its own length or another option's (`service_id`). */
export const RescheduleTimesQuery = v.object({ service_order_id: Id, service_id: v.optional(Id) });

export const VendorRescheduleBody = v.object({ request_id: Id, accept: Flag });

/** A pro's proposal of a new time for their job (docs/decisions/066); the customer must consent. */
export const VendorProposeBody = v.object({ service_order_id: Id, selectedDate: LocalDateTime, reason: Reason });

/** The customer's answer to a pro's proposal: approve moves the job, refuse keeps it. */
export const ProposalAnswerBody = v.object({ request_id: Id, accept: Flag });

/** One job's free start times for a reschedule, with the job's own booking and pending requests left out. */
export interface RescheduleTimes {
  service_order_id: number;
  time_zone: string;
  /** The job's current time, YYYY-MM-DD HH:MM. */
  current: string;
  days: Array<{ date: string; holiday?: string; times: string[] }>;
  /** A pending proposal or request on the job, if any. */
  pending: { request_id: number; requested_by: "customer" | "vendor"; selectedDate: string; expires_at: string } | null;
  /** The lengths the job may switch to while moving (its own first, `current`), with the pro's prices. */
  options?: Array<{
    service_id: number;
    description: string;
    minutes: number;
    price_cents: number;
    current: boolean;
  }>;
  /** The length the times are for. */
  job_minutes?: number;
}

/** A pro's pending proposal as the customer's orders list shows it. */
export interface VendorProposalView {
  request_id: number;
  selectedDate: string;
  expires_at: string;
  reason: string | null;
}

export const CancelBody = v.object({ service_order_id: Id, reason: Reason });

export const ServiceOrderQuery = v.object({ service_order_id: Id });

export const ServiceOrderBody = v.object({ service_order_id: Id });

/** Either the job (its vendor is excluded) or a vendor the customer had a job with. */
export const ExcludeVendorBody = v.pipe(
  v.object({ service_order_id: v.optional(Id), vendor_id: v.optional(Id) }),
  v.check((b) => b.service_order_id !== undefined || b.vendor_id !== undefined, "Send service_order_id or vendor_id."),
);

// ----------------------------------------------------------------------------------------------- SMS

const Message = v.pipe(
  v.string("Write a message."),
  v.trim(),
  v.minLength(1, "Write a message."),
  v.maxLength(500, "Keep your message under 500 characters."),
);

export const SmsVendorBody = v.object({ service_order_id: Id, message: Message });

export const SmsVendor2Body = v.object({ vendor_id: Id, message: Message });

// ----------------------------------------------------------------------------------------------- tips

/** The tip amount is checked by domain/tip-rules.ts checkTip (TIP_INVALID, TIP_TOO_SMALL, TIP_TOO_LARGE). */
const Amount = v.union([v.string(), v.number()], "Enter an amount.");

const Email = v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(254))));

/** docs/product.md section 3 "Tip payload", plus an optional saved card to charge at once. */
export const TipBody = v.object({
  service_order_id: Id,
  tip_amount: Amount,
  isSavePaymentMethod: v.optional(Flag, false),
  email: Email,
  payment_method_id: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(255)))),
});

export const PaymentIntentBody = v.object({
  payment_intent_id: v.pipe(v.string("Send the payment id."), v.trim(), v.minLength(1), v.maxLength(255)),
});

// ------------------------------------------------------------------------------------------ secure pay

const Token = v.pipe(
  v.string("This link is not complete."),
  v.trim(),
  v.regex(/^[A-Za-z0-9_-]{16,100}$/, "This link is not complete."),
);

export const PayLinkQuery = v.object({ vpid: Token });

export const SecurePayQuery = v.object({ cpid: Token, vid: Id });

/** POST /order/added-charge/dispute: the customer disputes a paid added charge of their job, with a reason. */
export const AddedChargeDisputeBody = v.object({
  adjustment_id: Id,
  reason: v.pipe(
    v.string("Tell us what is wrong with this charge."),
    v.trim(),
    v.minLength(6, "Tell us what is wrong with this charge (at least 6 characters)."),
    v.maxLength(500, "Keep it under 500 characters."),
  ),
});

/** POST /pay/secure/decline: the customer declines a pro's added charge sent to them for approval. */
export const SecurePayDeclineBody = v.object({ cpid: Token, vid: Id });

/**
 * docs/product.md section 3 "Secure-pay payload" (service_order_id, charge_amount, cpid, vid) plus the tip; a vendor's
 * payment request is paid with vpid instead of cpid and vid. charge_amount is the total the payer saw
 * (money_amount plus tip): a different total means the link changed under them.
 */
export const SecurePayIntentBody = v.pipe(
  v.object({
    service_order_id: v.optional(v.nullable(Id)),
    charge_amount: Amount,
    cpid: v.optional(Token),
    vid: v.optional(Id),
    vpid: v.optional(Token),
    tip: v.optional(v.nullable(Amount)),
    email: Email,
  }),
  v.check((b) => (b.vpid !== undefined) !== (b.cpid !== undefined), "Send vpid, or cpid with vid."),
  v.check((b) => b.cpid === undefined || b.vid !== undefined, "Send vid with cpid."),
);

/** docs/product.md section 3 "Secure-pay payload" data. */
export interface SecurePayData {
  /** Dollars, e.g. "45.00": what the vendor asks for before any tip. */
  money_amount: string;
  money_amount_cents: number;
  /** 1 when a tip may be added (the payer chooses it), 0 otherwise. */
  connect_tip: 0 | 1;
  /** The most the tip may be, in cents. */
  tip_max_cents: number;
  payment_description: string;
  /** The vendor's name and photo. */
  name: string;
  photo: string;
  service_order_id: number | null;
  /** ISO-8601 UTC. */
  expires_at: string;
  /** 1 when the link is a pro's added charge waiting for the customer's approval: it may be declined. */
  declinable?: 0 | 1;
}
