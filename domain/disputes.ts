import { bpsOf } from "./checkout-rules";
import { PRICING } from "./pricing-config";

/**
 * Card disputes (docs/decisions/148-disputes.md): the statuses a dispute goes through as the processor reports
 * them, which report may replace which, and what the pro bears.
 */

export const DISPUTE_STATUS_LIST = [
  "warning_needs_response",
  "warning_under_review",
  "warning_closed",
  "needs_response",
  "under_review",
  "won",
  "lost",
] as const;
export type DisputeStatus = (typeof DISPUTE_STATUS_LIST)[number];

/** The statuses after which nothing changes any more. */
export const CLOSED_DISPUTE_STATUSES: readonly DisputeStatus[] = ["warning_closed", "won", "lost"];

/** A chargeback (the processor took the money back); the warning_* statuses are inquiries that take nothing. */
export const CHARGEBACK_STATUSES: readonly DisputeStatus[] = ["needs_response", "under_review", "won", "lost"];

/** The statuses in which the pro's share is held back (a chargeback not won). */
export const HELD_STATUSES: readonly DisputeStatus[] = ["needs_response", "under_review", "lost"];

export function isDisputeStatus(value: unknown): value is DisputeStatus {
  return typeof value === "string" && (DISPUTE_STATUS_LIST as readonly string[]).includes(value);
}

export function isClosedDispute(status: DisputeStatus): boolean {
  return CLOSED_DISPUTE_STATUSES.includes(status);
}

/** How far along a dispute is: a report may move it forward (or sideways within a stage), never back. */
export function disputeStage(status: DisputeStatus): number {
  switch (status) {
    case "warning_needs_response":
      return 0;
    case "warning_under_review":
      return 1;
    case "needs_response":
      return 2;
    case "under_review":
      return 3;
    case "warning_closed":
    case "won":
    case "lost":
      return 4;
  }
}

/**
 * Whether a report of `next` (made at `nextAt`) may replace the dispute's `current` status (last reported at
 * `currentAt`): never once closed, never to an earlier stage, never from an event older than the one applied.
 */
export function disputeMayMove(
  current: { status: DisputeStatus; at: number },
  next: { status: DisputeStatus; at: number },
): boolean {
  if (isClosedDispute(current.status)) return false;
  if (next.at < current.at) return false;
  return disputeStage(next.status) >= disputeStage(current.status);
}

/**
 * What the pro bears of a disputed amount: their share of it, the same share a refund takes off their pay
 * (PRICING.vendorShareBps of a service's price; a tip is theirs in full, so all of it), never more than the
 * charge paid them. The processor's dispute fee is the platform's (decision 148).
 */
export function proDisputeShareCents(input: { disputed_cents: number; tip: boolean }): number {
  const amount = Math.max(0, Math.floor(input.disputed_cents));
  return input.tip ? amount : bpsOf(amount, PRICING.vendorShareBps);
}

/** The processor's dispute fee (Stripe's in the US), kept by the platform; shown to staff, never to the pro. */
export const DISPUTE_FEE_CENTS = 1500;

/** Words for a status, for staff pages and the pro's notice. */
export function disputeStatusLabel(status: DisputeStatus): string {
  switch (status) {
    case "warning_needs_response":
      return "inquiry: needs response";
    case "warning_under_review":
      return "inquiry: under review";
    case "warning_closed":
      return "inquiry closed";
    case "needs_response":
      return "needs response";
    case "under_review":
      return "under review";
    case "won":
      return "won";
    case "lost":
      return "lost";
  }
}
