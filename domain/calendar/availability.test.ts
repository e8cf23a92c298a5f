import { describe, expect, it } from "vitest";
import {
  HOLIDAY_MIN_RELIABILITY,
  SAME_DAY_MIN_RELIABILITY,
  WEEKDAY_KEYS,
  allStarts,
  canBookHoliday,
  canBookSameDay,
  conflictDurationMs,
  conflicts,
  freeSlots,
  isFreeAt,
  type BusyInterval,
  type FreeSlotsInput,
  type FreeSlotsResult,
  type WeeklySchedule,
} from "./availability";
import { holidaysBetween } from "./holidays";
import { daySlotStarts, earliestStart } from "./slots";
import { MINUTE_MS, addDays, iso, localDate, localTime, localToInstant, weekdayOf } from "./time";

const NY = "America/New_York";
const KOLKATA = "Asia/Kolkata";
const MIN = MINUTE_MS;

// Frozen clock for most tests: Monday 2026-07-06 08:00 EDT (12:00Z).
const MONDAY_8AM = localToInstant("2026-07-06", "08:00", NY);
const THU = "2026-07-09";
const SAT = "2026-07-11";

const at = (date: string, time: string, tz = NY) => localToInstant(date, time, tz);
const job = (date: string, from: string, to: string, isConnect = false, kind: BusyInterval["kind"] = "job") => ({
  start: at(date, from),
  end: at(date, to),
  isConnect,
  kind,
});
const everyDay = (from: string, to: string): WeeklySchedule => ({
  sun: [[from, to]],
  mon: [[from, to]],
  tue: [[from, to]],
  wed: [[from, to]],
  thu: [[from, to]],
  fri: [[from, to]],
  sat: [[from, to]],
});

function input(over: Partial<FreeSlotsInput>): FreeSlotsInput {
  return {
    now: MONDAY_8AM,
    tz: NY,
    weekly: everyDay("08:00", "14:00"),
    busy: [],
    durationMinutes: 60,
    completedJobCount: 0,
    reliability: 80,
    ...over,
  };
}

/** Local "HH:MM" of the free starts of one date. */
function timesOn(result: FreeSlotsResult, date: string, tz = NY): string[] {
  const day = result.days.find((d) => d.date === date);
  if (!day) throw new Error(`${date} not listed`);
  return day.starts.map((s) => localTime(s, tz));
}

describe("reliability gates", () => {
  const refusal = {
    allowed: false,
    code: "RELIABILITY_TOO_LOW",
    message: "Your Reliability Level is not high enough to enable this feature.",
  };

  it("allows same-day booking from reliability 70", () => {
    expect(SAME_DAY_MIN_RELIABILITY).toBe(70);
    expect(canBookSameDay(70)).toEqual({ allowed: true });
    expect(canBookSameDay(100)).toEqual({ allowed: true });
    expect(canBookSameDay(69)).toEqual(refusal);
    expect(canBookSameDay(50)).toEqual(refusal); // a new vendor starts at 50
  });

  it("allows holiday work from reliability 50, the starting level", () => {
    expect(HOLIDAY_MIN_RELIABILITY).toBe(50);
    expect(canBookHoliday(50)).toEqual({ allowed: true });
    expect(canBookHoliday(49)).toEqual(refusal);
    expect(canBookHoliday(1)).toEqual(refusal); // soft-banned
    expect(canBookHoliday(Number.NaN)).toEqual(refusal);
  });
});

