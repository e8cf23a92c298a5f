import { Hono } from "hono";
import { HOUR_MS } from "../../../../domain/calendar/time";
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
