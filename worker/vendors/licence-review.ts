import type { DrizzleD1Database } from "drizzle-orm/d1";
import type { LicenceReviewItem } from "../../schema/contracts/admin";
import { licenseAllowsService } from "../../domain/vendors/licenses";
import { newAuditedAction, runAudited } from "../admin/audit";
import { getFile } from "../adapters/storage";
import { sendSms } from "../adapters/sms";
import { fail } from "../http/errors";

/**
 * Staff review of licences (docs/decisions/121-licences-reviewed.md). A licence sent by a pro waits for staff in
 * the review queue (/admin/reviews) with a preview of its file; only an approved, unexpired licence unlocks its
 * group's services. A renewal sent while the current licence is approved and unexpired waits in the renewal_*
 * columns, so the current licence keeps the services on until staff decide: approving moves the renewal in,
 * rejecting drops it. Each decision is one audited batch with a notice for the pro, then a text.
 */

type Row = {
  vendor_id: number;
  display_name: string;
  group_id: number;
  group_name: string;
  status: "pending" | "approved" | "rejected";
  upload_id: number;
  expires_at: number;
  renewal_upload_id: number | null;
  renewal_expires_at: number | null;
  renewal_submitted_at: number | null;
  updated_at: number;
  content_type: string | null;
};

const QUEUE = `FROM vendor_licenses l
  JOIN vendors v ON v.vendor_id = l.vendor_id
  JOIN service_code_groups g ON g.service_code_group_id = l.service_code_group_id
  LEFT JOIN uploads u ON u.upload_id = coalesce(l.renewal_upload_id, l.upload_id)
  WHERE l.status = 'pending' OR l.renewal_upload_id IS NOT NULL`;

/** Licences waiting for staff, oldest first: a first licence (pending) or a renewal of an approved one. */
export async function licenceQueue(d1: D1Database, limit: number, offset: number): Promise<LicenceReviewItem[]> {
  const { results } = await d1
    .prepare(
      `SELECT l.vendor_id, v.display_name, l.service_code_group_id AS group_id, g.name AS group_name, l.status,
         l.upload_id, l.expires_at, l.renewal_upload_id, l.renewal_expires_at, l.renewal_submitted_at, l.updated_at,
         u.content_type
       ${QUEUE}
       ORDER BY coalesce(l.renewal_submitted_at, l.updated_at), l.vendor_id, l.service_code_group_id
       LIMIT ?1 OFFSET ?2`,
    )
    .bind(limit, offset)
    .all<Row>();
  return results.map((r) => {
    const renewal = r.renewal_upload_id !== null;
    return {
      kind: "license" as const,
      vendor_id: r.vendor_id,
      display_name: r.display_name,
      group_id: r.group_id,
      group_name: r.group_name,
      renewal,
      expires_at: renewal ? r.renewal_expires_at! : r.expires_at,
      current_expires_at: renewal ? r.expires_at : null,
      submitted_at: renewal ? r.renewal_submitted_at! : r.updated_at,
      file_url: `/api/admin/reviews/${r.vendor_id}/license/${r.group_id}/file`,
      file_type: r.content_type === "application/pdf" ? ("pdf" as const) : ("image" as const),
    };
  });
}

/** The file of a licence waiting for review (staff only: served under /api/admin); NOT_FOUND otherwise. */
export async function licenceFile(env: Env, vendorId: number, groupId: number) {
  const row = await env.DB.prepare(
    `SELECT u.key, u.content_type FROM vendor_licenses l
     JOIN uploads u ON u.upload_id = coalesce(l.renewal_upload_id, l.upload_id)
     WHERE l.vendor_id = ?1 AND l.service_code_group_id = ?2 AND u.deleted_at IS NULL`,
  )
    .bind(vendorId, groupId)
    .first<{ key: string; content_type: string }>();
  if (!row) fail("NOT_FOUND");
  const object = await getFile(env, row.key);
  if (!object) fail("NOT_FOUND");
  return { body: object.body, contentType: row.content_type };
}

