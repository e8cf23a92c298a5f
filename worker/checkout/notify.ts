import { sql } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { BRAND_NAME } from "../../domain/brand";
import { formatLocal } from "../../domain/calendar/time";
import { formatCents } from "../../domain/money";
import { formatLocalDateTime } from "../../domain/slot-format";
import { users } from "../../schema/tables/accounts";
import { vendors } from "../../schema/tables/vendors";
import { sendSms } from "../adapters/sms";

/**
 * The texts checkout sends through the SMS port (every one lands in the outbox). A failed text never
 * fails the order: it is logged and the outbox keeps it as failed.
 */

export interface JobText {
  description: string;
  start: number;
  time_zone: string;
}

export function whenText(job: JobText): string {
  return formatLocalDateTime(formatLocal(job.start, job.time_zone), { timeZone: job.time_zone, instant: job.start });
}

export function orderConfirmationText(orderId: number, totalCents: number, jobs: readonly JobText[]): string {
  const list = jobs.map((j) => `${j.description}, ${whenText(j)}`).join("; ");
  return `${BRAND_NAME}: your booking is confirmed (order #${orderId}, ${formatCents(totalCents)} charged). ${list}. We'll text you when your pro accepts.`;
}

export function jobOfferText(jobs: readonly JobText[], zipcode: string): string {
  const list = jobs.map((j) => `${j.description}, ${whenText(j)}`).join("; ");
  const what = jobs.length === 1 ? "a new job offer" : `${jobs.length} new job offers`;
  return `${BRAND_NAME}: ${what} near ${zipcode}: ${list}. Open your dashboard to accept; the first pro to accept gets it.`;
}

export function jobAcceptedText(vendorName: string, job: JobText): string {
  return `${BRAND_NAME}: ${vendorName} accepted your ${job.description}, ${whenText(job)}. See you then!`;
}

/** Sends without ever throwing; answers whether the text went out. */
export async function textSafely(
  env: Env,
  db: DrizzleD1Database,
  to: string,
  body: string,
  now: number,
): Promise<boolean> {
  try {
    return await sendSms(env, db, { to, body, now });
  } catch (err) {
    console.error(JSON.stringify({ at: "checkout.sms", to, error: String(err) }));
    return false;
  }
}

/** Login phones of vendors, by vendor id. */
export async function vendorPhones(db: DrizzleD1Database, vendorIds: readonly number[]): Promise<Map<number, string>> {
  if (vendorIds.length === 0) return new Map();
  const rows = await db
    .select({ vendor_id: vendors.vendor_id, phone: users.phone })
    .from(vendors)
    .innerJoin(users, sql`${users.user_id} = ${vendors.user_id}`)
    .where(sql`${vendors.vendor_id} IN (SELECT value FROM json_each(${JSON.stringify(vendorIds)}))`);
  return new Map(rows.map((r) => [r.vendor_id, r.phone]));
}
