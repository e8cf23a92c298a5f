import type { DrizzleD1Database } from "drizzle-orm/d1";
import { DAY_MS } from "../../domain/calendar/time";
import { CONNECT_INVOICE_REMINDER_DAYS, CONNECT_OFFER_WINDOW_MS, dueInvoiceReminder } from "../../domain/connect-rules";
import { centsToDecimal } from "../../domain/money";
import { ServiceOrderStatus } from "../../domain/order-status";
import { formatWhen } from "../../domain/slot-format";
import { sendEmail } from "../adapters/email";
import { notifyVendors } from "../calendar/notify-vendor";
import { textSafely } from "../checkout/notify";

/**
 * The cron's work on business (connect) requests (worker/cron.ts, every tick; each part safe to run twice or
 * at once):
 * - offer rounds nobody took go back to the queue (docs/decisions/113);
 * - unpaid invoice links get their reminders (docs/decisions/114).
 */

/** At most this many of each per tick; the rest wait for the next tick (5 minutes). */
const PER_TICK = 100;

/** An offer round is over: its end (or, for a round sent before ends were recorded, its start + 2 hours) has come. */
const ROUND_OVER = `coalesce(r.offer_expires_at, (SELECT max(o.offered_at) FROM connect_request_offers o
  WHERE o.connect_request_id = r.connect_request_id) + ${CONNECT_OFFER_WINDOW_MS}) <= ?2`;

/**
 * Requests offered to several pros whose round ended with nobody scheduling it go back to `new`, flagged
 * (offer_expired_at, "Nobody took the offer" in the queue), their open offers `expired`, with an audit row (no
 * staff actor: the system did it). One batch per request, each statement guarded: if a pro's scheduling batch
 * ran first the request is `scheduled` and nothing here applies; if this ran first the pro's batch finds no open
 * offer and answers FAILED_VENDOR_SCHEDULE_ACCEPT. Answers the ids put back.
 */
export async function expireConnectOffers(env: Env, now: number): Promise<number[]> {
  const d1 = env.DB;
  const { results: due } = await d1
    .prepare(
      `SELECT r.connect_request_id FROM connect_requests r WHERE r.status = 'offered' AND ${ROUND_OVER.replaceAll("?2", "?1")}
       ORDER BY r.starts_at LIMIT ${PER_TICK}`,
    )
    .bind(now)
    .all<{ connect_request_id: number }>();
  const expired: number[] = [];
  for (const { connect_request_id: id } of due) {
    try {
      const [moved, , offers] = await d1.batch([
        d1
          .prepare(
            `UPDATE connect_requests AS r SET status = 'new', vendor_id = NULL, offer_expires_at = NULL,
               offer_expired_at = ?2, updated_at = ?2
             WHERE r.connect_request_id = ?1 AND r.status = 'offered' AND ${ROUND_OVER}
             RETURNING connect_request_id`,
          )
          .bind(id, now),
        d1
          .prepare(
            `INSERT INTO audit_log (actor_user_id, action, target_type, target_id, reason, before_value, after_value,
               details, op_key, created_at)
             SELECT NULL, 'connect_request.offer_expire', 'connect_request', ?1, 'Nobody took the offer', ?3, ?4, NULL,
               ?5, ?2 WHERE changes() > 0`,
          )
          .bind(
            String(id),
            now,
            JSON.stringify({ status: "offered" }),
            JSON.stringify({ status: "new" }),
            `connect-offer-expire:${id}:${now}`,
          ),
        d1
          .prepare(
            `UPDATE connect_request_offers SET status = 'expired', responded_at = ?2
             WHERE connect_request_id = ?1 AND status = 'offered'
               AND EXISTS (SELECT 1 FROM connect_requests WHERE connect_request_id = ?1 AND status = 'new'
                 AND offer_expired_at = ?2)
             RETURNING vendor_id`,
          )
          .bind(id, now),
      ]);
      if ((moved?.results.length ?? 0) === 0) continue;
      expired.push(id);
      const pros = ((offers?.results ?? []) as Array<{ vendor_id: number }>).map((o) => o.vendor_id);
      // Their dashboards drop it (the list reloads on this event); a late try answers "no longer available".
      await notifyVendors(env, pros, { type: "connect.request", connect_request_id: id, at: now });
    } catch (err) {
      console.error(JSON.stringify({ at: "connect.offer-expire", connect_request_id: id, error: String(err) }));
    }
  }
  return expired;
}

interface UnpaidRow {
  connect_request_id: number;
  business_name: string;
  phone: string;
  email: string;
  time_zone: string;
  starts_at: number;
  service: string;
  pay_link_id: number;
  amount_cents: number;
  link_sent_at: number;
  link_expires_at: number;
  texted: number | null;
  emailed: number | null;
  reminders: number;
  last_reminder_at: number | null;
}

