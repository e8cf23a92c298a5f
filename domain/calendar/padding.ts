/**
 * Padding between a vendor's jobs (docs/product.md section 9), as pure minute arithmetic. The precise reading of the
 * spec line is recorded in docs/decisions/010-calendar-rules.md; in short:
 *
 * - Base padding depends on the vendor's number of completed jobs (their experience): 60 minutes, 40 from
 *   5 completed jobs, 20 from 25.
 * - A candidate job starting less than 24 hours from now gets 30 minutes more (short notice leaves the pro
 *   no time to plan the route).
 * - Commute: the drive between two consecutive jobs A -> B is a rush-hour drive when, on a weekday
 *   (Monday to Friday, local), A ends in [14:00, 19:00) or B starts in [16:00, 21:00). A rush-hour drive
 *   needs 30 minutes more. The two windows describe the same evening rush seen from either end of the
 *   drive, so one drive gets the buffer at most once.
 *
 * The gap between A's end and B's start must be at least base + short-notice + commute minutes.
 */

export const BASE_PADDING_MINUTES = 60;
export const MID_PADDING_MINUTES = 40;
export const LOW_PADDING_MINUTES = 20;
export const MID_PADDING_FROM_COUNT = 5;
export const LOW_PADDING_FROM_COUNT = 25;
export const SHORT_NOTICE_HOURS = 24;
export const SHORT_NOTICE_EXTRA_MINUTES = 30;
export const COMMUTE_BUFFER_MINUTES = 30;
/** Local minutes [from, to) in which a job start makes the drive to it a rush-hour drive. */
export const COMMUTE_START_WINDOW = [16 * 60, 21 * 60] as const;
/** Local minutes [from, to) in which a job end makes the drive from it a rush-hour drive. */
export const COMMUTE_END_WINDOW = [14 * 60, 19 * 60] as const;
/** The largest gap any pair of jobs can require: 60 + 30 + 30 minutes. */
export const MAX_GAP_MINUTES = BASE_PADDING_MINUTES + SHORT_NOTICE_EXTRA_MINUTES + COMMUTE_BUFFER_MINUTES;

/** A moment seen on the local clock: weekday (0 = Sunday) and minutes since local midnight. */
export interface LocalPoint {
  weekday: number;
  minute: number;
}

/** Padding from experience alone: 60, 40 (count >= 5) or 20 (count >= 25) minutes. */
export function basePaddingMinutes(completedJobCount: number): number {
  const n = Number.isFinite(completedJobCount) ? completedJobCount : 0;
  if (n >= LOW_PADDING_FROM_COUNT) return LOW_PADDING_MINUTES;
  if (n >= MID_PADDING_FROM_COUNT) return MID_PADDING_MINUTES;
  return BASE_PADDING_MINUTES;
}

/** Base padding plus 30 when the candidate starts less than 24 hours after now. */
export function paddingMinutes(completedJobCount: number, minutesUntilStart: number): number {
  const shortNotice = minutesUntilStart < SHORT_NOTICE_HOURS * 60;
  return basePaddingMinutes(completedJobCount) + (shortNotice ? SHORT_NOTICE_EXTRA_MINUTES : 0);
}

const isWeekday = (weekday: number) => weekday >= 1 && weekday <= 5;

/** A job starting at this local point makes the drive to it a rush-hour drive. */
export function isCommuteStart(p: LocalPoint): boolean {
  return isWeekday(p.weekday) && p.minute >= COMMUTE_START_WINDOW[0] && p.minute < COMMUTE_START_WINDOW[1];
}

/** A job ending at this local point makes the drive from it a rush-hour drive. */
export function isCommuteEnd(p: LocalPoint): boolean {
  return isWeekday(p.weekday) && p.minute >= COMMUTE_END_WINDOW[0] && p.minute < COMMUTE_END_WINDOW[1];
}

/** 30 when the drive from a job ending at `prevEnd` to one starting at `nextStart` is in rush hour, else 0. */
export function commuteBufferMinutes(prevEnd: LocalPoint, nextStart: LocalPoint): number {
  return isCommuteEnd(prevEnd) || isCommuteStart(nextStart) ? COMMUTE_BUFFER_MINUTES : 0;
}

/** The minimum minutes between the end of `prevEnd`'s job and the start of `nextStart`'s job. */
export function requiredGapMinutes(args: {
  completedJobCount: number;
  /** Minutes from now to the start of the job being booked (the candidate). */
  minutesUntilCandidate: number;
  prevEnd: LocalPoint;
  nextStart: LocalPoint;
}): number {
  return (
    paddingMinutes(args.completedJobCount, args.minutesUntilCandidate) +
    commuteBufferMinutes(args.prevEnd, args.nextStart)
  );
}
