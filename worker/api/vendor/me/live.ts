import { Hono } from "hono";
import * as v from "valibot";
import { formatLocal, HOUR_MS, parseLocal } from "../../../../domain/calendar/time";
import { messageFor } from "../../../../domain/messages";
import { ScheduledStatus, ServiceOrderStatus } from "../../../../domain/order-status";
import { AcceptJobBody } from "../../../../schema/payloads/checkout";
import { calendarFor } from "../../../calendar/calendar-client";
import { notifyVendor } from "../../../calendar/notify-vendor";
import { fail } from "../../../http/errors";
import type { AppEnv } from "../../../http/types";
import { jsonBody } from "../../../http/validate";
import { requireVendor, viewerOf } from "../../../middleware/roles";

/**
 * The vendor's live dashboard and its answers to jobs (docs/decisions/046-live-offers.md), mounted at
 * /vendor/me:
 * - GET /live: the dashboard's WebSocket, held by the vendor's calendar object (hibernating).
 * - POST /schedule/accept: the pro confirms an accepted job's schedule (scheduled_status 1).
 * - POST /schedule/decline: the pro gives back an accepted job not yet confirmed; it is offered to others.
 * - POST /offers/decline: the pro passes on an open offer (it leaves their dashboard).
 */

/** Declining an unconfirmed job this close to it costs reliability (message 1); earlier it is free (2). */
export const FREE_DECLINE_BEFORE_MS = 24 * HOUR_MS;
export const DECLINE_RELIABILITY_PENALTY = 5;

const SoBody = AcceptJobBody;

