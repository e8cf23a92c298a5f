import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ServiceOrderStatus as S } from "../../domain/order-status";
import { randomToken, sha256Hex } from "../auth/crypto";
import { createPayLink } from "../orders/pay-links";
import { HOUR, T0, card, customer, db, insertJob, jobRow, payments, vendorWorld } from "../orders/test-fixtures";
import { Client } from "../test-utils";

/** A vendor's payment request for a job (what POST /checkout/requestCustomerPayment stores). */
async function paymentRequest(opts: { amount?: number; expiresAt?: number; withJob?: boolean } = {}) {
  const w = await vendorWorld();
  const me = await customer();
  const job = await insertJob({ userId: me.user_id, world: w, status: S.COMPLETED });
  const token = randomToken(32);
  await env.DB.prepare(
    `INSERT INTO payment_requests (vendor_id, service_order_id, client_name, client_phone, amount_cents, description,
       token_hash, status, expires_at, idempotency_key, created_at, updated_at)
     VALUES (?, ?, 'Ava', ?, ?, 'Extra 30 minutes', ?, 'open', ?, ?, ?, ?)`,
  )
    .bind(
      w.vendorId,
      opts.withJob === false ? null : job.soid,
      me.phone,
      opts.amount ?? 4500,
      await sha256Hex(token),
      opts.expiresAt ?? T0 + 24 * HOUR,
      `v${w.vendorId}:${token.slice(0, 12)}`,
      T0,
      T0,
    )
    .run();
  return { w, soid: job.soid, vpid: token };
}

const payer = () => new Client();

async function payInBrowser(intentId: string, number = "4242424242424242") {
  return payments().confirmIntent(intentId, {
    payment_method_id: await card(number),
    idempotency_key: `browser-${intentId}`,
  });
}

