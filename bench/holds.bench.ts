/**
 * Holds through HTTP on the built Worker (POST /api/booking/service-add-cart, each call a new visitor cart
 * plus a hold in the vendor's Durable Object and its D1 projection): holds per second on one vendor, across
 * 50 vendors, and the storm (200 concurrent requests for one slot must grant exactly one hold).
 *
 * Run: npx vite build && npx tsx bench/holds.bench.ts
 * A bench runner imports { run } and may pass a server it already started ({ url, stateDir }).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { reportObjectHolds, runObjectHolds, type ObjectHoldsFigures } from "./holds-object.bench";
import { serveBuiltWorker } from "./serve";

export interface BenchServer {
  url: string;
  stateDir: string;
}

export interface HoldsFigures {
  oneVendor: { holds: number; requests: number; seconds: number; perSecond: number };
  fiftyVendors: { holds: number; requests: number; seconds: number; perSecond: number };
  storm: { requests: number; granted: number; refused: number; otherStatuses: number; busyRows: number };
  /** What the same server answers per second for a bare 404 with 20 in flight: the HTTP path's own ceiling. */
  bareRequestsPerSecond: number;
  object: ObjectHoldsFigures;
}

// ------------------------------------------------------------------------------------------ fixtures

/** A ZIP far from the seeded metros (Absarokee, Montana), so seeded vendors stay out of the figures. */
export const BENCH_ZIP = "59001";
const DAY = 86_400_000;
/** Every day 06:00-24:00, holidays worked (reliability 80 allows it), so every listed start is bookable. */
const WEEKLY = {
  weekly: Object.fromEntries(["sun", "mon", "tue", "wed", "thu", "fri", "sat"].map((d) => [d, [["06:00", "24:00"]]])),
  holidays: "work",
};

export interface FixturePlan {
  /** Vendors to add around BENCH_ZIP, all offering one new service. */
  vendors: number;
  /** Share of pro vendors (0..1). */
  proShare?: number;
  /** Booked jobs per vendor written to vendor_busy (seeded history the objects adopt on first use). */
  bookingsPerVendor?: number;
  /** Share of vendors that get those bookings (0..1, default all). */
  busyShare?: number;
  now?: number;
}

export interface Fixture {
  serviceId: number;
  vendorIds: number[];
  tz: string;
}

const q = (s: string) => `'${s.replace(/'/g, "''")}'`;

function wrangler(stateDir: string, args: string[]): string {
  return execFileSync("npx", ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", stateDir, "-y", ...args], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", NO_COLOR: "1" },
  });
}

export function sqlRows<T>(stateDir: string, sql: string): T[] {
  const out = wrangler(stateDir, ["--command", sql, "--json"]);
  return (JSON.parse(out.slice(out.indexOf("["))) as Array<{ results: T[] }>)[0]?.results ?? [];
}

/**
 * Inserts `vendors` vendors within 10 miles of BENCH_ZIP (range 25), one service they all offer, and
 * optionally booked jobs, through one SQL file applied with `wrangler d1 execute --file`. Ids start at a
 * random base so several runs can share one state.
 */
