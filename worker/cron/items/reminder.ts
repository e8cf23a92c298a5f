import { drizzle } from "drizzle-orm/d1";
import { customerReminderText, proReminderText, reminderKey, type ReminderLead } from "../../../domain/visit-plan";
import { ServiceOrderStatus } from "../../../domain/order-status";
import { sendSms } from "../../adapters/sms";

/**
 * The 24-hour and 2-hour reminders of a booked visit, to the customer (with the link to reschedule, cancel or
 * message the pro) and to the pro (with the job page) (docs/decisions/152-visit-reminders-and-calendar.md).
 * The message names the visit's time: a visit moved since it was enqueued answers "moved" (its new time has
 * its own reminders), a cancelled or started one "stale". Each reminder goes at most once: before texting, the
 * handler claims its key in cron_items with one conditional insert, so overlapping ticks or a message
 * delivered twice cannot both send.
 */
export async function remind(
  env: Env,
  m: { so: number; at: number; lead: ReminderLead },
  origin: string,
  now: number,
): Promise<string> {
  const row = await env.DB.prepare(
    `SELECT so.promised_arrival_time AS at, so.time_zone, so.service_order_status_id AS status, so.address,
            s.description, u.phone, u.name, v.display_name, vu.phone AS vendor_phone
     FROM service_orders so JOIN services s ON s.service_id = so.service_id JOIN users u ON u.user_id = so.user_id
       LEFT JOIN vendors v ON v.vendor_id = so.vendor_id LEFT JOIN users vu ON vu.user_id = v.user_id
     WHERE so.service_order_id = ?`,
  )
    .bind(m.so)
    .first<{
      at: number;
      time_zone: string;
      status: number;
      address: string;
      description: string;
      phone: string | null;
      name: string;
      display_name: string | null;
      vendor_phone: string | null;
    }>();
  if (!row || row.status !== ServiceOrderStatus.SCHEDULED || row.at <= now) return "stale";
  if (row.at !== m.at) return "moved";
  const key = reminderKey(m.so, m.at, m.lead);
  const claim = await env.DB.prepare(
    "INSERT INTO cron_items (key, kind, outcome, done_at) VALUES (?, 'reminder', 'sending', ?) ON CONFLICT (key) DO NOTHING",
  )
    .bind(key, now)
    .run();
  if (!claim.meta.changes) return "skipped";
  const db = drizzle(env.DB);
  const facts = {
    at: row.at,
    tz: row.time_zone,
    now,
    service: row.description,
    pro: row.display_name,
    customer: row.name.trim().split(/\s+/)[0] ?? row.name,
    address: row.address,
  };
  const sent: string[] = [];
  if (row.phone) {
    const link = `${origin}/account/orders?so=${m.so}`;
    if (await sendSms(env, db, { to: row.phone, now, body: customerReminderText({ ...facts, link }) }))
      sent.push("customer");
  }
  if (row.vendor_phone) {
    const link = `${origin}/business/jobs/${m.so}`;
    if (await sendSms(env, db, { to: row.vendor_phone, now, body: proReminderText({ ...facts, link }) }))
      sent.push("pro");
  }
  const outcome = sent.length ? `sent:${sent.join("+")}` : "no_phone";
  await env.DB.prepare("UPDATE cron_items SET outcome = ? WHERE key = ?").bind(outcome, key).run();
  return outcome;
}
