import { drizzle } from "drizzle-orm/d1";
import { BRAND_NAME } from "../../domain/brand";
import {
  LICENCE_WARNING_MS,
  licenceExpiringMessage,
  licenceNoticeKey,
  licenceOffMessage,
} from "../../domain/vendors/licence-notices";
import { sendSms } from "../adapters/sms";

/** Pairs handled per run: a larger backlog is finished by the next 5-minute run. */
const BATCH = 100;

/** A valid licence for (vendor, group), as SQL: domain/vendors/licenses.ts licenseAllowsService. */
const VALID_LICENCE = `SELECT 1 FROM vendor_licenses l WHERE l.vendor_id = ?1 AND l.service_code_group_id = ?2
  AND l.status = 'approved' AND l.expires_at > ?3`;
/** The pro offers (has switched on) a service of the group. */
const OFFERS_GROUP = `SELECT 1 FROM vendor_services vs JOIN services s ON s.service_id = vs.service_id
  WHERE vs.vendor_id = ?1 AND s.service_code_group_id = ?2 AND vs.enabled = 1`;

interface Lapse {
  vendor_id: number;
  group_id: number;
  group_name: string;
  upload_id: number | null;
  status: string | null;
  expires_at: number | null;
}

/**
 * Switches off every offered service whose group needs a licence the pro no longer holds validly (expired,
 * rejected or removed), so search and job offers stop showing it (decision 081), and in the same transaction
 * writes the pro a notice saying why (decision 085). Each (pro, group) is switched off and noticed by
 * conditional statements, and the notice is keyed by the licence that lapsed, so a second run, or two at
 * once, changes nothing and writes no second notice. Answers how many services were switched off.
 */
export async function switchOffUnlicensedServices(d1: D1Database, now: number): Promise<number> {
  const { results: lapses } = await d1
    .prepare(
      `SELECT DISTINCT vs.vendor_id, g.service_code_group_id AS group_id, g.name AS group_name,
         l.upload_id, l.status, l.expires_at
       FROM vendor_services vs
       JOIN services s ON s.service_id = vs.service_id
       JOIN service_code_groups g ON g.service_code_group_id = s.service_code_group_id
       LEFT JOIN vendor_licenses l ON l.vendor_id = vs.vendor_id AND l.service_code_group_id = g.service_code_group_id
       WHERE vs.enabled = 1 AND g.license_required = 1
         AND NOT (l.vendor_id IS NOT NULL AND l.status = 'approved' AND l.expires_at > ?1)
       LIMIT ${BATCH}`,
    )
    .bind(now)
    .all<Lapse>();
  if (lapses.length === 0) return 0;
  const statements = lapses.flatMap((lapse) => {
    const reason =
      lapse.status === null
        ? "missing"
        : lapse.status === "rejected"
          ? "rejected"
          : lapse.status === "pending"
            ? "pending"
            : "expired";
    const message = licenceOffMessage({ group: lapse.group_name, reason, expiresAt: lapse.expires_at });
    const key = licenceNoticeKey("off", lapse.group_id, lapse.upload_id);
    return [
      d1
        .prepare(
          `INSERT OR IGNORE INTO notifications (vendor_id, persistence, severity, message, timestamp, dedupe_key)
           SELECT ?1, 1, 2, ?4, ?3, ?5 WHERE EXISTS (${OFFERS_GROUP}) AND NOT EXISTS (${VALID_LICENCE})`,
        )
        .bind(lapse.vendor_id, lapse.group_id, now, message, key),
      d1
        .prepare(
          `UPDATE vendor_services SET enabled = 0
           WHERE vendor_id = ?1 AND enabled = 1
             AND service_id IN (SELECT service_id FROM services WHERE service_code_group_id = ?2)
             AND NOT EXISTS (${VALID_LICENCE})`,
        )
        .bind(lapse.vendor_id, lapse.group_id, now),
    ];
  });
  const results = await d1.batch(statements);
  return results.reduce((n, r, i) => n + (i % 2 === 1 ? (r.meta.changes ?? 0) : 0), 0);
}

