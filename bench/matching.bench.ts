/**
 * Professional matching through HTTP on the built Worker: POST /api/booking/getServicesData processType 2
 * for a ZIP with 200 vendors in range (30% pro; half of them with 6 booked jobs in the window, the other
 * half free all week), 200 sequential
 * requests. docs/architecture.md section 3: one D1 query for the vendors, one for their busy rows, then pure computation.
 * Target: median under 50 ms.
 *
 * Run: npx vite build && npx tsx bench/matching.bench.ts
 * A bench runner imports { run } and may pass a server it already started ({ url, stateDir }).
 */
import { pathToFileURL } from "node:url";
import { BENCH_ZIP, benchFetch, insertFixture, type BenchServer } from "./fixture";
import { serveBuiltWorker } from "./serve";
import { summarize, verdict } from "./stats";

export interface MatchingFigures {
  vendors: number;
  /** Share of vendors with booked jobs in the window. */
  busyShare: number;
  requests: number;
  median: number;
  p99: number;
  /** Start times listed in the window and the busiest slot's vendor count, to show the answer is real. */
  slots: number;
  maxVendorsPerSlot: number;
}

export const MATCHING_TARGET_MS = 50;

export async function run(
  server?: BenchServer,
  opts: { vendors?: number; requests?: number; busyShare?: number } = {},
): Promise<MatchingFigures> {
  const own = server ? null : await serveBuiltWorker({ port: 4332, stateDir: ".wrangler/bench-matching" });
  const target = server ?? { url: own!.url, stateDir: ".wrangler/bench-matching" };
  const vendors = opts.vendors ?? 200;
  const requests = opts.requests ?? 200;
  try {
    const busyShare = opts.busyShare ?? 0.5;
    const fx = insertFixture(target.stateDir, { vendors, proShare: 0.3, bookingsPerVendor: 6, busyShare });
    const body = JSON.stringify({
      processType: 2,
      zipCode: BENCH_ZIP,
      services: [{ serviceId: fx.serviceId }],
      cart: [],
    });
    const ask = async () => {
      const res = await benchFetch(`${target.url}/api/booking/getServicesData`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
      });
      const json = (await res.json()) as any;
      if (res.status !== 200) throw new Error(`getServicesData answered ${res.status}: ${JSON.stringify(json)}`);
      return json;
    };
    for (let i = 0; i < 10; i++) await ask(); // warm the isolate and D1's page cache
    const samples: number[] = [];
    let last: any = null;
    for (let i = 0; i < requests; i++) {
      const t0 = performance.now();
      last = await ask();
      samples.push(performance.now() - t0);
    }
    const answer = last.data[0];
    const counted = answer.standard_vendor_count + answer.pro_vendor_count;
    if (counted < vendors) throw new Error(`only ${counted} of ${vendors} vendors are in range of ${BENCH_ZIP}`);
    let slots = 0;
    let maxVendorsPerSlot = 0;
    for (const d of answer.days) {
      for (const s of d.slots) {
        slots += 1;
        maxVendorsPerSlot = Math.max(maxVendorsPerSlot, s.standard_vendor_count + s.pro_vendor_count);
      }
    }
    const { median, p99, n } = summarize(samples);
    return { vendors: counted, busyShare, requests: n, median, p99, slots, maxVendorsPerSlot };
  } finally {
    own?.stop();
  }
}

export function report(f: MatchingFigures): string[] {
  return [
    `matching (getServicesData processType 2, ${f.vendors} vendors in range, ${Math.round(f.busyShare * 100)}% with 6 jobs in the window, ${f.requests} sequential requests, built Worker): median ${f.median.toFixed(2)} ms, p99 ${f.p99.toFixed(2)} ms; target median < ${MATCHING_TARGET_MS} ms: ${verdict(f.median, MATCHING_TARGET_MS)} (${f.slots} start times listed, up to ${f.maxVendorsPerSlot} vendors free in one)`,
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  // --busy-share 1 gives every vendor booked jobs (no two vendors share a computed calendar).
  const at = process.argv.indexOf("--busy-share");
  run(undefined, at > 0 ? { busyShare: Number(process.argv[at + 1]) } : {})
    .then((f) => {
      for (const line of report(f)) console.log(line);
    })
    .catch((e) => {
      console.error(e);
      process.exit(1);
    });
}
