import { describe, expect, it } from "vitest";
import { localToInstant } from "./time";
import { bufferIntervals, weeklyProblems, weeklyRangeProblem } from "./vendor-view";

const TZ = "America/New_York";
const at = (date: string, time: string) => localToInstant(date, time, TZ);
const NOW = at("2026-11-22", "10:00");

describe("weekly hours a pro may save", () => {
  it("accepts ordered ranges on the half-hour grid between 06:00 and 22:00", () => {
    expect(
      weeklyRangeProblem([
        ["06:00", "12:00"],
        ["12:30", "22:00"],
      ]),
    ).toBeNull();
    expect(weeklyRangeProblem([])).toBeNull();
  });

  it("names the first problem", () => {
    expect(weeklyRangeProblem([["09:10", "12:00"]])).toMatch(/half hour/);
    expect(weeklyRangeProblem([["05:30", "12:00"]])).toMatch(/06:00 and 22:00/);
    expect(weeklyRangeProblem([["12:00", "22:30"]])).toMatch(/06:00 and 22:00/);
    expect(weeklyRangeProblem([["12:00", "12:00"]])).toMatch(/end after/);
    expect(
      weeklyRangeProblem([
        ["12:00", "14:00"],
        ["13:00", "15:00"],
      ]),
    ).toMatch(/overlap/);
    expect(weeklyRangeProblem([["9:00", "12:00"]])).toMatch(/09:00/);
    expect(
      weeklyRangeProblem(Array.from({ length: 5 }, (_, i) => [`0${6 + i}:00`, `0${6 + i}:30`] as [string, string])),
    ).toMatch(/at most/);
    expect(weeklyProblems({ mon: [["09:00", "08:00"]], tue: [] })).toEqual({
      "weekly.mon": "Each range must end after it starts.",
    });
  });
});

describe("buffers around jobs", () => {
  it("pads from the job's 60% conflict end and adds short notice within 24 hours", () => {
    // Sunday 12:00, two hours after now: short notice.
    const start = at("2026-11-22", "12:00");
    const out = bufferIntervals([{ start, end: start + 3_600_000, isConnect: false, ref: "1" }], {
      tz: TZ,
      completedJobs: 0,
      now: NOW,
    });
    // Short notice: 60 + 30 minutes each side (Sunday: no commute buffer).
    expect(out.map((b) => [b.kind, new Date(b.start).toISOString(), new Date(b.end).toISOString()])).toEqual([
      ["padding", new Date(at("2026-11-22", "10:30")).toISOString(), new Date(at("2026-11-22", "12:00")).toISOString()],
      ["padding", new Date(at("2026-11-22", "13:00")).toISOString(), new Date(at("2026-11-22", "14:06")).toISOString()],
    ]);
  });

  it("uses the experience tier and full length for connect jobs", () => {
    const start = at("2026-11-28", "09:00"); // Saturday, days ahead
    const out = bufferIntervals([{ start, end: start + 2 * 3_600_000, isConnect: true, ref: "c" }], {
      tz: TZ,
      completedJobs: 25,
      now: NOW,
    });
    expect(out.map((b) => [b.kind, b.end - b.start])).toEqual([
      ["padding", 20 * 60_000],
      ["padding", 20 * 60_000],
    ]);
    expect(out[1]!.start).toBe(start + 2 * 3_600_000);
  });
});
