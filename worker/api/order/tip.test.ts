import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ServiceOrderStatus as S } from "../../../domain/order-status";
import {
  card,
  customer,
  insertJob,
  jobRow,
  lastText,
  paidIntent,
  payments,
  vendorWorld,
} from "../../orders/test-fixtures";

/** A customer's completed job with its vendor. */
async function completedJob() {
  const w = await vendorWorld();
  const me = await customer("Ava Brooks");
  const job = await insertJob({ userId: me.user_id, world: w, status: S.COMPLETED });
  return { w, me, soid: job.soid };
}

/** The browser's confirm step with the local adapter. */
async function payInBrowser(intentId: string, number = "4242424242424242") {
  return payments().confirmIntent(intentId, {
    payment_method_id: await card(number),
    idempotency_key: `browser-${intentId}-${number}`,
  });
}

const tipsOf = (soid: number) =>
  env.DB.prepare("SELECT amount_cents, status, source FROM tips WHERE service_order_id = ? ORDER BY tip_id")
    .bind(soid)
    .all()
    .then((r) => r.results);

describe("POST /api/order/tip", () => {
  it.each([
    ["0.49", "TIP_TOO_SMALL", "Please enter a larger tip amount."],
    ["200.01", "TIP_TOO_LARGE", "The most you can tip is $200.00."],
    ["12.345", "TIP_INVALID", "Use digits and one decimal point, with at most 2 decimals."],
  ])("refuses %s with %s", async (amount, code, field) => {
    const { me, soid } = await completedJob();
    const res = await me.client.post("/api/order/tip", { service_order_id: soid, tip_amount: amount });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code, fields: { tip_amount: field } });
    expect(await tipsOf(soid)).toEqual([]);
  });

  it.each([
    ["0.50", 50],
    ["200", 20_000],
  ])("accepts %s as an intent of %i cents for the browser to confirm", async (amount, cents) => {
    const { me, soid } = await completedJob();
    const res = await me.client.post("/api/order/tip", {
      service_order_id: soid,
      tip_amount: amount,
      isSavePaymentMethod: true,
      email: "ava@example.com",
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      payment_intent: {
        id: expect.stringMatching(/^pi_local/),
        client_secret: expect.stringMatching(/_secret_/),
        status: "requires_payment_method",
        amount_cents: cents,
        last_error: null,
      },
      tip_cents: cents,
      recorded: false,
      total_tip_cents: 0,
    });
    expect(await tipsOf(soid)).toEqual([{ amount_cents: cents, status: "pending", source: "customer" }]);
    const pi = await env.DB.prepare("SELECT purpose, ref, save_payment_method FROM payment_intents WHERE id = ?")
      .bind(res.body.data.payment_intent.id)
      .first();
    expect(pi).toEqual({ purpose: "tip", ref: String(soid), save_payment_method: 1 });
  });

  it("answers the same intent for a double click", async () => {
    const { me, soid } = await completedJob();
    const body = { service_order_id: soid, tip_amount: "10" };
    const [a, b] = await Promise.all([me.client.post("/api/order/tip", body), me.client.post("/api/order/tip", body)]);
    expect(a.body.data.payment_intent.id).toBe(b.body.data.payment_intent.id);
    expect(await tipsOf(soid)).toHaveLength(1);
  });

  it("charges a saved card at once and records the tip; a declined saved card answers tip_error", async () => {
    const { w, me, soid } = await completedJob();
    const saved = await paidIntent(me.user_id, 5000);
    const res = await me.client.post("/api/order/tip", {
      service_order_id: soid,
      tip_amount: "15",
      payment_method_id: saved.paymentMethodId,
    });
    expect(res.body.data).toMatchObject({ recorded: true, tip_cents: 1500, total_tip_cents: 1500 });
    expect(res.body.data.payment_intent.status).toBe("succeeded");
    expect((await jobRow(soid))!.tip_cents).toBe(1500);
    expect(await lastText(w.vendorPhone)).toMatch(/^You received a \$15\.00 tip/);

    // 4000 0000 0000 0341 saves (the processor accepts it for later) and declines every charge, as Stripe's does.
    const declined = await card("4000000000000341", saved.customerId);
    const refused = await me.client.post("/api/order/tip", {
      service_order_id: soid,
      tip_amount: "5",
      payment_method_id: declined,
    });
    expect(refused.status).toBe(200);
    expect(refused.body.data).toMatchObject({ recorded: false, tip_error: "Your card was declined." });
    expect(refused.body.data.payment_intent.status).toBe("requires_payment_method");
    expect((await jobRow(soid))!.tip_cents).toBe(1500);
  });

  it("refuses a card that is not the customer's, a job not completed and another customer's job", async () => {
    const { me, soid } = await completedJob();
    const stranger = await customer("Stranger Danger");
    const theirs = await paidIntent(stranger.user_id, 5000);
    const notMine = await me.client.post("/api/order/tip", {
      service_order_id: soid,
      tip_amount: "5",
      payment_method_id: theirs.paymentMethodId,
    });
    expect(notMine.body.error.code).toBe("PAYMENT_METHOD_NOT_FOUND");
    expect((await stranger.client.post("/api/order/tip", { service_order_id: soid, tip_amount: "5" })).status).toBe(
      404,
    );
    const w = await vendorWorld();
    const open = await insertJob({ userId: me.user_id, world: w });
    const early = await me.client.post("/api/order/tip", { service_order_id: open.soid, tip_amount: "5" });
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe("TIP_NOT_AVAILABLE");
  });
});