describe("freeSlots: working hours and the grid", () => {
  it("lists starts whose full duration fits the working range", () => {
    const r = freeSlots(input({ weekly: { thu: [["09:00", "12:00"]] } }));
    expect(timesOn(r, THU)).toEqual(["09:00", "09:30", "10:00", "10:30", "11:00"]);
    const thu = r.days.find((d) => d.date === THU)!;
    expect(iso(thu.starts[0]!)).toBe("2026-07-09T13:00:00.000Z"); // 09:00 EDT
    expect(iso(thu.starts[4]!)).toBe("2026-07-09T15:00:00.000Z"); // 11:00 EDT
    expect(timesOn(r, "2026-07-10")).toEqual([]); // Friday: not working
  });

  it("never offers starts outside 06:00-21:30, even to a vendor working all day", () => {
    const r = freeSlots(input({ weekly: { thu: [["00:00", "24:00"]] }, durationMinutes: 30 }));
    const times = timesOn(r, THU);
    expect(times).toHaveLength(32);
    expect(times[0]).toBe("06:00");
    expect(times[31]).toBe("21:30");
  });

  it("joins touching ranges so a job may span them, and ignores empty ranges", () => {
    const r = freeSlots(
      input({
        weekly: {
          thu: [
            ["12:00", "13:00"],
            ["10:00", "12:00"],
            ["15:00", "15:00"],
          ],
        },
        durationMinutes: 120,
      }),
    );
    expect(timesOn(r, THU)).toEqual(["10:00", "10:30", "11:00"]);
  });

  it("skips a lunch break between ranges", () => {
    const r = freeSlots(
      input({
        weekly: {
          thu: [
            ["09:00", "11:00"],
            ["12:00", "14:00"],
          ],
        },
      }),
    );
    expect(timesOn(r, THU)).toEqual(["09:00", "09:30", "10:00", "12:00", "12:30", "13:00"]);
  });

  it("rejects a non-positive or fractional duration", () => {
    expect(() => freeSlots(input({ durationMinutes: 0 }))).toThrow(RangeError);
    expect(() => freeSlots(input({ durationMinutes: 30.5 }))).toThrow(RangeError);
  });
});

describe("freeSlots: padding tiers (count = completed jobs)", () => {
  // A connect job 10:00-11:10 on Thursday, candidate a 60-minute connect job, no commute hours involved.
  const busy = [job(THU, "10:00", "11:10", true)];
  const run = (completedJobCount: number) =>
    timesOn(freeSlots(input({ busy, completedJobCount, isConnect: true })), THU);

  it("keeps 60 minutes below 5 completed jobs", () => {
    expect(run(0)).toEqual(["08:00", "12:30", "13:00"]);
    expect(run(4)).toEqual(["08:00", "12:30", "13:00"]);
  });

  it("keeps 40 minutes from 5 to 24 completed jobs", () => {
    expect(run(5)).toEqual(["08:00", "12:00", "12:30", "13:00"]);
    expect(run(24)).toEqual(["08:00", "12:00", "12:30", "13:00"]);
  });

  it("keeps 20 minutes from 25 completed jobs", () => {
    expect(run(25)).toEqual(["08:00", "08:30", "11:30", "12:00", "12:30", "13:00"]);
  });

  it("adds 30 minutes when the job is under 24 hours away", () => {
    const now = at(THU, "06:00"); // same day, reliable vendor
    const r = freeSlots(input({ now, busy, completedJobCount: 25, isConnect: true }));
    // padding 20 + 30: before needs start + 60 + 50 <= 10:00; after needs start >= 11:10 + 50
    expect(timesOn(r, THU)).toEqual(["08:00", "12:00", "12:30", "13:00"]);
  });

  it("applies padding around holds like around jobs", () => {
    const hold = [job(THU, "10:00", "11:10", true, "hold")];
    expect(timesOn(freeSlots(input({ busy: hold, isConnect: true })), THU)).toEqual(["08:00", "12:30", "13:00"]);
  });
});

