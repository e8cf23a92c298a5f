/**
 * A bench-only Worker (never deployed; wrangler.toml does not name it): drives one vendor's VendorCalendar
 * object through its placeHold RPC from inside workerd, 20 calls in flight, so the figure is the object's own
 * throughput without the HTTP stack and the cart's D1 writes in front of it. bench/holds.bench.ts serves it
 * with `wrangler dev --config bench/workers/calendar-object.toml` on the bench's D1 state.
 */
import { drizzle } from "drizzle-orm/d1";
import { localToInstant } from "../../domain/calendar/time";
import type { HoldAnswer } from "../../durable/calendar/rpc-types";
import { loadSettings } from "../../worker/calendar/market";

export { VendorCalendar } from "../../worker/vendor-calendar";

export interface ObjectRun {
  vendorId: number;
  /** "YYYY-MM-DD HH:MM" in the vendor's zone, one hold each. */
  selectedDates: string[];
  durationMinutes: number;
  inFlight: number;
}

export interface ObjectRunResult {
  granted: number;
  refused: Record<string, number>;
  /** From the first call to the last answer, as the Worker's clock sees it (it moves with every answer). */
  answeredMs: number;
  /** From the first call until the object reports every hold in D1's vendor_busy. */
  projectedMs: number;
}

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    if (request.method !== "POST") return new Response(null, { status: 204 });
    const run = (await request.json()) as ObjectRun;
    const settings = (await loadSettings(drizzle(env.DB), [run.vendorId])).get(run.vendorId);
    if (!settings) return Response.json({ error: `vendor ${run.vendorId} not found` }, { status: 404 });
    const calendar = env.VENDOR_CALENDAR.get(env.VENDOR_CALENDAR.idFromName(String(run.vendorId)));
    const now = Date.now();
    // First use adopts the vendor's D1 bookings: off the clock.
    await calendar.projected({ vendorId: run.vendorId, now });

    const answers: HoldAnswer[] = [];
    let next = 0;
    const t0 = Date.now();
    await Promise.all(
      Array.from({ length: run.inFlight }, async () => {
        while (next < run.selectedDates.length) {
          const [date, time] = run.selectedDates[next++]!.split(" ") as [string, string];
          answers.push(
            await calendar.placeHold({
              settings,
              now,
              start: localToInstant(date, time, settings.tz),
              durationMinutes: run.durationMinutes,
              idempotencyKey: `bench-object-${crypto.randomUUID()}`,
            }),
          );
        }
      }),
    );
    const answeredMs = Date.now() - t0;
    await calendar.projected({ vendorId: run.vendorId, now });
    const projectedMs = Date.now() - t0;
    const refused: Record<string, number> = {};
    for (const a of answers) if (!a.ok) refused[a.code] = (refused[a.code] ?? 0) + 1;
    const result: ObjectRunResult = {
      granted: answers.filter((a) => a.ok).length,
      refused,
      answeredMs,
      projectedMs,
    };
    return Response.json(result);
  },
} satisfies ExportedHandler<Env>;
