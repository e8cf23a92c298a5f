import { SAME_DAY_LEAD_MINUTES } from "./calendar/slots";
import { HOUR_MS, MINUTE_MS } from "./calendar/time";
import { isOpenStatus, ServiceOrderStatus } from "./order-status";
import { PRICING } from "./pricing-config";

/**
 * Rules of a booking after checkout: the order of the scheduled list, who may reschedule or cancel, and
 * the cancellation policy (docs/decisions/033-cancellation-and-reschedule.md). Pure: `now` and every
 * amount come in as arguments; amounts are integer cents.
 */

// ------------------------------------------------------------------------------------- scheduled list

export interface ScheduledSortKey {
  service_order_id: number;
  service_order_status_id: number;
  promised_arrival_time: number;
}

/** docs/product.md section 4 "Ordering": status 30 (in progress) first, then by arrival time, then by id. */
export function compareScheduled(a: ScheduledSortKey, b: ScheduledSortKey): number {
  const first = ServiceOrderStatus.IN_PROGRESS;
  const rank = (s: ScheduledSortKey) => (s.service_order_status_id === first ? 0 : 1);
  return (
    rank(a) - rank(b) || a.promised_arrival_time - b.promised_arrival_time || a.service_order_id - b.service_order_id
  );
}

// ------------------------------------------------------------------------------------------ reschedule

/** How long a vendor has to answer a customer's reschedule request at most. */
export const RESCHEDULE_REPLY_HOURS = 24;

export interface JobState {
  service_order_status_id: number;
  vendor_id: number | null;
  /** promised_arrival_time, ms UTC. */
  start: number;
}

/**
 * A customer may ask to move a job that a vendor holds (pending their acceptance or scheduled) and that
 * has not started. In progress, completed, cancelled or suspended jobs, and jobs without a vendor, cannot
 * be moved this way (ERROR_WHILE_ORDER_RESCHEDULE_SERVICE_DATA).
 */
export function canRequestReschedule(job: JobState, now: number): boolean {
  const s = job.service_order_status_id;
  return (
    (s === ServiceOrderStatus.PENDING || s === ServiceOrderStatus.SCHEDULED) &&
    job.vendor_id !== null &&
    job.start > now
  );
}

/**
 * When a reschedule request lapses unanswered: 24 hours after it was made, but no later than the job's
 * current time (after that there is nothing left to move) and no later than the lead time before the new
 * time (a vendor cannot accept a time that could no longer be booked). At or before `now` means the
 * request cannot be made.
 */
export function rescheduleDeadline(now: number, currentStart: number, newStart: number): number {
  return Math.min(now + RESCHEDULE_REPLY_HOURS * HOUR_MS, currentStart, newStart - SAME_DAY_LEAD_MINUTES * MINUTE_MS);
}

// ---------------------------------------------------------------------------------------- cancellation

export function canCancel(status: number): boolean {
  return isOpenStatus(status);
}

/**
 * Splits `total` into integer parts proportional to `weights` that add up to `total` exactly (largest
 * remainder; ties to the earlier part). All-zero weights split evenly.
 */
export function allocate(total: number, weights: readonly number[]): number[] {
  if (weights.length === 0) return [];
  const w = weights.every((x) => x <= 0) ? weights.map(() => 1) : weights.map((x) => Math.max(0, x));
  const sum = w.reduce((a, b) => a + b, 0);
  const exact = w.map((x) => (total * x) / sum);
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, frac: x - Math.floor(x) })).sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i]! += 1;
    left -= 1;
  }
  return parts;
}

/** The late-cancellation fee of a job: a share of its price with a floor (PRICING). */
export function lateCancellationFeeCents(priceCents: number): number {
  return Math.max(
    PRICING.lateCancellationFeeMinCents,
    Math.round((priceCents * PRICING.lateCancellationFeeBps) / 10_000),
  );
}

