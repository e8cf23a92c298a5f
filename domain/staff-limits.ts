/**
 * Limits on money staff can move by hand (docs/decisions/094-staff-money-limits.md). Amounts are cents.
 */

/** A payout price adjustment moves the vendor's payout for a job by at most this much either way. */
export const PAYOUT_ADJUST_MAX_DELTA_CENTS = 10_000;

export type PayoutAdjustCheck = { ok: true; delta_cents: number } | { ok: false; reason: string };

/**
 * May staff set a job's vendor payout to `next`? It must be a whole number of cents, not negative, not more
 * than the customer pays for the job, different from today's and within PAYOUT_ADJUST_MAX_DELTA_CENTS of it.
 */
export function checkPayoutAdjust(input: { current: number; next: number; jobPrice: number }): PayoutAdjustCheck {
  const { current, next, jobPrice } = input;
  if (!Number.isInteger(next) || next < 0) return { ok: false, reason: "The payout must be zero or more cents." };
  if (next > jobPrice) return { ok: false, reason: "The payout can't be more than the client pays for the job." };
  if (next === current) return { ok: false, reason: "The payout is already this amount." };
  if (Math.abs(next - current) > PAYOUT_ADJUST_MAX_DELTA_CENTS) {
    return { ok: false, reason: "A payout can move by at most $100.00 at a time." };
  }
  return { ok: true, delta_cents: next - current };
}
