import { describe, expect, it } from "vitest";
import {
  MAX_GAP_MINUTES,
  basePaddingMinutes,
  commuteBufferMinutes,
  isCommuteEnd,
  isCommuteStart,
  paddingMinutes,
  requiredGapMinutes,
} from "./padding";

const MON = 1;
const FRI = 5;
const SAT = 6;
const SUN = 0;
const at = (weekday: number, hhmm: string) => {
  const [h, m] = hhmm.split(":").map(Number);
  return { weekday, minute: h! * 60 + m! };
};

describe("padding tiers by completed jobs", () => {
  it("is 60 below 5, 40 from 5, 20 from 25", () => {
    expect(basePaddingMinutes(0)).toBe(60);
    expect(basePaddingMinutes(4)).toBe(60);
    expect(basePaddingMinutes(5)).toBe(40);
    expect(basePaddingMinutes(24)).toBe(40);
    expect(basePaddingMinutes(25)).toBe(20);
    expect(basePaddingMinutes(1000)).toBe(20);
  });

  it("treats a missing count as no experience", () => {
    expect(basePaddingMinutes(Number.NaN)).toBe(60);
    expect(basePaddingMinutes(-3)).toBe(60);
  });

  it("adds 30 when the job starts under 24 hours from now", () => {
    expect(paddingMinutes(4, 24 * 60)).toBe(60); // exactly 24 hours away: not under
    expect(paddingMinutes(4, 24 * 60 - 1)).toBe(90);
    expect(paddingMinutes(5, 90)).toBe(70);
    expect(paddingMinutes(24, 23 * 60)).toBe(70);
    expect(paddingMinutes(25, 23 * 60)).toBe(50);
    expect(paddingMinutes(25, 48 * 60)).toBe(20);
  });
});

describe("commute buffers", () => {
  it("flags starts in [16:00, 21:00) on weekdays", () => {
    expect(isCommuteStart(at(MON, "15:59"))).toBe(false);
    expect(isCommuteStart(at(MON, "16:00"))).toBe(true);
    expect(isCommuteStart(at(FRI, "20:30"))).toBe(true);
    expect(isCommuteStart(at(FRI, "21:00"))).toBe(false);
    expect(isCommuteStart(at(SAT, "17:00"))).toBe(false);
    expect(isCommuteStart(at(SUN, "17:00"))).toBe(false);
  });

  it("flags ends in [14:00, 19:00) on weekdays", () => {
    expect(isCommuteEnd(at(MON, "13:59"))).toBe(false);
    expect(isCommuteEnd(at(MON, "14:00"))).toBe(true);
    expect(isCommuteEnd(at(FRI, "18:59"))).toBe(true);
    expect(isCommuteEnd(at(FRI, "19:00"))).toBe(false);
    expect(isCommuteEnd(at(SAT, "15:00"))).toBe(false);
  });

  it("adds 30 minutes once per drive, whichever end is in rush hour", () => {
    expect(commuteBufferMinutes(at(MON, "12:00"), at(MON, "14:00"))).toBe(0);
    expect(commuteBufferMinutes(at(MON, "14:30"), at(MON, "15:30"))).toBe(30); // leaves in rush hour
    expect(commuteBufferMinutes(at(MON, "13:00"), at(MON, "16:30"))).toBe(30); // arrives in rush hour
    expect(commuteBufferMinutes(at(MON, "15:00"), at(MON, "17:00"))).toBe(30); // both: still one buffer
    expect(commuteBufferMinutes(at(SAT, "15:00"), at(SAT, "17:00"))).toBe(0); // weekend
  });

  it("combines padding, short notice and commute into the required gap", () => {
    const base = { prevEnd: at(MON, "15:00"), nextStart: at(MON, "17:00") };
    expect(requiredGapMinutes({ completedJobCount: 4, minutesUntilCandidate: 3 * 24 * 60, ...base })).toBe(90);
    expect(requiredGapMinutes({ completedJobCount: 4, minutesUntilCandidate: 120, ...base })).toBe(120);
    expect(requiredGapMinutes({ completedJobCount: 25, minutesUntilCandidate: 120, ...base })).toBe(80);
    expect(
      requiredGapMinutes({
        completedJobCount: 25,
        minutesUntilCandidate: 3 * 24 * 60,
        prevEnd: at(SAT, "15:00"),
        nextStart: at(SAT, "17:00"),
      }),
    ).toBe(20);
    expect(MAX_GAP_MINUTES).toBe(120);
  });
});