export interface CancellationInput {
  now: number;
  /** promised_arrival_time, ms UTC. */
  start: number;
  /** The job's price: the base of the fee. */
  price_cents: number;
  /** A vendor has the job (accepted or chosen); without one, cancelling costs nobody anything. */
  vendor_assigned: boolean;
  /** The job was moved by a reschedule asked for inside the late window of its earlier time. */
  late_locked: boolean;
  /** What the customer paid for this job by card and can still get back. */
  card_cents: number;
  /** What the customer paid for this job with account credit. */
  credit_cents: number;
}

export type CancellationWindow = "free" | "late";

export interface CancellationQuote {
  window: CancellationWindow;
  /** Why: before-window, no-vendor, inside-window or moved-late. */
  reason: "before-window" | "no-vendor" | "inside-window" | "moved-late";
  /** Until this instant (ms UTC) cancelling is free: freeCancellationHours before the start. */
  free_until: number;
  fee_cents: number;
  /** Back to the card. */
  refund_cents: number;
  /** Back to the account credit balance. */
  credit_return_cents: number;
}

/**
 * The cancellation policy. Free (everything paid comes back) while a vendor has not taken the job, or up
 * to PRICING.freeCancellationHours before the start; after that the late fee is kept, capped at what was
 * paid for the job. The fee comes out of the card part first, then the credit part; the rest is returned
 * the way it was paid. A job moved by a reschedule that was asked for inside the late window keeps the
 * late fee even if its new time is far away, so a reschedule cannot be used to dodge the fee.
 */
export function quoteCancellation(input: CancellationInput): CancellationQuote {
  const free_until = input.start - PRICING.freeCancellationHours * HOUR_MS;
  const card = Math.max(0, input.card_cents);
  const credit = Math.max(0, input.credit_cents);
  const free = (reason: CancellationQuote["reason"]): CancellationQuote => ({
    window: "free",
    reason,
    free_until,
    fee_cents: 0,
    refund_cents: card,
    credit_return_cents: credit,
  });
  if (!input.vendor_assigned) return free("no-vendor");
  const inside = input.now > free_until;
  if (!inside && !input.late_locked) return free("before-window");
  const fee = Math.min(lateCancellationFeeCents(input.price_cents), card + credit);
  const fromCard = Math.min(fee, card);
  return {
    window: "late",
    reason: inside ? "inside-window" : "moved-late",
    free_until,
    fee_cents: fee,
    refund_cents: card - fromCard,
    credit_return_cents: credit - (fee - fromCard),
  };
}

/**
 * Whether accepted reschedules moved the job out of a late window: any customer request made after
 * its earlier time's free window had closed.
 */
export function movedOutOfLateWindow(
  requests: ReadonlyArray<{ requested_by: string; status: string; created_at: number; from_time: number }>,
): boolean {
  const window = PRICING.freeCancellationHours * HOUR_MS;
  return requests.some(
    (r) => r.requested_by === "customer" && r.status === "accepted" && r.created_at > r.from_time - window,
  );
}

// ------------------------------------------------------------------------------------- service info

/**
 * What to prepare for a visit (POST /api/order/service-info). General notes for every visit, then the
 * notes of the service's category, matched by name.
 */
export function prepNotes(categoryName: string | null | undefined): string[] {
  const general = [
    "Your professional brings everything needed for the service.",
    "Please have a clean, well-lit space ready and let us know about pets, parking or door codes.",
  ];
  const name = (categoryName ?? "").toLowerCase();
  const byCategory: Array<[RegExp, string]> = [
    [/massage|business/, "Clear a space of about 8 by 8 feet for the massage table, near an outlet."],
    [/hair|groom|senior/, "Have a sturdy chair near an outlet and a sink, and come with dry, detangled hair."],
    [/nail/, "Have a table and two chairs near good light; remove old polish if you can."],
    [/makeup|lash|brow|wax|skin|facial/, "Come with a clean face, free of makeup and lotion."],
  ];
  for (const [re, note] of byCategory) if (re.test(name)) return [...general, note];
  return general;
}
