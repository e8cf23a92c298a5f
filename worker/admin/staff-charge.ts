import type { DrizzleD1Database } from "drizzle-orm/d1";
import type { StaffChargeRow } from "../../schema/contracts/admin";
import { checkStaffCharge } from "../../domain/staff-limits";
import type { PaymentsPort } from "../adapters/payments/port";
import { newAuditedAction, runAudited } from "./audit";
import {
  chargeableJob,
  chargeResult,
  claimStaffCharge,
  settleStaffCharge,
  staffChargeByKey,
  staffChargeKey,
  type StaffChargeResult,
} from "./charges";
import { offsetOf } from "./paging";
import { fail } from "../http/errors";

/**
 * Staff charge a customer for one of their jobs (docs/product.md section 6 "charge a customer";
 * docs/decisions/097-staff-charges.md; worker/api/admin/charges.ts). A reason, an amount within
 * domain/staff-limits.ts, the saved card, a payment link texted when the card needs the customer. The claim
 * and its audit row are one batch; the key is derived from the action, so any number of identical requests
 * make one charge and one audit row.
 */

/** One page (11 rows: the 11th says another page follows) of a customer's staff charges, newest first. */
export async function listStaffCharges(d1: D1Database, userId: number, page: number): Promise<StaffChargeRow[]> {
  const rows = await d1
    .prepare(
      `SELECT sc.staff_charge_id, sc.kind, sc.service_order_id, sc.amount_cents, sc.reason, sc.status, sc.created_at,
              u.name AS staff_name
       FROM staff_charges sc JOIN users u ON u.user_id = sc.created_by_user_id
       WHERE sc.user_id = ?1 ORDER BY sc.created_at DESC, sc.staff_charge_id DESC LIMIT 11 OFFSET ?2`,
    )
    .bind(userId, offsetOf(page))
    .all<StaffChargeRow>();
  return rows.results;
}

export interface StaffChargeInput {
  user_id: number;
  service_order_id: number;
  amount_cents: number;
  reason: string;
  request_key: string;
}

/**
 * Charges the customer for their job once per request key: an identical request answers with the charge
 * already made; otherwise claims it within the job's limits and settles it on the saved card or by a link.
 */
export async function chargeCustomer(
  env: Env,
  db: DrizzleD1Database,
  payments: () => PaymentsPort,
  input: { body: StaffChargeInput; actorUserId: number; origin: string; now: number },
): Promise<StaffChargeResult> {
  const { body, actorUserId, origin, now } = input;
  const d1 = env.DB;
  const job = await chargeableJob(d1, body.service_order_id);
  if (!job || job.user_id !== body.user_id) fail("NOT_FOUND", { service_order_id: "Not a job of this customer." });
  const key = await staffChargeKey({ kind: "charge", ...body });
  const existing = await staffChargeByKey(db, key);
  if (existing) return chargeResult(existing);
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
      actorUserId,
      now,
    }),
    {
      actorUserId,
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
  if (!done) return chargeResult(row); // an identical request claimed it first
  return settleStaffCharge(env, db, payments, row, job, origin, now);
}
