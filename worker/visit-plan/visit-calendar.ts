import { BRAND_NAME } from "../../domain/brand";
import { ServiceOrderStatus } from "../../domain/order-status";
import { googleCalendarUrl, visitIcs, visitUid, type VisitEvent } from "../../domain/visit-plan";
import { randomToken } from "../auth/crypto";
import { fail } from "../http/errors";

/**
 * The visit's calendar event (docs/decisions/152-visit-reminders-and-calendar.md): an `.ics` file for the
 * order's customer (by session) or for a calendar app (by the visit's subscribe token), and a Google Calendar
 * link. The event is built from the job as it is now; its SEQUENCE goes up whenever what is served differs from
 * the last event served (moved, resized, cancelled), in one conditional update, so concurrent requests agree.
 */

interface VisitRow {
  service_order_id: number;
  user_id: number;
  status: number;
  at: number;
  minutes: number;
  time_zone: string;
  address: string;
  description: string;
  display_name: string | null;
}

const VISIT_SQL = `SELECT so.service_order_id, so.user_id, so.service_order_status_id AS status, so.promised_arrival_time AS at,
    so.job_minutes AS minutes, so.time_zone, so.address, s.description, v.display_name
  FROM service_orders so JOIN services s ON s.service_id = so.service_id LEFT JOIN vendors v ON v.vendor_id = so.vendor_id`;

export interface VisitCalendar {
  ics: string;
  event: VisitEvent;
  token: string;
  time_zone: string;
}

/** Where the links point: the request's own origin and host. */
export interface LinkBase {
  origin: string;
  host: string;
}

async function eventOf(d1: D1Database, row: VisitRow | null, base: LinkBase, now: number): Promise<VisitCalendar> {
  if (!row) fail("NOT_FOUND");
  const cancelled = row.status === ServiceOrderStatus.CANCELLED ? 1 : 0;
  const so = row.service_order_id;
  const [, , current] = await d1.batch<{ sequence: number; token: string }>([
    d1
      .prepare(
        `INSERT INTO visit_calendars (service_order_id, token, sequence, starts_at, minutes, cancelled, created_at, updated_at)
         VALUES (?1, ?2, 0, ?3, ?4, ?5, ?6, ?6) ON CONFLICT (service_order_id) DO NOTHING`,
      )
      .bind(so, randomToken(32), row.at, row.minutes, cancelled, now),
    d1
      .prepare(
        `UPDATE visit_calendars SET sequence = sequence + 1, starts_at = ?2, minutes = ?3, cancelled = ?4, updated_at = ?5
         WHERE service_order_id = ?1 AND (starts_at != ?2 OR minutes != ?3 OR cancelled != ?4)`,
      )
      .bind(so, row.at, row.minutes, cancelled, now),
    d1.prepare("SELECT sequence, token FROM visit_calendars WHERE service_order_id = ?").bind(so),
  ]);
  const { sequence, token } = current!.results[0]!;
  const manage = `${base.origin}/account/orders?so=${so}`;
  const event: VisitEvent = {
    uid: visitUid(so, base.host),
    sequence,
    start: row.at,
    minutes: row.minutes,
    cancelled: cancelled === 1,
    summary: row.display_name ? `${row.description} with ${row.display_name}` : `${row.description} (${BRAND_NAME})`,
    location: row.address,
    description: `Booked with ${BRAND_NAME}. Reschedule, cancel or message your pro: ${manage}`,
    url: manage,
  };
  return {
    ics: visitIcs(event, now, `-//${base.host}//Visit//EN`),
    event,
    token,
    time_zone: row.time_zone,
  };
}

/** The visit of the signed-in customer's own job; anyone else's (or none) is NOT_FOUND. */
export async function customerVisitCalendar(
  d1: D1Database,
  userId: number,
  serviceOrderId: number,
  base: LinkBase,
  now: number,
): Promise<VisitCalendar> {
  const row = await d1
    .prepare(`${VISIT_SQL} WHERE so.service_order_id = ? AND so.user_id = ?`)
    .bind(serviceOrderId, userId)
    .first<VisitRow>();
  return eventOf(d1, row, base, now);
}

/** The visit behind a subscribe token; an unknown or malformed token is NOT_FOUND (the same answer). */
export async function tokenVisitCalendar(d1: D1Database, token: string, base: LinkBase, now: number) {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) fail("NOT_FOUND");
  const row = await d1
    .prepare(`${VISIT_SQL} JOIN visit_calendars vc ON vc.service_order_id = so.service_order_id WHERE vc.token = ?`)
    .bind(token)
    .first<VisitRow>();
  return eventOf(d1, row, base, now);
}

/** What the order page shows: the file, the subscribe link and the Google Calendar link. */
export function calendarLinks(cal: VisitCalendar, base: LinkBase, serviceOrderId: number) {
  const subscribe = `${base.origin}/api/calendar/visit/${cal.token}.ics`;
  return {
    ics_url: `/api/order/calendar.ics?service_order_id=${serviceOrderId}`,
    subscribe_url: subscribe,
    webcal_url: subscribe.replace(/^https?:/, "webcal:"),
    google_url: googleCalendarUrl(cal.event, cal.time_zone),
    sequence: cal.event.sequence,
    cancelled: cal.event.cancelled,
  };
}

export function icsResponse(ics: string, filename: string, disposition: "inline" | "attachment"): Response {
  return new Response(ics, {
    headers: {
      "content-type": "text/calendar; charset=utf-8",
      "content-disposition": `${disposition}; filename="${filename}"`,
      "cache-control": "private, no-cache",
      "x-robots-tag": "noindex",
    },
  });
}
