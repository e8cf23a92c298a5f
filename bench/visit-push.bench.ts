/**
 * The visit, live for the customer (issue 24, docs/decisions/150), through HTTP and a real WebSocket on the
 * built Worker: a customer's orders page is open (GET /api/orders/live); their pro taps "On my way"
 * (POST /api/vendor/me/visit-step); the figure is the time from the tap's request to the order.changed
 * message on the customer's socket, over 200 visits (each its own customer and job, spread over 4 pros).
 *
 * Run: npx vite build && npx tsx bench/visit-push.bench.ts
 */
import { createHash } from "node:crypto";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import WebSocket from "ws";
import { insertCustomers } from "./complete-order.bench";
import { BENCH_ZIP, benchFetch, insertFixture, sqlRows, type BenchServer } from "./fixture";
import { vendorSessions } from "./offer-push.bench";
import { serveBuiltWorker } from "./serve";
import { summarize, verdict } from "./stats";

export interface VisitPushFigures {
  push: { median: number; p99: number; n: number };
  missed: number;
}

const VISITS = 200;
/** Untimed visits first: the isolate and the objects warm up. */
const WARMUP = 10;

function execSql(stateDir: string, lines: string[]): void {
  const dir = mkdtempSync(join(tmpdir(), "bench-visits-"));
  const file = join(dir, "visits.sql");
  writeFileSync(file, lines.join("\n"));
  try {
    execFileSync(
      "npx",
      ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", stateDir, "-y", "--file", file],
      {
        stdio: "ignore",
        env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
      },
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One accepted job an hour from now per customer, with the given pros in turn; answers the job ids. */
function insertAcceptedJobs(stateDir: string, tokens: string[], vendorIds: number[], serviceId: number, tz: string) {
  const hashes = tokens.map((t) => `'${createHash("sha256").update(t).digest("hex")}'`);
  const users = sqlRows<{ user_id: number; token_hash: string }>(
    stateDir,
    `SELECT user_id, token_hash FROM sessions WHERE token_hash IN (${hashes.join(",")})`,
  );
  const byHash = new Map(users.map((u) => [u.token_hash, u.user_id]));
  const now = Date.now();
  const start = now + 60 * 60_000;
  const base = 700_000_000 + Math.floor(Math.random() * 90_000) * 1000;
  const lines: string[] = [];
  const jobs: number[] = [];
  tokens.forEach((_, i) => {
    const userId = byHash.get(hashes[i]!.slice(1, -1))!;
    const id = base + i;
    const vendorId = vendorIds[i % vendorIds.length]!;
    jobs.push(id);
    lines.push(
      `INSERT INTO orders (order_id, user_id, status, subtotal_cents, fee_cents, total_cents, email, phone, address, zipcode, time_zone, idempotency_key, confirmed_at, created_at, updated_at)
       VALUES (${id}, ${userId}, 'confirmed', 9000, 450, 9450, 'bench-${id}@example.com', '+1646555${String(i).padStart(4, "0")}', '1 Main St, Absarokee, MT ${BENCH_ZIP}', '${BENCH_ZIP}', '${tz}', 'bench-visit-${id}', ${now}, ${now}, ${now});`,
      `INSERT INTO service_orders (service_order_id, order_id, user_id, vendor_id, service_id, service_order_status_id, scheduled_status, promised_arrival_time, job_minutes, address, zipcode, time_zone, price_cents, vendor_payout_cents, created_at, updated_at)
       VALUES (${id}, ${id}, ${userId}, ${vendorId}, ${serviceId}, 20, 1, ${start}, 60, '1 Main St, Absarokee, MT ${BENCH_ZIP}', '${BENCH_ZIP}', '${tz}', 9000, 6300, ${now}, ${now});`,
    );
  });
  execSql(stateDir, lines);
  return jobs;
}

function openSocket(url: string, token: string): Promise<WebSocket> {
  const ws = new WebSocket(`${url.replace(/^http/, "ws")}/api/orders/live`, {
    headers: { cookie: `__Host-sid=${token}`, origin: url },
  });
  return new Promise((resolve, reject) => {
    ws.once("message", () => resolve(ws)); // hello
    ws.once("error", reject);
    ws.once("unexpected-response", (_req, res) => reject(new Error(`orders live: ${res.statusCode}`)));
  });
}

export async function run(server?: BenchServer): Promise<VisitPushFigures> {
  const own = server ? null : await serveBuiltWorker({ port: 4334, stateDir: ".wrangler/bench-visits" });
  const target = server ?? { url: own!.url, stateDir: ".wrangler/bench-visits" };
  try {
    const fx = insertFixture(target.stateDir, { vendors: 4 });
    const vendorTokens = vendorSessions(target.stateDir, fx.vendorIds);
    const customers = insertCustomers(target.stateDir, VISITS + WARMUP);
    const jobs = insertAcceptedJobs(target.stateDir, customers, fx.vendorIds, fx.serviceId, fx.tz);
    const push: number[] = [];
    let missed = 0;
    for (let i = 0; i < VISITS + WARMUP; i++) {
      const socket = await openSocket(target.url, customers[i]!);
      const soId = jobs[i]!;
      const arrived = new Promise<number>((resolve) => {
        socket.on("message", (data: WebSocket.RawData) => {
          const event = JSON.parse(String(data)) as { type: string; service_order_id?: number };
          if (event.type === "order.changed" && event.service_order_id === soId) resolve(performance.now());
        });
      });
      const t0 = performance.now();
      const tap = await benchFetch(`${target.url}/api/vendor/me/visit-step`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          cookie: `__Host-sid=${vendorTokens[i % fx.vendorIds.length]!}`,
          origin: target.url,
        },
        body: JSON.stringify({ service_order_id: soId, step: "on_the_way" }),
      });
      if (tap.status !== 200) throw new Error(`visit-step: ${tap.status} ${await tap.text()}`);
      const t1 = await Promise.race([arrived, new Promise<number>((r) => setTimeout(() => r(-1), 5_000))]);
      socket.close();
      if (i < WARMUP) continue;
      if (t1 < 0) missed += 1;
      else push.push(t1 - t0);
    }
    return { push: summarize(push), missed };
  } finally {
    own?.stop();
  }
}

export function report(f: VisitPushFigures): string[] {
  const fmt = (n: number) => n.toFixed(2);
  return [
    `visit push latency, the pro's "On my way" tap to order.changed on the customer's socket (${f.push.n} visits, ${f.missed} missed): median ${fmt(f.push.median)} ms, p99 ${fmt(f.push.p99)} ms; target p99 < 100 ms: ${verdict(f.push.p99, 100)}`,
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  run()
    .then((f) => {
      for (const line of report(f)) console.log(line);
    })
    .catch((e) => {
      console.error(e);
      process.exit(1);
    });
}
