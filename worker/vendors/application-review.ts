import type { ApplicationRow } from "../../schema/contracts/admin";
import { normalizeUsPhone } from "../../domain/phone";
import { newAuditedAction, runAudited } from "../admin/audit";
import { likePattern, offsetOf, pageOf } from "../admin/paging";
import { fail } from "../http/errors";

/**
 * Staff review of vendor applications other than approval (worker/vendors/approve-application.ts creates the
 * vendor): the review list and the three decisions. Reject is permanent (the applicant cannot reapply),
 * silent reject keeps the applicant seeing "pending", ignore lets them submit again. Only a submitted
 * application can be decided; each decision is audited with its reason.
 */

export const APPLICATION_STATUSES = [
  "submitted",
  "approved",
  "rejected",
  "silently_rejected",
  "ignored",
] as const satisfies readonly ApplicationRow["status"][];
export type ApplicationStatus = ApplicationRow["status"];
export type ApplicationDecision = "rejected" | "silently_rejected" | "ignored";

/** One page of applications in a status, oldest first; `q` matches name, email, ZIP or phone. */
export async function listApplications(d1: D1Database, query: { q: string; status: ApplicationStatus; page: number }) {
  const { q, status, page } = query;
  const phone = q ? normalizeUsPhone(q) : null;
  const rows = await d1
    .prepare(
      `SELECT application_id, name, phone, email, zipcode, service_groups, experience_years, about, license_number,
              license_state, status, review_notes, reviewed_at, vendor_id, created_at
       FROM vendor_applications
       WHERE status = ?1 AND (?2 = '' OR name LIKE ?3 ESCAPE '\\' OR email LIKE ?3 ESCAPE '\\' OR zipcode = ?2
             OR (?4 IS NOT NULL AND phone = ?4))
       ORDER BY created_at, application_id LIMIT 11 OFFSET ?5`,
    )
    .bind(status, q, likePattern(q), phone, offsetOf(page))
    .all<Omit<ApplicationRow, "service_groups"> & { service_groups: string }>();
  return pageOf(
    rows.results.map((r): ApplicationRow => ({ ...r, service_groups: JSON.parse(r.service_groups) as number[] })),
    page,
  );
}

/** Records a staff decision on a submitted application (STAFF_ACTION_NOT_ALLOWED once it is decided). */
export async function decideApplication(
  d1: D1Database,
  decision: {
    applicationId: number;
    to: ApplicationDecision;
    action: string;
    actorUserId: number;
    reason: string;
    now: number;
  },
): Promise<{ application_id: number; status: ApplicationDecision }> {
  const { applicationId: id, to, action, actorUserId: actor, reason, now } = decision;
  const app = await d1
    .prepare("SELECT status FROM vendor_applications WHERE application_id = ?")
    .bind(id)
    .first<{ status: string }>();
  if (!app) fail("NOT_FOUND");
  if (app.status !== "submitted") fail("STAFF_ACTION_NOT_ALLOWED");
  const { done } = await runAudited(
    d1,
    newAuditedAction(),
    d1
      .prepare(
        `UPDATE vendor_applications SET status = ?2, reviewed_by_user_id = ?3, reviewed_at = ?4, review_notes = ?5
         WHERE application_id = ?1 AND status = 'submitted'`,
      )
      .bind(id, to, actor, now, reason),
    {
      actorUserId: actor,
      action,
      targetType: "vendor_application",
      targetId: id,
      reason,
      before: { status: "submitted" },
      after: { status: to },
      now,
    },
  );
  if (!done) fail("STAFF_ACTION_NOT_ALLOWED");
  return { application_id: id, status: to };
}
