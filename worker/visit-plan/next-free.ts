import type { DrizzleD1Database } from "drizzle-orm/d1";
import { DAY_MS, formatLocal } from "../../domain/calendar/time";
import { loadSettings } from "../calendar/market";
import { busyByVendor, busyQuery, vendorFreeSlots } from "../calendar/search";

/**
 * A pro's next free start times for a visit of a given length, from D1's busy projection and the pro's
 * settings (the same computation as the booking page's slot picker; no Durable Object is called). One D1
 * batch for any number of pros; `horizonDays` bounds the work per pro (the home page asks for two weeks).
 */
export interface FreeAsk {
  vendorId: number;
  minutes: number;
  isConnect?: boolean;
}

/** Per vendor, up to `count` free starts as the wire's local "YYYY-MM-DD HH:MM" in the pro's zone. */
export async function nextFreeTimes(
  db: DrizzleD1Database,
  asks: readonly FreeAsk[],
  opts: { now: number; count: number; horizonDays: number },
): Promise<Map<number, { times: string[]; time_zone: string }>> {
  const out = new Map<number, { times: string[]; time_zone: string }>();
  if (asks.length === 0) return out;
  const ids = [...new Set(asks.map((a) => a.vendorId))];
  const [settings, busyRows] = await Promise.all([
    loadSettings(db, ids),
    busyQuery(db, ids, opts.now, opts.now - DAY_MS, opts.now + (opts.horizonDays + 2) * DAY_MS),
  ]);
  const busy = busyByVendor(busyRows);
  for (const ask of asks) {
    const s = settings.get(ask.vendorId);
    if (!s) continue;
    const result = vendorFreeSlots({
      settings: s,
      busy: busy.get(ask.vendorId) ?? [],
      durationMinutes: ask.minutes,
      isConnect: ask.isConnect ?? false,
      now: opts.now,
      horizonDays: opts.horizonDays,
    });
    const times: string[] = [];
    for (const day of result.days) {
      for (const start of day.starts) {
        if (times.length >= opts.count) break;
        times.push(formatLocal(start, s.tz));
      }
      if (times.length >= opts.count) break;
    }
    out.set(ask.vendorId, { times, time_zone: s.tz });
  }
  return out;
}
