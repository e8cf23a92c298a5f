import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { DAY_MS, MINUTE_MS } from "../../domain/calendar/time";
import { buildIcal, type IcalEvent } from "../../domain/ical";
import { formatCents } from "../../domain/money";
import { ServiceOrderStatus } from "../../domain/order-status";
import type { FeedView } from "../../schema/payloads/vendor-dashboard";
import { users } from "../../schema/tables/accounts";
import { services } from "../../schema/tables/catalogue";
import { serviceOrders } from "../../schema/tables/orders";
import { vendorBusy, vendors, vendorTimeOff } from "../../schema/tables/vendors";
import { randomToken, sha256Hex } from "../auth/crypto";
import { clientShortName, directionsUrl } from "./dashboard";

/**
 * The vendor's secret iCalendar feed (docs/decisions/042-ical-feed.md). The URL carries a 256-bit random
 * token; D1 keeps only its SHA-256, so the link is shown once, when it is made, and regenerating it revokes
 * the old one at once. The feed itself is built from live data on every request.
 */

/** Tokens are 32 random bytes in base64url: 43 characters. */
export const FEED_TOKEN = /^[A-Za-z0-9_-]{43}$/;
/** What the feed covers: recent history and what lies ahead. */
const PAST_DAYS = 30;
const AHEAD_DAYS = 120;

export const feedUrl = (origin: string, token: string) => `${origin}/api/calendar/${token}.ics`;

/** Makes the vendor's feed token if there is none; a feed already made answers no URL (only its hash is kept). */
export async function ensureFeed(
  db: DrizzleD1Database,
  vendorId: number,
  now: number,
  origin: string,
): Promise<FeedView> {
  const token = randomToken(32);
  const [made] = await db
    .update(vendors)
    .set({ calendar_feed_token_hash: await sha256Hex(token), calendar_feed_created_at: now })
    .where(and(eq(vendors.vendor_id, vendorId), isNull(vendors.calendar_feed_token_hash)))
    .returning({ created_at: vendors.calendar_feed_created_at });
  if (made) return { url: feedUrl(origin, token), created_at: new Date(now).toISOString() };
  const [row] = await db
    .select({ created_at: vendors.calendar_feed_created_at })
    .from(vendors)
    .where(eq(vendors.vendor_id, vendorId))
    .limit(1);
  return { url: null, created_at: row?.created_at ? new Date(row.created_at).toISOString() : null };
}

/** A new token replaces the old one: the old URL stops working with this write. */
export async function regenerateFeed(
  db: DrizzleD1Database,
  vendorId: number,
  now: number,
  origin: string,
): Promise<FeedView> {
  const token = randomToken(32);
  await db
    .update(vendors)
    .set({ calendar_feed_token_hash: await sha256Hex(token), calendar_feed_created_at: now })
    .where(eq(vendors.vendor_id, vendorId));
  return { url: feedUrl(origin, token), created_at: new Date(now).toISOString() };
}

/** The feed of the vendor whose token this is, or null (unknown or revoked token). */
export async function feedIcs(db: DrizzleD1Database, token: string, now: number, host: string): Promise<string | null> {
  if (!FEED_TOKEN.test(token)) return null;
  const [vendor] = await db
    .select({ vendor_id: vendors.vendor_id, display_name: vendors.display_name })
    .from(vendors)
    .where(eq(vendors.calendar_feed_token_hash, await sha256Hex(token)))
    .limit(1);
  if (!vendor) return null;
  const lo = now - PAST_DAYS * DAY_MS;
  const hi = now + AHEAD_DAYS * DAY_MS;
  const [jobs, timeOff] = await Promise.all([
    db
      .select({
        service_order_id: serviceOrders.service_order_id,
        start: serviceOrders.promised_arrival_time,
        minutes: serviceOrders.job_minutes,
        address: serviceOrders.address,
        status: serviceOrders.service_order_status_id,
        scheduled_status: serviceOrders.scheduled_status,
        pay: serviceOrders.vendor_payout_cents,
        updated_at: serviceOrders.updated_at,
        service: services.description,
        client: users.name,
      })
      .from(serviceOrders)
      .innerJoin(services, eq(services.service_id, serviceOrders.service_id))
      .innerJoin(users, eq(users.user_id, serviceOrders.user_id))
      .where(
        and(
          eq(serviceOrders.vendor_id, vendor.vendor_id),
          sql`${serviceOrders.service_order_status_id} IN (${ServiceOrderStatus.SCHEDULED}, ${ServiceOrderStatus.IN_PROGRESS}, ${ServiceOrderStatus.COMPLETED})`,
          gt(serviceOrders.promised_arrival_time, lo),
          lt(serviceOrders.promised_arrival_time, hi),
        ),
      ),
    db
      .select({
        ref_id: vendorBusy.ref_id,
        start: vendorBusy.starts_at,
        end: vendorBusy.ends_at,
        updated_at: vendorBusy.updated_at,
        note: vendorTimeOff.reason,
      })
      .from(vendorBusy)
      .leftJoin(
        vendorTimeOff,
        and(
          eq(vendorTimeOff.vendor_id, vendorBusy.vendor_id),
          sql`CAST(${vendorTimeOff.time_off_id} AS TEXT) = ${vendorBusy.ref_id}`,
        ),
      )
      .where(
        and(
          eq(vendorBusy.vendor_id, vendor.vendor_id),
          eq(vendorBusy.kind, "time_off"),
          gt(vendorBusy.ends_at, lo),
          lt(vendorBusy.starts_at, hi),
        ),
      ),
  ]);
  const events: IcalEvent[] = [
    ...jobs.map((j) => ({
      uid: `job-${j.service_order_id}@${host}`,
      start: j.start,
      end: j.start + j.minutes * MINUTE_MS,
      summary: `${j.service} - ${clientShortName(j.client)}`,
      location: j.address,
      description: [
        `Client: ${clientShortName(j.client)}`,
        j.pay > 0 ? `Your pay: ${formatCents(j.pay)}` : null,
        j.scheduled_status === 0 ? "Waiting for your schedule confirmation on the dashboard." : null,
        `Directions: ${directionsUrl(j.address)}`,
      ]
        .filter(Boolean)
        .join("\n"),
      status: j.scheduled_status === 0 ? ("TENTATIVE" as const) : ("CONFIRMED" as const),
      lastModified: j.updated_at,
    })),
    ...timeOff.map((t) => ({
      uid: `time-off-${vendor.vendor_id}-${t.ref_id}@${host}`,
      start: t.start,
      end: t.end,
      summary: t.note ? `Time off: ${t.note}` : "Time off",
      lastModified: t.updated_at,
    })),
  ].sort((a, b) => a.start - b.start);
  return buildIcal({ name: `${vendor.display_name} jobs`, events, now, prodId: `-//${host}//Vendor calendar//EN` });
}
