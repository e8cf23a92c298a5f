import type { ApplicationRow } from "../../schema/contracts/admin";
import { normalizeUsPhone } from "../../domain/phone";
import { newAuditedAction, runAudited } from "../admin/audit";
import { likePattern, offsetOf, pageOf } from "../admin/paging";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { BRAND_NAME } from "../../domain/brand";
import { sendSms } from "../adapters/sms";
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
              license_state, status, review_notes, reviewed_at, vendor_id, created_at, radius_miles, photo_upload_id,
              licenses, license_upload_id, license_expires_at
       FROM vendor_applications
       WHERE status = ?1 AND (?2 = '' OR name LIKE ?3 ESCAPE '\\' OR email LIKE ?3 ESCAPE '\\' OR zipcode = ?2
             OR (?4 IS NOT NULL AND phone = ?4))
       ORDER BY created_at, application_id LIMIT 11 OFFSET ?5`,
    )
    .bind(status, q, likePattern(q), phone, offsetOf(page))
    .all<
      Omit<ApplicationRow, "service_groups" | "groups" | "photo_url" | "licenses"> & {
        service_groups: string;
        photo_upload_id: number | null;
        licenses: string | null;
        license_upload_id: number | null;
        license_expires_at: number | null;
      }
    >();
  const groups = await d1
    .prepare("SELECT service_code_group_id, name, license_required FROM service_code_groups")
    .all<{ service_code_group_id: number; name: string; license_required: number }>();
  const byId = new Map(groups.results.map((g) => [g.service_code_group_id, g]));
  const uploadIds = rows.results.flatMap((r) => [
    r.license_upload_id,
    ...(JSON.parse(r.licenses ?? "[]") as { upload_id: number }[]).map((l) => l.upload_id),
  ]);
  const types = new Map<number, string>();
  const wanted = uploadIds.filter((id): id is number => id !== null);
  if (wanted.length) {
    const found = await d1
      .prepare(`SELECT upload_id, content_type FROM uploads WHERE upload_id IN (${wanted.map(() => "?").join(",")})`)
      .bind(...wanted)
      .all<{ upload_id: number; content_type: string }>();
    for (const u of found.results) types.set(u.upload_id, u.content_type);
  }
  return pageOf(
    rows.results.map((r): ApplicationRow => {
      const groupIds = JSON.parse(r.service_groups) as number[];
      const fileUrl = (upload: number) => `/api/admin/applications/${r.application_id}/file/${upload}`;
      const fileType = (upload: number) =>
        (types.get(upload) === "application/pdf" ? "pdf" : "image") as "pdf" | "image";
      // Older applications kept one licence (for their first licensed group).
      const stored = r.licenses
        ? (JSON.parse(r.licenses) as {
            group_id: number;
            upload_id: number;
            number: string;
            state: string;
            expires_at: number;
          }[])
        : r.license_upload_id
          ? [
              {
                group_id: groupIds.find((g) => byId.get(g)?.license_required) ?? 0,
                upload_id: r.license_upload_id,
                number: r.license_number ?? "",
                state: r.license_state ?? "",
                expires_at: r.license_expires_at ?? 0,
              },
            ]
          : [];
      const { photo_upload_id, licenses: _l, license_upload_id: _u, license_expires_at: _e, ...rest } = r;
      return {
        ...rest,
        service_groups: groupIds,
        groups: groupIds.map((id) => ({
          service_code_group_id: id,
          name: byId.get(id)?.name ?? `#${id}`,
          license_required: Boolean(byId.get(id)?.license_required),
        })),
        photo_url: photo_upload_id ? fileUrl(photo_upload_id) : null,
        licenses: stored.map((l) => ({
          group_id: l.group_id,
          group_name: byId.get(l.group_id)?.name ?? "",
          number: l.number,
          state: l.state,
          expires_at: l.expires_at,
          file_url: fileUrl(l.upload_id),
          file_type: fileType(l.upload_id),
        })),
      };
    }),
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

/**
 * Texts the applicant staff's decision (the in-review screen promises "we'll text you as soon as there is news").
 * A silent rejection is not texted: the applicant must keep seeing "in review".
 */
export async function textApplicant(
  env: Env,
  db: DrizzleD1Database,
  applicationId: number,
  to: "approved" | ApplicationDecision,
  now: number,
): Promise<void> {
  const body = applicantMessage(to);
  if (!body) return;
  const app = await env.DB.prepare("SELECT phone FROM vendor_applications WHERE application_id = ?")
    .bind(applicationId)
    .first<{ phone: string }>();
  if (!app?.phone) return;
  await sendSms(env, db, { to: app.phone, body, now }).catch((err) =>
    console.error(JSON.stringify({ at: "application.sms", applicationId, error: String(err) })),
  );
}

export function applicantMessage(to: "approved" | ApplicationDecision): string | null {
  switch (to) {
    case "approved":
      return `${BRAND_NAME}: welcome aboard! Your application was approved. Sign in and open Business to switch on your services.`;
    case "rejected":
      return `${BRAND_NAME}: thank you for applying. We are not able to approve your application.`;
    case "ignored":
      return `${BRAND_NAME}: we could not complete the review of your application. You are welcome to apply again.`;
    case "silently_rejected":
      return null;
  }
}
