import type { DrizzleD1Database } from "drizzle-orm/d1";
import type { ExceptionRow } from "../../schema/contracts/admin";
import { reliabilityAfterException, RELIABILITY_MAX } from "../../domain/exceptions";
import { sendSms } from "../adapters/sms";
import { newAuditedAction, runAudited } from "../admin/audit";
import { likePattern, offsetOf } from "../admin/paging";
import { fail } from "../http/errors";

/**
 * Staff decisions on a pro's exception request (docs/product.md section 6 "approve or deny exceptions";
 * docs/decisions/099-exceptions.md): a request to lift the reliability penalty of a job they gave back. Approve
 * gives the points back (not above 100; refused for a terminated or soft-banned pro, whose reliability staff
 * set by hand); deny keeps them. Each decision is one audited batch, taken once; the pro is texted the answer.
 */

export type ExceptionStatus = "pending" | "approved" | "denied";

/** One page (11 rows: the 11th says another page follows) of the requests in `status`, oldest first. */
export async function listExceptions(
  d1: D1Database,
  input: { status: ExceptionStatus; q: string; page: number },
): Promise<ExceptionRow[]> {
  const { status, q, page } = input;
  const rows = await d1
    .prepare(
      `SELECT e.exception_id, e.vendor_id, v.display_name AS vendor_name, v.reliability, e.penalty, e.explanation,
              e.status, e.decision_note, e.created_at, i.kind, i.note AS incident_note, i.service_order_id,
              s.description AS service
       FROM vendor_exceptions e JOIN vendors v ON v.vendor_id = e.vendor_id
       JOIN job_incidents i ON i.incident_id = e.incident_id
       JOIN service_orders so ON so.service_order_id = i.service_order_id JOIN services s ON s.service_id = so.service_id
       WHERE e.status = ?1 AND (?2 = '' OR v.display_name LIKE ?3 ESCAPE '\\')
       ORDER BY e.created_at, e.exception_id LIMIT 11 OFFSET ?4`,
    )
    .bind(status, q, likePattern(q), offsetOf(page))
    .all<ExceptionRow>();
  return rows.results;
}

interface ExceptionState {
  exception_id: number;
  vendor_id: number;
  penalty: number;
  status: string;
  reliability: number;
  soft_banned: number;
  vendor_status: string;
  phone: string | null;
  display_name: string;
}

async function exceptionState(d1: D1Database, id: number): Promise<ExceptionState> {
  const row = await d1
    .prepare(
      `SELECT e.exception_id, e.vendor_id, e.penalty, e.status, v.reliability, v.soft_banned, v.status AS vendor_status,
              u.phone, v.display_name
       FROM vendor_exceptions e JOIN vendors v ON v.vendor_id = e.vendor_id JOIN users u ON u.user_id = v.user_id
       WHERE e.exception_id = ?1`,
    )
    .bind(id)
    .first<ExceptionState>();
  if (!row) fail("NOT_FOUND");
  return row;
}

type Decision = { id: number; reason: string; actorUserId: number; now: number };

/** Approves a pending request: the penalty's points go back (up to the maximum). */
export async function approveException(
  env: Env,
  db: DrizzleD1Database,
  input: Decision,
): Promise<{ exception_id: number; status: "approved"; reliability: number }> {
  const { id, reason, actorUserId, now } = input;
  const d1 = env.DB;
  const before = await exceptionState(d1, id);
  if (before.status !== "pending") fail("STAFF_ACTION_NOT_ALLOWED");
  if (before.vendor_status === "terminated" || before.soft_banned) {
    fail("STAFF_ACTION_NOT_ALLOWED", { vendor: "This pro is terminated or soft-banned: set reliability by hand." });
  }
  const op = newAuditedAction();
  const after = reliabilityAfterException(before.reliability, before.penalty);
  const { done } = await runAudited(
    d1,
    op,
    d1
      .prepare(
        `UPDATE vendor_exceptions SET status = 'approved', decided_by_user_id = ?2, decision_note = ?3, decided_at = ?4
           WHERE exception_id = ?1 AND status = 'pending'`,
      )
      .bind(id, actorUserId, reason, now),
    {
      actorUserId: actorUserId,
      action: "exception.approve",
      targetType: "vendor_exception",
      targetId: id,
      reason,
      before: { status: "pending", reliability: before.reliability },
      after: { status: "approved", reliability: after },
      details: { vendor_id: before.vendor_id, penalty: before.penalty },
      now,
    },
    [
      d1
        .prepare(
          `UPDATE vendors SET reliability = min(${RELIABILITY_MAX}, reliability + ?2), updated_at = ?3
             WHERE vendor_id = ?1 AND status <> 'terminated' AND soft_banned = 0 AND ${op.guard}`,
        )
        .bind(before.vendor_id, before.penalty, now),
    ],
  );
  if (!done) fail("STAFF_ACTION_NOT_ALLOWED");
  if (before.phone) {
    await sendSms(env, db, {
      to: before.phone,
      body: `Good news: your exception was approved and ${before.penalty} reliability points are back on your account.`,
      now,
    }).catch(() => false);
  }
  return { exception_id: id, status: "approved", reliability: after };
}

/** Denies a pending request: the penalty stays; the pro is texted the reason. */
export async function denyException(
  env: Env,
  db: DrizzleD1Database,
  input: Decision,
): Promise<{ exception_id: number; status: "denied" }> {
  const { id, reason, actorUserId, now } = input;
  const d1 = env.DB;
  const before = await exceptionState(d1, id);
  if (before.status !== "pending") fail("STAFF_ACTION_NOT_ALLOWED");
  const { done } = await runAudited(
    d1,
    newAuditedAction(),
    d1
      .prepare(
        `UPDATE vendor_exceptions SET status = 'denied', decided_by_user_id = ?2, decision_note = ?3, decided_at = ?4
           WHERE exception_id = ?1 AND status = 'pending'`,
      )
      .bind(id, actorUserId, reason, now),
    {
      actorUserId: actorUserId,
      action: "exception.deny",
      targetType: "vendor_exception",
      targetId: id,
      reason,
      before: { status: "pending" },
      after: { status: "denied" },
      details: { vendor_id: before.vendor_id, penalty: before.penalty },
      now,
    },
  );
  if (!done) fail("STAFF_ACTION_NOT_ALLOWED");
  if (before.phone) {
    await sendSms(env, db, {
      to: before.phone,
      body: `Your exception request was reviewed and not approved: ${reason}`,
      now,
    }).catch(() => false);
  }
  return { exception_id: id, status: "denied" };
}
