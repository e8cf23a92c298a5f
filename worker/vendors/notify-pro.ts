import type { DrizzleD1Database } from "drizzle-orm/d1";
import {
  proNoticeSms,
  proReason,
  staffActionNotice,
  type ProNoticeFacts,
  type ProNoticeText,
  type StaffProAction,
} from "../../domain/pro-notices";
import { sendSms } from "../adapters/sms";

/**
 * Telling a pro what happened to their business (docs/decisions/127-pros-told-of-staff-actions.md): one notice
 * on their dashboard (the notifications table, GET /vendor/me/notification) and the same words texted to their
 * phone through the SMS outbox. The wording is domain/pro-notices.ts.
 *
 * A staff action writes its notice inside its own audited batch (`proNoticeStatement` with the action's guard),
 * so the notice exists exactly when the action happened; then `textProNotice` claims the notice (texted_at)
 * before texting, so a notice is texted at most once. `notifyPro` does both for events outside an audited batch.
 */

export interface ProNotice extends ProNoticeText {
  vendorId: number;
  /** One notice per event: e.g. `staff:<op key>` or `paid:<intent id>`. */
  key: string;
  now: number;
}

/** The notice's insert; with `guard`, written only if the guard holds (an audited action's op key exists). */
export function proNoticeStatement(d1: D1Database, n: ProNotice, guard = "1"): D1PreparedStatement {
  return d1
    .prepare(
      `INSERT OR IGNORE INTO notifications (vendor_id, persistence, severity, message, timestamp, dedupe_key)
       SELECT ?1, 0, ?2, ?3, ?4, ?5 WHERE ${guard}`,
    )
    .bind(n.vendorId, n.severity, n.message, n.now, n.key);
}

/**
 * Texts the notice `key` of the pro, once: claimed by a conditional update before the text goes out. A pro with
 * no phone, or a notice that does not exist (its action did not happen), sends nothing. A failed send is
 * logged and recorded in the outbox as failed; it never fails the action that was done.
 */
export async function textProNotice(
  env: Env,
  db: DrizzleD1Database,
  vendorId: number,
  key: string,
  now: number,
): Promise<boolean> {
  const claimed = await env.DB.prepare(
    `UPDATE notifications SET texted_at = ?3 WHERE vendor_id = ?1 AND dedupe_key = ?2 AND texted_at IS NULL
     RETURNING message, (SELECT u.phone FROM vendors v JOIN users u ON u.user_id = v.user_id WHERE v.vendor_id = ?1) AS phone`,
  )
    .bind(vendorId, key, now)
    .first<{ message: string; phone: string | null }>();
  if (!claimed?.phone) return false;
  return sendSms(env, db, { to: claimed.phone, body: proNoticeSms(claimed.message), now }).catch((err) => {
    console.error(JSON.stringify({ at: "pro.notice.sms", vendorId, key, error: String(err) }));
    return false;
  });
}

/** Writes the notice (once per key) and texts it (once). */
export async function notifyPro(env: Env, db: DrizzleD1Database, n: ProNotice): Promise<void> {
  await proNoticeStatement(env.DB, n).run();
  await textProNotice(env, db, n.vendorId, n.key, n.now);
}

/** The notice of a staff action on a pro, keyed by the action's op key; the reason is staff's message or the default. */
export function staffProNotice(
  op: { opKey: string },
  action: StaffProAction,
  vendorId: number,
  facts: ProNoticeFacts,
  proMessage: string | null | undefined,
  now: number,
): ProNotice {
  return {
    vendorId,
    key: `staff:${op.opKey}`,
    now,
    ...staffActionNotice(action, facts, proReason(action, proMessage)),
  };
}
