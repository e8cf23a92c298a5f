import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ServiceOrderStatus as S } from "../../../domain/order-status";
import {
  HOUR,
  T0,
  TUE,
  WED,
  at,
  bookJob,
  calendar,
  customer,
  insertJob,
  jobRow,
  lastText,
  paidIntent,
  vendorWorld,
} from "../../orders/test-fixtures";

/**
 * Cancellation policy (docs/decisions/033): free until 24 hours before the start, then 25% of the price
 * (at least $15) is kept; the rest goes back the way it was paid, through the local payments adapter.
 */
async function paidJob(opts: { start?: number; price?: number; credit?: number; siblings?: number[] } = {}) {
  const w = await vendorWorld();
  const me = await customer("Ava Brooks");
  const price = opts.price ?? 10_000;
  const total = price + (opts.siblings ?? []).reduce((a, b) => a + b, 0) - (opts.credit ?? 0);
  const pay = await paidIntent(me.user_id, total);
  const job = await insertJob({
    userId: me.user_id,
    world: w,
    start: opts.start ?? at(WED, "10:00"),
    price,
    siblingPrices: opts.siblings,
    creditApplied: opts.credit,
    paymentIntentId: pay.paymentIntentId,
  });
  await bookJob(w, job.soid, job.start);
  return { w, me, pay, ...job };
}

const refundsOf = (pi: string) =>
  env.DB.prepare(
    "SELECT amount_cents, status, idempotency_key, service_order_id FROM refunds WHERE payment_intent_id = ?",
  )
    .bind(pi)
    .all()
    .then((r) => r.results);

