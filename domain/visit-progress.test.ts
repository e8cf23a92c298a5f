import { describe, expect, it } from "vitest";
import { ServiceOrderStatus } from "./order-status";
import { etaMinutes, NO_MARKS, roundedMiles, visitStage, visitStepProblem, type VisitMarks } from "./visit-progress";

const START = Date.UTC(2026, 10, 24, 15, 0); // 10:00 in New York
const MIN = 60_000;
const job = { status: ServiceOrderStatus.SCHEDULED, start: START };
const marks = (p: Partial<VisitMarks>): VisitMarks => ({ ...NO_MARKS, ...p });

describe("visit steps", () => {
  it("goes on the way from three hours before the appointment, not earlier", () => {
    expect(visitStepProblem("on_the_way", job, NO_MARKS, START - 181 * MIN)).toBe("VISIT_TOO_EARLY");
    expect(visitStepProblem("on_the_way", job, NO_MARKS, START - 180 * MIN)).toBeNull();
  });

  it("is not 'arrived' before 'on the way' unless within 30 minutes of the appointment", () => {
    expect(visitStepProblem("arrived", job, NO_MARKS, START - 31 * MIN)).toBe("VISIT_STEP_OUT_OF_ORDER");
    expect(visitStepProblem("arrived", job, NO_MARKS, START - 30 * MIN)).toBeNull();
    expect(visitStepProblem("arrived", job, marks({ on_the_way_at: START - 60 * MIN }), START - 50 * MIN)).toBeNull();
  });

  it("starts only after arriving, and a step already marked is a repeat, not a problem", () => {
    expect(visitStepProblem("started", job, marks({ on_the_way_at: 1 }), START)).toBe("VISIT_STEP_OUT_OF_ORDER");
    expect(visitStepProblem("started", job, marks({ on_the_way_at: 1, arrived_at: 2 }), START)).toBeNull();
    expect(visitStepProblem("on_the_way", job, marks({ on_the_way_at: 1 }), START - 999 * MIN)).toBeNull();
    expect(visitStepProblem("on_the_way", job, marks({ arrived_at: 2 }), START)).toBe("VISIT_STEP_OUT_OF_ORDER");
    expect(visitStepProblem("arrived", job, marks({ started_at: 3 }), START)).toBe("VISIT_STEP_OUT_OF_ORDER");
  });

  it("refuses every step once the job is completed, cancelled or still unassigned", () => {
    for (const status of [ServiceOrderStatus.COMPLETED, ServiceOrderStatus.CANCELLED, ServiceOrderStatus.PENDING])
      expect(visitStepProblem("on_the_way", { status, start: START }, NO_MARKS, START)).toBe("VISIT_JOB_CLOSED");
  });
});

describe("what the customer sees", () => {
  it("names the stage from the job's state and the pro's marks", () => {
    expect(visitStage(ServiceOrderStatus.PENDING, false, NO_MARKS)).toBe("finding_pro");
    expect(visitStage(ServiceOrderStatus.SCHEDULED, true, NO_MARKS)).toBe("accepted");
    expect(visitStage(ServiceOrderStatus.SCHEDULED, true, marks({ on_the_way_at: 1 }))).toBe("on_the_way");
    expect(visitStage(ServiceOrderStatus.SCHEDULED, true, marks({ on_the_way_at: 1, arrived_at: 2 }))).toBe("arrived");
    expect(visitStage(ServiceOrderStatus.SCHEDULED, true, marks({ arrived_at: 2, started_at: 3 }))).toBe("in_progress");
    expect(visitStage(ServiceOrderStatus.COMPLETED, true, NO_MARKS)).toBe("done");
    expect(visitStage(ServiceOrderStatus.CANCELLED, true, NO_MARKS)).toBe("cancelled");
  });

  it("estimates arrival at 20 mph plus five minutes to park, and rounds the distance to a tenth", () => {
    expect(etaMinutes(0)).toBe(5);
    expect(etaMinutes(10)).toBe(35);
    expect(etaMinutes(0.1)).toBe(6);
    expect(etaMinutes(Number.NaN)).toBe(5);
    expect(roundedMiles(3.14159)).toBe(3.1);
    expect(roundedMiles(-1)).toBe(0);
  });
});
