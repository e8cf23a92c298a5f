import { env } from "cloudflare:test";
import { drizzle } from "drizzle-orm/d1";
import { localToInstant } from "../../domain/calendar/time";
import { ServiceOrderStatus } from "../../domain/order-status";
import { localPayments } from "../adapters/payments/local";
import type { PaymentsPort } from "../adapters/payments/port";
import { ALL_WEEK, TZ, calendarOf, makeService, makeZip, settingsOf } from "../calendar/test-fixtures";
import { Client, promote, signUp, T0 } from "../test-utils";

/**
 * Fixtures of the order tests. completeOrder belongs to checkout, so orders and jobs are inserted directly;
 * a job that should be on the vendor's calendar is booked through the vendor's object (placeHold +
 * confirmHold with the service order id as the ref, as checkout does). Card payments go through the local
 * payments adapter with Stripe's test cards.
 *
 * T0 is Sunday 2026-11-22 10:00 in New York.
 */
export { T0, TZ };
export const HOUR = 3_600_000;
export const at = (date: string, time: string) => localToInstant(date, time, TZ);
/** Tuesday: more than 24 hours after T0, inside every window of the tests. */
export const TUE = "2026-11-24";
export const WED = "2026-11-25";

export const db = () => drizzle(env.DB);

/** The local payments adapter at a given clock, as the Worker builds it. */
export function payments(now = T0): PaymentsPort {
  return localPayments({ db: db(), now, webhookSecret: "whsec_local_development_only" });
}

let counter = 0;

/** A signed-in customer. */
export async function customer(name = "Ava Brooks") {
  const client = new Client();
  const account = await signUp(client, { name });
  return { client, user_id: account.profile.user_id as number, phone: account.phone, email: account.email };
}

/**
 * A vendor who can sign in (a signed-up user with a vendors row working every day 06:00-24:00 near a ZIP of
 * its own) and a service they offer.
 */
export async function vendorWorld(opts: { minutes?: number; price?: number } = {}) {
  const zip = await makeZip();
  const service = await makeService({ minutes: opts.minutes ?? 60, price: opts.price ?? 10_000 });
  const client = new Client();
  const account = await signUp(client, { name: `Pro ${++counter}` });
  const row = await env.DB.prepare(
    `INSERT INTO vendors (user_id, display_name, status, reliability, tz, available_setting, range_miles, latitude, longitude,
       photo, created_at, updated_at)
     VALUES (?, ?, 'active', 80, ?, ?, 15, ?, ?, ?, ?, ?) RETURNING vendor_id`,
  )
    .bind(
      account.profile.user_id,
      `Nails by Pro ${counter}`,
      TZ,
      JSON.stringify(ALL_WEEK),
      zip.latitude,
      zip.longitude,
      `/media/demo/vendor-${counter}.svg`,
      T0,
      T0,
    )
    .first<{ vendor_id: number }>();
  const vendorId = row!.vendor_id;
  await promote(account.profile.user_id, { vendorId });
  await env.DB.prepare("INSERT INTO vendor_services (vendor_id, service_id, enabled) VALUES (?, ?, 1)")
    .bind(vendorId, service.serviceId)
    .run();
  return {
    zip: zip.zip,
    serviceId: service.serviceId,
    serviceCode: service.serviceCode,
    vendorId,
    vendorClient: client,
    vendorPhone: account.phone,
    vendorName: `Nails by Pro ${counter}`,
  };
}

export type VendorWorld = Awaited<ReturnType<typeof vendorWorld>>;

export interface JobFixture {
  userId: number;
  world: VendorWorld;
  status?: number;
  start?: number;
  minutes?: number;
  price?: number;
  /** Other jobs' prices in the same order (they are inserted too). */
  siblingPrices?: number[];
  /** What the card paid for the whole order (orders.total_cents); default the sum of prices. */
  orderTotal?: number;
  creditApplied?: number;
  paymentIntentId?: string | null;
  completionTime?: number | null;
  jobImages?: string;
  vendor?: boolean;
  zipcode?: string;
  scheduledStatus?: number;
}

/** An order with the job (and sibling jobs), inserted directly. */
export async function insertJob(f: JobFixture) {
  const price = f.price ?? 10_000;
  const siblings = f.siblingPrices ?? [];
  const subtotal = price + siblings.reduce((a, b) => a + b, 0);
  const zipcode = f.zipcode ?? f.world.zip;
  const order = await env.DB.prepare(
    `INSERT INTO orders (user_id, status, subtotal_cents, credit_applied_cents, total_cents, address, zipcode, time_zone,
       payment_intent_id, idempotency_key, created_at, updated_at)
     VALUES (?, 'confirmed', ?, ?, ?, '1 Test St, Testville, NY ' || ?, ?, ?, ?, ?, ?, ?) RETURNING order_id`,
  )
    .bind(
      f.userId,
      subtotal,
      f.creditApplied ?? 0,
      f.orderTotal ?? subtotal - (f.creditApplied ?? 0),
      zipcode,
      zipcode,
      TZ,
      f.paymentIntentId ?? null,
      `orders-fixture-${++counter}-${Math.random()}`,
      T0,
      T0,
    )
    .first<{ order_id: number }>();
  const status = f.status ?? ServiceOrderStatus.SCHEDULED;
  const insert = (p: number, start: number) =>
    env.DB.prepare(
      `INSERT INTO service_orders (order_id, user_id, vendor_id, service_id, service_order_status_id, scheduled_status,
         promised_arrival_time, job_minutes, address, zipcode, time_zone, completion_time, job_images, price_cents,
         created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, '1 Test St, Testville, NY ' || ?, ?, ?, ?, ?, ?, ?, ?) RETURNING service_order_id`,
    )
      .bind(
        order!.order_id,
        f.userId,
        f.vendor === false ? null : f.world.vendorId,
        f.world.serviceId,
        status,
        f.scheduledStatus ?? 1,
        start,
        f.minutes ?? 60,
        zipcode,
        zipcode,
        TZ,
        f.completionTime === undefined
          ? status === ServiceOrderStatus.COMPLETED
            ? start + HOUR
            : null
          : f.completionTime,
        f.jobImages ?? '{"before":[],"after":[],"testimonial":[]}',
        p,
        T0,
        T0,
      )
      .first<{ service_order_id: number }>();
  const start = f.start ?? at(TUE, "10:00");
  const so = await insert(price, start);
  const siblingIds: number[] = [];
  for (const [i, p] of siblings.entries())
    siblingIds.push((await insert(p, start + (i + 1) * 3 * HOUR))!.service_order_id);
  return { orderId: order!.order_id, soid: so!.service_order_id, siblingIds, start };
}