export const vendorLiveApi = new Hono<AppEnv>()
  .get("/live", requireVendor, async (c) => {
    if (c.req.header("upgrade")?.toLowerCase() !== "websocket") fail("LIVE_UPGRADE_REQUIRED");
    // A cross-site page must not open a socket with the pro's cookies (cross-site WebSocket hijacking).
    const origin = c.req.header("origin");
    if (origin && new URL(origin).host !== new URL(c.req.url).host) fail("FORBIDDEN");
    const vendorId = viewerOf(c).vendor_id!;
    const url = new URL("https://calendar.internal/live");
    url.searchParams.set("vendor", String(vendorId));
    url.searchParams.set("now", String(c.get("now")));
    return calendarFor(c.env, vendorId).fetch(new Request(url, { headers: { Upgrade: "websocket" } }));
  })
  .post("/schedule/accept", requireVendor, async (c) => {
    const { service_order_id: soId } = await jsonBody(c, SoBody);
    const vendorId = viewerOf(c).vendor_id!;
    const now = c.get("now");
    const row = await c.env.DB.prepare(
      `UPDATE service_orders SET scheduled_status = ?3, updated_at = ?4
       WHERE service_order_id = ?1 AND vendor_id = ?2 AND scheduled_status = ?5
         AND service_order_status_id IN (?6, ?7) AND promised_arrival_time > ?4
       RETURNING service_order_id`,
    )
      .bind(
        soId,
        vendorId,
        ScheduledStatus.CONFIRMED,
        now,
        ScheduledStatus.UNCONFIRMED,
        ServiceOrderStatus.SCHEDULED,
        ServiceOrderStatus.IN_PROGRESS,
      )
      .first();
    if (!row) fail("FAILED_VENDOR_SCHEDULE_ACCEPT");
    await notifyVendor(c.env, vendorId, { type: "job.changed", service_order_id: soId, at: now });
    return c.json({ data: { service_order_id: soId, scheduled_status: 1, message: messageFor("SCHEDULE_CONFIRMED") } });
  })
  .post("/schedule/decline", requireVendor, async (c) => {
    const { service_order_id: soId } = await jsonBody(c, SoBody);
    const vendorId = viewerOf(c).vendor_id!;
    const now = c.get("now");
    const d1 = c.env.DB;
    const job = await d1
      .prepare(
        `SELECT so.promised_arrival_time AS start, ci.hold_vendor_id AS holder FROM service_orders so
         LEFT JOIN checkout_items ci ON ci.service_order_id = so.service_order_id
         WHERE so.service_order_id = ?1 AND so.vendor_id = ?2`,
      )
      .bind(soId, vendorId)
      .first<{ start: number; holder: number | null }>();
    if (!job) fail("FAILED_VENDOR_SCHEDULE_DECLINED");
    const free = job.start - now >= FREE_DECLINE_BEFORE_MS;
    const mine =
      "EXISTS (SELECT 1 FROM service_orders WHERE service_order_id = ?1 AND vendor_id IS NULL AND updated_at = ?3)";
    const [released] = await d1.batch([
      d1
        .prepare(
          `UPDATE service_orders SET vendor_id = NULL, service_order_status_id = ?4, vendor_payout_cents = 0, updated_at = ?3
           WHERE service_order_id = ?1 AND vendor_id = ?2 AND scheduled_status = ?5 AND service_order_status_id = ?6
             AND promised_arrival_time > ?3
           RETURNING service_order_id`,
        )
        .bind(
          soId,
          vendorId,
          now,
          ServiceOrderStatus.PENDING,
          ScheduledStatus.UNCONFIRMED,
          ServiceOrderStatus.SCHEDULED,
        ),
      d1
        .prepare(
          `UPDATE job_offers SET status = 'declined', responded_at = ?3 WHERE service_order_id = ?1 AND vendor_id = ?2 AND ${mine}`,
        )
        .bind(soId, vendorId, now),
      // The pros who lost the race may take it after all: the next offer round reopens them.
      d1
        .prepare(
          `UPDATE job_offers SET status = 'expired', responded_at = ?3 WHERE service_order_id = ?1 AND vendor_id <> ?2 AND status = 'lost' AND ${mine}`,
        )
        .bind(soId, vendorId, now),
      d1
        .prepare(
          `UPDATE vendors SET reliability = max(1, reliability - ?4), updated_at = ?3 WHERE vendor_id = ?2 AND ?5 = 0 AND ${mine}`,
        )
        .bind(soId, vendorId, now, DECLINE_RELIABILITY_PENALTY, free ? 1 : 0),
    ]);
    if (released!.results.length === 0) fail("FAILED_VENDOR_SCHEDULE_DECLINED");
    await calendarFor(c.env, vendorId).releaseBooking(vendorId, String(soId), `job:${soId}:declined:v${vendorId}`, now);
    // The vendor whose calendar held the time at checkout watches the job's new offer rounds.
    const watcher = job.holder ?? vendorId;
    await calendarFor(c.env, watcher).watchOffers({
      vendorId: watcher,
      now,
      jobs: [{ serviceOrderId: soId, dueAt: now }],
    });
    await notifyVendor(c.env, vendorId, { type: "job.changed", service_order_id: soId, at: now });
    return c.json({ code: 200, message: free ? 2 : 1, text: messageFor("SCHEDULE_DECLINED") });
  })
  .post("/offers/decline", requireVendor, async (c) => {
    const { service_order_id: soId } = await jsonBody(c, SoBody);
    const vendorId = viewerOf(c).vendor_id!;
    const now = c.get("now");
    const row = await c.env.DB.prepare(
      `UPDATE job_offers SET status = 'declined', responded_at = ?3
       WHERE service_order_id = ?1 AND vendor_id = ?2 AND status = 'offered' RETURNING job_offer_id`,
    )
      .bind(soId, vendorId, now)
      .first();
    if (!row) fail("FAILED_VENDOR_JOB_ACCEPT");
    await notifyVendor(c.env, vendorId, { type: "offer.gone", service_order_id: soId, reason: "declined", at: now });
    return c.json({ data: { service_order_id: soId, message: messageFor("OFFER_DECLINED") } });
  });

export const TimeOffBody = v.object({
  start: v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/, "Use YYYY-MM-DD HH:MM.")),
  end: v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/, "Use YYYY-MM-DD HH:MM.")),
  note: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(200)))),
});

/** The :id of a time off; anything but a positive id is NOT_FOUND, never a 500. */
function timeOffId(raw: string): number {
  if (!/^\d{1,10}$/.test(raw)) fail("NOT_FOUND", { id: "We couldn't find this time off." });
  return Number(raw);
}
const MAX_TIME_OFF_MS = 62 * 24 * HOUR_MS;

/** Local "YYYY-MM-DD HH:MM" pair in the vendor's zone to instants, or the field error. */
function timeOffSpan(body: v.InferOutput<typeof TimeOffBody>, tz: string, now: number) {
  let start: number;
  let end: number;
  try {
    start = parseLocal(body.start, tz);
    end = parseLocal(body.end, tz);
  } catch {
    fail("INVALID_INPUT", { start: "Use YYYY-MM-DD HH:MM." });
  }
  if (!(end > start)) fail("INVALID_INPUT", { end: "Time off must end after it starts." });
  if (end <= now) fail("INVALID_INPUT", { end: "That time has passed." });
  if (end - start > MAX_TIME_OFF_MS) fail("INVALID_INPUT", { end: "Time off can last at most 62 days at a time." });
  return { start, end };
}

