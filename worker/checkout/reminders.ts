import { drizzle } from "drizzle-orm/d1";
import { BRAND_NAME } from "../../domain/brand";
import { HOUR_MS } from "../../domain/calendar/time";
import { textSafely } from "./notify";

/**
 * Reminder texts (POST /sms/reminder) sent by the cron. At most once each: a run claims due rows
 * (scheduled -> sending) in one statement before texting, so overlapping runs never send the same
 * reminder twice; a claim that never finished (the run died) is given up as failed after an hour.
 */
export const REMINDER_BATCH = 100;
const STUCK_AFTER_MS = HOUR_MS;

export function reminderText(description: string): string {
  return `${BRAND_NAME} reminder: it's time to book your ${description}. Pick a time in the app or on our site. Reply STOP to opt out.`;
}

/** Sends the reminders due by `now` (up to REMINDER_BATCH per run); answers how many were sent. */
export async function sendDueReminders(env: Env, now: number): Promise<number> {
  const d1 = env.DB;
  const db = drizzle(d1);
  const [, claimed] = await d1.batch([
    d1
      .prepare("UPDATE sms_reminders SET status = 'failed' WHERE status = 'sending' AND claimed_at < ?")
      .bind(now - STUCK_AFTER_MS),
    d1
      .prepare(
        `UPDATE sms_reminders SET status = 'sending', claimed_at = ?1
         WHERE reminder_id IN (SELECT reminder_id FROM sms_reminders WHERE status = 'scheduled' AND remind_at <= ?1 ORDER BY remind_at LIMIT ?2)
         RETURNING reminder_id, phone, (SELECT description FROM services s WHERE s.service_id = sms_reminders.service_id) AS description`,
      )
      .bind(now, REMINDER_BATCH),
  ]);
  const rows = claimed!.results as Array<{ reminder_id: number; phone: string; description: string | null }>;
  let sent = 0;
  await Promise.all(
    rows.map(async (r) => {
      const ok = await textSafely(env, db, r.phone, reminderText(r.description ?? "service"), now);
      if (ok) sent += 1;
      await d1
        .prepare("UPDATE sms_reminders SET status = ?, sent_at = ? WHERE reminder_id = ? AND status = 'sending'")
        .bind(ok ? "sent" : "failed", ok ? now : null, r.reminder_id)
        .run();
    }),
  );
  return sent;
}