describe("freeSlots: non-connect jobs count at 60%", () => {
  it("shortens a booked non-connect job for conflict checks", () => {
    expect(conflictDurationMs(120 * MIN, false)).toBe(72 * MIN);
    expect(conflictDurationMs(120 * MIN, true)).toBe(120 * MIN);
    expect(conflictDurationMs(45 * MIN, false)).toBe(27 * MIN);
    // 10:00-12:00 non-connect occupies 10:00-11:12; +20 padding -> 11:32 -> first start 12:00.
    const nonConnect = freeSlots(
      input({ busy: [job(THU, "10:00", "12:00", false)], completedJobCount: 25, isConnect: true }),
    );
    expect(timesOn(nonConnect, THU)).toEqual(["08:00", "08:30", "12:00", "12:30", "13:00"]);
    // The same job as a connect job occupies 10:00-12:00; +20 -> 12:20 -> first start 12:30.
    const connect = freeSlots(
      input({ busy: [job(THU, "10:00", "12:00", true)], completedJobCount: 25, isConnect: true }),
    );
    expect(timesOn(connect, THU)).toEqual(["08:00", "08:30", "12:30", "13:00"]);
  });

  it("shortens the candidate too, but its full length must fit the working hours", () => {
    const busy = [job(THU, "10:00", "12:00", false)];
    // 100-minute non-connect candidate occupies 60 minutes: 08:30 + 60 + 20 = 09:50 <= 10:00.
    const nonConnect = freeSlots(input({ busy, completedJobCount: 25, durationMinutes: 100 }));
    // 12:30 would occupy only until 13:30 but its listed end 14:10 is past the 14:00 close.
    expect(timesOn(nonConnect, THU)).toEqual(["08:00", "08:30", "12:00"]);
    const connect = freeSlots(input({ busy, completedJobCount: 25, durationMinutes: 100, isConnect: true }));
    expect(timesOn(connect, THU)).toEqual(["08:00", "12:00"]);
  });
});

describe("freeSlots: commute buffers on weekdays only", () => {
  // Connect jobs 13:00-14:30 (ends in the 14:00-19:00 window) and 17:00-18:00 (starts in 16:00-21:00).
  const weekly: WeeklySchedule = { thu: [["08:00", "21:00"]], sat: [["08:00", "21:00"]] };
  const busy = [THU, SAT].flatMap((d) => [job(d, "13:00", "14:30", true), job(d, "17:00", "18:00", true)]);
  const r = freeSlots(input({ weekly, busy, completedJobCount: 25, isConnect: true }));
  const morning = ["08:00", "08:30", "09:00", "09:30", "10:00", "10:30", "11:00", "11:30"];

  it("adds 30 minutes to rush-hour drives on a Thursday", () => {
    // after 14:30 needs 14:30 + 20 + 30 = 15:20; before 17:00 needs start + 60 + 20 + 30 <= 17:00: no room.
    // after 18:00 needs 18:50; the drive gets one buffer although both of its ends are in rush hour.
    expect(timesOn(r, THU)).toEqual([...morning, "19:00", "19:30", "20:00"]);
  });

  it("adds nothing on a Saturday", () => {
    expect(timesOn(r, SAT)).toEqual([...morning, "15:00", "15:30", "18:30", "19:00", "19:30", "20:00"]);
  });
});

