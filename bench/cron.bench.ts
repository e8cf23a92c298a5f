/**
 * The billing cron at scale: 10,000 client subscriptions due within 24 hours, one tick through the real
 * pipeline (wrangler dev: the scheduled handler finds them and enqueues one message each on CRON_QUEUE, the
 * queue consumer charges each through the local payments adapter). Figures: time to enqueue (the scheduled
 * handler), time to drain (until the consumer has done every item), charges made (must be 10,000), and a
 * second tick (must enqueue and charge 0).
 *
 * Run: npx tsx bench/cron.bench.ts (prepares its own state), or from bench/run.ts on the bench state.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { prepareState } from "../tests/e2e/state";
import { drain, startCronWorker, tick } from "../scripts/cron-runner";
import { insertFixture, sqlRows } from "./fixture";

export interface CronFigures {
  subscriptions: number;
  enqueueMs: number;
  enqueued: number;
  drainMs: number;
  charges: number;
  secondEnqueued: number;
  secondCharges: number;
}

const N = 10_000;
const HOUR = 3_600_000;

function insertSubscriptions(stateDir: string, n: number, now: number): number {
  const fixture = insertFixture(stateDir, { vendors: 1, now });
  const vendorId = fixture.vendorIds[0]!;
  const pm = `pm_local_bench${vendorId}`;
  const sql = [
    `INSERT OR IGNORE INTO local_payment_methods (id, brand, last4, exp_month, exp_year, fingerprint, outcome, created_at)
     VALUES ('${pm}', 'visa', '4242', 12, 2034, 'bench-${vendorId}', 'succeed', ${now});`,
    `WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < ${n})
     INSERT INTO client_subscriptions (vendor_id, client_name, client_phone, service_id, price_cents, interval_days,
       next_service_at, job_minutes, address, zipcode, status, payment_method_id, time_zone, created_at, updated_at)
     SELECT ${vendorId}, 'Bench Client ' || i, '+1555' || printf('%07d', i), ${fixture.serviceId}, 8500, 14,
       ${now} + ${2 * HOUR} + (i % 600) * 60000, 60, '1 Bench St', '10001', 'active', '${pm}', ${"'" + fixture.tz + "'"}, ${now}, ${now}
     FROM seq;`,
  ];
  const dir = mkdtempSync(join(tmpdir(), "cron-bench-"));
  const file = join(dir, "subs.sql");
  try {
    writeFileSync(file, sql.join("\n"));
    execFileSync(
      "npx",
      ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", stateDir, "-y", "--file", file],
      { stdio: "ignore", env: { ...process.env, WRANGLER_SEND_METRICS: "false" } },
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return vendorId;
}

function chargesOf(stateDir: string, vendorId: number): number {
  const [row] = sqlRows<{ n: number }>(
    stateDir,
    `SELECT count(*) AS n FROM payment_intents pi
     WHERE pi.purpose = 'client_subscription' AND pi.status = 'succeeded'
       AND pi.ref IN (SELECT 'csub:' || client_subscription_id || ':' || next_service_at FROM client_subscriptions WHERE vendor_id = ${vendorId})`,
  );
  return row?.n ?? 0;
}

export async function run(opts: { stateDir: string; port?: number }): Promise<CronFigures> {
  const now = Date.now();
  const vendorId = insertSubscriptions(opts.stateDir, N, now);
  const worker = await startCronWorker({ stateDir: opts.stateDir, port: opts.port ?? 4328 });
  try {
    const first = await tick(worker, now);
    const enqueued = Object.values(first.enqueued).reduce((s, n) => s + n, 0);
    const drained = await drain(worker, now, enqueued, 1_800_000);
    const charges = chargesOf(opts.stateDir, vendorId);
    const later = now + 60_000;
    const second = await tick(worker, later);
    const secondEnqueued = second.enqueued.csub_charge ?? 0;
    await drain(
      worker,
      later,
      Object.values(second.enqueued).reduce((s, n) => s + n, 0),
      60_000,
    );
    const secondCharges = chargesOf(opts.stateDir, vendorId) - charges;
    return {
      subscriptions: N,
      enqueueMs: first.ms,
      enqueued: first.enqueued.csub_charge ?? 0,
      drainMs: drained.ms,
      charges,
      secondEnqueued,
      secondCharges,
    };
  } finally {
    worker.stop();
  }
}

export function report(f: CronFigures): string[] {
  return [
    `cron tick, ${f.subscriptions} due client subscriptions: enqueue (scheduled handler) ${(f.enqueueMs / 1000).toFixed(2)} s for ${f.enqueued} charge messages; drain (queue consumer) ${(f.drainMs / 1000).toFixed(1)} s`,
    `cron charges made: ${f.charges} (must be ${f.subscriptions}: ${f.charges === f.subscriptions ? "ok" : "FAIL"}); second tick: ${f.secondEnqueued} enqueued, ${f.secondCharges} charges (must be 0: ${f.secondEnqueued === 0 && f.secondCharges === 0 ? "ok" : "FAIL"})`,
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const stateDir = ".wrangler/bench-cron-state";
  prepareState(stateDir, { quiet: true });
  run({ stateDir })
    .then((f) => {
      for (const line of report(f)) console.log(line);
    })
    .catch((e) => {
      console.error(e);
      process.exit(1);
    });
}