export function insertFixture(stateDir: string, plan: FixturePlan): Fixture {
  const [zip] = sqlRows<{ time_zone: string }>(stateDir, `SELECT time_zone FROM zipcodes WHERE zip = ${q(BENCH_ZIP)}`);
  if (!zip) throw new Error(`ZIP ${BENCH_ZIP} is not in the seeded zipcodes table`);
  const tz = zip.time_zone;
  const base = 800_000 + Math.floor(Math.random() * 90_000) * 10;
  const now = plan.now ?? Date.now();
  const base1000 = base * 1000;
  const serviceId = base;
  const lines: string[] = [
    `INSERT INTO service_code_groups (service_code_group_id, name, slug, display_order) VALUES (${base}, 'Bench ${base}', 'bench-${base}', 99);`,
    `INSERT INTO services (service_id, service_code, slug, description, service_code_group_id, duration_minutes, base_price_cents, type, enable)
     VALUES (${serviceId}, 'BENCH-${base}', 'bench-service-${base}', 'Bench Service ${base}', ${base}, 60, 9000, 1, 1);`,
  ];
  const vendorIds: number[] = [];
  for (let i = 0; i < plan.vendors; i++) {
    const id = base1000 + i;
    vendorIds.push(id);
    const miles = (i % 10) + 0.5;
    const bearing = (i * 137.5 * Math.PI) / 180;
    const isPro = i < Math.round(plan.vendors * (plan.proShare ?? 0)) ? 1 : 0;
    lines.push(
      `INSERT INTO users (user_id, name, phone, email, referral_code, status, vendor_id, created_at, updated_at)
       VALUES (${id}, 'Bench Vendor ${id}', '+1777${String(id).slice(-7)}', 'bench-${id}@example.com', 'BV${id}', 'active', NULL, ${now}, ${now});`,
      `INSERT INTO vendors (vendor_id, user_id, display_name, status, reliability, tz, available_setting, range_miles, latitude, longitude, is_pro, completed_jobs, base_zip, created_at, updated_at)
       SELECT ${id}, ${id}, 'Bench Vendor ${id}', 'active', 80, ${q(tz)}, ${q(JSON.stringify(WEEKLY))}, 25,
              latitude + ${(miles * Math.cos(bearing)) / 69.09}, longitude + ${(miles * Math.sin(bearing)) / 50}, ${isPro}, ${i % 30}, zip, ${now}, ${now}
       FROM zipcodes WHERE zip = ${q(BENCH_ZIP)};`,
      `INSERT INTO vendor_services (vendor_id, service_id, enabled) VALUES (${id}, ${serviceId}, 1);`,
    );
    const booked = i % 100 < Math.round((plan.busyShare ?? 1) * 100) ? (plan.bookingsPerVendor ?? 0) : 0;
    for (let j = 0; j < booked; j++) {
      // Whole hours between 08:00 and 17:00 UTC-ish on days 1..16: a realistic sprinkle of jobs.
      const day = 1 + ((i * 7 + j * 5) % 16);
      const hour = 14 + ((i + j * 3) % 8);
      const start = Math.floor(now / DAY) * DAY + day * DAY + hour * 3_600_000;
      lines.push(
        `INSERT INTO vendor_busy (vendor_id, starts_at, ends_at, kind, ref_id, is_connect, expires_at, updated_at)
         VALUES (${id}, ${start}, ${start + 90 * 60_000}, 'booking', 'bench-${id}-${j}', ${j % 4 === 0 ? 1 : 0}, NULL, ${now});`,
      );
    }
  }
  const dir = mkdtempSync(join(tmpdir(), "bench-fixture-"));
  const file = join(dir, "fixture.sql");
  writeFileSync(file, lines.join("\n"));
  try {
    wrangler(stateDir, ["--file", file]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { serviceId, vendorIds, tz };
}

// ---------------------------------------------------------------------------------------- requests

/** "YYYY-MM-DD HH:MM" of a local date `days` after today in `tz` at `time`. */
export function localDay(tz: string, days: number, now = Date.now()): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: tz,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date(now));
  const [y, m, d] = parts.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

let keyCounter = 0;

async function addToCart(url: string, serviceId: number, vendorId: number, selectedDate: string): Promise<number> {
  const res = await fetch(`${url}/api/booking/service-add-cart`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      zipCode: BENCH_ZIP,
      serviceId,
      vendorId,
      selectedDate,
      idempotencyKey: `bench-${process.pid}-${++keyCounter}-${Math.random().toString(36).slice(2)}`,
    }),
  });
  await res.arrayBuffer();
  return res.status;
}

/** Runs `jobs` with at most `inFlight` at once; returns the statuses and the wall time in seconds. */
async function pool(
  jobs: Array<() => Promise<number>>,
  inFlight: number,
): Promise<{ statuses: number[]; seconds: number }> {
  const statuses: number[] = new Array(jobs.length);
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(inFlight, jobs.length) }, async () => {
      for (;;) {
        const i = next++;
        if (i >= jobs.length) return;
        statuses[i] = await jobs[i]!();
      }
    }),
  );
  return { statuses, seconds: (performance.now() - t0) / 1000 };
}

/** Five starts a day three hours apart (06:00 ... 18:00): never in each other's padding. */
const TIMES = ["06:00", "09:00", "12:00", "15:00", "18:00"];