describe("freeSlots: same day, horizon and holidays", () => {
  const weekly: WeeklySchedule = { wed: [["09:00", "17:00"]], thu: [["09:00", "17:00"]] };
  const WED = "2026-07-08";

  it("offers today from 90 minutes after now", () => {
    const r = freeSlots(input({ now: at(WED, "10:00"), weekly }));
    expect(r.sameDayAllowed).toBe(true);
    expect(timesOn(r, WED)[0]).toBe("11:30");
    expect(iso(r.days[0]!.starts[0]!)).toBe("2026-07-08T15:30:00.000Z"); // 11:30 EDT
    const oneMinuteLater = freeSlots(input({ now: at(WED, "10:01"), weekly }));
    expect(timesOn(oneMinuteLater, WED)[0]).toBe("12:00");
    expect(timesOn(oneMinuteLater, WED)).toHaveLength(9); // 12:00 ... 16:00
  });

  it("keeps today closed when reliability is too low or the vendor opted out", () => {
    const low = freeSlots(input({ now: at(WED, "10:00"), weekly, reliability: 69 }));
    expect(low.sameDayAllowed).toBe(false);
    expect(timesOn(low, WED)).toEqual([]);
    expect(timesOn(low, THU)).toHaveLength(15); // tomorrow is not same-day
    const optedOut = freeSlots(input({ now: at(WED, "10:00"), weekly, reliability: 100, sameDay: false }));
    expect(timesOn(optedOut, WED)).toEqual([]);
  });

  it("lists today through today + 88 and nothing after", () => {
    const r = freeSlots(input({ weekly: everyDay("09:00", "10:00"), holidayPolicy: "work" }));
    expect(r.days).toHaveLength(89);
    expect(r.days[0]!.date).toBe("2026-07-06");
    expect(r.days[88]!.date).toBe("2026-10-02");
    expect(timesOn(r, "2026-07-06")).toEqual([]); // 09:00 is sooner than 08:00 + 90 minutes
    expect(timesOn(r, "2026-10-02")).toEqual(["09:00"]);
    expect(allStarts(r)).toHaveLength(88);
    expect(iso(allStarts(r).at(-1)!)).toBe("2026-10-02T13:00:00.000Z"); // 09:00 EDT
  });

  it("clamps from/to to today and the horizon, and honours a shorter horizon", () => {
    const weeklyAll = everyDay("09:00", "10:00");
    const clamped = freeSlots(input({ weekly: weeklyAll, from: "2026-07-01", to: "2027-01-01" }));
    expect(clamped.days[0]!.date).toBe("2026-07-06");
    expect(clamped.days.at(-1)!.date).toBe("2026-10-02");
    const window = freeSlots(input({ weekly: weeklyAll, from: "2026-07-20", to: "2026-07-22" }));
    expect(window.days.map((d) => d.date)).toEqual(["2026-07-20", "2026-07-21", "2026-07-22"]);
    const short = freeSlots(input({ weekly: weeklyAll, horizonDays: 10 }));
    expect(short.days.at(-1)!.date).toBe("2026-07-16");
    expect(freeSlots(input({ weekly: weeklyAll, from: "2026-12-01" })).days).toEqual([]);
  });

  it("skips holidays unless the vendor works them and is reliable enough", () => {
    const weeklyAll = everyDay("09:00", "10:00");
    const laborDay = "2026-09-07";
    const skip = freeSlots(input({ weekly: weeklyAll }));
    expect(skip.days.find((d) => d.date === laborDay)).toEqual({ date: laborDay, starts: [], holiday: "Labor Day" });
    expect(allStarts(skip)).toHaveLength(87);
    const work = freeSlots(input({ weekly: weeklyAll, holidayPolicy: "work", reliability: 50 }));
    expect(work.holidaysAllowed).toBe(true);
    expect(timesOn(work, laborDay)).toEqual(["09:00"]);
    expect(work.days.find((d) => d.date === laborDay)!.holiday).toBe("Labor Day");
    const unreliable = freeSlots(input({ weekly: weeklyAll, holidayPolicy: "work", reliability: 49 }));
    expect(unreliable.holidaysAllowed).toBe(false);
    expect(timesOn(unreliable, laborDay)).toEqual([]);
  });

  it("accepts a holiday list override", () => {
    const weeklyAll = everyDay("09:00", "10:00");
    const r = freeSlots(input({ weekly: weeklyAll, holidays: [{ name: "Christmas Day", date: THU }] }));
    expect(timesOn(r, THU)).toEqual([]);
    expect(timesOn(r, "2026-09-07")).toEqual(["09:00"]); // Labor Day not in the override
  });
});

describe("freeSlots: time off and blocks", () => {
  it("blocks the full listed duration, with no padding around time off", () => {
    const timeOff = [{ start: at(THU, "12:00"), end: at(THU, "13:00") }];
    const r = freeSlots(input({ weekly: { thu: [["09:00", "17:00"]] }, timeOff }));
    expect(timesOn(r, THU)).toEqual([
      "09:00",
      "09:30",
      "10:00",
      "10:30",
      "11:00",
      "13:00",
      "13:30",
      "14:00",
      "14:30",
      "15:00",
      "15:30",
      "16:00",
    ]);
  });

  it("treats busy entries of kind block like time off (no 60% rule)", () => {
    const busy = [job(THU, "12:00", "13:00", false, "block")];
    const r = freeSlots(input({ weekly: { thu: [["09:00", "14:00"]] }, busy }));
    expect(timesOn(r, THU)).toEqual(["09:00", "09:30", "10:00", "10:30", "11:00", "13:00"]);
  });

  it("ignores time off with no length", () => {
    const timeOff = [{ start: at(THU, "12:00"), end: at(THU, "12:00") }];
    const r = freeSlots(input({ weekly: { thu: [["11:00", "13:00"]] }, timeOff }));
    expect(timesOn(r, THU)).toEqual(["11:00", "11:30", "12:00"]);
  });
});

