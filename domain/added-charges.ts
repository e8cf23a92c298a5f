import { HOUR_MS } from "./calendar/time";
import { ServiceOrderStatus } from "./order-status";

/**
 * When a pro may charge a customer's saved card for something added to a job without asking, and when the
 * customer must approve it first (docs/decisions/116-added-charge-consent.md). Pure: the job's state, times,
 * price and what was already charged without asking come in; a verdict comes out.
 *
 * - No added charge on a job that has not started (pending, or scheduled before its start time), nor on a
 *   cancelled or suspended one.
 * - Without asking: from the start of the appointment until 24 hours after the job was completed (or, when
 *   the pro never completed it, 24 hours after its scheduled end), and only while everything charged without
 *   asking on the job, this charge included, stays within the job's cap: 20 % of its price or $50, whichever
 *   is smaller. The cap is per job in total, never per call.
 * - Anything else (outside the window, or a charge that would not fit whole under the cap) is a request the
 *   customer approves by paying it from a texted link, or declines; nothing is taken until they pay. A charge
 *   is never split: the whole charge goes to the customer when it does not fit.
 * - Requests stop 30 days after the job ended: past that the pro asks support.
 */

/** How long after the job ended the pro may still charge without asking. */
export const ADDED_CHARGE_WINDOW_HOURS = 24;
/** The share of the job's price (basis points) and the fixed amount whose smaller bounds the job's auto charges. */
export const ADDED_CHARGE_CAP_BPS = 2_000;
export const ADDED_CHARGE_CAP_MAX_CENTS = 5_000;
/** How long after the job ended a pro may still ask the customer to approve a charge. */
export const ADDED_CHARGE_REQUEST_DAYS = 30;

export interface AddedChargeJob {
  status: number;
  /** Start of the appointment, ms UTC. */
  start: number;
  job_minutes: number;
  /** When the pro completed the job, ms UTC; null while not completed. */
  completed_at: number | null;
  price_cents: number;
}

/** What the pro may charge on this job in total without asking. */
export function addedChargeCap(priceCents: number): number {
  return Math.max(0, Math.min(Math.floor((priceCents * ADDED_CHARGE_CAP_BPS) / 10_000), ADDED_CHARGE_CAP_MAX_CENTS));
}

/** When the job ended for the window: its completion, or its scheduled end when it was never completed. */
export function jobEndedAt(job: AddedChargeJob): number {
  return job.completed_at ?? job.start + job.job_minutes * 60_000;
}

/** The last instant a charge can be made without asking. */
export function autoChargeUntil(job: AddedChargeJob): number {
  return jobEndedAt(job) + ADDED_CHARGE_WINDOW_HOURS * HOUR_MS;
}

/** The last instant a charge can be asked for at all. */
export function chargeRequestUntil(job: AddedChargeJob): number {
  return jobEndedAt(job) + ADDED_CHARGE_REQUEST_DAYS * 24 * HOUR_MS;
}

/** Why no added charge can be made on the job now, or null. */
export function addedChargeRefusal(job: AddedChargeJob, now: number): "ADD_CHARGE_NOT_ALLOWED" | null {
  const S = ServiceOrderStatus;
  const started = job.status === S.IN_PROGRESS || (job.status === S.SCHEDULED && now >= job.start);
  if (!started && job.status !== S.COMPLETED) return "ADD_CHARGE_NOT_ALLOWED";
  if (now > chargeRequestUntil(job)) return "ADD_CHARGE_NOT_ALLOWED";
  return null;
}

/** Whether the job is in its no-approval window now (the job may take an added charge at all: see addedChargeRefusal). */
export function inAutoChargeWindow(job: AddedChargeJob, now: number): boolean {
  return addedChargeRefusal(job, now) === null && now <= autoChargeUntil(job);
}

export interface AddedChargeAllowance {
  /** False when the job takes no added charge now (not started, cancelled, suspended, too long ago). */
  allowed: boolean;
  /** The job's cap for charges without asking, in total. */
  cap_cents: number;
  /** What is left of it now (0 outside the window). */
  auto_left_cents: number;
  /** The end of the no-approval window, ms UTC. */
  auto_until: number;
}

/** What the pro may still charge on the job without asking, given what was already charged that way. */
export function addedChargeAllowance(job: AddedChargeJob, autoChargedCents: number, now: number): AddedChargeAllowance {
  const cap = addedChargeCap(job.price_cents);
  const allowed = addedChargeRefusal(job, now) === null;
  return {
    allowed,
    cap_cents: cap,
    auto_left_cents: allowed && inAutoChargeWindow(job, now) ? Math.max(0, cap - autoChargedCents) : 0,
    auto_until: autoChargeUntil(job),
  };
}

/**
 * How one charge goes: `auto` (the saved card, at once) when it fits whole in what is left, else `customer`
 * (a request the customer approves or declines). The Worker re-checks the cap in the claim's SQL, so of racing
 * charges only those that fit together go `auto`.
 */
export function addedChargeConsent(
  job: AddedChargeJob,
  autoChargedCents: number,
  amountCents: number,
  now: number,
): "auto" | "customer" {
  return amountCents <= addedChargeAllowance(job, autoChargedCents, now).auto_left_cents ? "auto" : "customer";
}