describe("POST /api/order/tip/confirm", () => {
  it("records the tip once, however many times it is confirmed", async () => {
    const { w, me, soid } = await completedJob();
    const intent = (await me.client.post("/api/order/tip", { service_order_id: soid, tip_amount: "12.34" })).body.data
      .payment_intent;
    expect((await payInBrowser(intent.id)).status).toBe("succeeded");
    const first = await me.client.post("/api/order/tip/confirm", { payment_intent_id: intent.id });
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({
      service_order_id: soid,
      tip_cents: 1234,
      total_tip_cents: 1234,
      recorded_now: true,
      message: "Thank you! Your tip is on its way to your professional.",
    });
    const [again, third] = await Promise.all([
      me.client.post("/api/order/tip/confirm", { payment_intent_id: intent.id }),
      me.client.post("/api/order/tip/confirm", { payment_intent_id: intent.id }),
    ]);
    expect([again.body.data.recorded_now, third.body.data.recorded_now]).toEqual([false, false]);
    expect(await tipsOf(soid)).toEqual([{ amount_cents: 1234, status: "succeeded", source: "customer" }]);
    expect((await jobRow(soid))!.tip_cents).toBe(1234);
    const earnings = await env.DB.prepare(
      "SELECT amount_cents FROM vendor_earnings WHERE vendor_id = ? AND kind = 'tip'",
    )
      .bind(w.vendorId)
      .all();
    expect(earnings.results).toEqual([{ amount_cents: 1234 }]);
  });

  it("tips again after a tip went through (Tip Again?)", async () => {
    const { me, soid } = await completedJob();
    for (const amount of ["5", "5"]) {
      const intent = (await me.client.post("/api/order/tip", { service_order_id: soid, tip_amount: amount })).body.data
        .payment_intent;
      await payInBrowser(intent.id);
      await me.client.post("/api/order/tip/confirm", { payment_intent_id: intent.id });
    }
    expect((await jobRow(soid))!.tip_cents).toBe(1000);
  });

  it("answers TIP_ERROR before the payment succeeded, and NOT_FOUND for someone else's tip", async () => {
    const { me, soid } = await completedJob();
    const intent = (await me.client.post("/api/order/tip", { service_order_id: soid, tip_amount: "5" })).body.data
      .payment_intent;
    const early = await me.client.post("/api/order/tip/confirm", { payment_intent_id: intent.id });
    expect(early.status).toBe(402);
    expect(early.body.error.code).toBe("TIP_ERROR");
    await payInBrowser(intent.id, "4000000000000002");
    const declined = await me.client.post("/api/order/tip/confirm", { payment_intent_id: intent.id });
    expect(declined.body.error).toMatchObject({ code: "TIP_ERROR", fields: { card: "Your card was declined." } });
    const stranger = await customer("Stranger Danger");
    expect((await stranger.client.post("/api/order/tip/confirm", { payment_intent_id: intent.id })).status).toBe(404);
    expect((await tipsOf(soid))[0]).toMatchObject({ status: "pending" });
  });
});

