/**
 * Free-slot search for one vendor over the full 88-day horizon with 300 booked jobs (docs/product.md section 9;
 * docs/architecture.md section 3: search is pure computation over D1's busy projection, so it must stay cheap per vendor).
 *
 * Run: npx tsx bench/free-slots.bench.ts
 * Prints: free-slots (88 days, 300 jobs): median X.XXX ms, p99 Y.YYY ms (target < 2 ms)
 * A bench runner can import { run } and read { median, p99 } in milliseconds.
 */
import { freeSlots, type BusyInterval, type FreeSlotsInput } from "../domain/calendar/availability";
import { MINUTE_MS, addDays, localToInstant } from "../domain/calendar/time";

const TZ = "America/New_York";
// Frozen clock: Monday 2026-09-14 08:00 New York. The 88-day horizon crosses the 2026-11-01 fall-back,
// Columbus Day, Veterans Day and Thanksgiving.
const NOW = localToInstant("2026-09-14", "08:00", TZ);

/** Deterministic PRNG (mulberry32) so every run measures the same calendar. */
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

/** 300 jobs spread over 88 days: a few per working day at random half hours, some connect jobs. */
export function buildInput(jobCount = 300, horizonDays = 88): FreeSlotsInput {
  const rand = prng(20260914);
  const busy: BusyInterval[] = [];
  const today = "2026-09-14";
  for (let i = 0; i < jobCount; i++) {
    const date = addDays(today, 1 + Math.floor(rand() * horizonDays));
    const minute = 8 * 60 + Math.floor(rand() * 22) * 30; // 08:00 ... 18:30
    const start = localToInstant(
      date,
      `${String(Math.floor(minute / 60)).padStart(2, "0")}:${minute % 60 === 0 ? "00" : "30"}`,
      TZ,
    );
    const duration = [45, 60, 90, 120][Math.floor(rand() * 4)]!;
    busy.push({
      start,
      end: start + duration * MINUTE_MS,
      isConnect: rand() < 0.2,
      kind: rand() < 0.05 ? "hold" : "job",
    });
  }
  const timeOff = [
    { start: localToInstant("2026-10-05", "00:00", TZ), end: localToInstant("2026-10-08", "00:00", TZ) },
    { start: localToInstant("2026-11-20", "12:00", TZ), end: localToInstant("2026-11-20", "18:00", TZ) },
  ];
  return {
    now: NOW,
    tz: TZ,
    weekly: {
      mon: [["08:00", "20:00"]],
      tue: [["08:00", "20:00"]],
      wed: [
        ["08:00", "12:00"],
        ["13:00", "21:00"],
      ],
      thu: [["08:00", "20:00"]],
      fri: [["08:00", "20:00"]],
      sat: [["09:00", "17:00"]],
    },
    busy,
    timeOff,
    durationMinutes: 90,
    completedJobCount: 12,
    reliability: 80,
    holidayPolicy: "work",
    horizonDays,
  };
}

function percentile(sorted: number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

/** Times freeSlots over `runs` runs (after a warm-up) and returns the median and p99 in milliseconds. */
export function run(runs = 1000): { median: number; p99: number; slots: number } {
  const input = buildInput();
  let slots = 0;
  for (let i = 0; i < 200; i++) slots = freeSlots(input).days.reduce((n, d) => n + d.starts.length, 0);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    freeSlots(input);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { median: percentile(times, 50), p99: percentile(times, 99), slots };
}

const argv1: string | undefined = (globalThis as { process?: { argv?: string[] } }).process?.argv?.[1];
if (argv1 && /free-slots\.bench\.[cm]?[jt]s$/.test(argv1)) {
  const { median, p99, slots } = run();
  console.log(
    `free-slots (88 days, 300 jobs): median ${median.toFixed(3)} ms, p99 ${p99.toFixed(3)} ms (target < 2 ms)`,
  );
  console.log(`  (${slots} free 90-minute starts from today through today + 88)`);
}