export async function run(server?: BenchServer): Promise<HoldsFigures> {
  const own = server ? null : await serveBuiltWorker({ port: 4331, stateDir: ".wrangler/bench-holds" });
  const target = server ?? { url: own!.url, stateDir: ".wrangler/bench-holds" };
  try {
    const fx = insertFixture(target.stateDir, { vendors: 52 });
    const [solo, storm, ...fifty] = fx.vendorIds as [number, number, ...number[]];
    // Warm the isolate and the objects' first-use adoption, off the clock.
    for (const v of [solo, ...fifty]) await addToCart(target.url, fx.serviceId, v, `${localDay(fx.tz, 80)} 21:30`);

    const oneJobs = Array.from(
      { length: 300 },
      (_, i) => () =>
        addToCart(
          target.url,
          fx.serviceId,
          solo,
          `${localDay(fx.tz, 2 + Math.floor(i / TIMES.length))} ${TIMES[i % TIMES.length]}`,
        ),
    );
    const one = await pool(oneJobs, 20);
    const fiftyJobs = Array.from({ length: 300 }, (_, i) => {
      const vendor = fifty[i % fifty.length]!;
      const n = Math.floor(i / fifty.length);
      return () =>
        addToCart(
          target.url,
          fx.serviceId,
          vendor,
          `${localDay(fx.tz, 2 + Math.floor(n / TIMES.length))} ${TIMES[n % TIMES.length]}`,
        );
    });
    const spread = await pool(fiftyJobs, 20);

    const slot = `${localDay(fx.tz, 3)} 10:00`;
    const stormStatuses = await Promise.all(
      Array.from({ length: 200 }, () => addToCart(target.url, fx.serviceId, storm, slot)),
    );
    const [busy] = sqlRows<{ n: number }>(
      target.stateDir,
      `SELECT count(*) AS n FROM vendor_busy WHERE vendor_id = ${storm} AND kind = 'hold'`,
    );

    const bare = await pool(
      Array.from({ length: 300 }, () => async () => {
        const res = await fetch(`${target.url}/api/bench-bare-request`);
        await res.arrayBuffer();
        return res.status;
      }),
      20,
    );
    const object = await runObjectHolds(target.stateDir);

    const granted = (s: number[]) => s.filter((x) => x === 201).length;
    return {
      bareRequestsPerSecond: bare.statuses.length / bare.seconds,
      object,
      oneVendor: {
        holds: granted(one.statuses),
        requests: oneJobs.length,
        seconds: one.seconds,
        perSecond: granted(one.statuses) / one.seconds,
      },
      fiftyVendors: {
        holds: granted(spread.statuses),
        requests: fiftyJobs.length,
        seconds: spread.seconds,
        perSecond: granted(spread.statuses) / spread.seconds,
      },
      storm: {
        requests: stormStatuses.length,
        granted: granted(stormStatuses),
        refused: stormStatuses.filter((s) => s === 409).length,
        otherStatuses: stormStatuses.filter((s) => s !== 201 && s !== 409).length,
        busyRows: busy?.n ?? -1,
      },
    };
  } finally {
    own?.stop();
  }
}

export function report(f: HoldsFigures): string[] {
  return [
    reportObjectHolds(f.object),
    `holds/s one vendor through HTTP add-to-cart: ${f.oneVendor.perSecond.toFixed(0)} (${f.oneVendor.holds}/${f.oneVendor.requests} granted in ${f.oneVendor.seconds.toFixed(2)} s, 20 in flight, HTTP on the built Worker; the same server answers a bare 404 at ${f.bareRequestsPerSecond.toFixed(0)}/s)`,
    `holds/s across 50 vendors: ${f.fiftyVendors.perSecond.toFixed(0)} (${f.fiftyVendors.holds}/${f.fiftyVendors.requests} granted in ${f.fiftyVendors.seconds.toFixed(2)} s, 20 in flight)`,
    `storm: holds granted for one slot under 200 concurrent requests: ${f.storm.granted} (must be 1); refused ${f.storm.refused}, other answers ${f.storm.otherStatuses}, hold rows in vendor_busy ${f.storm.busyRows}`,
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  run()
    .then((f) => {
      for (const line of report(f)) console.log(line);
      process.exit(f.storm.granted === 1 ? 0 : 1);
    })
    .catch((e) => {
      console.error(e);
      process.exit(1);
    });
}
