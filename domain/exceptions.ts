/**
 * Exceptions (docs/decisions/099-exceptions.md): a pro asks staff to lift the reliability penalty of a job they
 * gave back. Pure rules; time comes in as an argument.
 */

/** A pro may ask within this long after the incident. */
export const EXCEPTION_REQUEST_WINDOW_MS = 14 * 24 * 3_600_000;
/** Reliability never goes above this. */
export const RELIABILITY_MAX = 100;

export type ExceptionEligibility = { ok: true } | { ok: false; reason: string };

export function canRequestException(
  incident: { penalty: number; created_at: number },
  now: number,
): ExceptionEligibility {
  if (incident.penalty <= 0) return { ok: false, reason: "This job cost you no reliability points." };
  if (now - incident.created_at > EXCEPTION_REQUEST_WINDOW_MS) {
    return { ok: false, reason: "Exceptions can be asked for within 14 days." };
  }
  return { ok: true };
}

/** The pro's reliability after an approved exception: the points back, capped at RELIABILITY_MAX. */
export function reliabilityAfterException(current: number, penalty: number): number {
  return Math.min(RELIABILITY_MAX, current + penalty);
}
