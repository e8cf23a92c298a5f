import { eq } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { centsToDecimal } from "../../domain/money";
import { STAFF_CHARGE_JOB_EXTRA_CENTS } from "../../domain/staff-limits";
import { staffCharges } from "../../schema/tables/staff-charges";
import type { PaymentsPort } from "../adapters/payments/port";
import { sendSms } from "../adapters/sms";
import { sha256Hex } from "../auth/crypto";
import { createPayLink, TIP_LINK_TTL_MS } from "../orders/pay-links";
import { chargeSavedCard } from "../payments/saved-card";

/**
 * Money staff take from a customer (docs/decisions/097-staff-charges.md): one staff_charges row a charge,
 * claimed in the staff action's batch (with its audit row), then charged off-session to the customer's saved
 * card with the key `staff-charge:<id>`; when the card needs the customer (3-D Secure), is declined or there
 * is none, the customer is texted a payment link for the job instead (status link_sent).
 */

export type StaffChargeRow = typeof staffCharges.$inferSelect;

/** What staff see about a job they may charge for. */
export interface ChargeableJob {
  service_order_id: number;
  user_id: number;
  vendor_id: number | null;
  price_cents: number;
  description: string;
  phone: string | null;
  customer_name: string;
}

export async function chargeableJob(d1: D1Database, soid: number): Promise<ChargeableJob | null> {
  return d1
    .prepare(
      `SELECT so.service_order_id, so.user_id, so.vendor_id, so.price_cents, s.description,
              coalesce(o.phone, u.phone) AS phone, u.name AS customer_name
       FROM service_orders so JOIN services s ON s.service_id = so.service_id
       JOIN orders o ON o.order_id = so.order_id JOIN users u ON u.user_id = so.user_id
       WHERE so.service_order_id = ?1`,
    )
    .bind(soid)
    .first<ChargeableJob>();
}

/** The key of a staff charge: derived from the action (job, amount, reason and the form's request key). */
export async function staffChargeKey(parts: {
  kind: "charge" | "suspension_fee";
  service_order_id: number;
  amount_cents: number;
  reason: string;
  request_key: string;
}): Promise<string> {
  const digest = await sha256Hex(
    JSON.stringify([parts.kind, parts.service_order_id, parts.amount_cents, parts.reason, parts.request_key]),
  );
  return `staff-${parts.kind}:${parts.service_order_id}:${digest.slice(0, 32)}`;
}

/**
 * The claim: one row, only if no row has this key and the job's staff charges (not failed) stay within the
 * job's price plus STAFF_CHARGE_JOB_EXTRA_CENTS. `guard` (an audit guard) makes it follow the action's
 * primary write; without it, the claim is itself the primary write and the audit row follows it.
 */
export function claimStaffCharge(
  d1: D1Database,
  input: {
    kind: "charge" | "suspension_fee";
    job: ChargeableJob;
    amount_cents: number;
    reason: string;
    key: string;
    actorUserId: number;
    now: number;
  },
  guard = "1",
): D1PreparedStatement {
  const { job } = input;
  return d1
    .prepare(
      `INSERT INTO staff_charges (kind, user_id, service_order_id, amount_cents, reason, status, idempotency_key,
         created_by_user_id, created_at, updated_at)
       SELECT ?1, ?2, ?3, ?4, ?5, 'pending', ?6, ?7, ?8, ?8
       WHERE ${guard} AND (SELECT coalesce(sum(amount_cents), 0) FROM staff_charges
         WHERE service_order_id = ?3 AND status <> 'failed') + ?4 <= ?9
       ON CONFLICT (idempotency_key) DO NOTHING`,
    )
    .bind(
      input.kind,
      job.user_id,
      job.service_order_id,
      input.amount_cents,
      input.reason,
      input.key,
      input.actorUserId,
      input.now,
      job.price_cents + STAFF_CHARGE_JOB_EXTRA_CENTS,
    );
}

export async function staffChargeByKey(db: DrizzleD1Database, key: string): Promise<StaffChargeRow | null> {
  const [row] = await db.select().from(staffCharges).where(eq(staffCharges.idempotency_key, key)).limit(1);
  return row ?? null;
}

export interface StaffChargeResult {
  staff_charge_id: number;
  service_order_id: number;
  amount_cents: number;
  status: StaffChargeRow["status"];
  pay_url?: string;
}

