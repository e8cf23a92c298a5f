import { createScheduledController, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { chargeAt } from "../../domain/payout-rules";
import worker from "../api-entry";
import {
  addItem,
  CARDS,
  contact,
  customer,
  key,
  MIN,
  payIntent,
  port,
  saveCard,
  world,
} from "../checkout/test-fixtures";
import { TIP_LINK_TTL_MS } from "../orders/pay-links";
import { acceptedJob } from "../jobs/test-fixtures";
import { Client, promote, signUp, T0 } from "../test-utils";
import { PAY_LINK_EXPIRY_GRACE_MS } from "./items/pay-link-expiry";
import type { CronEnvelope } from "./messages";
import { enqueueDue, handleItem, keyOf } from "./queue";

/** Expiries through the queue, like the charges: found by the tick, done once by the consumer. */

const HOUR = 3_600_000;

async function due(now: number) {
  const sent: CronEnvelope[] = [];
  await enqueueDue(env, now, async (m) => void sent.push(...m));
  return sent;
}

async function draft(pay: boolean) {
  const w = await world();
  const { client } = await customer();
  await addItem(client, w);
  const charge = await client.post("/api/checkout/charge-stripe", contact(w));
  if (pay) await payIntent(charge.body.data.payment_intent.id, CARDS.ok);
  return { orderId: charge.body.data.order_id as number, intentId: charge.body.data.payment_intent.id as string };
}

const statusOf = async (orderId: number) =>
  (await env.DB.prepare("SELECT status FROM orders WHERE order_id = ?").bind(orderId).first<{ status: string }>())!
    .status;

describe("checkout drafts through the queue", () => {
  it("an unpaid draft waits out its hour (not marked done), then is cancelled once however often it is delivered", async () => {
    const { orderId, intentId } = await draft(false);
    const early = (await due(T0 + 30 * MIN)).filter((m) => m.kind === "checkout_settle" && m.order_id === orderId);
    expect(early).toHaveLength(1);
    expect(await handleItem(env, early[0]!, T0 + 30 * MIN)).toBe("wait");
    expect(await statusOf(orderId)).toBe("pending_payment");
    // Not done: the next tick finds it again.
    const late = (await due(T0 + 61 * MIN)).filter((m) => m.kind === "checkout_settle" && m.order_id === orderId);
    expect(late).toHaveLength(1);
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => handleItem(env, late[0]!, T0 + 61 * MIN)));
    expect(outcomes.filter((o) => o === "cancelled")).toHaveLength(1);
    expect(outcomes.every((o) => ["cancelled", "stale", "skipped"].includes(o))).toBe(true);
    expect(await statusOf(orderId)).toBe("cancelled");
    expect((await port(T0 + 61 * MIN).retrieveIntent(intentId)).status).toBe("canceled");
    expect((await due(T0 + 62 * MIN)).some((m) => m.kind === "checkout_settle" && m.order_id === orderId)).toBe(false);
  });

  it("a paid draft the browser left is completed by the scheduled run's queue item", async () => {
    const { orderId } = await draft(true);
    const at = T0 + 3 * MIN;
    await worker.scheduled(createScheduledController({ scheduledTime: at, cron: "*/5 * * * *" }), env);
    await worker.scheduled(createScheduledController({ scheduledTime: at, cron: "*/5 * * * *" }), env);
    const k = keyOf({ kind: "checkout_settle", order_id: orderId });
    for (let i = 0; i < 100; i++) {
      if (await env.DB.prepare("SELECT 1 FROM cron_items WHERE key = ?").bind(k).first()) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await statusOf(orderId)).toBe("confirmed");
    const row = await env.DB.prepare("SELECT outcome FROM cron_items WHERE key = ?").bind(k).first();
    expect(row).toEqual({ outcome: "completed" });
  });
});

describe("client subscription links", () => {
  it("no card by the first date's charge: the date is released, both are told, the client gets a fresh link; once", async () => {
    const w = await world();
    const client = new Client();
    const account = await signUp(client, { name: "Link Vendor" });
    await promote(account.profile.user_id, { vendorId: w.vendorId });
    await env.DB.prepare("UPDATE vendors SET user_id = ? WHERE vendor_id = ?")
      .bind(account.profile.user_id, w.vendorId)
      .run();
    const body = {
      client_name: "Noor Client",
      client_phone: `+1718${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`,
      service_id: w.serviceId,
      price_cents: 8000,
      interval_days: 21,
      first_date: "2026-11-25",
      first_time: "11:00",
      address: "9 Link St, Testville",
      zipcode: w.zip,
      idempotency_key: key("csub"),
    };
    const sub = (await client.post("/api/vendor/me/customer-subscription-active", body)).body.data;
    const first = sub.next_dates[0].at as number;
    const chargeMoment = chargeAt(first, sub.time_zone);
    expect(
      (await due(chargeMoment - MIN)).some((m) => m.kind === "csub_unpaid" && m.id === sub.client_subscription_id),
    ).toBe(false);
    const item = (await due(chargeMoment + MIN)).find(
      (m) => m.kind === "csub_unpaid" && m.id === sub.client_subscription_id,
    )!;
    expect(item).toBeTruthy();
    expect(await handleItem(env, item, chargeMoment + MIN)).toBe("released");
    expect(await handleItem(env, item, chargeMoment + MIN)).toBe("skipped");
    const texts = await env.DB.prepare('SELECT body FROM outbox WHERE "to" = ? ORDER BY id DESC LIMIT 1')
      .bind(sub.client_phone)
      .first<{ body: string }>();
    expect(texts!.body).toMatch(/No card was added.*subscription\?t=/);
    // The released date is free on the pro's calendar again.
    const again = await client.post("/api/vendor/me/customer-subscription-active", {
      ...body,
      client_phone: "+17185550199",
      interval_days: 28,
      idempotency_key: key("csub"),
    });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(
      (await due(chargeMoment + 2 * MIN)).some((m) => m.kind === "csub_unpaid" && m.id === sub.client_subscription_id),
    ).toBe(false);
  });
});

describe("redemption payment links", () => {
  it("an unpaid link past its expiry (and the grace) cancels its redemption, once", async () => {
    const j = await acceptedJob();
    await saveCard(j.customerUserId, CARDS.threeDS);
    const products = await j.vendor.get("/api/vendor/me/redemption-products");
    const res = await j.vendor.post("/api/vendor/me/redeem-product", {
      product_id: products.body.data[0].product_id,
      service_order_id: j.soId,
      idempotency_key: key("redeem"),
    });
    expect(res.body.data.status).toBe("requested");
    const linkId = res.body.data.pay_link_id as number;
    const expiry = T0 + TIP_LINK_TTL_MS;
    expect((await due(expiry + HOUR)).some((m) => m.kind === "paylink_expire" && m.pay_link_id === linkId)).toBe(false);
    const at = expiry + PAY_LINK_EXPIRY_GRACE_MS + MIN;
    const item = (await due(at)).find((m) => m.kind === "paylink_expire" && m.pay_link_id === linkId)!;
    expect(item).toBeTruthy();
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => handleItem(env, item, at)));
    expect(outcomes.filter((o) => o === "cancelled")).toHaveLength(1);
    const row = await env.DB.prepare("SELECT status FROM redemptions WHERE redemption_id = ?")
      .bind(res.body.data.redemption_id)
      .first();
    expect(row).toEqual({ status: "cancelled" });
    expect((await due(at + MIN)).some((m) => m.kind === "paylink_expire" && m.pay_link_id === linkId)).toBe(false);
  });
});