describe("GET /api/order/cancel-policy", () => {
  it("shows a free cancellation with everything back before the window closes", async () => {
    const { me, soid, pay } = await paidJob();
    const res = await me.client.get(`/api/order/cancel-policy?service_order_id=${soid}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      service_order_id: soid,
      window: "free",
      reason: "before-window",
      free_until: new Date(at(WED, "10:00") - 24 * HOUR).toISOString(),
      free_until_local: "2026-11-24 10:00",
      free_cancellation_hours: 24,
      paid_cents: 10_000,
      fee_cents: 0,
      refund_cents: 10_000,
      credit_return_cents: 0,
      summary: "Cancelling is free until Tue, Nov 24 at 10:00 AM EST: $100.00 back to your card.",
    });
    expect(await refundsOf(pay.paymentIntentId)).toEqual([]);
  });

  it("shows the late fee inside the window", async () => {
    const { me, soid } = await paidJob({ start: at(TUE, "10:00") });
    me.client.now = at(TUE, "10:00") - 5 * HOUR;
    const res = await me.client.get(`/api/order/cancel-policy?service_order_id=${soid}`);
    expect(res.body.data).toMatchObject({ window: "late", fee_cents: 2500, refund_cents: 7500 });
    expect(res.body.data.summary).toMatch(/\$25\.00 late cancellation fee applies, \$75\.00 back to your card/);
  });

  it("refuses a completed job and another customer's job", async () => {
    const w = await vendorWorld();
    const me = await customer();
    const done = await insertJob({ userId: me.user_id, world: w, status: S.COMPLETED });
    const res = await me.client.get(`/api/order/cancel-policy?service_order_id=${done.soid}`);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("ORDER_NOT_CANCELLABLE");
    const other = await customer("Other Person");
    expect((await other.client.get(`/api/order/cancel-policy?service_order_id=${done.soid}`)).status).toBe(404);
    expect((await me.client.get("/api/order/cancel-policy")).body.error.code).toBe("INVALID_INPUT");
  });
});

describe("POST /api/order/cancel", () => {
  it("outside the free window: refunds everything, frees the booking and texts the vendor", async () => {
    const { w, me, soid, pay, orderId } = await paidJob();
    const res = await me.client.post("/api/order/cancel", { service_order_id: soid, reason: "Plans changed" });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      service_order_id: soid,
      service_order_status_id: S.CANCELLED,
      message: "Your service was cancelled.",
      cancellation: { window: "free", fee_cents: 0, refund_cents: 10_000, refund_status: "succeeded" },
    });
    expect(await refundsOf(pay.paymentIntentId)).toEqual([
      {
        amount_cents: 10_000,
        status: "succeeded",
        idempotency_key: `order:${soid}:cancel-refund`,
        service_order_id: soid,
      },
    ]);
    expect(await jobRow(soid)).toMatchObject({ service_order_status_id: S.CANCELLED, cancel_reason: "Plans changed" });
    expect(await calendar(w)).toEqual([]);
    expect((await env.DB.prepare("SELECT status FROM orders WHERE order_id = ?").bind(orderId).first())!.status).toBe(
      "cancelled",
    );
    expect(await lastText(w.vendorPhone)).toMatch(
      /\(job #\d+\) on Wed, Nov 25 at 10:00 AM EST was cancelled by the client/,
    );
  });

  it("inside the free window: keeps the fee, refunds the rest and gives the vendor their share of the fee", async () => {
    const { w, me, soid, pay } = await paidJob({ start: at(TUE, "10:00") });
    me.client.now = at(TUE, "10:00") - 3 * HOUR;
    const res = await me.client.post("/api/order/cancel", { service_order_id: soid });
    expect(res.body.data.cancellation).toMatchObject({
      window: "late",
      reason: "inside-window",
      fee_cents: 2500,
      refund_cents: 7500,
      refund_status: "succeeded",
    });
    expect(await refundsOf(pay.paymentIntentId)).toMatchObject([{ amount_cents: 7500, status: "succeeded" }]);
    const earning = await env.DB.prepare("SELECT kind, amount_cents FROM vendor_earnings WHERE ref = ?")
      .bind(`cancel-fee:${soid}`)
      .first();
    expect(earning).toEqual({ kind: "adjustment", amount_cents: 1750 });
    expect(await calendar(w)).toEqual([]);
  });

  it("cancels, refunds and credits once when asked twice at the same time", async () => {
    const { me, soid, pay } = await paidJob({ credit: 2000 });
    const [a, b] = await Promise.all([
      me.client.post("/api/order/cancel", { service_order_id: soid }),
      me.client.post("/api/order/cancel", { service_order_id: soid }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.data.cancellation).toEqual(b.body.data.cancellation);
    expect(a.body.data.cancellation).toMatchObject({ refund_cents: 8000, credit_return_cents: 2000 });
    expect(await refundsOf(pay.paymentIntentId)).toHaveLength(1);
    const credit = await env.DB.prepare(
      "SELECT (SELECT credit_balance_cents FROM users WHERE user_id = ?) AS balance, (SELECT count(*) FROM credit_ledger WHERE user_id = ? AND reason = 'refund') AS entries",
    )
      .bind(me.user_id, me.user_id)
      .first();
    expect(credit).toEqual({ balance: 2000, entries: 1 });
  });

  it("refunds only this job's share of a multi-job order and keeps the order open", async () => {
    const { me, soid, pay, siblingIds, orderId } = await paidJob({ price: 9000, siblings: [6000] });
    const res = await me.client.post("/api/order/cancel", { service_order_id: soid });
    expect(res.body.data.cancellation).toMatchObject({ refund_cents: 9000 });
    expect(await refundsOf(pay.paymentIntentId)).toMatchObject([{ amount_cents: 9000 }]);
    expect((await jobRow(siblingIds[0]!))!.service_order_status_id).toBe(S.SCHEDULED);
    expect((await env.DB.prepare("SELECT status FROM orders WHERE order_id = ?").bind(orderId).first())!.status).toBe(
      "confirmed",
    );
  });

  it("is free for a job no vendor has taken yet, and releases a pending reschedule's hold", async () => {
    const { w, me, soid } = await paidJob();
    await me.client.post("/api/order/reschedule/", { service_order_id: soid, selectedDate: `${WED} 15:00` });
    expect((await calendar(w)).map((b) => b.kind).sort()).toEqual(["booking", "hold"]);
    await me.client.post("/api/order/cancel", { service_order_id: soid });
    expect(await calendar(w)).toEqual([]);
    const pending = await insertJob({
      userId: me.user_id,
      world: w,
      status: S.PENDING,
      vendor: false,
      start: T0 + 2 * HOUR,
    });
    const res = await me.client.post("/api/order/cancel", { service_order_id: pending.soid });
    expect(res.body.data.cancellation).toMatchObject({ window: "free", reason: "no-vendor", refund_cents: 0 });
  });

  it("refuses a completed job, another customer's job and a malformed id", async () => {
    const w = await vendorWorld();
    const me = await customer();
    const done = await insertJob({ userId: me.user_id, world: w, status: S.COMPLETED });
    const res = await me.client.post("/api/order/cancel", { service_order_id: done.soid });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("ORDER_NOT_CANCELLABLE");
    const mine = await insertJob({ userId: me.user_id, world: w });
    const other = await customer("Other Person");
    expect((await other.client.post("/api/order/cancel", { service_order_id: mine.soid })).status).toBe(404);
    expect((await me.client.post("/api/order/cancel", { service_order_id: -1 })).body.error.code).toBe("INVALID_INPUT");
  });
});
