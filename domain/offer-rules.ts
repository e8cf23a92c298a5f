import { isFreeAt, WEEKDAY_KEYS, type BusyInterval, type TimeRange } from "./calendar/availability";
import { rulesInputOf, type VendorSettings } from "./calendar/hold-rules";
import { SAME_DAY_LEAD_MINUTES } from "./calendar/slots";
import { HOUR_MS, localDate, localTime, MINUTE_MS, weekdayOf } from "./calendar/time";
import { formatTime12 } from "./slot-format";

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

// ------------------------------------------------------------------------------------------ fit

/**
 * Does an offered job fit the pro now (docs/decisions/129-offers-fit-the-pros-time.md)? The decision is exactly
 * the rule the pro's calendar object applies when they accept (isFreeAt over their weekly hours, time off,
 * other jobs and holds, in their zone), so no pro is shown an offer their calendar would refuse; the rest only
 * says why, in words that are true. `busy` must leave out this job's own booking (the pro whose calendar
 * checkout booked it). Pure: `now`, the settings and the busy time come in as arguments.
 */
export type OfferMisfit =
  | { why: "not-bookable" }
  | { why: "not-working-day" }
  | { why: "outside-hours" }
  | { why: "time-off"; at: TimeRange }
  | { why: "overlaps" | "too-close"; at: TimeRange };

export interface OfferFitInput {
  settings: VendorSettings;
  busy: readonly BusyInterval[];
  now: number;
  start: number;
  durationMinutes: number;
  isConnect: boolean;
}

/** null when the job fits the pro's time; otherwise why not. */
export function offerMisfit(j: OfferFitInput): OfferMisfit | null {
  const s = j.settings;
  if (!s.bookable) return { why: "not-bookable" };
  const ask = { now: j.now, durationMinutes: j.durationMinutes, isConnect: j.isConnect };
  if (isFreeAt(rulesInputOf(s, ask, j.busy), j.start)) return null;
  const date = localDate(j.start, s.tz);
  const day = WEEKDAY_KEYS[weekdayOf(date)]!;
  if ((s.weekly[day] ?? []).length === 0) return { why: "not-working-day" };
  const end = j.start + j.durationMinutes * MINUTE_MS;
  const overlapping = (b: BusyInterval) => b.start < end && b.end > j.start;
  const block = j.busy.find((b) => b.kind === "block" && overlapping(b));
  if (block) return { why: "time-off", at: { start: block.start, end: block.end } };
  // Hours, same-day and holiday opt-ins, and the lead time: with no busy time at all it still does not fit.
  if (!isFreeAt(rulesInputOf(s, ask, []), j.start)) return { why: "outside-hours" };
  const jobs = j.busy.filter((b) => b.kind !== "block");
  const hit = jobs.find(overlapping);
  if (hit) return { why: "overlaps", at: { start: hit.start, end: hit.end } };
  // Free of overlaps but too close to travel between: the nearest other job.
  const gap = (b: BusyInterval) => Math.max(b.start - end, j.start - b.end, 0);
  const nearest = [...jobs].sort((a, b) => gap(a) - gap(b))[0];
  if (nearest) return { why: "too-close", at: { start: nearest.start, end: nearest.end } };
  return { why: "outside-hours" };
}

/** The pro-facing sentence for a misfit, times in the pro's zone ("This time now overlaps your booking at 2:00 PM."). */
export function offerMisfitText(m: OfferMisfit, tz: string): string {
  const at = (t: number) => formatTime12(localTime(t, tz));
  switch (m.why) {
    case "not-bookable":
      return "Your account can't take new jobs right now.";
    case "not-working-day":
      return "This job is on a day your calendar says you're not working.";
    case "outside-hours":
      return "This time is now outside your working hours.";
    case "time-off":
      return `This time is now in your time off (from ${at(m.at.start)}).`;
    case "overlaps":
      return `This time now overlaps your booking at ${at(m.at.start)}.`;
    case "too-close":
      return `This time is now too close to your booking at ${at(m.at.start)} to travel between them.`;
  }
}