/** The file of an upload by id, for staff deciding an application (NOT_FOUND when it is not the application's). */
export async function applicationFile(env: Env, applicationId: number, uploadId: number) {
  const app = await env.DB.prepare(
    "SELECT photo_upload_id, license_upload_id, licenses FROM vendor_applications WHERE application_id = ?",
  )
    .bind(applicationId)
    .first<{ photo_upload_id: number | null; license_upload_id: number | null; licenses: string | null }>();
  if (!app) fail("NOT_FOUND");
  const ids = new Set<number>([app.photo_upload_id ?? -1, app.license_upload_id ?? -1]);
  for (const l of JSON.parse(app.licenses ?? "[]") as { upload_id: number }[]) ids.add(l.upload_id);
  if (!ids.has(uploadId)) fail("NOT_FOUND");
  const row = await env.DB.prepare("SELECT key, content_type FROM uploads WHERE upload_id = ? AND deleted_at IS NULL")
    .bind(uploadId)
    .first<{ key: string; content_type: string }>();
  if (!row) fail("NOT_FOUND");
  const object = await getFile(env, row.key);
  if (!object) fail("NOT_FOUND");
  return { body: object.body, contentType: row.content_type };
}

/** What the pro is told about staff's decision (a notice on the dashboard and a text). */
export function licenceDecisionMessage(group: string, decision: "approve" | "reject", comment: string | null): string {
  if (decision === "approve") {
    return `Your ${group} licence was approved; you can offer your ${group} services.${comment ? ` ${comment}` : ""}`;
  }
  return `Your ${group} licence was not accepted: ${comment ?? ""} Upload a corrected licence under Business > Licences.`;
}

/**
 * Staff approve or reject a licence waiting for review (a first licence or a renewal), with a comment (required to
 * reject; the pro sees it). Conditional on the state staff saw, audited, with the pro's notice in the same batch;
 * STAFF_ACTION_NOT_ALLOWED when nothing waits (already decided, or a race lost). Rejecting a first licence also
 * switches the group's services off (they cannot be on without it); rejecting a renewal keeps the current licence.
 */
