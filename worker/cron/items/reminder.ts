import { drizzle } from "drizzle-orm/d1";
import { formatWhen } from "../../../domain/slot-format";
import { sendSms } from "../../adapters/sms";

/** The customer's text 24 hours and 2 hours before a booked job (a job no longer booked gets none). */
export async function remind(env: Env, so: number, lead: "24h" | "2h", now: number): Promise<string> {
  const row = await env.DB.prepare(
    `SELECT so.promised_arrival_time, so.time_zone, so.service_order_status_id, s.description, u.phone
     FROM service_orders so JOIN services s ON s.service_id = so.service_id JOIN users u ON u.user_id = so.user_id
     WHERE so.service_order_id = ?`,
  )
    .bind(so)
    .first<{
      promised_arrival_time: number;
      time_zone: string;
      service_order_status_id: number;
      description: string;
      phone: string | null;
    }>();
  if (!row || row.service_order_status_id !== 20 || row.promised_arrival_time <= now) return "stale";
  if (!row.phone) return "no_phone";
  await sendSms(env, drizzle(env.DB), {
    to: row.phone,
    now,
    body: `Reminder: your ${row.description} is ${lead === "24h" ? "tomorrow" : "in about 2 hours"}, ${formatWhen(row.promised_arrival_time, row.time_zone)}.`,
  });
  return "sent";
}
