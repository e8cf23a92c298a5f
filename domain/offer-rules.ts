import { SAME_DAY_LEAD_MINUTES } from "./calendar/slots";
import { HOUR_MS, MINUTE_MS } from "./calendar/time";

/**
 * How long a job's offers stay open (docs/decisions/122-chosen-pro-confirms-in-hours.md). Pure: `now` and the
 * job's start come in as arguments (ms UTC).
 *
 * - Every offer closes at the cut-off, the same-day lead before the job (a vendor object refuses sooner starts).
 * - A pro the customer chose has CHOSEN_PRO_CONFIRM_MS to accept, or half the time left until the cut-off when
 *   that is sooner, so a customer whose pro stays silent still has half the time for another pro. When it
 *   lapses the job opens to the other pros and the customer is told at once.
 */

/** The longest a chosen pro has to accept a job. */
export const CHOSEN_PRO_CONFIRM_MS = 2 * HOUR_MS;

/** The last instant any pro can accept a job starting at `start`. */
export function offerCutoff(start: number): number {
  return start - SAME_DAY_LEAD_MINUTES * MINUTE_MS;
}

/** When the pro the customer chose must have accepted by: 2 hours, or half the time left, whichever is sooner. */
export function chosenProConfirmBy(now: number, start: number): number {
  const cutoff = offerCutoff(start);
  if (cutoff <= now) return cutoff;
  return now + Math.min(CHOSEN_PRO_CONFIRM_MS, Math.floor((cutoff - now) / 2));
}
