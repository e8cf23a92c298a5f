import type { DrizzleD1Database } from "drizzle-orm/d1";
import { FAVOURITE_LIMIT } from "../../domain/visit-plan";
import { fail } from "../http/errors";
import { nextFreeTimes } from "./next-free";

/**
 * A customer's favourite pros (docs/decisions/153-book-again-and-favourite-pros.md): at most FAVOURITE_LIMIT,
 * enforced in the insert itself so parallel adds cannot pass it; adding twice or removing a pro who is not a
 * favourite changes nothing. Lists show active pros only, each with their next free time.
 */

export interface FavouritePro {
  vendor_id: number;
  display_name: string;
  photo: string | null;
  /** The pro's next free start for their shortest service, local "YYYY-MM-DD HH:MM"; null: none soon. */
  next_free: string | null;
  time_zone: string;
}

/** How far ahead a favourite's next free time is looked for (bounded: the home page renders it). */
const HORIZON_DAYS = 14;

export async function addFavourite(d1: D1Database, userId: number, vendorId: number, now: number): Promise<void> {
  const inserted = await d1
    .prepare(
      `INSERT INTO favourite_pros (user_id, vendor_id, created_at)
       SELECT ?1, ?2, ?3 WHERE (SELECT COUNT(*) FROM favourite_pros WHERE user_id = ?1) < ?4
         AND EXISTS (SELECT 1 FROM vendors WHERE vendor_id = ?2 AND status = 'active')
       ON CONFLICT (user_id, vendor_id) DO NOTHING`,
    )
    .bind(userId, vendorId, now, FAVOURITE_LIMIT)
    .run();
  if (inserted.meta.changes) return;
  const state = await d1
    .prepare(
      `SELECT (SELECT status FROM vendors WHERE vendor_id = ?2) AS status,
              EXISTS (SELECT 1 FROM favourite_pros WHERE user_id = ?1 AND vendor_id = ?2) AS already`,
    )
    .bind(userId, vendorId)
    .first<{ status: string | null; already: number }>();
  if (state?.already) return;
  if (!state?.status) fail("NOT_FOUND");
  if (state.status !== "active") fail("FAVOURITE_PRO_INACTIVE");
  fail("FAVOURITES_LIMIT");
}

export async function removeFavourite(d1: D1Database, userId: number, vendorId: number): Promise<void> {
  await d1.prepare("DELETE FROM favourite_pros WHERE user_id = ? AND vendor_id = ?").bind(userId, vendorId).run();
}

export async function isFavourite(d1: D1Database, userId: number, vendorId: number): Promise<boolean> {
  const row = await d1
    .prepare("SELECT 1 AS yes FROM favourite_pros WHERE user_id = ? AND vendor_id = ?")
    .bind(userId, vendorId)
    .first<{ yes: number }>();
  return row !== null;
}

/** The customer's active favourite pros, newest first, with their next free time. */
export async function listFavourites(
  d1: D1Database,
  db: DrizzleD1Database,
  userId: number,
  now: number,
  limit = FAVOURITE_LIMIT,
): Promise<FavouritePro[]> {
  const rows = await d1
    .prepare(
      `SELECT v.vendor_id, v.display_name, v.photo,
              (SELECT MIN(s.duration_minutes) FROM vendor_services vs JOIN services s ON s.service_id = vs.service_id
               WHERE vs.vendor_id = v.vendor_id AND vs.enabled = 1 AND vs.restricted_at IS NULL AND s.enable = 1) AS minutes
       FROM favourite_pros f JOIN vendors v ON v.vendor_id = f.vendor_id
       WHERE f.user_id = ? AND v.status = 'active'
       ORDER BY f.created_at DESC, v.vendor_id LIMIT ?`,
    )
    .bind(userId, limit)
    .all<{ vendor_id: number; display_name: string; photo: string | null; minutes: number | null }>();
  const asks = rows.results
    .filter((r) => r.minutes !== null)
    .map((r) => ({ vendorId: r.vendor_id, minutes: r.minutes! }));
  const free = await nextFreeTimes(db, asks, { now, count: 1, horizonDays: HORIZON_DAYS });
  return rows.results.map((r) => {
    const f = free.get(r.vendor_id);
    return {
      vendor_id: r.vendor_id,
      display_name: r.display_name,
      photo: r.photo,
      next_free: f?.times[0] ?? null,
      time_zone: f?.time_zone ?? "",
    };
  });
}
