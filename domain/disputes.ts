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

/** The pro's notice of a dispute on their job (dashboard and text; decision 127's channel). */
export function disputeProNotice(
  kind: "held" | "restored" | "lost",
  facts: { amountText: string; what: string },
): { message: string; severity: 0 | 1 | 2 } {
  switch (kind) {
    case "held":
      return {
        message: `A client disputed the charge for ${facts.what} with their bank. We are answering it for you; until the bank decides, ${facts.amountText} of your pay is held back.`,
        severity: 1,
      };
    case "restored":
      return {
        message: `Good news: the bank decided the dispute over ${facts.what} for us. The ${facts.amountText} held back is back in your pay.`,
        severity: 0,
      };
    case "lost":
      return {
        message: `The bank decided the dispute over ${facts.what} for the client. The ${facts.amountText} held back stays deducted from your pay.`,
        severity: 1,
      };
  }
}

/** A disputed amount split over the jobs a charge paid for, by their prices (largest remainders, to the cent). */
export function splitByPrice(totalCents: number, prices: readonly number[]): number[] {
  const sum = prices.reduce((a, b) => a + Math.max(0, b), 0);
  if (prices.length === 0) return [];
  if (sum <= 0) return prices.map((_, i) => (i === 0 ? totalCents : 0));
  const exact = prices.map((p) => (Math.max(0, p) * totalCents) / sum);
  const parts = exact.map(Math.floor);
  let left = totalCents - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i]! += 1;
    left -= 1;
  }
  return parts;
}
