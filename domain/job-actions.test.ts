import { describe, expect, it } from "vitest";
import {
  completionProblem,
  JOB_CHECKLIST,
  maskPhone,
  missingChecklistItems,
  noShowFee,
  unreachableAllowedAt,
} from "./job-actions";
import { ServiceOrderStatus } from "./order-status";

const START = Date.UTC(2026, 10, 24, 15, 0);
const all = JOB_CHECKLIST.map((i) => i.id);

describe("completionProblem", () => {
  const base = { status: ServiceOrderStatus.SCHEDULED, start: START, now: START + 60_000, before: 1, after: 1 };
  it("allows an active job with pictures and every item ticked, from the appointment on", () => {
    expect(completionProblem({ ...base, ticked: all })).toBeNull();
    expect(completionProblem({ ...base, now: START, ticked: all })).toBeNull();
  });
  it("refuses before the appointment and on a job that is not active", () => {
    expect(completionProblem({ ...base, now: START - 1, ticked: all })).toBe("FAILED_VENDOR_JOB_COMPLETION");
    for (const status of [ServiceOrderStatus.CANCELLED, ServiceOrderStatus.COMPLETED, ServiceOrderStatus.PENDING]) {
      expect(completionProblem({ ...base, status, ticked: all })).toBe("FAILED_VENDOR_JOB_COMPLETION");
    }
  });
  it("needs before and after pictures, then the whole checklist", () => {
    expect(completionProblem({ ...base, before: 0, ticked: all })).toBe("JOB_PHOTOS_MISSING");
    expect(completionProblem({ ...base, after: 0, ticked: all })).toBe("JOB_PHOTOS_MISSING");
    expect(completionProblem({ ...base, ticked: all.slice(1) })).toBe("COMPLETE_JOB_ERROR");
    expect(completionProblem(base)).toBeNull();
    expect(missingChecklistItems(["arrived", "cleanup", "nonsense"])).toEqual(["services", "hygiene", "reviewed"]);
  });
});

describe("on the day", () => {
  it("allows 'customer unreachable' 30 minutes after the expected arrival", () => {
    expect(unreachableAllowedAt(START)).toBe(START + 30 * 60_000);
  });
  it("charges half the price as the no-show fee, at least the minimum, never more than was paid", () => {
    expect(noShowFee(9000, 9000, 1500)).toBe(4500);
    expect(noShowFee(2000, 2000, 1500)).toBe(1500);
    expect(noShowFee(9000, 1000, 1500)).toBe(1000);
  });
  it("masks a phone to its last four digits", () => {
    expect(maskPhone("+16465550123")).toBe("(***) ***-0123");
    expect(maskPhone(null)).toBeNull();
  });
});