/** Books the job on the vendor's calendar as checkout does (ref = the service order id). */
export async function bookJob(world: VendorWorld, soid: number, start: number, minutes = 60) {
  const settings = await settingsOf(world.vendorId);
  const stub = calendarOf(world.vendorId);
  const hold = await stub.placeHold({
    settings,
    now: T0,
    start,
    durationMinutes: minutes,
    idempotencyKey: `fixture-book-${soid}-${Math.random()}`,
  });
  if (!hold.ok) throw new Error(`fixture hold refused: ${hold.code} ${hold.reason}`);
  const booked = await stub.confirmHold(
    hold.hold.holdId,
    String(soid),
    `fixture-confirm-${soid}-${Math.random()}`,
    T0,
    settings,
  );
  if (!booked.ok) throw new Error(`fixture confirm refused: ${booked.code}`);
}

/** The vendor object's view: bookings and live holds. */
export async function calendar(world: VendorWorld, now = T0) {
  return (await calendarOf(world.vendorId).listBusy({ vendorId: world.vendorId, now })).map((b) => ({
    kind: b.kind,
    ref: b.kind === "hold" ? "hold" : b.ref,
    start: b.start,
  }));
}

/** A succeeded card payment for an order (Visa 4242), as checkout would have taken it. */
export async function paidIntent(userId: number, amountCents: number, ref = "fixture") {
  const port = payments();
  const user = await env.DB.prepare("SELECT user_id, email, name, phone FROM users WHERE user_id = ?")
    .bind(userId)
    .first<{ user_id: number; email: string; name: string; phone: string }>();
  const customerId = await port.ensureCustomer(user!);
  const pm = await port.tokenizeLocalCard!(
    { number: "4242424242424242", exp_month: 12, exp_year: 2030, cvc: "123", postal_code: "10001" },
    customerId,
  );
  const pi = await port.createIntent({
    amount_cents: amountCents,
    customer_id: customerId,
    payment_method_id: pm.id,
    confirm: true,
    description: "Fixture order",
    metadata: { purpose: "order", ref },
    idempotency_key: `fixture-order-${++counter}-${Math.random()}`,
  });
  if (pi.status !== "succeeded") throw new Error(`fixture payment ${pi.status}`);
  return { paymentIntentId: pi.id, customerId, paymentMethodId: pm.id };
}

/** A card for the browser's confirm step (local adapter): "4242424242424242" succeeds, "...0002" is declined. */
export async function card(number = "4242424242424242", customerId: string | null = null) {
  const pm = await payments().tokenizeLocalCard!(
    { number, exp_month: 12, exp_year: 2030, cvc: "123", postal_code: "10001" },
    customerId,
  );
  return pm.id;
}

/** The last text sent to a phone (local SMS adapter keeps them in the outbox). */
export async function lastText(phone: string): Promise<string | null> {
  const row = await env.DB.prepare('SELECT body FROM outbox WHERE "to" = ? ORDER BY id DESC LIMIT 1')
    .bind(phone)
    .first<{ body: string }>();
  return row?.body ?? null;
}

export async function jobRow(soid: number) {
  return env.DB.prepare("SELECT * FROM service_orders WHERE service_order_id = ?")
    .bind(soid)
    .first<Record<string, any>>();
}

/**
 * Another length of the world's service (decision 067's options: codes that differ only in their minutes, e.g.
 * `<family>-60` and `<family>-90`), offered by the world's pro. Answers its service id.
 */
export async function addLengthOption(
  world: { vendorId: number; serviceId: number },
  family: string,
  minutes: number,
  price: number,
): Promise<number> {
  const row = await env.DB.prepare(
    `INSERT INTO services (service_code, slug, description, service_code_group_id, duration_minutes, base_price_cents, type, enable)
     SELECT ?, ?, ?, service_code_group_id, ?, ?, 1, 1 FROM services WHERE service_id = ? RETURNING service_id`,
  )
    .bind(
      `${family}-${minutes}`,
      `${family}-${minutes}`.toLowerCase(),
      `Swedish Massage ${minutes}`,
      minutes,
      price,
      world.serviceId,
    )
    .first<{ service_id: number }>();
  await env.DB.prepare("INSERT INTO vendor_services (vendor_id, service_id, enabled) VALUES (?, ?, 1)")
    .bind(world.vendorId, row!.service_id)
    .run();
  return row!.service_id;
}
