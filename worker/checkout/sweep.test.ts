import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { T0 } from "../test-utils";
import { sweepCheckouts } from "./sweep";
import { addItem, CARDS, contact, customer, MIN, payIntent, port, world } from "./test-fixtures";

async function draft(pay: boolean) {
  const w = await world();
  const { client } = await customer();
  await addItem(client, w);
  const charge = await client.post("/api/checkout/charge-stripe", contact(w));
  if (pay) await payIntent(charge.body.data.payment_intent.id, CARDS.ok);
  return { orderId: charge.body.data.order_id as number, intentId: charge.body.data.payment_intent.id as string };
}

async function statusOf(orderId: number) {
  return env.DB.prepare("SELECT status, failure_reason FROM orders WHERE order_id = ?").bind(orderId).first();
}

describe("sweepCheckouts (cron)", () => {
  it("completes a paid draft the browser never completed while its holds are alive", async () => {
    const { orderId } = await draft(true);
    const report = await sweepCheckouts(env, T0 + 3 * MIN);
    expect(report.completed).toBeGreaterThanOrEqual(1);
    expect(await statusOf(orderId)).toEqual({ status: "confirmed", failure_reason: null });
  });

  it("fails and refunds a paid draft whose holds lapsed", async () => {
    const { orderId, intentId } = await draft(true);
    await sweepCheckouts(env, T0 + 20 * MIN);
    expect(await statusOf(orderId)).toEqual({ status: "failed", failure_reason: "hold-lost:refunded" });
    const refunded = await env.DB.prepare("SELECT count(*) AS n FROM refunds WHERE payment_intent_id = ?")
      .bind(intentId)
      .first();
    expect(refunded).toEqual({ n: 1 });
  });

  it("cancels a draft nobody paid for within an hour, and its intent", async () => {
    const { orderId, intentId } = await draft(false);
    await sweepCheckouts(env, T0 + 30 * MIN);
    expect((await statusOf(orderId))!.status).toBe("pending_payment");
    await sweepCheckouts(env, T0 + 61 * MIN);
    expect(await statusOf(orderId)).toEqual({ status: "cancelled", failure_reason: "abandoned" });
    expect((await port(T0 + 61 * MIN).retrieveIntent(intentId)).status).toBe("canceled");
  });
});
