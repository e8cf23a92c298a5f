import { desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import * as v from "valibot";
import { ServiceOrderStatus } from "../../../domain/order-status";
import { normalizeUsPhone } from "../../../domain/phone";
import { outbox } from "../../../schema/tables/accounts";
import { MASK, smsFromEnv } from "../../adapters/sms";
import { serviceOrders } from "../../../schema/tables/orders";
import { fail } from "../../http/errors";
import type { AppEnv } from "../../http/types";
import { jsonBody, parseOrFail, queryOf } from "../../http/validate";
import { requireAdmin, viewerOf } from "../../middleware/roles";

const OutboxQuery = v.object({
  to: v.optional(v.pipe(v.string(), v.maxLength(32))),
  limit: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1), v.maxValue(200)), "50"),
});

const JobIdParam = v.object({ id: v.pipe(v.string(), v.regex(/^\d{1,12}$/), v.transform(Number)) });
const CompleteJobBody = v.object({
  reason: v.pipe(v.string(), v.trim(), v.minLength(6, "Say why staff closes this job."), v.maxLength(500)),
});

/** Staff area (security group 50+). More admin tools arrive with their issues. */
export const adminApi = new Hono<AppEnv>()
  .use(requireAdmin)
  /** Which SMS provider sends: "local" means the outbox is the developer's phone (codes shown). */
  .get("/outbox/provider", (c) => c.json({ data: { provider: smsFromEnv(c.env).provider } }))
  .get("/outbox", async (c) => {
    const query = queryOf(c, OutboxQuery);
    const db = c.get("db");
    const to = query.to ? (normalizeUsPhone(query.to) ?? query.to) : null;
    const rows = await db
      .select({
        id: outbox.id,
        channel: outbox.channel,
        to: outbox.to,
        body: outbox.body,
        status: outbox.status,
        provider: outbox.provider,
        created_at: outbox.created_at,
      })
      .from(outbox)
      .where(to ? eq(outbox.to, to) : undefined)
      .orderBy(desc(outbox.id))
      .limit(query.limit);
    // Rows a real provider sent before codes were masked at write time: mask six-digit codes on the way out.
    const shown = rows.map((r) => ({
      ...r,
      body: r.provider === "local" ? r.body : r.body.replace(/\b\d{6}\b/g, MASK),
      created_at: new Date(r.created_at).toISOString(),
    }));
    return c.json({ data: shown, meta: { provider: smsFromEnv(c.env).provider } });
  })

  /**
   * Support closes a job the vendor did the work for but could not mark complete (a dead phone, a lost
   * connection). Only an accepted job (scheduled or in progress) can be closed; the action is audited with
   * the reason, and the vendor's completed-job count (which sets their padding tier) moves with it.
   */
  .post("/jobs/:id/complete", async (c) => {
    const { id } = parseOrFail(JobIdParam, c.req.param());
    const body = await jsonBody(c, CompleteJobBody);
    const db = c.get("db");
    const now = c.get("now");
    const actor = viewerOf(c);
    const [job] = await db
      .select({ vendor_id: serviceOrders.vendor_id, status: serviceOrders.service_order_status_id })
      .from(serviceOrders)
      .where(eq(serviceOrders.service_order_id, id))
      .limit(1);
    if (!job) fail("NOT_FOUND");
    const open = [ServiceOrderStatus.SCHEDULED, ServiceOrderStatus.IN_PROGRESS];
    if (job.vendor_id === null || !open.includes(job.status as 20 | 30)) fail("FAILED_VENDOR_JOB_COMPLETION");
    // One batch: the conditional close, then the vendor's count and the audit row only if this request
    // closed it (a racing duplicate changes nothing and writes nothing).
    const closedByUs = `EXISTS (SELECT 1 FROM service_orders WHERE service_order_id = ?1 AND service_order_status_id = ${ServiceOrderStatus.COMPLETED} AND completion_time = ?2)`;
    const [update] = await c.env.DB.batch([
      c.env.DB.prepare(
        `UPDATE service_orders SET service_order_status_id = ${ServiceOrderStatus.COMPLETED}, completion_time = ?2, updated_at = ?2
         WHERE service_order_id = ?1 AND service_order_status_id IN (${open.join(", ")})`,
      ).bind(id, now),
      c.env.DB.prepare(
        `UPDATE vendors SET completed_jobs = completed_jobs + 1, updated_at = ?2 WHERE vendor_id = ?3 AND ${closedByUs}`,
      ).bind(id, now, job.vendor_id),
      c.env.DB.prepare(
        `INSERT INTO audit_log (actor_user_id, action, target_type, target_id, details, created_at)
         SELECT ?3, 'job.complete', 'service_order', ?5, ?4, ?2 WHERE ${closedByUs}`,
      ).bind(id, now, actor.user_id, JSON.stringify({ reason: body.reason }), String(id)),
    ]);
    const closed = (update?.meta.changes ?? 0) > 0;
    if (!closed) fail("FAILED_VENDOR_JOB_COMPLETION");
    return c.json({ data: { service_order_id: id, service_order_status_id: ServiceOrderStatus.COMPLETED } });
  });
