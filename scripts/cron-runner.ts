import { spawn, type ChildProcess } from "node:child_process";
import { sqlRows } from "../bench/fixture";
import { stopGroupOnExit } from "../bench/processes";

/**
 * Runs the Worker's cron locally the way Cloudflare does: `wrangler dev` serves worker/api-entry.ts on a
 * local state (D1, Durable Objects and the CRON_QUEUE producer and consumer from wrangler.toml), a tick is
 * fired through the scheduled-handler test route, and the queue consumer drains what the tick enqueued.
 * Used by `npm run cron` (scripts/cron.ts) and the cron benchmark (bench/cron.bench.ts).
 */
export interface CronWorker {
  url: string;
  stateDir: string;
  /** The scheduled handler's "cron.tick" log lines seen so far (what each tick enqueued). */
  ticks: Array<{ now: number; enqueued: Record<string, number> }>;
  stop(): void;
}

export async function startCronWorker(opts: { stateDir: string; port: number }): Promise<CronWorker> {
  const child: ChildProcess = spawn(
    "npx",
    [
      "wrangler",
      "dev",
      "worker/api-entry.ts",
      "--config",
      "wrangler.toml",
      "--port",
      String(opts.port),
      "--persist-to",
      opts.stateDir,
      "--test-scheduled",
      "--show-interactive-dev-session=false",
    ],
    {
      env: { ...process.env, WRANGLER_SEND_METRICS: "false", NO_COLOR: "1" },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    },
  );
  const ticks: CronWorker["ticks"] = [];
  let output = "";
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    const lines = output.split("\n");
    output = lines.pop() ?? "";
    for (const line of lines) {
      const at = line.indexOf('{"at":"cron.tick"');
      if (at >= 0) {
        try {
          ticks.push(JSON.parse(line.slice(at)) as CronWorker["ticks"][number]);
        } catch {
          /* a partial line */
        }
      }
    }
  };
  child.stdout!.on("data", onData);
  child.stderr!.on("data", onData);
  const url = `http://127.0.0.1:${opts.port}`;
  // Also stopped when the run ends whichever way (an error, Ctrl-C), so it never keeps the port.
  const stop = stopGroupOnExit(child);
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      const res = await fetch(`${url}/api/shell`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      stop();
      throw new Error("wrangler dev did not start within 120 s");
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return { url, stateDir: opts.stateDir, ticks, stop };
}

/** Fires one tick at `time` (ms) and answers what it enqueued and how long the handler took. */
export async function tick(
  worker: CronWorker,
  time: number,
): Promise<{ enqueued: Record<string, number>; ms: number }> {
  const before = worker.ticks.length;
  const started = performance.now();
  const res = await fetch(
    `${worker.url}/cdn-cgi/handler/scheduled?time=${time}&cron=${encodeURIComponent("*/5 * * * *")}`,
  );
  const ms = performance.now() - started;
  if (!res.ok) throw new Error(`the scheduled handler failed: ${res.status} ${await res.text()}`);
  for (let i = 0; i < 50 && worker.ticks.length === before; i++) await new Promise((r) => setTimeout(r, 100));
  return { enqueued: worker.ticks[worker.ticks.length - 1]?.enqueued ?? {}, ms };
}

/** Waits until the consumer has done `expected` items of the tick at `time` (or `timeoutMs` passes). */
export async function drain(
  worker: CronWorker,
  time: number,
  expected: number,
  timeoutMs = 600_000,
): Promise<{ done: Array<{ kind: string; outcome: string; n: number }>; ms: number }> {
  const started = performance.now();
  for (;;) {
    const done = sqlRows<{ kind: string; outcome: string; n: number }>(
      worker.stateDir,
      `SELECT kind, outcome, count(*) AS n FROM cron_items WHERE done_at = ${Number(time)} GROUP BY kind, outcome ORDER BY kind`,
    );
    const total = done.reduce((s, r) => s + r.n, 0);
    if (total >= expected || performance.now() - started > timeoutMs) {
      return { done, ms: performance.now() - started };
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}
