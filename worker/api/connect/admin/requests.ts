import { formatWhen } from "../../../../domain/slot-format";
import { Hono, type Context } from "hono";
import * as v from "valibot";
import { formatLocal } from "../../../../domain/calendar/time";
import { newAuditedAction, runAudited } from "../../../admin/audit";
import { IdParam, offsetOf, pageOf, ReasonBody } from "../../../admin/paging";
import { textSafely, vendorPhones } from "../../../checkout/notify";
import { fail } from "../../../http/errors";
import type { AppEnv } from "../../../http/types";
import { jsonBody, parseOrFail, queryOf } from "../../../http/validate";
import { requireConnectAdmin, viewerOf } from "../../../middleware/roles";

const QueueQuery = v.object({
  status: v.optional(v.picklist(["new", "assigned", "cancelled"]), "new"),
  page: v.optional(v.pipe(v.string(), v.regex(/^\d{1,4}$/), v.transform(Number), v.minValue(1)), "1"),
});
const AssignBody = v.object({
  vendor_id: v.pipe(v.number(), v.integer(), v.minValue(1)),
  reason: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(500))),
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
              v.display_name AS vendor_name, r.created_at
       FROM connect_requests r JOIN services s ON s.service_id = r.service_id
       LEFT JOIN vendors v ON v.vendor_id = r.vendor_id
       WHERE r.status = ?1 ORDER BY r.starts_at, r.connect_request_id LIMIT 11 OFFSET ?2`,
    )
      .bind(status, offsetOf(page))
      .all<Record<string, unknown> & { starts_at: number; time_zone: string }>();
    return c.json(
      pageOf(
        results.map((r) => ({ ...r, local_time: formatLocal(r.starts_at, r.time_zone) })),
        page,
      ),
    );
  })
  /** Pros who could take it: active, not soft-banned, offering the service (not restricted). */
  .get("/:id/pros", async (c) => {
    const { id } = parseOrFail(IdParam, c.req.param());
    const { results } = await c.env.DB.prepare(
      `SELECT v.vendor_id, v.display_name, v.base_zip, v.rating_avg_x100, v.completed_jobs
       FROM connect_requests r JOIN vendor_services vs ON vs.service_id = r.service_id AND vs.enabled = 1 AND vs.restricted_at IS NULL
       JOIN vendors v ON v.vendor_id = vs.vendor_id AND v.status = 'active' AND v.soft_banned = 0
       WHERE r.connect_request_id = ? ORDER BY (v.base_zip = r.zipcode) DESC, v.completed_jobs DESC LIMIT 50`,
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
  .post("/:id/cancel", async (c) => {
    const { id } = parseOrFail(IdParam, c.req.param());
    const { reason } = await jsonBody(c, ReasonBody);
    const now = c.get("now");
    const d1 = c.env.DB;
    const req = await request(c, id);
    if (req.status === "cancelled") fail("STAFF_ACTION_NOT_ALLOWED");
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
  });

async function request(c: Context<AppEnv>, id: number) {
  const row = await c.env.DB.prepare(
    `SELECT status, service_id, business_name, people, starts_at, time_zone, address FROM connect_requests
     WHERE connect_request_id = ?`,
  )
    .bind(id)
    .first<{
      status: string;
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