/**
 * Reminds businesses of unpaid invoices: the request's current invoice link, open (not paid, revoked or
 * expired), its job still on or done, 3 and 7 days after it was sent, at most two reminders, by the ports the
 * invoice reached the business through (text, email or both; both when that is not known or neither worked).
 * The reminder's row is claimed first (its key is the link and its number), so a second tick, or two at once,
 * send nothing more; a link paid meanwhile is not claimed. The reminder names the amount, the booking and when the
 * invoice was sent: the link itself is not in it (only its hash is stored). Answers the reminders sent.
 */
export async function remindUnpaidConnectInvoices(
  env: Env,
  db: DrizzleD1Database,
  now: number,
): Promise<Array<{ pay_link_id: number; n: number }>> {
  const d1 = env.DB;
  const { results } = await d1
    .prepare(
      `SELECT r.connect_request_id, r.business_name, r.phone, r.email, r.time_zone, r.starts_at, s.description AS service,
              p.pay_link_id, p.amount_cents, p.created_at AS link_sent_at, p.expires_at AS link_expires_at,
              m0.texted, m0.emailed,
              (SELECT count(*) FROM connect_invoice_messages m WHERE m.pay_link_id = p.pay_link_id AND m.n > 0) AS reminders,
              (SELECT max(m.sent_at) FROM connect_invoice_messages m WHERE m.pay_link_id = p.pay_link_id AND m.n > 0)
                AS last_reminder_at
       FROM connect_requests r JOIN services s ON s.service_id = r.service_id
       JOIN pay_links p ON p.pay_link_id = r.pay_link_id AND p.status = 'open' AND p.expires_at > ?1
       JOIN service_orders so ON so.service_order_id = r.service_order_id
         AND so.service_order_status_id IN (${ServiceOrderStatus.SCHEDULED}, ${ServiceOrderStatus.IN_PROGRESS}, ${ServiceOrderStatus.COMPLETED})
       LEFT JOIN connect_invoice_messages m0 ON m0.pay_link_id = p.pay_link_id AND m0.n = 0
       WHERE r.status = 'scheduled' AND p.created_at <= ?2
         AND (SELECT count(*) FROM connect_invoice_messages m WHERE m.pay_link_id = p.pay_link_id AND m.n > 0) < 2
       ORDER BY p.created_at LIMIT ${PER_TICK}`,
    )
    .bind(now, now - CONNECT_INVOICE_REMINDER_DAYS[0] * DAY_MS)
    .all<UnpaidRow>();
  const sent: Array<{ pay_link_id: number; n: number }> = [];
  for (const row of results) {
    const n = dueInvoiceReminder(row.link_sent_at, row.reminders, row.last_reminder_at, now);
    if (n === null) continue;
    try {
      const claimed = await d1
        .prepare(
          `INSERT INTO connect_invoice_messages (pay_link_id, n, connect_request_id, sent_at)
           SELECT ?1, ?2, ?3, ?4 WHERE EXISTS (SELECT 1 FROM pay_links WHERE pay_link_id = ?1 AND status = 'open')
             AND EXISTS (SELECT 1 FROM connect_requests WHERE connect_request_id = ?3 AND pay_link_id = ?1)
           ON CONFLICT DO NOTHING RETURNING n`,
        )
        .bind(row.pay_link_id, n, row.connect_request_id, now)
        .first<{ n: number }>();
      if (!claimed) continue;
      const known = row.texted !== null && (row.texted === 1 || row.emailed === 1);
      const byText = !known || row.texted === 1;
      const byEmail = !known || row.emailed === 1;
      const amount = `$${centsToDecimal(row.amount_cents)}`;
      const booking = `${row.service} on ${formatWhen(row.starts_at, row.time_zone)}`;
      const sentOn = formatWhen(row.link_sent_at, row.time_zone);
      const until = formatWhen(row.link_expires_at, row.time_zone);
      const texted = byText
        ? await textSafely(
            env,
            db,
            row.phone,
            `${row.business_name}: a reminder that your invoice of ${amount} for ${booking} is unpaid. Please pay it by card with the secure link we sent on ${sentOn} (open until ${until}).`,
            now,
          )
        : false;
      const emailed = byEmail
        ? await sendEmail(env, db, {
            to: row.email,
            subject: `Reminder: your invoice of ${amount} is unpaid`,
            text:
              `Hello ${row.business_name},\n\nA reminder that your invoice of ${amount} for ${booking} is unpaid.\n` +
              `Please pay it by card with the secure link we sent you on ${sentOn}; it is open until ${until}.\n\n` +
              `If you have already paid, thank you, and please ignore this message.`,
            now,
          }).catch(() => false)
        : false;
      await d1
        .prepare("UPDATE connect_invoice_messages SET texted = ?3, emailed = ?4 WHERE pay_link_id = ?1 AND n = ?2")
        .bind(row.pay_link_id, n, texted ? 1 : 0, emailed ? 1 : 0)
        .run();
      sent.push({ pay_link_id: row.pay_link_id, n });
    } catch (err) {
      console.error(
        JSON.stringify({ at: "connect.invoice-reminder", pay_link_id: row.pay_link_id, error: String(err) }),
      );
    }
  }
  return sent;
}
