import { and, asc, eq, gt, inArray } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import type * as v from "valibot";
import { BRAND_NAME } from "../../domain/brand";
import { formatLocal, DAY_MS, iso } from "../../domain/calendar/time";
import { PAYMENT_LINK_TTL_DAYS } from "../../domain/checkout-rules";
import { centsToDecimal, formatCents } from "../../domain/money";
import { ServiceOrderStatus } from "../../domain/order-status";
import type { RequestCustomerPaymentBody } from "../../schema/payloads/checkout";
import { users } from "../../schema/tables/accounts";
import { services } from "../../schema/tables/catalogue";
import { serviceOrders } from "../../schema/tables/orders";
import { paymentRequests } from "../../schema/tables/payments";
import { vendors } from "../../schema/tables/vendors";
import { randomToken, sha256Hex } from "../auth/crypto";
import { fail } from "../http/errors";
import { securePayIntent } from "../orders/pay-links";
import { textSafely } from "./notify";
import { linkView, usableLink } from "./payment-links";
import { payments } from "./payments";

/**
 * Payment links asked for by a vendor and paid by a client without an account (docs/product.md section 7
 * "Checkout": requestCustomerPayment, getCustomerSchedule, getCustomerCharge; section 2 "vpid"). Each takes
 * the Worker's env (D1, SMS and payments configuration) and/or the drizzle database, the time and the
 * vendor or the link's token; the routes in worker/api/checkout/links.ts only parse and answer.
 */

export type LinkAnswer = Awaited<ReturnType<typeof linkView>> & {
  url: string | null;
  vpid: string | null;
  sent: boolean;
};

/**
 * A vendor requests a payment from a client (phone already normalised): the link is texted to the client.
 * Idempotent by key: a retried request answers the same link without its URL (`created` false). `origin`
 * is the site the link points to.
 */
export async function requestPaymentLink(
  env: Env,
  db: DrizzleD1Database,
  input: {
    vendorId: number;
    phone: string;
    body: v.InferOutput<typeof RequestCustomerPaymentBody>;
    now: number;
    origin: string;
  },
): Promise<{ link: LinkAnswer; created: boolean }> {
  const { vendorId, phone, body, now, origin } = input;
  if (body.service_order_id) {
    const [job] = await db
      .select({ id: serviceOrders.service_order_id })
      .from(serviceOrders)
      .where(and(eq(serviceOrders.service_order_id, body.service_order_id), eq(serviceOrders.vendor_id, vendorId)))
      .limit(1);
    if (!job) fail("NOT_FOUND", { service_order_id: "This is not one of your jobs." });
  }
  // Only a confirmed account is linked: a pending signup is not anyone's account yet (and may be replaced).
  const [client] = await db
    .select({ user_id: users.user_id })
    .from(users)
    .where(and(eq(users.phone, phone), eq(users.status, "active")))
    .limit(1);
  const token = randomToken(24);
  const key = `v${vendorId}:${body.idempotencyKey}`;
  const inserted = await env.DB.prepare(
    `INSERT INTO payment_requests (vendor_id, service_order_id, client_name, client_phone, client_user_id, amount_cents, description,
       token_hash, status, expires_at, idempotency_key, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'open', ?, ?, ?, ?)
     ON CONFLICT (idempotency_key) DO NOTHING RETURNING payment_request_id`,
  )
    .bind(
      vendorId,
      body.service_order_id ?? null,
      body.client_name ?? null,
      phone,
      client?.user_id ?? null,
      body.amount_cents,
      body.description,
      await sha256Hex(token),
      now + PAYMENT_LINK_TTL_DAYS * DAY_MS,
      key,
      now,
      now,
    )
    .first<{ payment_request_id: number }>();
  const [link] = await db.select().from(paymentRequests).where(eq(paymentRequests.idempotency_key, key)).limit(1);
  if (!link) throw new Error(`payment request ${key} was not written`);
  if (!inserted) {
    // A retried request: the same link (its token is not kept, so the URL went out with the first answer).
    return { link: { ...(await linkView(db, link, now)), url: null, vpid: null, sent: true }, created: false };
  }
  const url = `${origin}/?vpid=${token}`;
  const [vendor] = await db
    .select({ name: vendors.display_name })
    .from(vendors)
    .where(eq(vendors.vendor_id, vendorId))
    .limit(1);
  const sent = await textSafely(
    env,
    db,
    phone,
    `${BRAND_NAME}: ${vendor?.name ?? "Your pro"} requests ${formatCents(body.amount_cents)} for "${body.description}". Pay securely: ${url}`,
    now,
  );
  return { link: { ...(await linkView(db, link, now)), url, vpid: token, sent }, created: true };
}

/**
 * The schedule the link is about: its job, or else the client's upcoming jobs with that vendor
 * (times in the service address's zone).
 */
export async function linkSchedule(db: DrizzleD1Database, vpid: string, now: number) {
  const link = await usableLink(db, vpid, now);
  const where = link.service_order_id
    ? eq(serviceOrders.service_order_id, link.service_order_id)
    : link.client_user_id
      ? and(
          eq(serviceOrders.user_id, link.client_user_id),
          eq(serviceOrders.vendor_id, link.vendor_id),
          gt(serviceOrders.promised_arrival_time, now),
          inArray(serviceOrders.service_order_status_id, [ServiceOrderStatus.PENDING, ServiceOrderStatus.SCHEDULED]),
        )
      : null;
  const jobs = where
    ? await db
        .select({ so: serviceOrders, description: services.description })
        .from(serviceOrders)
        .innerJoin(services, eq(services.service_id, serviceOrders.service_id))
        .where(where)
        .orderBy(asc(serviceOrders.promised_arrival_time))
        .limit(10)
    : [];
  return {
    payment_request_id: link.payment_request_id,
    vendor_id: link.vendor_id,
    jobs: jobs.map(({ so, description }) => ({
      service_order_id: so.service_order_id,
      description,
      promised_arrival_time: formatLocal(so.promised_arrival_time, so.time_zone),
      promised_arrival_at: iso(so.promised_arrival_time),
      time_zone: so.time_zone,
      job_minutes: so.job_minutes,
      service_order_status_id: so.service_order_status_id,
      scheduled_status: so.scheduled_status,
    })),
  };
}

/**
 * The PaymentIntent for the link's amount: the secure-pay flow's intent (worker/orders/pay-links.ts,
 * `pay:payment_request:<id>:<total>`), so a link cannot be charged twice through the two paths.
 */
export async function linkCharge(env: Env, db: DrizzleD1Database, vpid: string, now: number) {
  const link = await usableLink(db, vpid, now);
  if (link.status === "paid") fail("ERROR_CUSTOMER_PAY");
  const port = payments(env, db, now);
  const made = await securePayIntent(db, port, { vpid, charge_amount: centsToDecimal(link.amount_cents) }, now);
  return { payment_intent: made.payment_intent, payment: await linkView(db, link, now) };
}
