/**
 * Live offers through HTTP and a real WebSocket on the built Worker: a pro's dashboard socket is open
 * (GET /api/vendor/me/live); a customer books that pro and pays; the figure is the time from the
 * completeOrder request (the payment is confirmed, the order commits) to the offer.new message on the
 * pro's socket (main-details, the page's resync, has its own bench).
 *
 * Run: npx vite build && npx tsx bench/offer-push.bench.ts
 */
import { createHash, randomBytes } from "node:crypto";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import WebSocket from "ws";
import { client, insertCustomers, key, paidDraft } from "./complete-order.bench";
import { insertFixture, localDay, type BenchServer } from "./fixture";
import { serveBuiltWorker } from "./serve";
import { summarize, verdict } from "./stats";

export interface OfferPushFigures {
  push: { median: number; p99: number; n: number };
  missed: number;
}

const ITERATIONS = 200;
/** Untimed orders first: the isolate, the vendors' objects and their sockets warm up. */
const WARMUP = 10;
const TIMES = ["06:00", "09:00", "12:00", "15:00", "18:00"];

/** Sessions for the fixture's vendors (their users get the vendor id), written straight into D1. */
export function vendorSessions(stateDir: string, vendorIds: readonly number[]): string[] {
  const now = Date.now();
  const tokens: string[] = [];
  const lines: string[] = [];
  for (const id of vendorIds) {
    const token = randomBytes(32).toString("base64url");
    tokens.push(token);
    const hash = createHash("sha256").update(token).digest("hex");
    lines.push(
      `UPDATE users SET vendor_id = ${id} WHERE user_id = ${id};`,
      `INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES ('${hash}', ${id}, ${now}, ${now + 86_400_000});`,
    );
  }
  const dir = mkdtempSync(join(tmpdir(), "bench-vendors-"));
  const file = join(dir, "vendors.sql");
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
  return tokens;
}

function openSocket(url: string, token: string): Promise<WebSocket> {
  const ws = new WebSocket(`${url.replace(/^http/, "ws")}/api/vendor/me/live`, {
    headers: { cookie: `__Host-sid=${token}`, origin: url },
  });
  return new Promise((resolve, reject) => {
    ws.once("message", () => resolve(ws)); // hello
    ws.once("error", reject);
    ws.once("unexpected-response", (_req, res) => reject(new Error(`live: ${res.statusCode}`)));
  });
}

export async function run(server?: BenchServer): Promise<OfferPushFigures> {
  const own = server ? null : await serveBuiltWorker({ port: 4333, stateDir: ".wrangler/bench-offers" });
  const target = server ?? { url: own!.url, stateDir: ".wrangler/bench-offers" };
  try {
    const fx = insertFixture(target.stateDir, { vendors: 4 });
    const vendorTokens = vendorSessions(target.stateDir, fx.vendorIds);
    const customers = insertCustomers(target.stateDir, ITERATIONS + WARMUP);
    const sockets = await Promise.all(vendorTokens.map((t) => openSocket(target.url, t)));
    const push: number[] = [];
    let missed = 0;
    for (let i = 0; i < ITERATIONS + WARMUP; i++) {
      const v = i % fx.vendorIds.length;
      const n = Math.floor(i / fx.vendorIds.length);
      const when = `${localDay(fx.tz, 2 + Math.floor(n / TIMES.length))} ${TIMES[n % TIMES.length]}`;
      const call = client(target.url, customers[i]!);
      const { orderId } = await paidDraft(call, fx.serviceId, fx.vendorIds[v]!, when);
      const arrived = new Promise<number>((resolve) => {
        const onMessage = (data: WebSocket.RawData) => {
          const event = JSON.parse(String(data)) as { type: string };
          if (event.type !== "offer.new") return;
          sockets[v]!.off("message", onMessage);
          resolve(performance.now());
        };
        sockets[v]!.on("message", onMessage);
      });
      const t0 = performance.now();
      const done = await call("/api/checkout/completeOrder", { idempotencyKey: key("done"), order_id: orderId });
      if (done.status !== 201) throw new Error(`complete: ${done.status} ${JSON.stringify(done.body)}`);
      const t1 = await Promise.race([arrived, new Promise<number>((r) => setTimeout(() => r(-1), 5_000))]);
      if (i < WARMUP) continue;
      if (t1 < 0) missed += 1;
      else push.push(t1 - t0);
    }
    for (const s of sockets) s.close();

    return { push: summarize(push), missed };
  } finally {
    own?.stop();
  }
}

export function report(f: OfferPushFigures): string[] {
  const fmt = (n: number) => n.toFixed(2);
  const lines = [
    `offer push latency, completeOrder request to offer.new on the pro's socket (${f.push.n} orders, ${f.missed} missed): median ${fmt(f.push.median)} ms, p99 ${fmt(f.push.p99)} ms; target p99 < 100 ms: ${verdict(f.push.p99, 100)}`,
  ];
  return lines;
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