/**
 * Writes a warning LICENCE_WARNING_DAYS before a licence expires, for each pro still offering the group's
 * services, once per licence file (a renewal is a new file and would be warned about in its own time).
 */
export async function warnExpiringLicences(d1: D1Database, now: number): Promise<number> {
  const { results: expiring } = await d1
    .prepare(
      `SELECT l.vendor_id, l.service_code_group_id AS group_id, g.name AS group_name, l.upload_id, l.expires_at
       FROM vendor_licenses l
       JOIN service_code_groups g ON g.service_code_group_id = l.service_code_group_id
       WHERE l.status = 'approved' AND l.expires_at > ?1 AND l.expires_at <= ?2 AND g.license_required = 1
         AND l.renewal_upload_id IS NULL
         AND EXISTS (SELECT 1 FROM vendor_services vs JOIN services s ON s.service_id = vs.service_id
           WHERE vs.vendor_id = l.vendor_id AND s.service_code_group_id = l.service_code_group_id AND vs.enabled = 1)
         AND NOT EXISTS (SELECT 1 FROM notifications n WHERE n.vendor_id = l.vendor_id
           AND n.dedupe_key = 'licence-expiring:g' || l.service_code_group_id || ':u' || l.upload_id)
       LIMIT ${BATCH}`,
    )
    .bind(now, now + LICENCE_WARNING_MS)
    .all<Lapse & { expires_at: number; upload_id: number }>();
  if (expiring.length === 0) return 0;
  const results = await d1.batch(
    expiring.map((l) =>
      d1
        .prepare(
          `INSERT OR IGNORE INTO notifications (vendor_id, persistence, severity, message, timestamp, dedupe_key)
           VALUES (?, 0, 1, ?, ?, ?)`,
        )
        .bind(
          l.vendor_id,
          licenceExpiringMessage({ group: l.group_name, expiresAt: l.expires_at }),
          now,
          licenceNoticeKey("expiring", l.group_id, l.upload_id),
        ),
    ),
  );
  return results.reduce((n, r) => n + (r.meta.changes ?? 0), 0);
}

/**
 * Texts each licence notice not yet texted (and not resolved) to the pro's phone through the SMS port. The
 * notice is claimed (texted_at) by a conditional update before the text goes out, so it is texted at most once
 * even when two runs overlap; a failed send is recorded in the outbox as failed.
 */
export async function textLicenceNotices(env: Env, now: number): Promise<number> {
  const { results: pending } = await env.DB.prepare(
    `SELECT n.id, n.message, u.phone FROM notifications n
     JOIN vendors v ON v.vendor_id = n.vendor_id JOIN users u ON u.user_id = v.user_id
     WHERE n.dedupe_key LIKE 'licence-%' AND n.texted_at IS NULL AND n.dismissed_at IS NULL
     LIMIT ${BATCH}`,
  ).all<{ id: number; message: string; phone: string }>();
  const db = drizzle(env.DB);
  let sent = 0;
  for (const notice of pending) {
    const claimed = await env.DB.prepare(
      "UPDATE notifications SET texted_at = ? WHERE id = ? AND texted_at IS NULL RETURNING id",
    )
      .bind(now, notice.id)
      .first();
    if (!claimed) continue;
    const ok = await sendSms(env, db, { to: notice.phone, body: `${BRAND_NAME}: ${notice.message}`, now }).catch(
      (error) => {
        console.error(JSON.stringify({ at: "licence.notice.sms", id: notice.id, error: String(error) }));
        return false;
      },
    );
    if (ok) sent += 1;
  }
  return sent;
}

/** The cron's licence work: switch off lapsed groups (with their notice), warn ahead of expiry, text both. */
export async function runLicenceChecks(env: Env, now: number): Promise<void> {
  await switchOffUnlicensedServices(env.DB, now);
  await warnExpiringLicences(env.DB, now);
  await textLicenceNotices(env, now);
}
