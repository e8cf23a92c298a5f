import * as v from "valibot";
import { ADD_CHARGE_MAX_CENTS, ADD_CHARGE_MIN_CENTS, JOB_PHOTO_TYPES } from "../../domain/job-actions";
import { IdempotencyKey } from "./checkout";

/** Payloads of the vendor's job actions (issue 10; docs/api.md "Vendor job actions"). */

export const JobId = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.trim(), v.regex(/^\d{1,10}$/), v.transform(Number))], "Expected an id."),
  v.number(),
  v.integer("Expected an id."),
  v.minValue(1, "Expected an id."),
  v.maxValue(2 ** 31 - 1, "Expected an id."),
);

export const JobRef = v.object({ service_order_id: JobId });

export const PhotoForm = v.object({
  service_order_id: JobId,
  type: v.picklist(JOB_PHOTO_TYPES, "Choose before, after or testimonial."),
});

export const UpdatePhotoForm = v.object({
  service_order_id: JobId,
  type: v.picklist(JOB_PHOTO_TYPES, "Choose before, after or testimonial."),
  index: v.pipe(v.string(), v.regex(/^\d{1,2}$/, "Expected the picture's position."), v.transform(Number)),
});

export const CompleteJobBody = v.object({
  service_order_id: JobId,
  checklist: v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(40))), v.maxLength(20))),
});

const Cents = (min: number, max: number) =>
  v.pipe(
    v.number("Expected an amount in cents."),
    v.integer("Expected whole cents."),
    v.minValue(min, `At least $${(min / 100).toFixed(2)}.`),
    v.maxValue(max, `At most $${(max / 100).toFixed(2)}.`),
  );

export const RefundBody = v.object({
  service_order_id: JobId,
  /** Omitted: everything that is left to refund on this job. */
  amount_cents: v.optional(Cents(1, 10_000_000)),
  reason: v.pipe(v.string("Say why you refund."), v.trim(), v.minLength(3, "Say why you refund."), v.maxLength(300)),
  idempotencyKey: IdempotencyKey,
});

export const AddChargeBody = v.object({
  service_order_id: JobId,
  amount_cents: Cents(ADD_CHARGE_MIN_CENTS, ADD_CHARGE_MAX_CENTS),
  description: v.pipe(
    v.string("Say what the charge is for."),
    v.trim(),
    v.minLength(3, "Say what the charge is for."),
    v.maxLength(200, "Keep it under 200 characters."),
  ),
  idempotencyKey: IdempotencyKey,
});

export const SmsCustomerBody = v.object({
  service_order_id: JobId,
  message: v.pipe(v.string("Write a message."), v.trim(), v.minLength(1, "Write a message."), v.maxLength(480)),
});

export const SmsCustomer2Body = v.object({
  user_id: JobId,
  message: v.pipe(v.string("Write a message."), v.trim(), v.minLength(1, "Write a message."), v.maxLength(480)),
});

export const UnreachableForm = v.object({
  service_order_id: JobId,
  note: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(500))),
});

export interface JobPhotosView {
  service_order_id: number;
  before: string[];
  after: string[];
  testimonial: string[];
  message: string;
}

export const ReleaseJobBody = v.object({
  service_order_id: JobId,
  // No default: the reason sets the penalty, so the pro chooses it (decision 130).
  reason: v.pipe(
    v.optional(v.string("Choose a reason."), ""),
    v.picklist(["emergency", "not_offered", "unsafe", "customer_request", "other"], "Choose a reason."),
  ),
  note: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(500, "Keep it under 500 characters."))),
});

/** GET /vendor/me/jobs/{id}/actions: what the pro's job-actions panel shows. */
export interface JobActionsView {
  service_order_id: number;
  service_order_status_id: number;
  description: string;
  promised_arrival_time: string;
  promised_arrival_at: string;
  job_minutes: number;
  is_connect: boolean;
  price_cents: number;
  customer: { first_name: string; phone: string | null };
  photos: { before: string[]; after: string[]; testimonial: string[] };
  max_photos_per_type: number;
  checklist: { id: string; label: string }[];
  refundable_cents: number;
  /**
   * One charge is min_cents to max_cents. Without asking the customer (docs/decisions/116) the pro may still charge
   * auto_left_cents on this job (of cap_cents in total) until auto_until; anything beyond goes to the customer to
   * approve or decline.
   */
  add_charge_limits: {
    min_cents: number;
    max_cents: number;
    cap_cents: number;
    auto_left_cents: number;
    /** ISO-8601 UTC, and the same instant in the job's zone (YYYY-MM-DD HH:MM). */
    auto_until: string;
    auto_until_local: string;
  };
  unreachable_from: string;
  video: { max_ms: number; max_bytes: number };
  adjustments: {
    adjustment_id: number;
    kind: "refund" | "add_charge";
    amount_cents: number;
    description: string;
    status: string;
    /** Added charges: auto (within the policy) or customer (the customer approves it). */
    consent: "auto" | "customer";
    disputed: boolean;
    refund_status: "none" | "pending" | "succeeded" | "failed";
    created_at: string;
  }[];
  can: {
    photos: boolean;
    complete: boolean;
    refund: boolean;
    add_charge: boolean;
    unreachable: boolean;
    contact: boolean;
  };
  completed: boolean;
  server_time: number;
  /**
   * The visit's one-tap steps (docs/decisions/151): when the pro marked each (ISO-8601 UTC, null until then),
   * and while on the way the distance and estimate the customer sees.
   */
  visit: {
    on_the_way_at: string | null;
    arrived_at: string | null;
    started_at: string | null;
    distance_miles: number | null;
    eta_at: string | null;
  };
}
