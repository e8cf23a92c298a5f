import { ServiceOrderStatus } from "./order-status";

/**
 * Rules of what a pro may do on an accepted job (docs/product.md sections 4 and 5; docs/decisions/060-069). Pure: the
 * job's state and times come in, a verdict comes out.
 */

export const JOB_PHOTO_TYPES = ["before", "after", "testimonial"] as const;
export type JobPhotoType = (typeof JOB_PHOTO_TYPES)[number];

/** Pictures per kind on one job ("maximum pictures uploaded", docs/product.md section 5). */
export const MAX_JOB_PHOTOS_PER_TYPE = 5;
export const MAX_JOB_PHOTO_BYTES = 10 * 1024 * 1024;
export const MAX_JOB_VIDEO_BYTES = 60 * 1024 * 1024;

/** The completion checklist: every item must be ticked (COMPLETE_JOB_ERROR otherwise). */
export const JOB_CHECKLIST = [
  { id: "arrived", label: "I arrived at the service address and met the customer." },
  { id: "services", label: "I performed every service in this booking." },
  { id: "hygiene", label: "I used clean, sanitised tools and sealed products." },
  { id: "cleanup", label: "I cleaned up the work area." },
  { id: "reviewed", label: "The customer saw the result and had the chance to ask for changes." },
] as const;
export type ChecklistItemId = (typeof JOB_CHECKLIST)[number]["id"];

export function missingChecklistItems(ticked: readonly string[]): ChecklistItemId[] {
  return JOB_CHECKLIST.filter((item) => !ticked.includes(item.id)).map((item) => item.id);
}

/** A job the pro works on: accepted, not finished, not cancelled. */
export function isActiveJob(status: number): boolean {
  return status === ServiceOrderStatus.SCHEDULED || status === ServiceOrderStatus.IN_PROGRESS;
}

/** Pictures can be added while the job is active and after it is completed (testimonials, late uploads). */
export function canAddPhotos(status: number): boolean {
  return isActiveJob(status) || status === ServiceOrderStatus.COMPLETED;
}

export type CompletionProblem = "FAILED_VENDOR_JOB_COMPLETION" | "JOB_PHOTOS_MISSING" | "COMPLETE_JOB_ERROR";

/**
 * Why the job cannot be completed now, or null. The state and the time come first (a cancelled job or one
 * whose appointment has not started: "This job cannot be completed at this time."), then the pictures,
 * then the checklist (only when `ticked` is given: the validate step may ask before the pro ticks).
 */
export function completionProblem(input: {
  status: number;
  start: number;
  now: number;
  before: number;
  after: number;
  ticked?: readonly string[];
}): CompletionProblem | null {
  if (!isActiveJob(input.status) || input.now < input.start) return "FAILED_VENDOR_JOB_COMPLETION";
  if (input.before < 1 || input.after < 1) return "JOB_PHOTOS_MISSING";
  if (input.ticked && missingChecklistItems(input.ticked).length > 0) return "COMPLETE_JOB_ERROR";
  return null;
}

/** docs/product.md section 5: "wait at least 30 minutes after the expected arrival". */
export const UNREACHABLE_WAIT_MS = 30 * 60_000;

export function unreachableAllowedAt(start: number): number {
  return start + UNREACHABLE_WAIT_MS;
}

/**
 * The no-show fee when the customer could not be reached: half the job's price, at least the late
 * cancellation minimum, never more than what was paid for the job (docs/decisions/062).
 */
export function noShowFee(priceCents: number, paidCents: number, minCents: number): number {
  return Math.min(paidCents, Math.max(minCents, Math.round(priceCents / 2)));
}

/** Added charges: at least $1, at most $500 per charge. */
export const ADD_CHARGE_MIN_CENTS = 100;
export const ADD_CHARGE_MAX_CENTS = 50_000;

/** Reliability points a pro loses when they give a job back (docs/decisions/063). */
export const RELIABILITY_PENALTY = { emergency_reschedule: 5, cannot_provide: 10, no_penalty: 0 } as const;
export const RELIABILITY_FLOOR = 1;

/** Shows a phone as its last four digits only: "(***) ***-1234". */
export function maskPhone(e164: string | null | undefined): string | null {
  if (!e164) return null;
  const digits = e164.replace(/\D/g, "");
  return digits.length >= 4 ? `(***) ***-${digits.slice(-4)}` : null;
}
