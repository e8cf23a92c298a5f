/**
 * The vendor dashboard's reads through HTTP on the built Worker (issue 8): POST /api/vendor/me/main-details
 * and GET /api/vendor/me/calendar (a week) for the seeded demo pro (Maya: upcoming jobs, open offers and
 * completed jobs with photos), sequential requests after a warm-up. Target: main-details median < 30 ms.
 *
 * Run: npx vite build && npx tsx bench/main-details.bench.ts
 * A bench runner imports { run } and may pass a server it already started ({ url, stateDir }).
 */
import { pathToFileURL } from "node:url";
import { serveBuiltWorker } from "./serve";
import { summarize, verdict } from "./stats";

export interface DashboardFigures {
  mainDetails: { median: number; p99: number; n: number; offers: number; upcoming: number };
  calendarWeek: { median: number; p99: number; n: number };
}

const N = 300;
const WARMUP = 20;

async function timed(n: number, call: () => Promise<Response>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const res = await call();
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    out.push(performance.now() - t0);
  }
  return out;
}

export async function run(target: { url: string }): Promise<DashboardFigures> {
  const login = await fetch(`${target.url}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: target.url },
    body: JSON.stringify({ phone: "maya@example.com", password: "demo-password" }),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status}`);
  const cookie = login.headers.get("set-cookie")!.split(";")[0]!;
  const headers = { cookie, origin: target.url, "content-type": "application/json" };
  const main = () => fetch(`${target.url}/api/vendor/me/main-details`, { method: "POST", headers, body: "{}" });
  const first = (await (await main()).json()) as {
    data: [unknown, unknown[], unknown[], [], unknown[], unknown[], number];
  };
  await timed(WARMUP, main);
  const mainSamples = await timed(N, main);
  const today = new Date().toISOString().slice(0, 10);
  const week = () => fetch(`${target.url}/api/vendor/me/calendar?from=${today}&days=7`, { headers: { cookie } });
  await timed(WARMUP, week);
  const weekSamples = await timed(N, week);
  return {
    mainDetails: { ...summarize(mainSamples), offers: first.data[5].length, upcoming: first.data[1].length },
    calendarWeek: summarize(weekSamples),
  };
}

export function report(f: DashboardFigures): string[] {
  const ms = (n: number) => n.toFixed(2);
  return [
    `vendor main-details (${f.mainDetails.n} sequential, demo pro with ${f.mainDetails.upcoming} upcoming jobs and ${f.mainDetails.offers} offers): median ${ms(f.mainDetails.median)} ms, p99 ${ms(f.mainDetails.p99)} ms; target median < 30 ms: ${verdict(f.mainDetails.median, 30)}`,
    `vendor calendar, one week (${f.calendarWeek.n} sequential): median ${ms(f.calendarWeek.median)} ms, p99 ${ms(f.calendarWeek.p99)} ms`,
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
  const server = await serveBuiltWorker({ port: 4323, stateDir: ".wrangler/bench-dashboard-state" });
  try {
    for (const line of report(await run(server))) console.log(line);
  } finally {
    server.stop();
  }
}