export function chargeResult(row: StaffChargeRow, payUrl?: string): StaffChargeResult {
  return {
    staff_charge_id: row.staff_charge_id,
    service_order_id: row.service_order_id,
    amount_cents: row.amount_cents,
    status: row.status,
    ...(payUrl ? { pay_url: payUrl } : {}),
  };
}

/**
 * Charges a claimed (pending) row. Called only by the request whose batch wrote the claim; the provider key
 * is the row's, so a retry after a crash cannot charge twice either.
 */
export async function settleStaffCharge(
  env: Env,
  db: DrizzleD1Database,
  port: () => PaymentsPort,
  row: StaffChargeRow,
  job: ChargeableJob,
  origin: string,
  now: number,
): Promise<StaffChargeResult> {
  // A suspension fee's reason is the staff note of the suspension (audit log only): the customer reads what the
  // fee is, never the note. A staff charge's reason is written for the customer (the Charge dialog says so).
  const shownReason = row.kind === "suspension_fee" ? "reschedule fee" : row.reason;
  const label =
    row.kind === "suspension_fee"
      ? `Reschedule fee (${job.description}, job #${job.service_order_id})`
      : `Charge: ${row.reason} (${job.description}, job #${job.service_order_id})`;
  const charged = await chargeSavedCard(db, port, row.user_id, {
    amount_cents: row.amount_cents,
    description: label,
    metadata: {
      purpose: "staff_charge",
      ref: `staff_charge:${row.staff_charge_id}`,
      service_order_id: String(row.service_order_id),
    },
    idempotency_key: `staff-charge:${row.staff_charge_id}`,
  });
  const intentId = charged?.intent?.id ?? null;
  if (charged?.intent?.status === "succeeded") {
    const { intent, method } = charged;
    await env.DB.prepare(
      "UPDATE staff_charges SET status = 'succeeded', payment_intent_id = ?2, updated_at = ?3 WHERE staff_charge_id = ?1 AND status = 'pending'",
    )
      .bind(row.staff_charge_id, intent.id, now)
      .run();
    if (job.phone) {
      await sendSms(env, db, {
        to: job.phone,
        body: `Receipt: $${centsToDecimal(row.amount_cents)} for ${label}, charged to your ${method.card.brand} ending ${method.card.last4}.`,
        now,
      }).catch(() => false);
    }
    return chargeResult({ ...row, status: "succeeded", payment_intent_id: intent.id });
  }
  // The card needs the customer (3-D Secure), was declined, or there is none: a payment link instead. A pay
  // link belongs to a job's pro (cpid with vid), so a job nobody took cannot get one.
  let url: string | null = null;
  let payLinkId: number | null = null;
  if (job.vendor_id !== null && job.phone) {
    const link = await createPayLink(
      db,
      {
        kind: "charge",
        service_order_id: row.service_order_id,
        vendor_id: job.vendor_id,
        amount_cents: row.amount_cents,
        description: label,
        created_by_user_id: row.created_by_user_id,
        expires_at: now + TIP_LINK_TTL_MS,
      },
      now,
    );
    payLinkId = link.pay_link_id;
    const u = new URL("/", origin);
    u.searchParams.set("cpid", link.token);
    u.searchParams.set("vid", String(job.vendor_id));
    url = u.toString();
  }
  const texted =
    url && job.phone
      ? await sendSms(env, db, {
          to: job.phone,
          body: `Hi ${job.customer_name.split(" ")[0]}, a charge of $${centsToDecimal(row.amount_cents)} for your ${job.description} needs your approval (${shownReason}). Please pay here: ${url}`,
          now,
        }).catch(() => false)
      : false;
  const status = texted ? "link_sent" : "failed";
  await env.DB.prepare(
    "UPDATE staff_charges SET status = ?2, pay_link_id = ?3, payment_intent_id = ?4, failure = ?5, updated_at = ?6 WHERE staff_charge_id = ?1 AND status = 'pending'",
  )
    .bind(row.staff_charge_id, status, payLinkId, intentId, texted ? null : "no-card-and-no-link", now)
    .run();
  return chargeResult({ ...row, status, pay_link_id: payLinkId }, texted && url ? url : undefined);
}
