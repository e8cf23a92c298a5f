/**
 * Holds through HTTP on the built Worker (POST /api/booking/service-add-cart, each call a new visitor cart
 * plus a hold in the vendor's Durable Object and its D1 projection): holds per second on one vendor, across
 * 50 vendors, and the storm (200 concurrent requests for one slot must grant exactly one hold).
 *
 * Run: npx vite build && npx tsx bench/holds.bench.ts
 * A bench runner imports { run } and may pass a server it already started ({ url, stateDir }).
 */
import { pathToFileURL } from "node:url";
import { reportObjectHolds, runObjectHolds, type ObjectHoldsFigures } from "./holds-object.bench";
import { serveBuiltWorker } from "./serve";
import { BENCH_ZIP, benchFetch, insertFixture, localDay, sqlRows, type BenchServer } from "./fixture";

export interface HoldsFigures {
  oneVendor: { holds: number; requests: number; seconds: number; perSecond: number };
  fiftyVendors: { holds: number; requests: number; seconds: number; perSecond: number };
  storm: { requests: number; granted: number; refused: number; otherStatuses: number; busyRows: number };
  /** What the same server answers per second for a bare 404 with 20 in flight: the HTTP path's own ceiling. */
  bareRequestsPerSecond: number;
  object: ObjectHoldsFigures;
}

let keyCounter = 0;

async function addToCart(url: string, serviceId: number, vendorId: number, selectedDate: string): Promise<number> {
  const res = await benchFetch(`${url}/api/booking/service-add-cart`, {
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
        const res = await benchFetch(`${target.url}/api/bench-bare-request`, {});
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
