import type { PayoutRow } from "../../../schema/contracts/admin";
import { Hono } from "hono";
import * as v from "valibot";
import { IdParam, offsetOf, pageOf } from "../../admin/paging";
import type { AppEnv } from "../../http/types";
import { validate } from "../../http/validate";
import { requireAdmin, viewerOf } from "../../middleware/roles";
import { adjustJobPayout } from "../../payouts/adjust";

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
 * domain/staff-limits.ts (worker/payouts/adjust.ts).
 */
export const adminPayoutsApi = new Hono<AppEnv>()
  .use(requireAdmin)
  .get("/", validate("query", PayoutsQuery), async (c) => {
    const { status, page } = c.req.valid("query");
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
  .post("/jobs/:id/adjust", validate("param", IdParam), validate("json", AdjustBody), async (c) => {
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    const data = await adjustJobPayout(c.env.DB, {
      jobId: id,
      payoutCents: body.payout_cents,
      reason: body.reason,
      actorUserId: viewerOf(c).user_id,
      now: c.get("now"),
    });
    return c.json({ data, code: "STAFF_ACTION_DONE" as const });
  });
