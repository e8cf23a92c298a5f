import type { DrizzleD1Database } from "drizzle-orm/d1";
import { formatWhen } from "../../domain/slot-format";
import { sendSms } from "../adapters/sms";
import { fail } from "../http/errors";
import { hit } from "../middleware/rate-limit";
import { firstName, type JobRow } from "../orders/jobs";

/** At most this many texts per customer in WINDOW_MS. */
const LIMIT = 10;
const WINDOW_MS = 10 * 60_000;

/**
 * A customer's text to the pro of their job, through the SMS port: the pro sees the customer's first name and
 * the job, never the customer's number. NOT_FOUND when no pro has the job yet, FAIL_TOO_SOON_SINCE_LAST past
 * 10 texts in 10 minutes, MESSAGE_FAILED when the port fails ("refresh and retry").
 */
export async function textVendorOfJob(
  env: Env,
  db: DrizzleD1Database,
  input: { sender: { user_id: number; name: string }; job: JobRow; message: string; now: number },
): Promise<{ service_order_id: number }> {
  const { sender, job, message, now } = input;
  if (job.vendor_id === null || !job.vendor_phone)
    fail("NOT_FOUND", { service_order_id: "No professional has this service yet." });
  if ((await hit(env.DB, `sms-vendor:u${sender.user_id}`, WINDOW_MS, now)) > LIMIT) fail("FAIL_TOO_SOON_SINCE_LAST");
  const body =
    `${firstName(sender.name)} (${job.service_description}, ${formatWhen(job.promised_arrival_time, job.time_zone)}, ` +
    `job #${job.service_order_id}): ${message} - Reply from your dashboard.`;
  const sent = await sendSms(env, db, { to: job.vendor_phone, body, now }).catch((err) => {
    console.error(JSON.stringify({ at: "sms-vendor", error: String(err) }));
    return false;
  });
  if (!sent) fail("MESSAGE_FAILED");
  return { service_order_id: job.service_order_id };
}
