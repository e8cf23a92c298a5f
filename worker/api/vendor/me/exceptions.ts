import { Hono } from "hono";
import * as v from "valibot";
import { formatLocal } from "../../../../domain/calendar/time";
import { canRequestException, EXCEPTION_REQUEST_WINDOW_MS } from "../../../../domain/exceptions";
import { messageFor } from "../../../../domain/messages";
import { fail } from "../../../http/errors";
import type { AppEnv } from "../../../http/types";
import { validate } from "../../../http/validate";
import { requireVendor, viewerOf } from "../../../middleware/roles";

const RequestBody = v.object({
  incident_id: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(999_999_999_999)),
  explanation: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(10, "Tell us what happened (at least 10 characters)."),
    v.maxLength(1000),
  ),
});

interface IncidentRow {
  incident_id: number;
  service_order_id: number;
  kind: string;
  penalty: number;
  created_at: number;
  promised_arrival_time: number;
  time_zone: string;
  service: string;
  exception_status: "pending" | "approved" | "denied" | null;
  decision_note: string | null;
}

/**
 * /api/vendor/me/exceptions (docs/decisions/099-exceptions.md): the jobs a pro gave back that cost them
 * reliability points in the last 14 days, and their request that staff lift a penalty. A pro reaches only
 * their own incidents; one request an incident.
 */
export const vendorExceptionsApi = new Hono<AppEnv>()
  .get("/exceptions", requireVendor, async (c) => {
    const vendorId = viewerOf(c).vendor_id!;
    const { results } = await c.env.DB.prepare(
      `SELECT i.incident_id, i.service_order_id, i.kind, i.penalty, i.created_at, so.promised_arrival_time, so.time_zone,
              s.description AS service, e.status AS exception_status, e.decision_note
       FROM job_incidents i JOIN service_orders so ON so.service_order_id = i.service_order_id
       JOIN services s ON s.service_id = so.service_id
       LEFT JOIN vendor_exceptions e ON e.incident_id = i.incident_id
       WHERE i.vendor_id = ?1 AND i.penalty > 0 AND i.created_at > ?2 ORDER BY i.created_at DESC LIMIT 50`,
    )
      .bind(vendorId, c.get("now") - EXCEPTION_REQUEST_WINDOW_MS)
      .all<IncidentRow>();
    return c.json({
      data: results.map((r) => ({ ...r, local_time: formatLocal(r.promised_arrival_time, r.time_zone) })),
    });
  })
  .post("/exceptions", requireVendor, validate("json", RequestBody), async (c) => {
    const body = c.req.valid("json");
    const vendorId = viewerOf(c).vendor_id!;
    const now = c.get("now");
    const incident = await c.env.DB.prepare(
      "SELECT incident_id, penalty, created_at FROM job_incidents WHERE incident_id = ?1 AND vendor_id = ?2",
    )
      .bind(body.incident_id, vendorId)
      .first<{ incident_id: number; penalty: number; created_at: number }>();
    if (!incident) fail("NOT_FOUND");
    const ok = canRequestException(incident, now);
    if (!ok.ok) fail("EXCEPTION_NOT_ALLOWED", { incident_id: ok.reason });
    const inserted = await c.env.DB.prepare(
      `INSERT INTO vendor_exceptions (vendor_id, incident_id, penalty, explanation, status, created_at)
       VALUES (?1, ?2, ?3, ?4, 'pending', ?5) ON CONFLICT (incident_id) DO NOTHING RETURNING exception_id`,
    )
      .bind(vendorId, incident.incident_id, incident.penalty, body.explanation, now)
      .first<{ exception_id: number }>();
    if (!inserted) fail("EXCEPTION_ALREADY_REQUESTED");
    return c.json({
      data: { exception_id: inserted.exception_id, incident_id: incident.incident_id, status: "pending" },
      code: "EXCEPTION_REQUESTED" as const,
      message: messageFor("EXCEPTION_REQUESTED"),
    });
  });
