import { env } from "cloudflare:test";
import { expect } from "vitest";
import { ServiceOrderStatus } from "../../domain/order-status";
import {
  CARDS,
  contact,
  customer,
  key,
  payIntent,
  port,
  vendorClient,
  world,
  type World,
} from "../checkout/test-fixtures";
import { T0, type Client } from "../test-utils";

/**
 * Fixtures of the job-action tests: a paid job at 10:00 New York on TUE (15:00 UTC), booked with a chosen
 * pro who accepted it, and both sides' signed-in clients.
 */
export const JOB_START = Date.UTC(2026, 10, 24, 15, 0);
export const MIN = 60_000;

export interface AcceptedJob {
  w: World;
  soId: number;
  vendor: Client;
  other: Client;
  customer: Client;
  customerUserId: number;
  phone: string;
}

/**
 * The job is written directly (order, succeeded card payment through the local adapter, accepted service
 * order) rather than through checkout: these tests are about what happens after acceptance, and checkout's
 * calendar holds lapse by the real clock of the vendor object (being rewritten by the lead).
 */
export async function acceptedJob(opts: { price?: number; start?: number } = {}): Promise<AcceptedJob> {
  const price = opts.price ?? 9000;
  const w = await world({ vendors: 2, price });
  const buyer = await customer();
  const details = contact(w);
  const total = price + 450;
  const p = port(T0);
  const intent = await p.createIntent({
    amount_cents: total,
    customer_id: null,
    description: "Test order",
    metadata: { purpose: "order", ref: `test:${key("order")}` },
    idempotency_key: key("pi"),
  });
  const paid = await payIntent(intent.id, CARDS.ok);
  expect(paid.status).toBe("succeeded");
  const order = await env.DB.prepare(
    `INSERT INTO orders (user_id, status, subtotal_cents, fee_cents, total_cents, email, phone, address, zipcode, time_zone,
       payment_intent_id, idempotency_key, confirmed_at, created_at, updated_at)
     VALUES (?, 'confirmed', ?, 450, ?, ?, ?, ?, ?, 'America/New_York', ?, ?, ?, ?, ?) RETURNING order_id`,
  )
    .bind(
      buyer.userId,
      price,
      total,
      details.email,
      details.phone,
      details.address,
      w.zip,
      intent.id,
      key("ok"),
      T0,
      T0,
      T0,
    )
    .first<{ order_id: number }>();
  const so = await env.DB.prepare(
    `INSERT INTO service_orders (order_id, user_id, vendor_id, service_id, service_order_status_id, scheduled_status,
       promised_arrival_time, job_minutes, address, zipcode, time_zone, price_cents, vendor_payout_cents, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, 1, ?, 60, ?, ?, 'America/New_York', ?, ?, ?, ?) RETURNING service_order_id`,
  )
    .bind(
      order!.order_id,
      buyer.userId,
      w.vendorIds[0],
      w.serviceId,
      ServiceOrderStatus.SCHEDULED,
      opts.start ?? JOB_START,
      details.address,
      w.zip,
      price,
      Math.round(price * 0.7),
      T0,
      T0,
    )
    .first<{ service_order_id: number }>();
  return {
    w,
    soId: so!.service_order_id,
    vendor: await vendorClient(w.vendorIds[0]!),
    other: await vendorClient(w.vendorIds[1]!),
    customer: buyer.client,
    customerUserId: buyer.userId,
    phone: details.phone,
  };
}

export function photoForm(soId: number, type: string, bytes: Uint8Array, name = "photo.png"): FormData {
  const form = new FormData();
  form.set("service_order_id", String(soId));
  form.set("type", type);
  form.set("file", new File([bytes.slice().buffer as ArrayBuffer], name));
  return form;
}
