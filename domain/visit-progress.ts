/**
 * The visit's steps as the customer sees them and the rules of the pro's taps (docs/decisions/151). Pure:
 * times and the job's state come in as arguments.
 */
import type { MessageCode } from "./messages";
import { ServiceOrderStatus } from "./order-status";

/** What the customer's order page shows, in the visit's order (docs/decisions/150). */
export const VISIT_STAGES = [
  "finding_pro",
  "accepted",
  "on_the_way",
  "arrived",
  "in_progress",
  "done",
  "cancelled",
  "rescheduled",
  "new_pro",
] as const;
export type VisitStage = (typeof VISIT_STAGES)[number];

export const VISIT_STEPS = ["on_the_way", "arrived", "started"] as const;
export type VisitStep = (typeof VISIT_STEPS)[number];

export interface VisitMarks {
  on_the_way_at: number | null;
  arrived_at: number | null;
  started_at: number | null;
}

export const NO_MARKS: VisitMarks = { on_the_way_at: null, arrived_at: null, started_at: null };

const MINUTE = 60_000;
/** The earliest a pro may head out: three hours before the appointment (a long drive, a ferry). */
export const ON_THE_WAY_FROM_MS = 180 * MINUTE;
/**
 * "Arrived" without "on my way" is allowed from this long before the appointment: the pro was already close
 * (the job next door) and forgot the first tap; earlier, it is a mistaken tap and is refused.
 */
export const ARRIVED_DIRECT_FROM_MS = 30 * MINUTE;
/** City driving with parking: 20 mph on average, plus five minutes to park and walk up. */
export const AVERAGE_MPH = 20;
export const PARKING_MINUTES = 5;
/** The pro's browser shares its position about this often while on the way. */
export const LOCATION_EVERY_MS = 30_000;

/** Minutes to cover `miles` (rounded up, never under the parking time). */
export function etaMinutes(miles: number): number {
  const m = Math.max(0, Number.isFinite(miles) ? miles : 0);
  return Math.ceil((m / AVERAGE_MPH) * 60) + PARKING_MINUTES;
}

/** Distance shown to the customer: a tenth of a mile, never the position. */
export function roundedMiles(miles: number): number {
  return Math.round(Math.max(0, miles) * 10) / 10;
}

/**
 * Why the assigned pro may not mark `step` now, or null. A repeated tap of the step already marked is not
 * a problem (the caller answers the same state and sends nothing twice).
 */
export function visitStepProblem(
  step: VisitStep,
  job: { status: number; start: number },
  marks: VisitMarks,
  now: number,
): MessageCode | null {
  if (job.status !== ServiceOrderStatus.SCHEDULED && job.status !== ServiceOrderStatus.IN_PROGRESS)
    return "VISIT_JOB_CLOSED";
  if (step === "on_the_way") {
    if (marks.on_the_way_at !== null) return null;
    if (marks.arrived_at !== null || marks.started_at !== null) return "VISIT_STEP_OUT_OF_ORDER";
    return now < job.start - ON_THE_WAY_FROM_MS ? "VISIT_TOO_EARLY" : null;
  }
  if (step === "arrived") {
    if (marks.arrived_at !== null) return null;
    if (marks.started_at !== null) return "VISIT_STEP_OUT_OF_ORDER";
    if (marks.on_the_way_at !== null) return null;
    return now < job.start - ARRIVED_DIRECT_FROM_MS ? "VISIT_STEP_OUT_OF_ORDER" : null;
  }
  if (marks.started_at !== null) return null;
  return marks.arrived_at === null ? "VISIT_STEP_OUT_OF_ORDER" : null;
}

/** Whether `step` is already marked (a repeated tap). */
export function isMarked(step: VisitStep, marks: VisitMarks): boolean {
  return (
    (step === "on_the_way" ? marks.on_the_way_at : step === "arrived" ? marks.arrived_at : marks.started_at) !== null
  );
}

/** The stage the customer sees for a job in `status` with the pro's marks. */
export function visitStage(status: number, hasPro: boolean, marks: VisitMarks): VisitStage {
  if (status === ServiceOrderStatus.COMPLETED) return "done";
  if (status === ServiceOrderStatus.CANCELLED || status === ServiceOrderStatus.SUSPENDED) return "cancelled";
  if (!hasPro || status === ServiceOrderStatus.PENDING) return "finding_pro";
  if (marks.started_at !== null || status === ServiceOrderStatus.IN_PROGRESS) return "in_progress";
  if (marks.arrived_at !== null) return "arrived";
  if (marks.on_the_way_at !== null) return "on_the_way";
  return "accepted";
}

/** The stage a step puts the visit in. */
export function stageOfStep(step: VisitStep): VisitStage {
  return step === "started" ? "in_progress" : step;
}
