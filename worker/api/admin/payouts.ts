import type { PayoutRow } from "../../../schema/contracts/admin";
import { Hono } from "hono";
import * as v from "valibot";
import { ServiceOrderStatus } from "../../../domain/order-status";
import { checkPayoutAdjust } from "../../../domain/staff-limits";
import { newAuditedAction, runAudited } from "../../admin/audit";
import { IdParam, offsetOf, pageOf } from "../../admin/paging";
import { fail } from "../../http/errors";
import type { AppEnv } from "../../http/types";
import { jsonBody, parseOrFail, queryOf } from "../../http/validate";
import { requireAdmin, viewerOf } from "../../middleware/roles";

const AdjustBody = v.object({
  payout_cents: v.pipe(v.number(), v.integer("Whole cents only."), v.minValue(0), v.maxValue(10_000_000)),
  reason: v.pipe(v.string(), v.trim(), v.minLength(6, "Say why (at least 6 characters)."), v.maxLength(500)),
});

const PayoutsQuery = v.object({
  status: v.optional(v.picklist(["", "pending", "paid", "failed", "canceled"]), ""),
  page: v.optional(v.pipe(v.string(), v.regex(/^\d{1,4}$/), v.transform(Number), v.minValue(1)), "1"),
});

/**
 * /api/admin/payouts: the payouts and their state, and a job's payout price adjusted within the limits of
 * domain/staff-limits.ts (PRICE_ADJUST_FAILED outside them). When the job's earning line already exists
 * (issue 11 writes "job:<id>" lines), the change is added as an "adjustment" line so a paid-out line is
 * never rewritten; otherwise the job's vendor_payout_cents is what completion will pay.
 */
export const adminPayoutsApi = new Hono<AppEnv>()
  .use(requireAdmin)
  .get("/", async (c) => {
    const { status, page } = queryOf(c, PayoutsQuery);
    const rows = await c.env.DB.prepare(
      `SELECT p.payout_id, p.vendor_id, v.display_name AS vendor_name, p.amount_cents, p.fee_cents, p.kind, p.status,
              p.failure_reason, p.created_at, p.paid_at
       FROM payouts p JOIN vendors v ON v.vendor_id = p.vendor_id
       WHERE ?1 = '' OR p.status = ?1 ORDER BY p.created_at DESC, p.payout_id DESC LIMIT 11 OFFSET ?2`,
    )
      .bind(status, offsetOf(page))
      .all<PayoutRow>();
    return c.json(pageOf(rows.results, page));
  })
  .post("/jobs/:id/adjust", async (c) => {
    const { id } = parseOrFail(IdParam, c.req.param());
    const body = await jsonBody(c, AdjustBody);
    const now = c.get("now");
    const d1 = c.env.DB;
    const job = await d1
      .prepare(
        `SELECT vendor_id, service_order_status_id, price_cents, vendor_payout_cents
         FROM service_orders WHERE service_order_id = ?1`,
      )
      .bind(id)
      .first<{
        vendor_id: number | null;
        service_order_status_id: number;
        price_cents: number;
        vendor_payout_cents: number;
      }>();
    if (!job) fail("NOT_FOUND");
    const payable = [ServiceOrderStatus.SCHEDULED, ServiceOrderStatus.IN_PROGRESS, ServiceOrderStatus.COMPLETED];
    if (job.vendor_id === null || !payable.includes(job.service_order_status_id as 20)) {
      fail("STAFF_ACTION_NOT_ALLOWED");
    }
    const check = checkPayoutAdjust({
      current: job.vendor_payout_cents,
      next: body.payout_cents,
      jobPrice: job.price_cents,
    });
    if (!check.ok) fail("PRICE_ADJUST_FAILED", { payout_cents: check.reason });
    const op = newAuditedAction();
    const { done } = await runAudited(
      d1,
      op,
      d1
        .prepare(
          `UPDATE service_orders SET vendor_payout_cents = ?3, updated_at = ?4
           WHERE service_order_id = ?1 AND vendor_payout_cents = ?2 AND vendor_id = ?5`,
        )
        .bind(id, job.vendor_payout_cents, body.payout_cents, now, job.vendor_id),
      {
        actorUserId: viewerOf(c).user_id,
        action: "payout.adjust",
        targetType: "service_order",
        targetId: id,
        reason: body.reason,
        before: { vendor_payout_cents: job.vendor_payout_cents },
        after: { vendor_payout_cents: body.payout_cents },
        details: { delta_cents: check.delta_cents, vendor_id: job.vendor_id },
        now,
      },
      [
        d1
          .prepare(
            `INSERT INTO vendor_earnings (vendor_id, service_order_id, kind, amount_cents, ref, created_at)
             SELECT ?1, ?2, 'adjustment', ?3, ?4, ?5
             WHERE EXISTS (SELECT 1 FROM vendor_earnings WHERE ref = ?6) AND ${op.guard}`,
          )
          .bind(job.vendor_id, id, check.delta_cents, `adjust:${id}:${op.opKey}`, now, `job:${id}`),
      ],
    );
    if (!done) fail("STAFF_ACTION_NOT_ALLOWED");
    return c.json({
      data: { service_order_id: id, vendor_payout_cents: body.payout_cents, delta_cents: check.delta_cents },
      code: "STAFF_ACTION_DONE" as const,
    });
  });
