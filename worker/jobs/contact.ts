import { formatWhen } from "../../domain/slot-format";
import { and, desc, eq, inArray } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { maskPhone } from "../../domain/job-actions";
import { messageFor } from "../../domain/messages";
import { ServiceOrderStatus } from "../../domain/order-status";
import { jobIncidents } from "../../schema/tables/job-actions";
import { serviceOrders } from "../../schema/tables/orders";
import { sendSms } from "../adapters/sms";
import { fail } from "../http/errors";
import { hit } from "../middleware/rate-limit";
import { customerPhoneOf, firstNameOf, vendorJob, type VendorJob } from "./vendor-job";

/**
 * The pro reaches the customer through the platform (docs/product.md section 7 "POST /sms/customer", "/sms/customer2",
 * "/vendor/me/request-contact-info"; docs/decisions/065-masked-contact.md). Numbers stay masked both ways:
 * the pro sees the customer's first name and the last four digits, the customer sees the pro's name, and the
 * texts go out from the platform's number through the SMS port. A failed send is MESSAGE_FAILED. At most 10
 * texts per pro in 10 minutes, and 3 contact-info requests per job in an hour.
 */

const TEXT_LIMIT = 10;
const TEXT_WINDOW_MS = 10 * 60_000;
const CONTACT_LIMIT = 3;
const CONTACT_WINDOW_MS = 60 * 60_000;

const REACHABLE = [ServiceOrderStatus.SCHEDULED, ServiceOrderStatus.IN_PROGRESS, ServiceOrderStatus.COMPLETED];

export interface SmsCustomerResult {
  code: 200;
  custom: true;
  sent: true;
  service_order_id: number;
  customer: { first_name: string; phone: string | null };
  message: string;
}

function reachable(job: VendorJob) {
  if (!(REACHABLE as number[]).includes(job.service_order_status_id)) fail("JOB_ACTION_NOT_ALLOWED");
  const phone = customerPhoneOf(job);
  if (!phone) fail("MESSAGE_FAILED");
  return phone;
}

async function send(env: Env, db: DrizzleD1Database, to: string, body: string, now: number) {
  const sent = await sendSms(env, db, { to, body, now }).catch((err) => {
    console.error(JSON.stringify({ at: "sms-customer", error: String(err) }));
    return false;
  });
  if (!sent) fail("MESSAGE_FAILED");
}

export async function textCustomer(
  env: Env,
  db: DrizzleD1Database,
  vendor: { vendorId: number; name: string },
  job: VendorJob,
  message: string,
  now: number,
): Promise<SmsCustomerResult> {
  const phone = reachable(job);
  if ((await hit(env.DB, `sms-customer:v${vendor.vendorId}`, TEXT_WINDOW_MS, now)) > TEXT_LIMIT) {
    fail("FAIL_TOO_SOON_SINCE_LAST");
  }
  const body =
    `${vendor.name} (your ${job.service_description} professional, ` +
    `${formatWhen(job.promised_arrival_time, job.time_zone)}): ${message} - Reply from My Orders.`;
  await send(env, db, phone, body, now);
  return {
    code: 200,
    custom: true,
    sent: true,
    service_order_id: job.service_order_id,
    customer: { first_name: firstNameOf(job.customer_name), phone: maskPhone(phone) },
    message: messageFor("MESSAGE_SENT"),
  };
}

/** /sms/customer2 { user_id }: the pro's latest job with that customer. */
export async function latestJobWith(db: DrizzleD1Database, vendorId: number, userId: number): Promise<VendorJob> {
  const [row] = await db
    .select({ id: serviceOrders.service_order_id })
    .from(serviceOrders)
    .where(
      and(
        eq(serviceOrders.vendor_id, vendorId),
        eq(serviceOrders.user_id, userId),
        inArray(serviceOrders.service_order_status_id, REACHABLE),
      ),
    )
    .orderBy(desc(serviceOrders.promised_arrival_time))
    .limit(1);
  if (!row) fail("NOT_FOUND", { user_id: "You have no job with this client." });
  return vendorJob(db, vendorId, row.id);
}

/**
 * The pro cannot reach the customer: we text the customer to get in touch and text the pro back the masked
 * way to reach them (a reply to the platform's texts reaches the customer through /sms/customer).
 */
export async function requestContactInfo(
  env: Env,
  db: DrizzleD1Database,
  vendor: { vendorId: number; name: string; phone: string | null },
  job: VendorJob,
  now: number,
) {
  const phone = reachable(job);
  if ((await hit(env.DB, `contact-info:so${job.service_order_id}`, CONTACT_WINDOW_MS, now)) > CONTACT_LIMIT) {
    fail("FAIL_TOO_SOON_SINCE_LAST");
  }
  await send(
    env,
    db,
    phone,
    `Hi ${firstNameOf(job.customer_name)}, ${vendor.name}, your ${job.service_description} professional for ` +
      `${formatWhen(job.promised_arrival_time, job.time_zone)}, is trying to reach you. Please reply to this text or ` +
      `message them from My Orders.`,
    now,
  );
  if (vendor.phone) {
    await sendSms(env, db, {
      to: vendor.phone,
      body:
        `We asked ${firstNameOf(job.customer_name)} (job #${job.service_order_id}) to contact you. ` +
        `Text them from your dashboard; their number stays private (${maskPhone(phone)}).`,
      now,
    }).catch(() => false);
  }
  await db.insert(jobIncidents).values({
    service_order_id: job.service_order_id,
    vendor_id: vendor.vendorId,
    kind: "contact_request",
    idempotency_key: `so:${job.service_order_id}:contact:${now}:${crypto.randomUUID()}`,
    created_at: now,
  });
  return {
    code: 200 as const,
    service_order_id: job.service_order_id,
    customer: { first_name: firstNameOf(job.customer_name), phone: maskPhone(phone) },
    message: messageFor("CONTACT_INFO_SENT"),
  };
}
