import { UNREACHABLE_WAIT_MS } from "./job-actions";
import { PRICING } from "./pricing-config";

/**
 * The cancellation and no-show terms in words, made from the same constants the code charges by
 * (order-rules.ts lateCancellationFeeCents, job-actions.ts noShowFee), so the FAQ and the terms cannot
 * promise other figures than the ones applied (docs/decisions/124-page-promises.md).
 */
const dollars = (cents: number) => `$${cents % 100 === 0 ? cents / 100 : (cents / 100).toFixed(2)}`;
const min = dollars(PRICING.lateCancellationFeeMinCents);

export const FREE_CANCELLATION_HOURS = PRICING.freeCancellationHours;

/** "25% of the service price (at least $15, never more than you paid)". */
export const LATE_CANCELLATION_FEE_TEXT = `${PRICING.lateCancellationFeeBps / 100}% of the service price (at least ${min}, never more than you paid)`;

/** "half the service price (at least $15, never more than you paid)". */
export const NO_SHOW_FEE_TEXT = `half the service price (at least ${min}, never more than you paid)`;

/** "30 minutes". */
export const NO_SHOW_WAIT_TEXT = `${UNREACHABLE_WAIT_MS / 60_000} minutes`;