async function vendorZone(env: Env, vendorId: number): Promise<string> {
  const row = await env.DB.prepare("SELECT tz FROM vendors WHERE vendor_id = ?").bind(vendorId).first<{ tz: string }>();
  if (!row) fail("NOT_FOUND");
  return row.tz;
}

type TimeOffRow = { time_off_id: number; starts_at: number; ends_at: number; reason: string | null };

function timeOffView(r: TimeOffRow, tz: string) {
  return { id: r.time_off_id, start: formatLocal(r.starts_at, tz), end: formatLocal(r.ends_at, tz), note: r.reason };
}

/**
 * Puts time off on the vendor's calendar object (the authority: it refuses time off over a booked job,
 * atomically with its own bookings) and keeps the D1 row in step; the object's projection makes search stop
 * offering those times at once.
 */
async function placeTimeOff(env: Env, vendorId: number, row: TimeOffRow, now: number, key: string) {
  const answer = await calendarFor(env, vendorId).addTimeOff(
    { vendorId, ref: String(row.time_off_id), start: row.starts_at, end: row.ends_at, now, refuseOverBookings: true },
    key,
  );
  if (!answer.ok) {
    if (answer.code === "TIME_OFF_OVERLAPS_JOB") fail("TIME_OFF_OVERLAPS_JOB");
    fail("INVALID_INPUT", answer.fields);
  }
}

export const vendorTimeOffApi = new Hono<AppEnv>()
  .post("/calendar/time-off", requireVendor, async (c) => {
    const body = await jsonBody(c, TimeOffBody);
    const vendorId = viewerOf(c).vendor_id!;
    const now = c.get("now");
    const tz = await vendorZone(c.env, vendorId);
    const span = timeOffSpan(body, tz, now);
    const row = await c.env.DB.prepare(
      `INSERT INTO vendor_time_off (vendor_id, starts_at, ends_at, reason, created_at) VALUES (?, ?, ?, ?, ?)
       RETURNING time_off_id, starts_at, ends_at, reason`,
    )
      .bind(vendorId, span.start, span.end, body.note ?? null, now)
      .first<TimeOffRow>();
    try {
      await placeTimeOff(c.env, vendorId, row!, now, `timeoff:${row!.time_off_id}:add`);
    } catch (err) {
      await c.env.DB.prepare("DELETE FROM vendor_time_off WHERE time_off_id = ?").bind(row!.time_off_id).run();
      throw err;
    }
    return c.json({ data: timeOffView(row!, tz), message: messageFor("TIME_OFF_SAVED") }, 201);
  })
  .put("/calendar/time-off/:id", requireVendor, async (c) => {
    const id = timeOffId(c.req.param("id"));
    const body = await jsonBody(c, TimeOffBody);
    const vendorId = viewerOf(c).vendor_id!;
    const now = c.get("now");
    const tz = await vendorZone(c.env, vendorId);
    const span = timeOffSpan(body, tz, now);
    const before = await c.env.DB.prepare(
      "SELECT time_off_id, starts_at, ends_at, reason FROM vendor_time_off WHERE time_off_id = ? AND vendor_id = ?",
    )
      .bind(id, vendorId)
      .first<TimeOffRow>();
    if (!before) fail("NOT_FOUND", { id: "We couldn't find this time off." });
    const after: TimeOffRow = { ...before, starts_at: span.start, ends_at: span.end, reason: body.note ?? null };
    await placeTimeOff(c.env, vendorId, after, now, `timeoff:${id}:move:${span.start}:${span.end}`);
    await c.env.DB.prepare("UPDATE vendor_time_off SET starts_at = ?, ends_at = ?, reason = ? WHERE time_off_id = ?")
      .bind(after.starts_at, after.ends_at, after.reason, id)
      .run();
    return c.json({ data: timeOffView(after, tz), message: messageFor("TIME_OFF_SAVED") });
  })
  .delete("/calendar/time-off/:id", requireVendor, async (c) => {
    const id = timeOffId(c.req.param("id"));
    const vendorId = viewerOf(c).vendor_id!;
    const now = c.get("now");
    const row = await c.env.DB.prepare(
      "SELECT time_off_id FROM vendor_time_off WHERE time_off_id = ? AND vendor_id = ?",
    )
      .bind(id, vendorId)
      .first();
    if (!row) fail("NOT_FOUND", { id: "We couldn't find this time off." });
    await calendarFor(c.env, vendorId).removeTimeOff({ vendorId, ref: String(id), now }, `timeoff:${id}:remove`);
    await c.env.DB.prepare("DELETE FROM vendor_time_off WHERE time_off_id = ?").bind(id).run();
    return c.json({ data: { deleted: true }, message: messageFor("TIME_OFF_DELETED") });
  });
