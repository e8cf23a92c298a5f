import type { StaffChargeRow } from "../../../schema/contracts/admin";
import { Hono } from "hono";
import * as v from "valibot";
import { messageFor, type MessageCode } from "../../../domain/messages";
import { checkStaffCharge } from "../../../domain/staff-limits";
import { paymentsFromEnv } from "../../adapters/payments";
import { newAuditedAction, runAudited } from "../../admin/audit";
import {
  chargeableJob,
  chargeResult,
  claimStaffCharge,
  settleStaffCharge,
  staffChargeByKey,
  staffChargeKey,
  type StaffChargeResult,
} from "../../admin/charges";
import { offsetOf, pageOf } from "../../admin/paging";
import { fail } from "../../http/errors";
import type { AppEnv } from "../../http/types";
import { jsonBody, queryOf } from "../../http/validate";
import { requireAdmin, viewerOf } from "../../middleware/roles";

const Id = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(999_999_999_999));

const ChargeBody = v.object({
  user_id: Id,
  service_order_id: Id,
  amount_cents: v.pipe(v.number(), v.integer("Whole cents only."), v.minValue(1), v.maxValue(10_000_000)),
  reason: v.pipe(v.string(), v.trim(), v.minLength(6, "Say why (at least 6 characters)."), v.maxLength(300)),
  /** Made once when the form opens: a double click or a retry of the same form is the same charge. */
  request_key: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{8,64}$/, "A request key of 8 to 64 letters or digits.")),
});

const ChargesQuery = v.object({
  user_id: v.pipe(v.string(), v.regex(/^\d{1,12}$/, "Give the customer's number."), v.transform(Number)),
  page: v.optional(v.pipe(v.string(), v.regex(/^\d{1,4}$/), v.transform(Number), v.minValue(1)), "1"),
});

export function chargeAnswer(result: StaffChargeResult) {
  if (result.status === "failed") fail("CHARGE_ERROR");
  const code: MessageCode =
    result.status === "succeeded"
      ? "STAFF_CHARGE_SUCCESS"
      : result.status === "link_sent"
        ? "STAFF_CHARGE_LINK_SENT"
        : "STAFF_CHARGE_PENDING";
  return { data: result, code, message: messageFor(code) };
}

/**
 * /api/admin/charges: staff charge a customer for one of their jobs (SPEC section 6 "charge a customer";
 * docs/decisions/097-staff-charges.md). A reason, an amount within domain/staff-limits.ts, the saved card,
 * a payment link texted when the card needs the customer. The claim and its audit row are one batch; the
 * key is derived from the action, so any number of identical requests make one charge and one audit row.
 */
export const adminChargesApi = new Hono<AppEnv>()
  .use(requireAdmin)
  .get("/", async (c) => {
    const { user_id, page } = queryOf(c, ChargesQuery);
    const rows = await c.env.DB.prepare(
      `SELECT sc.staff_charge_id, sc.kind, sc.service_order_id, sc.amount_cents, sc.reason, sc.status, sc.created_at,
              u.name AS staff_name
       FROM staff_charges sc JOIN users u ON u.user_id = sc.created_by_user_id
       WHERE sc.user_id = ?1 ORDER BY sc.created_at DESC, sc.staff_charge_id DESC LIMIT 11 OFFSET ?2`,
    )
      .bind(user_id, offsetOf(page))
      .all<StaffChargeRow>();
    return c.json(pageOf(rows.results, page));
  })
  .post("/", async (c) => {
    const body = await jsonBody(c, ChargeBody);
    const now = c.get("now");
    const db = c.get("db");
    const d1 = c.env.DB;
    const job = await chargeableJob(d1, body.service_order_id);
    if (!job || job.user_id !== body.user_id) fail("NOT_FOUND", { service_order_id: "Not a job of this customer." });
    const key = await staffChargeKey({ kind: "charge", ...body });
    const existing = await staffChargeByKey(db, key);
    if (existing) return c.json(chargeAnswer(chargeResult(existing)));
    // A payment link belongs to the job's pro: a job nobody took cannot be charged for.
    if (job.vendor_id === null) fail("STAFF_ACTION_NOT_ALLOWED", { service_order_id: "No pro took this job." });
    const so_far = await d1
      .prepare(
        "SELECT coalesce(sum(amount_cents), 0) AS n FROM staff_charges WHERE service_order_id = ? AND status <> 'failed'",
      )
      .bind(job.service_order_id)
      .first<{ n: number }>();
    const charged = so_far?.n ?? 0;
    const check = checkStaffCharge({ amount: body.amount_cents, jobPrice: job.price_cents, chargedSoFar: charged });
    if (!check.ok) fail("STAFF_CHARGE_OUT_OF_LIMITS", { amount_cents: check.reason });
    const actor = viewerOf(c).user_id;
    const op = newAuditedAction();
    const { done } = await runAudited(
      d1,
      op,
      claimStaffCharge(d1, {
        kind: "charge",
        job,
        amount_cents: body.amount_cents,
        reason: body.reason,
        key,
        actorUserId: actor,
        now,
      }),
      {
        actorUserId: actor,
        action: "customer.charge",
        targetType: "user",
        targetId: body.user_id,
        reason: body.reason,
        before: { service_order_id: job.service_order_id, staff_charged_cents: charged },
        after: { service_order_id: job.service_order_id, staff_charged_cents: charged + body.amount_cents },
        details: { amount_cents: body.amount_cents, idempotency_key: key },
        now,
      },
    );
    const row = await staffChargeByKey(db, key);
    if (!row) fail("STAFF_CHARGE_OUT_OF_LIMITS", { amount_cents: "Another charge on this job took what was left." });
    if (!done) return c.json(chargeAnswer(chargeResult(row))); // an identical request claimed it first
    const result = await settleStaffCharge(
      c.env,
      db,
      () => paymentsFromEnv(c.env, db, now),
      row,
      job,
      new URL(c.req.url).origin,
      now,
    );
    return c.json(chargeAnswer(result));
  });