describe("POST /api/order/tip/url", () => {
  it("makes a shareable secure-pay tip link; a newer link revokes the older one", async () => {
    const { w, me, soid } = await completedJob();
    const res = await me.client.post("/api/order/tip/url", { service_order_id: soid });
    expect(res.status).toBe(201);
    const url = new URL(res.body.data.url);
    expect(url.origin).toBe("https://glow.test");
    expect(url.searchParams.get("vid")).toBe(String(w.vendorId));
    const cpid = url.searchParams.get("cpid")!;
    expect(cpid).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await env.DB.prepare("SELECT token_hash FROM pay_links WHERE service_order_id = ?")
      .bind(soid)
      .first();
    expect(stored!.token_hash).not.toContain(cpid);

    const page = await me.client.get(`/api/pay/secure?cpid=${cpid}&vid=${w.vendorId}`);
    expect(page.body.data).toMatchObject({
      money_amount: "0.00",
      connect_tip: 1,
      tip_max_cents: 50_000,
      name: w.vendorName,
    });

    await me.client.post("/api/order/tip/url", { service_order_id: soid });
    const old = await me.client.get(`/api/pay/secure?cpid=${cpid}&vid=${w.vendorId}`);
    expect(old.status).toBe(410);
    expect(old.body.error).toMatchObject({ code: "ERROR_CUSTOMER_PAY", message: "We're sorry, this link is expired." });
  });

  it("takes a secure-pay tip of up to $500 on the link, while the tip modal stops at $200 (decision 134)", async () => {
    const { w, me, soid } = await completedJob();
    const url = new URL((await me.client.post("/api/order/tip/url", { service_order_id: soid })).body.data.url);
    const link = { cpid: url.searchParams.get("cpid")!, vid: w.vendorId };
    // Before: the link answered tip_max_cents 20000 and refused $250 with TIP_TOO_LARGE.
    const quarter = await me.client.post("/api/pay/secure/intent", { ...link, charge_amount: "250", tip: "250" });
    expect(quarter.status).toBe(200);
    expect(quarter.body.data).toMatchObject({ tip_cents: 25_000, total_cents: 25_000 });
    const most = await me.client.post("/api/pay/secure/intent", { ...link, charge_amount: "500", tip: "500" });
    expect(most.body.data.total_cents).toBe(50_000);
    const over = await me.client.post("/api/pay/secure/intent", { ...link, charge_amount: "500.01", tip: "500.01" });
    expect(over.body.error).toMatchObject({
      code: "TIP_TOO_LARGE",
      fields: { tip: "The most you can tip is $500.00." },
    });
    // The same customer's tip from the tip modal keeps the customer maximum.
    const modal = await me.client.post("/api/order/tip", { service_order_id: soid, tip_amount: "250" });
    expect(modal.body.error).toMatchObject({
      code: "TIP_TOO_LARGE",
      fields: { tip_amount: "The most you can tip is $200.00." },
    });
  });

  it("refuses a job that is not completed", async () => {
    const w = await vendorWorld();
    const me = await customer();
    const open = await insertJob({ userId: me.user_id, world: w });
    expect((await me.client.post("/api/order/tip/url", { service_order_id: open.soid })).body.error.code).toBe(
      "TIP_NOT_AVAILABLE",
    );
  });
});
