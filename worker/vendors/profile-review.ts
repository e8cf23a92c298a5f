import { newAuditedAction, runAudited } from "../admin/audit";
import { fail } from "../http/errors";

/**
 * Staff approve or reject a pro's profile photo waiting for review (only a pending one); a rejection's
 * comment becomes the note the pro sees. Audited; STAFF_ACTION_NOT_ALLOWED once decided.
 */
export async function reviewProfileItem(
  d1: D1Database,
  input: {
    vendorId: number;
    kind: "photo";
    decision: "approve" | "reject";
    comment: string | null | undefined;
    actorUserId: number;
    now: number;
  },
): Promise<{ vendor_id: number; photo_status: "approved" | "rejected" }> {
  const { vendorId: id, kind, decision, comment, actorUserId, now } = input;
  // Licences are reviewed per group in worker/vendors/licence-review.ts.
  const column = "photo_status";
  const row = await d1
    .prepare(`SELECT ${column} AS status, review_note FROM vendors WHERE vendor_id = ?`)
    .bind(id)
    .first<{ status: string; review_note: string | null }>();
  if (!row) fail("NOT_FOUND");
  if (row.status !== "pending") fail("STAFF_ACTION_NOT_ALLOWED");
  const to = decision === "approve" ? "approved" : "rejected";
  const note = decision === "reject" ? comment : row.review_note;
  const { done } = await runAudited(
    d1,
    newAuditedAction(),
    d1
      .prepare(`UPDATE vendors SET ${column} = ?2, review_note = ?3 WHERE vendor_id = ?1 AND ${column} = 'pending'`)
      .bind(id, to, note),
    {
      actorUserId,
      action: `vendor.${kind}_${decision}`,
      targetType: "vendor",
      targetId: id,
      reason: comment ?? null,
      before: { [column]: "pending", review_note: row.review_note },
      after: { [column]: to, review_note: note },
      now,
    },
  );
  if (!done) fail("STAFF_ACTION_NOT_ALLOWED");
  return { vendor_id: id, photo_status: to };
}