describe("GET /api/pay/link?vpid=", () => {
  it("answers the amount, whether a tip may be added, the description and the vendor, with no account", async () => {
    const { w, soid, vpid } = await paymentRequest();
    const res = await payer().get(`/api/pay/link?vpid=${vpid}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      declinable: 0,
      money_amount: "45.00",
      money_amount_cents: 4500,
      connect_tip: 1,
      tip_max_cents: 50_000,
      payment_description: "Extra 30 minutes",
      name: w.vendorName,
      photo: expect.stringMatching(/^\/media\/demo\//),
      service_order_id: soid,
      expires_at: new Date(T0 + 24 * HOUR).toISOString(),
    });
  });

  it("answers ERROR_CUSTOMER_PAY for an expired or unknown link, INVALID_INPUT for a malformed one", async () => {
    const { vpid } = await paymentRequest({ expiresAt: T0 + HOUR });
    const late = payer();
    late.now = T0 + 2 * HOUR;
    const res = await late.get(`/api/pay/link?vpid=${vpid}`);
    expect(res.status).toBe(410);
    expect(res.body.error).toEqual({ code: "ERROR_CUSTOMER_PAY", message: "We're sorry, this link is expired." });
    expect((await payer().get(`/api/pay/link?vpid=${randomToken(32)}`)).status).toBe(410);
    expect((await payer().get("/api/pay/link?vpid=short")).body.error.code).toBe("INVALID_INPUT");
  });

  it("takes no tip on a request without a job", async () => {
    const { vpid } = await paymentRequest({ withJob: false });
    expect((await payer().get(`/api/pay/link?vpid=${vpid}`)).body.data).toMatchObject({
      connect_tip: 0,
      tip_max_cents: 0,
    });
    const res = await payer().post("/api/pay/secure/intent", { vpid, charge_amount: "55", tip: "10" });
    expect(res.body.error).toMatchObject({ code: "INVALID_INPUT", fields: { tip: expect.any(String) } });
  });
});

describe("POST /api/pay/secure/intent and /confirm", () => {
  it("charges money_amount plus tip, closes the link and records the tip once", async () => {
    const { w, soid, vpid } = await paymentRequest();
    const client = payer();
    const res = await client.post("/api/pay/secure/intent", { vpid, charge_amount: "55.25", tip: "10.25" });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ money_amount_cents: 4500, tip_cents: 1025, total_cents: 5525 });
    const pi = res.body.data.payment_intent;
    expect(pi).toMatchObject({ amount_cents: 5525, status: "requires_payment_method" });
    const twice = await client.post("/api/pay/secure/intent", { vpid, charge_amount: "55.25", tip: "10.25" });
    expect(twice.body.data.payment_intent.id).toBe(pi.id);

    await payInBrowser(pi.id);
    const done = await client.post("/api/pay/secure/confirm", { payment_intent_id: pi.id });
    expect(done.body.data).toEqual({
      paid: true,
      amount_cents: 5525,
      tip_cents: 1025,
      message: "Thank you! Your payment was received.",
    });
    const again = await client.post("/api/pay/secure/confirm", { payment_intent_id: pi.id });
    expect(again.body.data.paid).toBe(true);
    // The pro's dashboard says the request was paid (the money part), once.
    const notices = await env.DB.prepare("SELECT message FROM notifications WHERE vendor_id = ?")
      .bind(w.vendorId)
      .all<{ message: string }>();
    expect(notices.results.filter((n) => n.message.includes("paid your payment request of $45.00"))).toHaveLength(1);
    expect((await jobRow(soid))!.tip_cents).toBe(1025);
    const tips = await env.DB.prepare(
      "SELECT amount_cents, source, status, user_id FROM tips WHERE service_order_id = ?",
    )
      .bind(soid)
      .all();
    expect(tips.results).toEqual([{ amount_cents: 1025, source: "secure_pay", status: "succeeded", user_id: null }]);
    const request = await env.DB.prepare("SELECT status, payment_intent_id FROM payment_requests WHERE vendor_id = ?")
      .bind(w.vendorId)
      .first();
    expect(request).toEqual({ status: "paid", payment_intent_id: pi.id });
    // The money part is the vendor's add-charge earning at their share (checkout's line, once); the tip is theirs in full.
    const earnings = await env.DB.prepare(
      "SELECT kind, amount_cents FROM vendor_earnings WHERE vendor_id = ? ORDER BY kind",
    )
      .bind(w.vendorId)
      .all();
    expect(earnings.results).toEqual([
      { kind: "add_charge", amount_cents: 3150 },
      { kind: "tip", amount_cents: 1025 },
    ]);
    expect((await client.get(`/api/pay/link?vpid=${vpid}`)).status).toBe(410);
  });

  it("allows a secure-pay tip up to 500 and refuses more, and refuses a total the payer did not see", async () => {
    const { vpid } = await paymentRequest();
    const ok = await payer().post("/api/pay/secure/intent", { vpid, charge_amount: "545", tip: "500" });
    expect(ok.body.data.total_cents).toBe(54_500);
    const big = await payer().post("/api/pay/secure/intent", { vpid, charge_amount: "545.01", tip: "500.01" });
    expect(big.body.error).toMatchObject({
      code: "TIP_TOO_LARGE",
      fields: { tip: "The most you can tip is $500.00." },
    });
    const stale = await payer().post("/api/pay/secure/intent", { vpid, charge_amount: "40.00" });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatchObject({
      code: "SELECTION_CHANGED",
      fields: { charge_amount: "The total is $45.00. Please review it." },
    });
    expect((await payer().post("/api/pay/secure/intent", { charge_amount: "45" })).body.error.code).toBe(
      "INVALID_INPUT",
    );
  });

  it("pays a job's cpid link only with its own vendor id", async () => {
    const w = await vendorWorld();
    const me = await customer();
    const job = await insertJob({ userId: me.user_id, world: w, status: S.COMPLETED });
    const { token } = await createPayLink(
      db(),
      {
        kind: "charge",
        service_order_id: job.soid,
        vendor_id: w.vendorId,
        amount_cents: 3000,
        description: "Added nail art",
        created_by_user_id: null,
        expires_at: T0 + HOUR,
      },
      T0,
    );
    const page = await payer().get(`/api/pay/secure?cpid=${token}&vid=${w.vendorId}`);
    expect(page.body.data).toMatchObject({
      money_amount: "30.00",
      connect_tip: 1,
      payment_description: "Added nail art",
    });
    expect((await payer().get(`/api/pay/secure?cpid=${token}&vid=${w.vendorId + 1}`)).status).toBe(410);
    const res = await payer().post("/api/pay/secure/intent", {
      service_order_id: job.soid,
      cpid: token,
      vid: w.vendorId,
      charge_amount: 30,
    });
    expect(res.body.data).toMatchObject({ total_cents: 3000, tip_cents: 0 });
    const wrongJob = await payer().post("/api/pay/secure/intent", {
      service_order_id: job.soid + 1000,
      cpid: token,
      vid: w.vendorId,
      charge_amount: 30,
    });
    expect(wrongJob.body.error.code).toBe("INVALID_INPUT");
  });

  it("needs a tip on a tip link, and refuses to confirm a payment that did not go through", async () => {
    const w = await vendorWorld();
    const me = await customer();
    const job = await insertJob({ userId: me.user_id, world: w, status: S.COMPLETED });
    const url = new URL((await me.client.post("/api/order/tip/url", { service_order_id: job.soid })).body.data.url);
    const ref = { cpid: url.searchParams.get("cpid"), vid: Number(url.searchParams.get("vid")) };
    const none = await payer().post("/api/pay/secure/intent", { ...ref, charge_amount: "0" });
    expect(none.body.error.code).toBe("TIP_TOO_SMALL");
    const res = await payer().post("/api/pay/secure/intent", { ...ref, charge_amount: "20", tip: "20" });
    const pi = res.body.data.payment_intent;
    await payInBrowser(pi.id, "4000000000000002");
    const failed = await payer().post("/api/pay/secure/confirm", { payment_intent_id: pi.id });
    expect(failed.status).toBe(402);
    expect(failed.body.error).toMatchObject({ code: "CHARGE_ERROR", fields: { card: "Your card was declined." } });
    expect((await jobRow(job.soid))!.tip_cents).toBe(0);
    expect((await payer().post("/api/pay/secure/confirm", { payment_intent_id: "pi_local_missing" })).status).toBe(404);
  });
});