describe("freeSlots across DST and in a half-hour zone", () => {
  const weekly: WeeklySchedule = { sun: [["06:00", "08:00"]], mon: [["09:00", "11:00"]] };

  it("spring-forward day 2027-03-14 (New York)", () => {
    const now = localToInstant("2027-03-12", "12:00", NY);
    const r = freeSlots(input({ now, weekly, to: "2027-03-15" }));
    expect(r.days.find((d) => d.date === "2027-03-14")!.starts.map(iso)).toEqual([
      "2027-03-14T10:00:00.000Z", // 06:00 EDT
      "2027-03-14T10:30:00.000Z", // 06:30 EDT
      "2027-03-14T11:00:00.000Z", // 07:00 EDT
    ]);
  });

  it("fall-back day 2026-11-01 (New York)", () => {
    const now = localToInstant("2026-10-30", "12:00", NY);
    const r = freeSlots(input({ now, weekly, to: "2026-11-02" }));
    expect(r.days.find((d) => d.date === "2026-11-01")!.starts.map(iso)).toEqual([
      "2026-11-01T11:00:00.000Z", // 06:00 EST
      "2026-11-01T11:30:00.000Z", // 06:30 EST
      "2026-11-01T12:00:00.000Z", // 07:00 EST
    ]);
  });

  it("measures padding in real elapsed time on fall-back morning", () => {
    // A connect job 04:00-05:30 EST (09:00Z-10:30Z) on 2026-11-01; 06:00 EST is 30 real minutes later.
    const now = localToInstant("2026-10-28", "12:00", NY);
    const busy: BusyInterval[] = [
      {
        start: Date.parse("2026-11-01T09:00:00Z"),
        end: Date.parse("2026-11-01T10:30:00Z"),
        isConnect: true,
        kind: "job",
      },
    ];
    const r = freeSlots(input({ now, busy, weekly, isConnect: true, to: "2026-11-01" }));
    expect(r.days.find((d) => d.date === "2026-11-01")!.starts.map(iso)).toEqual([
      "2026-11-01T11:30:00.000Z", // 06:30 EST: 60 minutes after 05:30 EST
      "2026-11-01T12:00:00.000Z", // 07:00 EST
    ]);
  });

  it("Kolkata (+05:30)", () => {
    const now = localToInstant("2026-07-05", "12:00", KOLKATA);
    const r = freeSlots(input({ now, tz: KOLKATA, weekly, to: "2026-07-06" }));
    expect(r.days.find((d) => d.date === "2026-07-06")!.starts.map(iso)).toEqual([
      "2026-07-06T03:30:00.000Z", // 09:00 IST
      "2026-07-06T04:00:00.000Z", // 09:30 IST
      "2026-07-06T04:30:00.000Z", // 10:00 IST
    ]);
  });
});

