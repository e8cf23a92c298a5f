import { eq } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { SAME_DAY_LEAD_MINUTES } from "../../domain/calendar/slots";
import { DAY_MS, MINUTE_MS } from "../../domain/calendar/time";
import { offerMisfit } from "../../domain/offer-rules";
import { customerVendorExclusions } from "../../schema/tables/vendors";
import type { ZipPlace } from "../adapters/geo/port";
import { vendorsInRange, vendorsNearQuery } from "../catalogue/queries";
import { loadMarket } from "../calendar/market";
import { busyByVendor, busyQuery, vendorFreeAt } from "../calendar/search";
import { vendorSettingsQuery, toVendorSettings } from "../calendar/settings";

/**
 * Who is offered a job (docs/architecture.md section 3 "Who gets a job"; docs/decisions/032-checkout-and-job-offers.md).
 * A job whose vendor the customer chose is offered to that vendor only. An "any pro" job is offered to the
 * vendors whose range reaches the service address, who offer the service and whom D1's busy projection
 * shows free at the job's time (the same rule the vendor object applies when the offer is accepted), the
 * vendor that held the time during checkout among them (its own hold does not count against it), the hinted
 * vendor first, then the holding one, then nearest first, at most MAX_OFFERS_PER_JOB.
 * Vendors the customer excluded are never offered the job.
 */
export const MAX_OFFERS_PER_JOB = 10;

export interface OfferLine {
  serviceId: number;
  start: number;
  minutes: number;
  isConnect: boolean;
  holdId: string;
  holdVendorId: number;
  chosenVendorId: number | null;
  hint: number | null;
}

/** An offer can be accepted until the lead time before the job (a vendor object refuses sooner starts). */
export function offerExpiresAt(start: number): number {
  return start - SAME_DAY_LEAD_MINUTES * MINUTE_MS;
}

/** Candidate vendor ids per line, in line order. */
export async function jobCandidates(
  db: DrizzleD1Database,
  place: ZipPlace,
  userId: number,
  lines: readonly OfferLine[],
  now: number,
): Promise<number[][]> {
  const open = lines.filter((l) => l.chosenVendorId === null);
  if (open.length === 0) return lines.map((l) => [l.chosenVendorId!]);
  const [nearRows, excludedRows] = await db.batch([
    vendorsNearQuery(db, place),
    db
      .select({ vendor_id: customerVendorExclusions.vendor_id })
      .from(customerVendorExclusions)
      .where(eq(customerVendorExclusions.user_id, userId)),
  ]);
  const excluded = new Set(excludedRows.map((r) => r.vendor_id));
  const near = vendorsInRange(nearRows, place).filter((v) => !excluded.has(v.vendor_id));
  const lastStart = Math.max(...open.map((l) => l.start));
  const market = await loadMarket(db, near, [...new Set(open.map((l) => l.serviceId))], now, {
    spanDays: Math.max(1, Math.ceil((lastStart - now) / DAY_MS) + 1),
    exclude: { holds: new Set(open.map((l) => l.holdId)) },
  });
  return lines.map((l) => {
    if (l.chosenVendorId !== null) return [l.chosenVendorId];
    const free = market.candidates.filter(
      (v) =>
        v.offers.has(l.serviceId) &&
        (v.vendorId === l.holdVendorId ||
          vendorFreeAt(
            { settings: v.settings, busy: v.busy, durationMinutes: l.minutes, isConnect: l.isConnect, now },
            l.start,
          )),
    );
    const rank = (id: number) => (id === l.hint ? 0 : id === l.holdVendorId ? 1 : 2);
    free.sort((a, b) => rank(a.vendorId) - rank(b.vendorId) || a.distance_miles - b.distance_miles);
    return free.slice(0, MAX_OFFERS_PER_JOB).map((v) => v.vendorId);
  });
}

/**
 * Of `vendorIds`, those whose time the job still fits by D1's projection (domain/offer-rules.ts offerMisfit:
 * weekly hours, "Not working" days, time off, other bookings; decision 129), in the order given. The job's own
 * booking (on the calendar checkout booked) does not count against its vendor. For offers made again without
 * the checkout's search (the last call, worker/jobs/offer-rounds.ts): hours or bookings may have changed since.
 */
export async function vendorsJobFits(
  db: DrizzleD1Database,
  vendorIds: readonly number[],
  job: { serviceOrderId: number; start: number; minutes: number; isConnect: boolean },
  now: number,
): Promise<number[]> {
  if (vendorIds.length === 0) return [];
  const end = job.start + job.minutes * MINUTE_MS;
  const [settingRows, busyRows] = await db.batch([
    vendorSettingsQuery(db, vendorIds),
    busyQuery(db, vendorIds, now, job.start - DAY_MS, end + DAY_MS),
  ]);
  const settings = new Map(settingRows.map((r) => [r.vendor_id, toVendorSettings(r)]));
  const busy = busyByVendor(busyRows, { bookings: new Set([String(job.serviceOrderId)]) });
  return vendorIds.filter((id) => {
    const s = settings.get(id);
    if (!s) return false;
    return (
      offerMisfit({
        settings: s,
        busy: busy.get(id) ?? [],
        now,
        start: job.start,
        durationMinutes: job.minutes,
        isConnect: job.isConnect,
      }) === null
    );
  });
}
