/**
 * Demo seed for the local (or remote) D1 database.
 *
 *   npx tsx scripts/seed/index.ts [--if-empty] [--remote] [--sql-out <file>]
 *
 *   --if-empty   do nothing (quickly) when the services table already has rows
 *   --remote     apply to the remote D1 database instead of the local one
 *   --sql-out    also keep the generated SQL at <file>
 *
 * Apply the migrations first (npx wrangler d1 migrations apply DB --local). The seed is idempotent: every
 * row has a fixed id and goes in with INSERT OR IGNORE, so a second run changes nothing.
 *
 * Demo accounts (all active; log in with phone or email and the password `demo-password`):
 *   customer       Ava Brooks   +12125550101  ava@example.com      $25.00 credit, saved Visa 4242, NYC 10001
 *   vendor         Maya Lopez   +12125550102  maya@example.com     vendor_id 1 (New York City)
 *   connect admin  Connor Reed  +12125550103  connect@example.com  security_groups "31"
 *   admin          Alex Morgan  +12125550104  admin@example.com    security_groups "50"
 * Every other seeded vendor and customer account also accepts `demo-password` (docs/demo-accounts.md).
 */
import { mkdtempSync, rmSync, writeFileSync, copyFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildSeed } from "./build";
import { HOUR } from "./time";
import { executeFile, query, type Target } from "./wrangler";

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const known = new Set(["--if-empty", "--remote", "--sql-out"]);
  const sqlOutAt = args.indexOf("--sql-out");
  const sqlOut = sqlOutAt >= 0 ? args[sqlOutAt + 1] : undefined;
  const unknown = args.filter((a, i) => !known.has(a) && i !== sqlOutAt + 1);
  if (unknown.length || (sqlOutAt >= 0 && !sqlOut)) {
    console.error(
      `usage: tsx scripts/seed/index.ts [--if-empty] [--remote] [--sql-out <file>] (unknown: ${unknown.join(" ")})`,
    );
    return 2;
  }
  const target: Target = args.includes("--remote") ? "--remote" : "--local";
  const where = target.slice(2);
  const started = performance.now();
  const secs = () => ((performance.now() - started) / 1000).toFixed(1);

  if (args.includes("--if-empty")) {
    let n: number;
    try {
      n = Number(query<{ n: number }>(target, "select count(*) as n from services")[0]?.n ?? 0);
    } catch (e) {
      console.error(
        `seed: cannot read the services table (${where}). Apply the migrations first:\n  npx wrangler d1 migrations apply DB ${target}\n${(e as Error).message}`,
      );
      return 1;
    }
    if (n > 0) {
      console.log(`seed: skipped, ${where} database already has ${n} services (${secs()} s)`);
      return 0;
    }
  }

  // Relative dates (past jobs, upcoming bookings) are computed from the start of the current hour.
  const now = Math.floor(Date.now() / HOUR) * HOUR;
  const seed = await buildSeed(now);
  const dir = mkdtempSync(join(tmpdir(), "athome-seed-"));
  const file = join(dir, "seed.sql");
  try {
    writeFileSync(file, seed.statements.join("\n") + "\n");
    if (sqlOut) copyFileSync(file, sqlOut);
    const applyStart = performance.now();
    executeFile(target, file);
    seed.timings.apply = Math.round(performance.now() - applyStart);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  const c = seed.counts;
  console.log(
    `seed: ${where} database seeded (rows already present are kept): ${c.groups} service groups, ${c.services} services, ${c.areas} price areas, ` +
      `${c.zipcodes} ZIPs (${c.priced_zipcodes} priced), ${c.users} users (${c.vendors} vendors, ${c.customers} customers, 4 demo), ` +
      `${c.completed_jobs} completed jobs (${c.rated_jobs} rated), ${c.upcoming_jobs} upcoming, ${c.open_offers} open offers, ` +
      `${c.testimonials} testimonials, ${c.payouts} payouts in ${secs()} s ` +
      `(${Object.entries(seed.timings)
        .map(([k, v]) => `${k} ${v} ms`)
        .join(", ")})`,
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(`seed: failed: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  },
);