describe("conflicts (the Durable Object's re-check)", () => {
  const rules = { now: MONDAY_8AM, tz: NY, completedJobCount: 0 };
  const cand = (date: string, from: string, minutes: number, isConnect = true) => ({
    start: at(date, from),
    end: at(date, from) + minutes * MIN,
    isConnect,
  });

  it("accepts a candidate exactly one padding away and refuses one a minute closer", () => {
    const busy = [job(THU, "10:00", "11:00", true)];
    expect(conflicts(cand(THU, "12:00", 60), busy, rules)).toBe(false);
    expect(conflicts({ start: at(THU, "11:59"), end: at(THU, "12:59"), isConnect: true }, busy, rules)).toBe(true);
    expect(conflicts(cand(THU, "08:00", 60), busy, rules)).toBe(false); // ends 09:00, 60 before 10:00
    expect(conflicts({ start: at(THU, "08:01"), end: at(THU, "09:01"), isConnect: true }, busy, rules)).toBe(true);
    expect(conflicts(cand(THU, "10:30", 30), busy, rules)).toBe(true); // plain overlap
    expect(conflicts(cand(THU, "12:00", 60), [], rules)).toBe(false);
  });

  it("adds 30 minutes when the candidate is under 24 hours away, not at exactly 24", () => {
    const busy = [job(THU, "10:00", "11:00", true)];
    const exactly24h = { ...rules, now: at("2026-07-08", "12:00") };
    expect(conflicts(cand(THU, "12:00", 60), busy, exactly24h)).toBe(false);
    const under24h = { ...rules, now: at("2026-07-08", "12:01") };
    expect(conflicts(cand(THU, "12:00", 60), busy, under24h)).toBe(true);
    expect(conflicts(cand(THU, "12:30", 60), busy, under24h)).toBe(false);
  });

  it("applies the 60% rule on both sides", () => {
    const nonConnect = [job(THU, "10:00", "11:40", false)]; // occupies 10:00-11:00
    expect(conflicts(cand(THU, "12:00", 60), nonConnect, rules)).toBe(false);
    const connect = [job(THU, "10:00", "11:40", true)];
    expect(conflicts(cand(THU, "12:00", 60), connect, rules)).toBe(true);
    // A 100-minute non-connect candidate at 08:00 occupies 08:00-09:00: 60 before 10:00.
    expect(conflicts(cand(THU, "08:00", 100, false), connect, rules)).toBe(false);
    expect(conflicts(cand(THU, "08:00", 100, true), connect, rules)).toBe(true);
  });

  it("uses the commute buffer on weekdays only", () => {
    const thu = [job(THU, "13:00", "14:30", true)];
    expect(conflicts(cand(THU, "15:30", 60), thu, rules)).toBe(true); // needs 14:30 + 60 + 30 = 16:00
    expect(conflicts(cand(THU, "16:00", 60), thu, rules)).toBe(false);
    const sat = [job(SAT, "13:00", "14:30", true)];
    expect(conflicts(cand(SAT, "15:30", 60), sat, rules)).toBe(false);
  });

  it("refuses any overlap with time off or blocks, and allows touching them", () => {
    const timeOff = [{ start: at(THU, "12:00"), end: at(THU, "13:00") }];
    expect(conflicts(cand(THU, "11:30", 60), [], rules, timeOff)).toBe(true);
    expect(conflicts(cand(THU, "11:00", 60), [], rules, timeOff)).toBe(false);
    expect(conflicts(cand(THU, "13:00", 60), [], rules, timeOff)).toBe(false);
    const block = [job(THU, "12:00", "13:00", false, "block")];
    expect(conflicts(cand(THU, "12:30", 30), block, rules)).toBe(true);
    expect(conflicts(cand(THU, "13:00", 30), block, rules)).toBe(false);
  });

  it("refuses an empty candidate", () => {
    expect(() => conflicts({ start: at(THU, "10:00"), end: at(THU, "10:00"), isConnect: false }, [], rules)).toThrow(
      RangeError,
    );
  });
});

describe("isFreeAt", () => {
  const base = input({ busy: [job(THU, "10:00", "11:10", true)], isConnect: true });

  it("agrees with the search for every start of the day", () => {
    const listed = new Set(freeSlots(base).days.find((d) => d.date === THU)!.starts);
    for (const s of daySlotStarts(THU, NY)) expect(isFreeAt(base, s)).toBe(listed.has(s));
    expect(listed.size).toBe(3);
  });

  it("refuses off-grid, too-soon and holiday starts", () => {
    expect(isFreeAt(base, at(THU, "08:15"))).toBe(false);
    expect(isFreeAt(base, at("2026-07-06", "09:00"))).toBe(false); // 09:00 < 08:00 + 90 minutes
    expect(isFreeAt(base, at("2026-07-06", "09:30"))).toBe(true);
    expect(isFreeAt(base, at("2026-09-07", "09:00"))).toBe(false); // Labor Day
  });
});

