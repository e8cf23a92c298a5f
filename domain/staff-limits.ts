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

/** A charge staff put on a customer's card (docs/decisions/097-staff-charges.md): from $1.00 to $500.00. */
export const STAFF_CHARGE_MIN_CENTS = 100;
export const STAFF_CHARGE_MAX_CENTS = 50_000;
/** All staff charges on one job together never pass the job's price plus this much. */
export const STAFF_CHARGE_JOB_EXTRA_CENTS = 10_000;

export type StaffChargeCheck = { ok: true } | { ok: false; reason: string };

/**
 * May staff charge `amount` for a job? Whole cents within [STAFF_CHARGE_MIN_CENTS, STAFF_CHARGE_MAX_CENTS],
 * and with what staff already charged for the job (`chargedSoFar`, not failed) at most the job's price plus
 * STAFF_CHARGE_JOB_EXTRA_CENTS.
 */
export function checkStaffCharge(input: { amount: number; jobPrice: number; chargedSoFar: number }): StaffChargeCheck {
  const { amount, jobPrice, chargedSoFar } = input;
  if (!Number.isInteger(amount) || amount < STAFF_CHARGE_MIN_CENTS) {
    return { ok: false, reason: "A charge is at least $1.00." };
  }
  if (amount > STAFF_CHARGE_MAX_CENTS) return { ok: false, reason: "A charge is at most $500.00." };
  if (chargedSoFar + amount > jobPrice + STAFF_CHARGE_JOB_EXTRA_CENTS) {
    return { ok: false, reason: "Charges on this job would pass its price plus $100.00." };
  }
  return { ok: true };
}

/** The fee of a job staff suspend (docs/product.md section 4 "Vendor jobs": waived, assessed or reduced). */
export type SuspensionFeeChoice = "waived" | "assessed" | "reduced";

/**
 * The fee in cents for a choice: waived 0, assessed the full reschedule fee, reduced an amount staff give
 * from $1.00 to less than the full fee.
 */
export function suspensionFee(
  choice: SuspensionFeeChoice,
  fullFeeCents: number,
  reducedCents: number | undefined,
): { ok: true; fee_cents: number } | { ok: false; reason: string } {
  if (choice === "waived") return { ok: true, fee_cents: 0 };
  if (choice === "assessed") return { ok: true, fee_cents: fullFeeCents };
  if (reducedCents === undefined || !Number.isInteger(reducedCents)) {
    return { ok: false, reason: "Give the reduced fee in cents." };
  }
  if (reducedCents < STAFF_CHARGE_MIN_CENTS || reducedCents >= fullFeeCents) {
    return { ok: false, reason: `A reduced fee is from $1.00 to less than the full fee.` };
  }
  return { ok: true, fee_cents: reducedCents };
}
