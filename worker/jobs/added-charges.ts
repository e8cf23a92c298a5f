import { and, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { addedChargeCap } from "../../domain/added-charges";
import { iso } from "../../domain/calendar/time";
import { bpsOf } from "../../domain/checkout-rules";
import { messageFor } from "../../domain/messages";
import { centsToDecimal } from "../../domain/money";
import { PRICING } from "../../domain/pricing-config";
import type { AddedChargeView, StaffAddedChargeView } from "../../schema/contracts/added-charges";
import { users } from "../../schema/tables/accounts";
import { jobAdjustments } from "../../schema/tables/job-actions";
import { serviceOrders } from "../../schema/tables/orders";
import { vendors } from "../../schema/tables/vendors";
import { PaymentsError, type PaymentsPort } from "../adapters/payments/port";
import { sendSms } from "../adapters/sms";
import { auditInsert, newAuditedAction } from "../admin/audit";
import { offsetOf, STAFF_PAGE_SIZE } from "../admin/paging";
import { fail } from "../http/errors";
import { d1Batch } from "../orders/d1-batch";

/**
 * After a pro's added charge (worker/jobs/money.ts addCharge; docs/decisions/116-added-charge-consent.md): the
 * customer sees every added charge of their job and may dispute a paid one with a reason; staff list added
 * charges and disputes and refund one (audited); a cancelled job gives its added charges back (paid ones
 * refunded, requests still waiting for approval withdrawn).
 *
 * A refund of an added charge is claimed on its row (refund_status none or failed -> pending, in one conditional
 * UPDATE), so any number of racing or repeated requests refund it once; the provider refund is keyed
 * `job-adjustment:<id>:charge-refund` and the pro's earning line is reversed under `add-charge-refund:<id>`.
 */

type Row = typeof jobAdjustments.$inferSelect;

const PAID = ["succeeded"] as const;

export function addedChargeView(row: Row): AddedChargeView {
  return {
    adjustment_id: row.adjustment_id,
    service_order_id: row.service_order_id,
    amount_cents: row.amount_cents,
    description: row.description,
    status: row.status === "link_sent" ? "awaiting_approval" : row.status,
    consent: row.consent,
    created_at: iso(row.created_at),
    disputed_at: row.disputed_at === null ? null : iso(row.disputed_at),
    dispute_reason: row.dispute_reason,
    refund_status: row.refund_status,
    refunded_at: row.refunded_at === null ? null : iso(row.refunded_at),
    may_dispute: row.status === "succeeded" && row.disputed_at === null && row.refund_status === "none",
  };
}

/** Every added charge of the given jobs (the customer's order page), newest first. */
export async function addedChargesOfJobs(
  db: DrizzleD1Database,
  serviceOrderIds: readonly number[],
): Promise<Map<number, AddedChargeView[]>> {
  const out = new Map<number, AddedChargeView[]>();
  if (serviceOrderIds.length === 0) return out;
  const rows = await db
    .select()
    .from(jobAdjustments)
    .where(
      and(
        inArray(jobAdjustments.service_order_id, [...serviceOrderIds]),
        eq(jobAdjustments.kind, "add_charge"),
        inArray(jobAdjustments.status, ["succeeded", "awaiting_approval", "link_sent", "declined", "withdrawn"]),
      ),
    )
    .orderBy(desc(jobAdjustments.adjustment_id));
  for (const row of rows) {
    const list = out.get(row.service_order_id) ?? [];
    list.push(addedChargeView(row));
    out.set(row.service_order_id, list);
  }
  return out;
}

/**
 * POST /order/added-charge/dispute: the customer disputes a paid added charge of their own job, with a reason.
 * Staff see it in the admin area (GET /admin/added-charges?disputed=1). Disputing twice answers the first dispute.
 */
export async function disputeAddedCharge(
  env: Env,
  db: DrizzleD1Database,
  userId: number,
  input: { adjustment_id: number; reason: string },
  now: number,
): Promise<AddedChargeView> {
  const [found] = await db
    .select({ row: jobAdjustments })
    .from(jobAdjustments)
    .innerJoin(serviceOrders, eq(serviceOrders.service_order_id, jobAdjustments.service_order_id))
    .where(
      and(
        eq(jobAdjustments.adjustment_id, input.adjustment_id),
        eq(jobAdjustments.kind, "add_charge"),
        eq(serviceOrders.user_id, userId),
      ),
    )
    .limit(1);
  if (!found) return fail("NOT_FOUND", { adjustment_id: "We couldn't find this charge on your orders." });
  if (found.row.disputed_at !== null) return addedChargeView(found.row);
  if (found.row.status !== "succeeded" || found.row.refund_status !== "none") fail("ADDED_CHARGE_NOT_DISPUTABLE");
  await env.DB.prepare(
    `UPDATE job_adjustments SET disputed_at = ?2, dispute_reason = ?3, updated_at = ?2
     WHERE adjustment_id = ?1 AND kind = 'add_charge' AND status = 'succeeded' AND disputed_at IS NULL`,
  )
    .bind(input.adjustment_id, now, input.reason)
    .run();
  const [fresh] = await db.select().from(jobAdjustments).where(eq(jobAdjustments.adjustment_id, input.adjustment_id));
  return addedChargeView(fresh!);
}

export interface AddedChargeRefund {
  adjustment_id: number;
  refund_status: Row["refund_status"];
  amount_cents: number;
  message: string;
}

/**
 * Refunds one paid added charge in full. `by` says who: staff (audited, with the staff member and reason: the
 * claim and its audit row are one batch, so a refused or repeated request writes no audit row) or the job's
 * cancellation. The customer is texted. Answers the charge's refund as it stands when another request holds
 * the claim; refuses a charge that was not paid.
 */
export async function refundAddedCharge(
  env: Env,
  db: DrizzleD1Database,
  port: () => PaymentsPort,
  adjustmentId: number,
  by: { kind: "staff"; actorUserId: number; reason: string } | { kind: "cancellation" },
  now: number,
): Promise<AddedChargeRefund> {
  const [row] = await db.select().from(jobAdjustments).where(eq(jobAdjustments.adjustment_id, adjustmentId));
  if (!row || row.kind !== "add_charge") return fail("NOT_FOUND", { adjustment_id: "We couldn't find this charge." });
  if (row.status !== "succeeded" || !row.payment_intent_id) fail("ADDED_CHARGE_NOT_REFUNDABLE");
  const reason = by.kind === "staff" ? by.reason : "The service was cancelled";
  const claim = env.DB.prepare(
    `UPDATE job_adjustments SET refund_status = 'pending', refund_reason = ?2, updated_at = ?3
     WHERE adjustment_id = ?1 AND kind = 'add_charge' AND status = 'succeeded' AND refund_status IN ('none', 'failed')`,
  ).bind(adjustmentId, reason, now);
  let claimed: boolean;
  if (by.kind === "staff") {
    const op = newAuditedAction();
    const results = await env.DB.batch([
      claim,
      auditInsert(env.DB, op, {
        actorUserId: by.actorUserId,
        action: "added_charge.refund",
        targetType: "job_adjustment",
        targetId: adjustmentId,
        reason: by.reason,
        before: { refund_status: row.refund_status },
        after: { refund_status: "pending", amount_cents: row.amount_cents },
        details: {
          service_order_id: row.service_order_id,
          vendor_id: row.vendor_id,
          disputed: row.disputed_at !== null,
        },
        now,
      }),
    ]);
    claimed = (results[0]?.meta.changes ?? 0) > 0;
  } else {
    claimed = ((await claim.run()).meta.changes ?? 0) > 0;
  }
  if (!claimed) {
    const [current] = await db.select().from(jobAdjustments).where(eq(jobAdjustments.adjustment_id, adjustmentId));
    if (current!.refund_status === "none") fail("ADDED_CHARGE_NOT_REFUNDABLE");
    return refundAnswer(current!);
  }
  try {
    const refund = await port().refund({
      payment_intent_id: row.payment_intent_id!,
      amount_cents: row.amount_cents,
      reason: "requested_by_customer",
      idempotency_key: `job-adjustment:${adjustmentId}:charge-refund`,
      service_order_id: row.service_order_id,
      requested_by_user_id: by.kind === "staff" ? by.actorUserId : null,
    });
    const share = bpsOf(row.amount_cents, PRICING.vendorShareBps);
    await d1Batch(env.DB, [
      sql`UPDATE job_adjustments SET refund_status = 'succeeded', refund_ref = ${refund.id}, refunded_at = ${now},
          updated_at = ${now}
        WHERE adjustment_id = ${adjustmentId} AND refund_status = 'pending'`,
      sql`INSERT INTO vendor_earnings (vendor_id, service_order_id, kind, amount_cents, ref, created_at)
        VALUES (${row.vendor_id}, ${row.service_order_id}, 'adjustment', ${-share}, ${`add-charge-refund:${adjustmentId}`}, ${now})
        ON CONFLICT (ref) DO NOTHING`,
    ]);
    const phone = await customerPhone(db, row.service_order_id);
    if (phone) {
      await sendSms(env, db, {
        to: phone,
        body: `We refunded the $${centsToDecimal(row.amount_cents)} added charge for ${row.description}. It reaches your card in 5-10 business days.`,
        now,
      }).catch(() => false);
    }
  } catch (err) {
    if (!(err instanceof PaymentsError)) throw err;
    console.error(JSON.stringify({ at: "added-charge.refund", adjustment_id: adjustmentId, code: err.code }));
    await env.DB.prepare(
      "UPDATE job_adjustments SET refund_status = 'failed', failure = ?2, updated_at = ?3 WHERE adjustment_id = ?1 AND refund_status = 'pending'",
    )
      .bind(adjustmentId, err.code, now)
      .run();
  }
  const [fresh] = await db.select().from(jobAdjustments).where(eq(jobAdjustments.adjustment_id, adjustmentId));
  return refundAnswer(fresh!);
}

function refundAnswer(row: Row): AddedChargeRefund {
  return {
    adjustment_id: row.adjustment_id,
    refund_status: row.refund_status,
    amount_cents: row.amount_cents,
    message:
      row.refund_status === "failed"
        ? "The refund could not be made. Please try again."
        : row.refund_status === "pending"
          ? "The refund is on its way."
          : messageFor("ADDED_CHARGE_REFUNDED"),
  };
}

async function customerPhone(db: DrizzleD1Database, soid: number): Promise<string | null> {
  const row = await db
    .select({ phone: users.phone })
    .from(serviceOrders)
    .innerJoin(users, eq(users.user_id, serviceOrders.user_id))
    .where(eq(serviceOrders.service_order_id, soid))
    .limit(1);
  return row[0]?.phone ?? null;
}

/**
 * A cancelled job gives its added charges back with the rest (docs/decisions/116): requests still waiting for the
 * customer's approval are withdrawn (their links closed), and every paid added charge not refunded yet is refunded.
 * Safe to run again: a repeated cancellation call finishes what is left.
 */
export async function returnAddedCharges(
  env: Env,
  db: DrizzleD1Database,
  port: () => PaymentsPort,
  soid: number,
  now: number,
): Promise<void> {
  await d1Batch(env.DB, [
    sql`UPDATE pay_links SET status = 'revoked' WHERE status = 'open' AND pay_link_id IN (SELECT pay_link_id
      FROM job_adjustments WHERE service_order_id = ${soid} AND kind = 'add_charge'
        AND status IN ('awaiting_approval', 'link_sent') AND pay_link_id IS NOT NULL)`,
    sql`UPDATE job_adjustments SET status = 'withdrawn', updated_at = ${now}
      WHERE service_order_id = ${soid} AND kind = 'add_charge' AND status IN ('awaiting_approval', 'link_sent')
        AND (pay_link_id IS NULL OR pay_link_id IN (SELECT pay_link_id FROM pay_links WHERE status = 'revoked'))`,
  ]);
  const paid = await db
    .select({ id: jobAdjustments.adjustment_id })
    .from(jobAdjustments)
    .where(
      and(
        eq(jobAdjustments.service_order_id, soid),
        eq(jobAdjustments.kind, "add_charge"),
        inArray(jobAdjustments.status, [...PAID]),
        inArray(jobAdjustments.refund_status, ["none", "failed"]),
      ),
    );
  for (const { id } of paid) {
    await refundAddedCharge(env, db, port, id, { kind: "cancellation" }, now).catch((err) =>
      console.error(JSON.stringify({ at: "cancel.added-charge-refund", adjustment_id: id, error: String(err) })),
    );
  }
}

/** GET /admin/added-charges: the pros' added charges, newest first; `disputed` keeps only disputed ones. */
export async function staffAddedCharges(
  db: DrizzleD1Database,
  opts: { disputed: boolean; page: number },
): Promise<StaffAddedChargeView[]> {
  const rows = await db
    .select({
      row: jobAdjustments,
      vendor_name: vendors.display_name,
      customer_name: users.name,
      customer_user_id: serviceOrders.user_id,
      price_cents: serviceOrders.price_cents,
    })
    .from(jobAdjustments)
    .innerJoin(serviceOrders, eq(serviceOrders.service_order_id, jobAdjustments.service_order_id))
    .innerJoin(vendors, eq(vendors.vendor_id, jobAdjustments.vendor_id))
    .innerJoin(users, eq(users.user_id, serviceOrders.user_id))
    .where(
      and(eq(jobAdjustments.kind, "add_charge"), opts.disputed ? isNotNull(jobAdjustments.disputed_at) : undefined),
    )
    .orderBy(desc(jobAdjustments.adjustment_id))
    .limit(STAFF_PAGE_SIZE + 1)
    .offset(offsetOf(opts.page));
  return rows.map((r) => ({
    ...addedChargeView(r.row),
    vendor_id: r.row.vendor_id,
    vendor_name: r.vendor_name,
    customer_user_id: r.customer_user_id,
    customer_name: r.customer_name,
    job_price_cents: r.price_cents,
    job_cap_cents: addedChargeCap(r.price_cents),
    may_refund: r.row.status === "succeeded" && (r.row.refund_status === "none" || r.row.refund_status === "failed"),
  }));
}
