import { formatWhen } from "../../../../domain/slot-format";
import { Hono, type Context } from "hono";
import * as v from "valibot";
import { formatLocal } from "../../../../domain/calendar/time";
import { newAuditedAction, runAudited } from "../../../admin/audit";
import { sendConnectInvoice } from "../../../connect/invoice";
import { IdParam, offsetOf, pageOf, ReasonBody } from "../../../admin/paging";
import { notifyVendors } from "../../../calendar/notify-vendor";
import { textSafely, vendorPhones } from "../../../checkout/notify";
import { fail } from "../../../http/errors";
import type { AppEnv } from "../../../http/types";
import { jsonBody, parseOrFail, queryOf } from "../../../http/validate";
import { requireConnectAdmin, viewerOf } from "../../../middleware/roles";

const QueueQuery = v.object({
  status: v.optional(v.picklist(["new", "assigned", "offered", "scheduled", "cancelled"]), "new"),
  page: v.optional(v.pipe(v.string(), v.regex(/^\d{1,4}$/), v.transform(Number), v.minValue(1)), "1"),
});
const AssignBody = v.object({
  vendor_id: v.pipe(v.number(), v.integer(), v.minValue(1)),
  reason: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(500))),
});
/** Offering to several pros at once: 2 to 10 of them (docs/decisions/089). */
export const CONNECT_OFFER_MAX_PROS = 10;
const OfferBody = v.object({
  vendor_ids: v.pipe(
    v.array(v.pipe(v.number(), v.integer(), v.minValue(1))),
    v.minLength(2, "Pick at least two pros (or assign one)."),
    v.maxLength(CONNECT_OFFER_MAX_PROS, `Pick at most ${CONNECT_OFFER_MAX_PROS} pros.`),
    v.check((ids) => new Set(ids).size === ids.length, "Pick each pro once."),
  ),
  reason: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(500))),
});
const InvoiceBody = v.object({
  amount_cents: v.pipe(v.number(), v.integer("Send whole cents."), v.minValue(1)),
  reason: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(500))),
  /** Send the same amount again as a new link (otherwise the same amount within 10 minutes is a duplicate). */
  resend: v.optional(v.boolean(), false),
});

/**
 * /api/connect/admin/requests: the queue of business requests (group 31 or any admin). Assigning gives the
 * request to an active pro who offers the service (they are texted and see it on their side); cancelling
 * closes it. Both are audited like every staff action (worker/admin/audit.ts).
 */