// ---------------------------------------------------------------------------------------------------
// At scale: thousands of busy ranges, checked against a slot-by-slot reference built on conflicts().

function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomBusy(count: number, today: string, seed: number): BusyInterval[] {
  const rand = prng(seed);
  const busy: BusyInterval[] = [];
  for (let i = 0; i < count; i++) {
    const date = addDays(today, Math.floor(rand() * 90) - 1);
    const start = at(date, "05:00") + Math.floor(rand() * 17 * 12) * 5 * MIN; // any 5-minute mark 05:00-21:55
    const minutes = 15 + Math.floor(rand() * 24) * 5;
    const kind = rand() < 0.1 ? "block" : rand() < 0.1 ? "hold" : "job";
    busy.push({ start, end: start + minutes * MIN, isConnect: rand() < 0.3, kind });
  }
  return busy;
}

function reference(inp: FreeSlotsInput): number[] {
  const first = localDate(inp.now, inp.tz);
  const holidays = new Set(holidaysBetween(first, addDays(first, 88)).map((h) => h.date));
  const out: number[] = [];
  for (let i = 0; i <= 88; i++) {
    const date = addDays(first, i);
    if (holidays.has(date)) continue;
    const key = WEEKDAY_KEYS[weekdayOf(date)]!;
    const ranges = (inp.weekly[key] ?? []).map(([a, b]) => [at(date, a, inp.tz), at(date, b, inp.tz)] as const);
    for (const s of daySlotStarts(date, inp.tz)) {
      const e = s + inp.durationMinutes * MIN;
      if (s < earliestStart(inp.now)) continue;
      if (!ranges.some(([a, b]) => a <= s && e <= b)) continue;
      const c = { start: s, end: e, isConnect: inp.isConnect ?? false };
      if (conflicts(c, inp.busy, inp, inp.timeOff)) continue;
      out.push(s);
    }
  }
  return out;
}

describe("freeSlots at scale", () => {
  const weekly: WeeklySchedule = {
    mon: [["07:00", "20:00"]],
    tue: [["07:00", "20:00"]],
    wed: [
      ["07:00", "12:00"],
      ["12:30", "21:30"],
    ],
    thu: [["07:00", "20:00"]],
    fri: [["06:00", "22:00"]],
    sat: [["08:00", "18:00"]],
    sun: [["10:00", "16:00"]],
  };
  // The 88 days from 2026-09-14 cross the 2026-11-01 fall-back.
  const now = at("2026-09-14", "07:10");

  for (const [count, seed, completedJobCount, isConnect] of [
    [300, 1, 3, false],
    [1000, 2, 12, true],
    [2000, 3, 40, false],
  ] as const) {
    it(`matches the slot-by-slot reference with ${count} busy ranges`, () => {
      const inp = input({
        now,
        weekly,
        busy: randomBusy(count, "2026-09-14", seed),
        timeOff: [{ start: at("2026-10-01", "00:00"), end: at("2026-10-03", "12:00") }],
        durationMinutes: 75,
        completedJobCount,
        isConnect,
      });
      const fast = allStarts(freeSlots(inp));
      expect(fast.map(iso)).toEqual(reference(inp).map(iso));
      expect(fast.length).toBeGreaterThan(0);
    });
  }

  it("handles 5,000 busy ranges over 88 days quickly (median of 15 runs under 25 ms)", () => {
    const inp = input({ now, weekly, busy: randomBusy(5000, "2026-09-14", 9), durationMinutes: 60 });
    freeSlots(inp);
    const times: number[] = [];
    for (let i = 0; i < 15; i++) {
      const t0 = performance.now();
      freeSlots(inp);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    expect(times[7]!).toBeLessThan(25);
  });
});
