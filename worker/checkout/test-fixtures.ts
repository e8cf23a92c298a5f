import { env } from "cloudflare:test";
import { drizzle } from "drizzle-orm/d1";
import { paymentsFromEnv } from "../adapters/payments";
import type { PaymentIntent } from "../adapters/payments/port";
import { randomToken, sha256Hex } from "../auth/crypto";
import { SESSION_COOKIE } from "../auth/sessions";
import { makeService, makeVendor, makeZip, type VendorOpts } from "../calendar/test-fixtures";
import type { OrderView } from "../../schema/contracts/checkout";
import { Client, signUp, T0 } from "../test-utils";

/**
 * Fixtures of the checkout tests: a ZIP with vendors offering one service, a signed-in customer with items in
 * the cart, card payments through the local adapter (what the browser does with the client secret), and
 * signed-in vendor clients.
 */

// T0 is Sunday 2026-11-22 10:00 in New York; Tuesday is more than a day ahead.
export const TUE = "2026-11-24";
export const MIN = 60_000;

let counter = 0;
export const key = (p = "k") => `${p}-${++counter}-${Math.random().toString(36).slice(2, 10)}`;

export const CARDS = {
  ok: "4242424242424242",
  declined: "4000000000000002",
  threeDS: "4000002500003155",
} as const;

export interface World {
  zip: string;
  serviceId: number;
  vendorIds: number[];
  vendorId: number;
}

export async function world(
  opts: { vendors?: number; price?: number; type?: number; vendor?: Partial<VendorOpts> } = {},
): Promise<World> {
  const zip = await makeZip();
  const service = await makeService({ minutes: 60, price: opts.price ?? 9000, type: opts.type });
  const vendorIds: number[] = [];
  for (let i = 0; i < (opts.vendors ?? 1); i++) {
    vendorIds.push(
      await makeVendor({ near: zip, miles: 1 + i, offers: [{ serviceId: service.serviceId }], ...opts.vendor }),
    );
  }
  return { zip: zip.zip, serviceId: service.serviceId, vendorIds, vendorId: vendorIds[0]! };
}

/** A signed-in customer (its client) in the world's ZIP. */
export async function customer(opts: { credit?: number } = {}) {
  const client = new Client();
  const account = await signUp(client, { name: "Checkout Customer" });
  if (opts.credit) {
    await env.DB.prepare("UPDATE users SET credit_balance_cents = ? WHERE user_id = ?")
      .bind(opts.credit, account.profile.user_id)
      .run();
  }
  return { client, userId: account.profile.user_id as number, phone: account.phone, email: account.email };
}

/** Adds the world's service at `time` on TUE (chosen vendor, or "any pro" with vendorId null). */
export async function addItem(client: Client, w: World, time = "10:00", vendorId: number | null = w.vendorId) {
  const res = await client.post("/api/booking/service-add-cart", {
    zipCode: w.zip,
    serviceId: w.serviceId,
    vendorId,
    selectedDate: `${TUE} ${time}`,
    idempotencyKey: key("add"),
  });
  if (res.status !== 201) throw new Error(`add to cart failed: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

let phoneCounter = 0;
/** A fresh contact phone per checkout, so texts of one test never mix with another's. */
export function contactPhone(): string {
  phoneCounter += 1;
  return `+1646${String(2_000_000 + (((Date.now() % 100_000) * 50 + phoneCounter) % 7_999_999)).padStart(7, "0")}`;
}

export function contact(w: World, extra: Record<string, unknown> = {}) {
  return {
    email: "ana@example.com",
    phone: contactPhone(),
    address: `12 Main St, Testville, NY ${w.zip}`,
    idempotencyKey: key("charge"),
    ...extra,
  };
}

export function port(now = T0) {
  return paymentsFromEnv(env, drizzle(env.DB), now);
}

/** What the browser does: tokenises the card and confirms the intent with it. */
export async function payIntent(intentId: string, number: string, now = T0): Promise<PaymentIntent> {
  const p = port(now);
  const method = await p.tokenizeLocalCard!(
    { number, exp_month: 12, exp_year: 2030, cvc: "123", postal_code: "10001" },
    null,
  );
  return p.confirmIntent(intentId, { payment_method_id: method.id, idempotency_key: key("confirm") });
}

/** Saves a card for the user (as the wallet page would). */
export async function saveCard(userId: number, number: string = CARDS.ok, now = T0) {
  const p = port(now);
  const user = await env.DB.prepare("SELECT user_id, email, name, phone FROM users WHERE user_id = ?")
    .bind(userId)
    .first<{ user_id: number; email: string; name: string; phone: string }>();
  const customerId = await p.ensureCustomer(user!);
  const method = await p.tokenizeLocalCard!(
    { number, exp_month: 12, exp_year: 2030, cvc: "123", postal_code: "10001" },
    customerId,
  );
  return { customerId, methodId: method.id };
}

/** A client signed in as the user behind a vendor (a session row written directly). */
export async function vendorClient(vendorId: number): Promise<Client> {
  const row = await env.DB.prepare("SELECT user_id FROM vendors WHERE vendor_id = ?")
    .bind(vendorId)
    .first<{ user_id: number }>();
  await env.DB.prepare("UPDATE users SET vendor_id = ? WHERE user_id = ?").bind(vendorId, row!.user_id).run();
  const token = randomToken(32);
  await env.DB.prepare("INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)")
    .bind(await sha256Hex(token), row!.user_id, T0, T0 + 30 * 86_400_000)
    .run();
  const client = new Client();
  client.cookie = `${SESSION_COOKIE}=${token}`;
  return client;
}

export async function vendorPhone(vendorId: number): Promise<string> {
  const row = await env.DB.prepare(
    "SELECT u.phone FROM vendors v JOIN users u ON u.user_id = v.user_id WHERE v.vendor_id = ?",
  )
    .bind(vendorId)
    .first<{ phone: string }>();
  return row!.phone;
}

export async function outboxTo(phone: string): Promise<string[]> {
  const { results } = await env.DB.prepare('SELECT body FROM outbox WHERE "to" = ? ORDER BY id')
    .bind(phone)
    .all<{ body: string }>();
  return results.map((r) => r.body);
}

export async function count(sql: string, ...binds: unknown[]): Promise<number> {
  const row = await env.DB.prepare(sql)
    .bind(...binds)
    .first<{ n: number }>();
  return row!.n;
}

/**
 * A paid, completed order of one item booked through the real checkout; answers its service order id, the
 * customer's contact phone and the customer's client.
 */
export async function bookedJob(
  w: World,
  vendorId: number | null,
  time = "10:00",
  checkoutExtra: Record<string, unknown> = {},
) {
  const { client } = await customer();
  await addItem(client, w, time, vendorId);
  const details = contact(w, checkoutExtra);
  const charge = await client.post("/api/checkout/charge-stripe", details);
  await payIntent(charge.body.data.payment_intent.id, CARDS.ok);
  const done = await client.post("/api/checkout/completeOrder", {
    idempotencyKey: key("done"),
    order_id: charge.body.data.order_id,
  });
  if (done.status !== 201) throw new Error(`completeOrder: ${JSON.stringify(done.body)}`);
  return {
    soId: done.body.data.order.jobs[0].service_order_id as number,
    phone: details.phone as string,
    client,
    order: done.body.data.order as OrderView,
  };
}
