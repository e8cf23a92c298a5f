/**
 * Holds per second on one vendor object, measured inside workerd: the bench-only Worker of
 * bench/workers/calendar-object.ts calls the object's placeHold RPC with 20 calls in flight, so neither the
 * local HTTP stack nor the cart's own D1 writes are in the figure (holds.bench.ts measures those through
 * HTTP). Runs on the bench's D1 state with fresh vendors; the first object is warmed off the clock.
 */
import { spawn } from "node:child_process";
import type { ObjectRun, ObjectRunResult } from "./workers/calendar-object";
import { insertFixture, localDay } from "./fixture";
import { assertPortFree, stopGroupOnExit } from "./processes";
import { verdict } from "./stats";

export interface ObjectHoldsFigures {
  holds: number;
  requests: number;
  refused: Record<string, number>;
  /** Holds per second until the last answer. */
  answeredPerSecond: number;
  /** Holds per second until every hold is in D1's vendor_busy. */
  projectedPerSecond: number;
}

/** Five starts a day three hours apart: never in each other's padding. */
const TIMES = ["06:00", "09:00", "12:00", "15:00", "18:00"];
const HOLDS = 300;

export async function runObjectHolds(stateDir: string, port = 4333): Promise<ObjectHoldsFigures> {
  await assertPortFree(port, "wrangler dev, the calendar-object bench Worker");
  const child = spawn(
    "npx",
    [
      "wrangler",
      "dev",
      "--config",
      "bench/workers/calendar-object.toml",
      "--port",
      String(port),
      "--persist-to",
      stateDir,
      "--show-interactive-dev-session=false",
    ],
    { env: { ...process.env, WRANGLER_SEND_METRICS: "false", NO_COLOR: "1" }, stdio: "ignore", detached: true },
  );
  const stop = stopGroupOnExit(child);
  try {
    const url = `http://localhost:${port}`;
    await waitUp(url);
    const fx = insertFixture(stateDir, { vendors: 2 });
    const [warm, measured] = fx.vendorIds as [number, number];
    const dates = (n: number) =>
      Array.from(
        { length: n },
        (_, i) => `${localDay(fx.tz, 2 + Math.floor(i / TIMES.length))} ${TIMES[i % TIMES.length]}`,
      );
    await drive(url, { vendorId: warm, selectedDates: dates(40), durationMinutes: 60, inFlight: 20 });
    const r = await drive(url, { vendorId: measured, selectedDates: dates(HOLDS), durationMinutes: 60, inFlight: 20 });
    return {
      holds: r.granted,
      requests: HOLDS,
      refused: r.refused,
      answeredPerSecond: (r.granted / Math.max(r.answeredMs, 1)) * 1000,
      projectedPerSecond: (r.granted / Math.max(r.projectedMs, 1)) * 1000,
    };
  } finally {
    stop();
  }
}

export function reportObjectHolds(f: ObjectHoldsFigures): string {
  const refused = Object.entries(f.refused)
    .map(([code, n]) => `${n} ${code}`)
    .join(", ");
  return `holds/s on one vendor object (placeHold RPC inside workerd, 20 in flight): ${f.answeredPerSecond.toFixed(0)} answered, ${f.projectedPerSecond.toFixed(0)} with their D1 projection landed (${f.holds}/${f.requests} granted${refused ? `; refused ${refused}` : ""}); target >= 500: ${verdict(f.answeredPerSecond, 500, false)}`;
}

async function drive(url: string, run: ObjectRun): Promise<ObjectRunResult> {
  const res = await fetch(url, { method: "POST", body: JSON.stringify(run) });
  if (!res.ok) throw new Error(`calendar-object bench worker answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as ObjectRunResult;
}

async function waitUp(url: string): Promise<void> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      await fetch(url, { method: "HEAD" });
      return;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error("the calendar-object bench worker did not start within 90 s");
    await new Promise((r) => setTimeout(r, 300));
  }
}
