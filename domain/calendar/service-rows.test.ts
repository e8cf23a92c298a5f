import { describe, expect, it } from "vitest";
import { freeSlots, type WeeklySchedule } from "./availability";
import { ROW_TYPE, buildServiceRows, busyFromRows, weeklyFromRows, type ServiceRowsInput } from "./service-rows";
import { MINUTE_MS, localToInstant } from "./time";

const NY = "America/New_York";
const at = (date: string, time: string) => localToInstant(date, time, NY);

const weekly: WeeklySchedule = {
  mon: [
    ["13:00", "17:00"],
    ["09:00", "12:00"],
  ],
  sat: [["10:00", "14:00"]],
};

const base: ServiceRowsInput = {
  vendorId: 42,
  tz: NY,
  weekly,
  jobs: [
    { start: at("2026-07-09", "15:00"), durationMinutes: 90, isConnect: true },
    { start: at("2026-07-08", "10:00"), durationMinutes: 60, isConnect: false },
  ],
  services: [
    { serviceCode: 1201, scVid: 9001, durationMinutes: 45 },
    { serviceCode: "B-7", scVid: 9002, durationMinutes: 120 },
  ],
  other: [{ start: at("2026-07-10", "12:00"), end: at("2026-07-10", "14:30") }],
  standardVendorCount: 7,
  proVendorCount: 2,
  attached: true,
};

const common = { vendor_id: 42, standard_vendor_count: 7, pro_vendor_count: 2, vendor_attached: 1 };

describe("buildServiceRows", () => {
  it("builds schedule, job, service and other rows with the vendor columns repeated", () => {
    expect(buildServiceRows(base)).toEqual([
      { type: 0, f1: "mon 09:00", f2: 180, sc_vid: null, ...common },
      { type: 0, f1: "mon 13:00", f2: 240, sc_vid: null, ...common },
      { type: 0, f1: "sat 10:00", f2: 240, sc_vid: null, ...common },
      { type: 1, f1: "2026-07-08 10:00", f2: 60, sc_vid: null, ...common },
      { type: 4, f1: "2026-07-09 15:00", f2: 90, sc_vid: null, ...common },
      { type: 2, f1: "1201", f2: 45, sc_vid: 9001, ...common },
      { type: 2, f1: "B-7", f2: 120, sc_vid: 9002, ...common },
      { type: 3, f1: "2026-07-10 12:00", f2: 150, sc_vid: null, ...common },
    ]);
  });

  it("marks an unattached customer with 0 and writes times in the vendor's zone", () => {
    const rows = buildServiceRows({ ...base, tz: "America/Los_Angeles", attached: false });
    expect(rows.every((r) => r.vendor_attached === 0)).toBe(true);
    expect(rows.find((r) => r.type === ROW_TYPE.BOOKED_JOB)!.f1).toBe("2026-07-08 07:00"); // 10:00 EDT = 07:00 PDT
  });

  it("round-trips to the calendar inputs, so a client can run the same availability rules", () => {
    const rows = buildServiceRows(base);
    expect(weeklyFromRows(rows)).toEqual({
      mon: [
        ["09:00", "12:00"],
        ["13:00", "17:00"],
      ],
      sat: [["10:00", "14:00"]],
    });
    expect(busyFromRows(rows, NY)).toEqual([
      { start: at("2026-07-08", "10:00"), end: at("2026-07-08", "11:00"), isConnect: false, kind: "job" },
      { start: at("2026-07-09", "15:00"), end: at("2026-07-09", "16:30"), isConnect: true, kind: "job" },
      { start: at("2026-07-10", "12:00"), end: at("2026-07-10", "14:30"), isConnect: false, kind: "block" },
    ]);
    const now = at("2026-07-06", "08:00");
    const fromRows = freeSlots({
      now,
      tz: NY,
      weekly: weeklyFromRows(rows),
      busy: busyFromRows(rows, NY),
      durationMinutes: 45,
      completedJobCount: 0,
      reliability: 80,
    });
    const direct = freeSlots({
      now,
      tz: NY,
      weekly,
      busy: [
        ...base.jobs.map((j) => ({
          start: j.start,
          end: j.start + j.durationMinutes * MINUTE_MS,
          isConnect: j.isConnect,
          kind: "job" as const,
        })),
        ...base.other.map((o) => ({ ...o, isConnect: false, kind: "block" as const })),
      ],
      durationMinutes: 45,
      completedJobCount: 0,
      reliability: 80,
    });
    expect(fromRows).toEqual(direct);
  });
});
