/**
 * The bench's fixtures on a built Worker's local state: a far ZIP, vendors around it offering one new service,
 * booked history, and SQL reads through wrangler (shared by every bench that serves the built Worker).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface BenchServer {
  url: string;
  stateDir: string;
}

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

/**
 * One retry when the local server dropped a kept-alive socket before answering (undici's "other side
 * closed"): every call the benchmark repeats carries an idempotency key or creates nothing that counts.
 */
export async function benchFetch(input: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(input, init);
  } catch (e) {
    const code = (e as { cause?: { code?: string } }).cause?.code;
    if (code !== "UND_ERR_SOCKET" && code !== "ECONNRESET") throw e;
    return fetch(input, init);
  }
}
