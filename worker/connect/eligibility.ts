import type { DrizzleD1Database } from "drizzle-orm/d1";
import { DAY_MS } from "../../domain/calendar/time";
import { formatWhen } from "../../domain/slot-format";
import { geoFromEnv } from "../adapters/geo";
import { vendorsInRange, vendorsNearQuery, zipPlaceOrFail } from "../catalogue/queries";
import { loadMarket } from "../calendar/market";
import { vendorFreeAt } from "../calendar/search";
import { fail } from "../http/errors";

/**
 * Which pros can take a business (connect) request (docs/decisions/123-connect-candidates-by-range-and-time.md):
 * the booking search's own rules, so staff can never assign, offer or reassign a request to a pro the
 * booking search would not show for it. A pro can take it when they are active and not soft-banned, offer
 * the service (not restricted), their range reaches the request's ZIP (the catalogue's in-range query,
 * haversine from their base), and D1's busy projection shows them free for the whole connect job at its
 * time (the search's isFreeAt with is_connect, domain/calendar). The pro's calendar object re-checks the time
 * when the request is scheduled; a request's pro list is this, nearest first.
 */

export interface ConnectSlot {
  service_id: number;
  zipcode: string;
  starts_at: number;
  /** The job's length: sessions x the service's length (one session until the pro picks more). */
  minutes: number;
  time_zone: string;
}

export interface ConnectCandidate {
  vendor_id: number;
  display_name: string;
  distance_miles: number;
  /** Free for the whole job at its time (the search projection; the calendar object decides at scheduling). */
  free: boolean;
}

/** Every pro whose range reaches the request and who offers its service, nearest first, with whether they are free. */
export async function connectCandidates(
  env: Env,
  db: DrizzleD1Database,
  slot: ConnectSlot,
  now: number,
): Promise<ConnectCandidate[]> {
  const place = await zipPlaceOrFail(geoFromEnv(env, db), slot.zipcode, "zipcode");
  const near = vendorsInRange(await vendorsNearQuery(db, place), place).filter((v) => v.offers.has(slot.service_id));
  const market = await loadMarket(db, near, [slot.service_id], now, {
    spanDays: Math.max(1, Math.ceil((slot.starts_at - now) / DAY_MS) + 1),
  });
  const free = new Set(
    market.candidates
      .filter((v) =>
        vendorFreeAt(
          { settings: v.settings, busy: v.busy, durationMinutes: slot.minutes, isConnect: true, now },
          slot.starts_at,
        ),
      )
      .map((v) => v.vendorId),
  );
  return near
    .map((v) => ({
      vendor_id: v.vendor_id,
      display_name: v.display_name,
      distance_miles: v.distance_miles,
      free: free.has(v.vendor_id),
    }))
    .sort((a, b) => a.distance_miles - b.distance_miles);
}

/**
 * The pros among `vendorIds` who can take the request, or the catalogue error for the first who cannot:
 * INVALID_INPUT on `field` when they cannot take it at all (inactive, not offering the service, their range
 * does not reach the address), CONNECT_PRO_NOT_FREE when they are not free at its time (unless `requireFree`
 * is false: a caller whose next step asks the pro's calendar object, which names the reason).
 */
export async function prosWhoCanTakeAt(
  env: Env,
  db: DrizzleD1Database,
  vendorIds: readonly number[],
  slot: ConnectSlot,
  now: number,
  opts: { field?: string; requireFree?: boolean } = {},
): Promise<ConnectCandidate[]> {
  const field = opts.field ?? "vendor_id";
  const all = new Map((await connectCandidates(env, db, slot, now)).map((c) => [c.vendor_id, c]));
  const out: ConnectCandidate[] = [];
  for (const id of vendorIds) {
    const c = all.get(id);
    if (!c) {
      fail("INVALID_INPUT", {
        [field]:
          "This pro can't take this request: they don't offer the service or their area doesn't reach the address.",
      });
    }
    if (!c.free && opts.requireFree !== false) {
      fail("CONNECT_PRO_NOT_FREE", {
        [field]: `${c.display_name} isn't free on ${formatWhen(slot.starts_at, slot.time_zone)}.`,
      });
    }
    out.push(c);
  }
  return out;
}