export async function decideLicence(
  env: Env,
  db: DrizzleD1Database,
  input: {
    vendorId: number;
    groupId: number;
    decision: "approve" | "reject";
    comment: string | null;
    actorUserId: number;
    now: number;
  },
): Promise<{ vendor_id: number; group_id: number; status: string; valid: boolean }> {
  const { vendorId, groupId, decision, comment, actorUserId, now } = input;
  const d1 = env.DB;
  const row = await d1
    .prepare(
      `SELECT l.status, l.upload_id, l.expires_at, l.renewal_upload_id, l.renewal_expires_at, g.name AS group_name,
         u.phone
       FROM vendor_licenses l JOIN service_code_groups g ON g.service_code_group_id = l.service_code_group_id
       JOIN vendors v ON v.vendor_id = l.vendor_id LEFT JOIN users u ON u.user_id = v.user_id
       WHERE l.vendor_id = ?1 AND l.service_code_group_id = ?2`,
    )
    .bind(vendorId, groupId)
    .first<{
      status: string;
      upload_id: number;
      expires_at: number;
      renewal_upload_id: number | null;
      renewal_expires_at: number | null;
      group_name: string;
      phone: string | null;
    }>();
  if (!row) fail("NOT_FOUND");
  const renewal = row.renewal_upload_id !== null;
  if (!renewal && row.status !== "pending") fail("STAFF_ACTION_NOT_ALLOWED");
  const note = decision === "reject" ? comment : null;
  // The state staff saw must still hold: the same file waits (a newer upload makes this decision stale).
  const primary = renewal
    ? decision === "approve"
      ? d1
          .prepare(
            `UPDATE vendor_licenses SET upload_id = renewal_upload_id, expires_at = renewal_expires_at, status = 'approved',
               renewal_upload_id = NULL, renewal_expires_at = NULL, renewal_submitted_at = NULL, review_note = ?4,
               reviewed_by_user_id = ?5, reviewed_at = ?6, updated_at = ?6
             WHERE vendor_id = ?1 AND service_code_group_id = ?2 AND renewal_upload_id = ?3`,
          )
          .bind(vendorId, groupId, row.renewal_upload_id, note, actorUserId, now)
      : d1
          .prepare(
            `UPDATE vendor_licenses SET renewal_upload_id = NULL, renewal_expires_at = NULL, renewal_submitted_at = NULL,
               review_note = ?4, reviewed_by_user_id = ?5, reviewed_at = ?6, updated_at = ?6
             WHERE vendor_id = ?1 AND service_code_group_id = ?2 AND renewal_upload_id = ?3`,
          )
          .bind(vendorId, groupId, row.renewal_upload_id, note, actorUserId, now)
    : d1
        .prepare(
          `UPDATE vendor_licenses SET status = ?4, review_note = ?5, reviewed_by_user_id = ?6, reviewed_at = ?7,
             updated_at = ?7
           WHERE vendor_id = ?1 AND service_code_group_id = ?2 AND status = 'pending' AND upload_id = ?3
             AND renewal_upload_id IS NULL`,
        )
        .bind(
          vendorId,
          groupId,
          row.upload_id,
          decision === "approve" ? "approved" : "rejected",
          note,
          actorUserId,
          now,
        );
  const op = newAuditedAction();
  const message = licenceDecisionMessage(row.group_name, decision, comment);
  const rest = [
    d1
      .prepare(
        `INSERT OR IGNORE INTO notifications (vendor_id, persistence, severity, message, timestamp, dedupe_key)
         SELECT ?1, 0, ?2, ?3, ?4, ?5 WHERE ${op.guard}`,
      )
      .bind(
        vendorId,
        decision === "approve" ? 0 : 2,
        message,
        now,
        `licence-review:g${groupId}:u${renewal ? row.renewal_upload_id : row.upload_id}`,
      ),
  ];
  if (decision === "reject" && !renewal) {
    rest.push(
      d1
        .prepare(
          `UPDATE vendor_services SET enabled = 0 WHERE vendor_id = ?1 AND enabled = 1
             AND service_id IN (SELECT service_id FROM services WHERE service_code_group_id = ?2) AND ${op.guard}`,
        )
        .bind(vendorId, groupId),
    );
  }
  const { done } = await runAudited(
    d1,
    op,
    primary,
    {
      actorUserId,
      action: `vendor.license_${decision}`,
      targetType: "vendor",
      targetId: vendorId,
      reason: comment,
      before: { group_id: groupId, status: row.status, renewal_upload_id: row.renewal_upload_id },
      after: {
        group_id: groupId,
        status: renewal
          ? decision === "approve"
            ? "approved"
            : row.status
          : decision === "approve"
            ? "approved"
            : "rejected",
        renewal_upload_id: null,
      },
      details: { upload_id: renewal ? row.renewal_upload_id : row.upload_id, renewal },
      now,
    },
    rest,
  );
  if (!done) fail("STAFF_ACTION_NOT_ALLOWED");
  if (row.phone) {
    await sendSms(env, db, { to: row.phone, body: message, now }).catch((err) =>
      console.error(JSON.stringify({ at: "licence.review.sms", vendorId, error: String(err) })),
    );
  }
  const after = await d1
    .prepare("SELECT status, expires_at FROM vendor_licenses WHERE vendor_id = ?1 AND service_code_group_id = ?2")
    .bind(vendorId, groupId)
    .first<{ status: "pending" | "approved" | "rejected"; expires_at: number }>();
  return {
    vendor_id: vendorId,
    group_id: groupId,
    status: after!.status,
    valid: licenseAllowsService(after, now),
  };
}