export const connectAdminRequestsApi = new Hono<AppEnv>()
  .use(requireConnectAdmin)
  .get("/", async (c) => {
    const { status, page } = queryOf(c, QueueQuery);
    const { results } = await c.env.DB.prepare(
      `SELECT r.connect_request_id, r.business_name, r.contact_name, r.phone, r.email, r.address, r.zipcode, r.starts_at,
              r.time_zone, r.people, r.service_id, s.description AS service, r.notes, r.status, r.vendor_id,
              v.display_name AS vendor_name, r.created_at, r.sessions, r.service_order_id, r.price_cents,
              so.service_order_status_id AS job_status, p.status AS pay_status, p.paid_at,
              (SELECT group_concat(ov.display_name, ', ') FROM connect_request_offers o JOIN vendors ov ON ov.vendor_id = o.vendor_id
               WHERE o.connect_request_id = r.connect_request_id) AS offered_to
       FROM connect_requests r JOIN services s ON s.service_id = r.service_id
       LEFT JOIN service_orders so ON so.service_order_id = r.service_order_id
       LEFT JOIN vendors v ON v.vendor_id = coalesce(so.vendor_id, r.vendor_id)
       LEFT JOIN pay_links p ON p.pay_link_id = r.pay_link_id
       WHERE r.status = ?1 ORDER BY r.starts_at, r.connect_request_id LIMIT 11 OFFSET ?2`,
    )
      .bind(status, offsetOf(page))
      .all<Record<string, unknown> & { starts_at: number; time_zone: string; pay_status: string | null }>();
    return c.json(
      pageOf(
        results.map((r) => ({
          ...r,
          local_time: formatLocal(r.starts_at, r.time_zone),
          // Invoiced: a pay link was sent (open, or paid); paid once the business paid it.
          invoiced: r.pay_status === "open" || r.pay_status === "paid",
          paid: r.pay_status === "paid",
        })),
        page,
      ),
    );
  })
  /**
   * Pros who could take it: active, not soft-banned, offering the service (not restricted); the nearest to the
   * address first (the ZIP's centre; same ZIP first), then the most experienced.
   */
  .get("/:id/pros", async (c) => {
    const { id } = parseOrFail(IdParam, c.req.param());
    const { results } = await c.env.DB.prepare(
      `SELECT v.vendor_id, v.display_name, v.base_zip, v.rating_avg_x100, v.completed_jobs
       FROM connect_requests r JOIN vendor_services vs ON vs.service_id = r.service_id AND vs.enabled = 1 AND vs.restricted_at IS NULL
       JOIN vendors v ON v.vendor_id = vs.vendor_id AND v.status = 'active' AND v.soft_banned = 0
       LEFT JOIN zipcodes z ON z.zip = r.zipcode
       WHERE r.connect_request_id = ?
       ORDER BY (v.base_zip = r.zipcode) DESC,
         coalesce((v.latitude - z.latitude) * (v.latitude - z.latitude) + (v.longitude - z.longitude) * (v.longitude - z.longitude), 1e9),
         v.completed_jobs DESC
       LIMIT 50`,
    )
      .bind(id)
      .all();
    return c.json({ data: results });
  })
  .post("/:id/assign", async (c) => {
    const { id } = parseOrFail(IdParam, c.req.param());
    const body = await jsonBody(c, AssignBody);
    const now = c.get("now");
    const d1 = c.env.DB;
    const req = await request(c, id);
    if (req.status !== "new") fail("STAFF_ACTION_NOT_ALLOWED");
    const pro = await d1
      .prepare(
        `SELECT v.display_name FROM vendors v JOIN vendor_services vs ON vs.vendor_id = v.vendor_id
         WHERE v.vendor_id = ?1 AND vs.service_id = ?2 AND vs.enabled = 1 AND vs.restricted_at IS NULL
           AND v.status = 'active' AND v.soft_banned = 0`,
      )
      .bind(body.vendor_id, req.service_id)
      .first<{ display_name: string }>();
    if (!pro) fail("INVALID_INPUT", { vendor_id: "This pro can't take this request." });
    const { done } = await runAudited(
      d1,
      newAuditedAction(),
      d1
        .prepare(
          "UPDATE connect_requests SET status = 'assigned', vendor_id = ?2, updated_at = ?3 WHERE connect_request_id = ?1 AND status = 'new'",
        )
        .bind(id, body.vendor_id, now),
      {
        actorUserId: viewerOf(c).user_id,
        action: "connect_request.assign",
        targetType: "connect_request",
        targetId: id,
        reason: body.reason || null,
        before: { status: "new", vendor_id: null },
        after: { status: "assigned", vendor_id: body.vendor_id },
        now,
      },
    );
    if (!done) fail("STAFF_ACTION_NOT_ALLOWED");
    await notifyVendors(c.env, [body.vendor_id], { type: "connect.request", connect_request_id: id, at: now });
    const phone = (await vendorPhones(c.get("db"), [body.vendor_id])).get(body.vendor_id);
    if (phone) {
      const when = formatWhen(req.starts_at, req.time_zone);
      await textSafely(
        c.env,
        c.get("db"),
        phone,
        `You have a business booking: ${req.business_name}, ${req.people} people, ${when} at ${req.address}. See your dashboard.`,
        now,
      );
    }
    return c.json({
      data: { connect_request_id: id, status: "assigned", vendor_id: body.vendor_id, vendor_name: pro.display_name },
      code: "STAFF_ACTION_DONE" as const,
    });
  })
  /**
   * POST /:id/offer `{ vendor_ids, reason? }`: offers a new request to several pros at once; each is texted and
   * sees it on their side, the first to schedule it wins and the others find it no longer available.
   */
  .post("/:id/offer", async (c) => {
    const { id } = parseOrFail(IdParam, c.req.param());
    const body = await jsonBody(c, OfferBody);
    const now = c.get("now");
    const d1 = c.env.DB;
    const req = await request(c, id);
    if (req.status !== "new") fail("STAFF_ACTION_NOT_ALLOWED");
    const ids = JSON.stringify(body.vendor_ids);
    const { results: able } = await d1
      .prepare(
        `SELECT v.vendor_id FROM vendors v JOIN vendor_services vs ON vs.vendor_id = v.vendor_id
         WHERE v.vendor_id IN (SELECT value FROM json_each(?1)) AND vs.service_id = ?2 AND vs.enabled = 1
           AND vs.restricted_at IS NULL AND v.status = 'active' AND v.soft_banned = 0`,
      )
      .bind(ids, req.service_id)
      .all<{ vendor_id: number }>();
    if (able.length !== body.vendor_ids.length) {
      fail("INVALID_INPUT", { vendor_ids: "One of these pros can't take this request." });
    }
    const op = newAuditedAction();
    const { done } = await runAudited(
      d1,
      op,
      d1
        .prepare(
          "UPDATE connect_requests SET status = 'offered', updated_at = ?2 WHERE connect_request_id = ?1 AND status = 'new'",
        )
        .bind(id, now),
      {
        actorUserId: viewerOf(c).user_id,
        action: "connect_request.offer",
        targetType: "connect_request",
        targetId: id,
        reason: body.reason || null,
        before: { status: "new" },
        after: { status: "offered", vendor_ids: body.vendor_ids },
        now,
      },
      [
        d1
          .prepare(
            `INSERT INTO connect_request_offers (connect_request_id, vendor_id, status, offered_at)
             SELECT ?1, value, 'offered', ?2 FROM json_each(?3) WHERE ${op.guard}
             ON CONFLICT (connect_request_id, vendor_id) DO UPDATE SET status = 'offered', offered_at = ?2, responded_at = NULL`,
          )
          .bind(id, now, ids),
      ],
    );
    if (!done) fail("STAFF_ACTION_NOT_ALLOWED");
    await notifyVendors(c.env, body.vendor_ids, { type: "connect.request", connect_request_id: id, at: now });
    const phones = await vendorPhones(c.get("db"), body.vendor_ids);
    const when = formatWhen(req.starts_at, req.time_zone);
    await Promise.all(
      [...phones.values()].map((to) =>
        textSafely(
          c.env,
          c.get("db"),
          to,
          `A business booking is open: ${req.business_name}, ${req.people} people, ${when}. The first pro to schedule it gets it. See your dashboard.`,
          now,
        ),
      ),
    );
    return c.json({
      data: { connect_request_id: id, status: "offered", vendor_ids: body.vendor_ids },
      code: "STAFF_ACTION_DONE" as const,
    });
  })
  /**
   * POST /:id/release `{ reason }`: takes an assigned or offered request back to the queue (`new`), e.g. when
   * the pro can't make the time; the pro (or every pro it was offered to) is texted that it is no longer
   * available. A request a pro already scheduled is not released (409).
   */
  .post("/:id/release", async (c) => {
    const { id } = parseOrFail(IdParam, c.req.param());
    const { reason } = await jsonBody(c, ReasonBody);
    const now = c.get("now");
    const d1 = c.env.DB;
    const req = await request(c, id);
    if (req.status !== "assigned" && req.status !== "offered") fail("STAFF_ACTION_NOT_ALLOWED");
    const { results: offered } = await d1
      .prepare("SELECT vendor_id FROM connect_request_offers WHERE connect_request_id = ? AND status = 'offered'")
      .bind(id)
      .all<{ vendor_id: number }>();
    const op = newAuditedAction();
    const { done } = await runAudited(
      d1,
      op,
      d1
        .prepare(
          `UPDATE connect_requests SET status = 'new', vendor_id = NULL, updated_at = ?3
           WHERE connect_request_id = ?1 AND status = ?2 AND vendor_id IS ?4`,
        )
        .bind(id, req.status, now, req.vendor_id),
      {
        actorUserId: viewerOf(c).user_id,
        action: "connect_request.release",
        targetType: "connect_request",
        targetId: id,
        reason,
        before: { status: req.status, vendor_id: req.vendor_id },
        after: { status: "new", vendor_id: null },
        now,
      },
      [
        d1
          .prepare(
            `UPDATE connect_request_offers SET status = 'lost', responded_at = ?2
             WHERE connect_request_id = ?1 AND status = 'offered' AND ${op.guard}`,
          )
          .bind(id, now),
      ],
    );
    if (!done) fail("STAFF_ACTION_NOT_ALLOWED");
    const told = [...new Set([...(req.vendor_id ? [req.vendor_id] : []), ...offered.map((o) => o.vendor_id)])];
    await notifyVendors(c.env, told, { type: "connect.request", connect_request_id: id, at: now });
    const phones = await vendorPhones(c.get("db"), told);
    await Promise.all(
      [...phones.values()].map((to) =>
        textSafely(c.env, c.get("db"), to, `${req.business_name}: this business request is no longer available.`, now),
      ),
    );
    return c.json({ data: { connect_request_id: id, status: "new" }, code: "STAFF_ACTION_DONE" as const });
  })
  .post("/:id/cancel", async (c) => {
    const { id } = parseOrFail(IdParam, c.req.param());
    const { reason } = await jsonBody(c, ReasonBody);
    const now = c.get("now");
    const d1 = c.env.DB;
    const req = await request(c, id);
    // A scheduled request has a job on a pro's calendar: that job is cancelled with the staff job tools.
    if (req.status === "cancelled" || req.status === "scheduled") fail("STAFF_ACTION_NOT_ALLOWED");
    const { done } = await runAudited(
      d1,
      newAuditedAction(),
      d1
        .prepare(
          "UPDATE connect_requests SET status = 'cancelled', updated_at = ?3 WHERE connect_request_id = ?1 AND status = ?2",
        )
        .bind(id, req.status, now),
      {
        actorUserId: viewerOf(c).user_id,
        action: "connect_request.cancel",
        targetType: "connect_request",
        targetId: id,
        reason,
        before: { status: req.status },
        after: { status: "cancelled" },
        now,
      },
    );
    if (!done) fail("STAFF_ACTION_NOT_ALLOWED");
    return c.json({ data: { connect_request_id: id, status: "cancelled" }, code: "STAFF_ACTION_DONE" as const });
  })
  /**
   * POST /:id/invoice `{ amount_cents, reason? }`: sets what the business pays for its scheduled request and
   * sends it a card pay link by text and email (worker/connect/invoice.ts; docs/decisions/087).
   */
  .post("/:id/invoice", async (c) => {
    const { id } = parseOrFail(IdParam, c.req.param());
    const body = await jsonBody(c, InvoiceBody);
    const data = await sendConnectInvoice(
      c.env,
      c.get("db"),
      viewerOf(c).user_id,
      { id, amount_cents: body.amount_cents, reason: body.reason || null, resend: body.resend },
      new URL(c.req.url).origin,
      c.get("now"),
    );
    return c.json({ data, code: "CONNECT_INVOICE_SENT" as const });
  });

async function request(c: Context<AppEnv>, id: number) {
  const row = await c.env.DB.prepare(
    `SELECT status, vendor_id, service_id, business_name, people, starts_at, time_zone, address FROM connect_requests
     WHERE connect_request_id = ?`,
  )
    .bind(id)
    .first<{
      status: string;
      vendor_id: number | null;
      service_id: number;
      business_name: string;
      people: number;
      starts_at: number;
      time_zone: string;
      address: string;
    }>();
  if (!row) fail("NOT_FOUND");
  return row;
}
