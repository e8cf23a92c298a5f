import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import {
  CARDS,
  contactPhone,
  count,
  customer,
  key,
  MIN,
  outboxTo,
  payIntent,
  vendorClient,
  world,
} from "../../checkout/test-fixtures";
import { Client, T0 } from "../../test-utils";

const DAY = 86_400_000;

async function request(vendor: Client, extra: Record<string, unknown> = {}) {
  return vendor.post("/api/checkout/requestCustomerPayment", {
    client_phone: contactPhone(),
    client_name: "Dee",
    amount_cents: 2500,
    description: "Extra hair treatment",
    idempotencyKey: key("payreq"),
    ...extra,
  });
}

describe("payment links", () => {
  it("a vendor requests a payment; the client opens the link and pays without an account, once", async () => {
    const w = await world();
    const vendor = await vendorClient(w.vendorId);
    const phone = contactPhone();
    const body = {
      client_phone: phone,
      client_name: "Dee",
      amount_cents: 2500,
      description: "Extra hair treatment",
      idempotencyKey: key("payreq"),
    };
    const made = await vendor.post("/api/checkout/requestCustomerPayment", body);
    expect(made.status).toBe(201);
    const { vpid, url } = made.body.data;
    expect(url).toBe(`https://glow.test/?vpid=${vpid}`);
    expect((await outboxTo(phone)).join("\n")).toContain(url);
    expect(await count("SELECT count(*) AS n FROM payment_requests WHERE token_hash = ?", vpid)).toBe(0); // only the hash is kept

    // A retried request answers the same link without texting again.
    const retried = await vendor.post("/api/checkout/requestCustomerPayment", body);
    expect(retried.status).toBe(200);
    expect(retried.body.data).toMatchObject({ payment_request_id: made.body.data.payment_request_id, url: null });
    expect(await outboxTo(phone)).toHaveLength(1);

    const client = new Client();
    const shown = await client.post("/api/checkout/getCustomerPayment", { vpid });
    expect(shown.status).toBe(200);
    expect(shown.body.data).toMatchObject({
      status: "open",
      money_amount: 2500,
      payment_description: "Extra hair treatment",
      client_name: "Dee",
      vendor_id: w.vendorId,
      name: expect.any(String),
    });
    expect((await client.post("/api/checkout/getCustomerSchedule", { vpid })).body.data.jobs).toEqual([]);

    const charge = await client.post("/api/checkout/getCustomerCharge", { vpid });
    expect(charge.status).toBe(200);
    const pi = charge.body.data.payment_intent;
    expect(pi).toMatchObject({ amount_cents: 2500, status: "requires_payment_method" });
    // The pay page's own secure-pay call answers the very same intent: one link, one charge.
    const secure = await client.post("/api/pay/secure/intent", { vpid, charge_amount: "25.00" });
    expect(secure.body.data.payment_intent.id).toBe(pi.id);
    await payIntent(pi.id, CARDS.ok);
    const paid = await client.post("/api/checkout/charge-confirm", { payment_intent_id: pi.id });
    expect(paid.status).toBe(200);
    expect(paid.body.data).toMatchObject({ status: "succeeded", paid: true, amount_cents: 2500 });
    // Paid: the pay page's secure-pay call is closed too.
    expect((await client.post("/api/pay/secure/intent", { vpid, charge_amount: "25.00" })).body.error.code).toBe(
      "ERROR_CUSTOMER_PAY",
    );
    const earning = await env.DB.prepare("SELECT vendor_id, kind, amount_cents FROM vendor_earnings WHERE ref = ?")
      .bind(`payreq:${made.body.data.payment_request_id}`)
      .first();
    expect(earning).toEqual({ vendor_id: w.vendorId, kind: "add_charge", amount_cents: 1750 });

    // Paid: the page shows it; confirming again changes nothing; charging again is refused.
    expect((await client.post("/api/checkout/getCustomerPayment", { vpid })).body.data.status).toBe("paid");
    expect((await client.post("/api/checkout/charge-confirm", { payment_intent_id: pi.id })).status).toBe(200);
    expect(
      await count(
        "SELECT count(*) AS n FROM vendor_earnings WHERE ref = ?",
        `payreq:${made.body.data.payment_request_id}`,
      ),
    ).toBe(1);
    expect((await client.post("/api/checkout/getCustomerCharge", { vpid })).body.error.code).toBe("ERROR_CUSTOMER_PAY");
  });

  it("an expired or unknown link says so", async () => {
    const w = await world();
    const vendor = await vendorClient(w.vendorId);
    const made = await request(vendor);
    const late = new Client();
    late.now = T0 + 7 * DAY + MIN;
    const res = await late.post("/api/checkout/getCustomerPayment", { vpid: made.body.data.vpid });
    expect(res.status).toBe(410);
    expect(res.body.error).toEqual({ code: "ERROR_CUSTOMER_PAY", message: "We're sorry, this link is expired." });
    expect((await late.post("/api/checkout/getCustomerCharge", { vpid: made.body.data.vpid })).status).toBe(410);
    const unknown = await new Client().post("/api/checkout/getCustomerPayment", { vpid: "x".repeat(32) });
    expect(unknown.body.error.code).toBe("ERROR_CUSTOMER_PAY");
    expect((await new Client().post("/api/checkout/getCustomerPayment", { vpid: "short" })).status).toBe(400);
  });

  it("shows the job a link is about", async () => {
    const w = await world();
    const vendor = await vendorClient(w.vendorId);
    // A job of this vendor (written directly: the order flow is tested elsewhere).
    const { userId } = await customer();
    const order = await env.DB.prepare(
      `INSERT INTO orders (user_id, status, subtotal_cents, total_cents, address, zipcode, time_zone, idempotency_key, created_at, updated_at)
       VALUES (?, 'confirmed', 9000, 9450, '12 Main St', ?, 'America/New_York', ?, ?, ?) RETURNING order_id`,
    )
      .bind(userId, w.zip, key("order"), T0, T0)
      .first<{ order_id: number }>();
    const so = await env.DB.prepare(
      `INSERT INTO service_orders (order_id, user_id, vendor_id, service_id, service_order_status_id, promised_arrival_time, job_minutes,
         address, zipcode, time_zone, price_cents, created_at, updated_at)
       VALUES (?, ?, ?, ?, 20, ?, 60, '12 Main St', ?, 'America/New_York', 9000, ?, ?) RETURNING service_order_id`,
    )
      .bind(order!.order_id, userId, w.vendorId, w.serviceId, Date.UTC(2026, 10, 24, 15), w.zip, T0, T0)
      .first<{ service_order_id: number }>();
    const made = await request(vendor, { service_order_id: so!.service_order_id });
    expect(made.status).toBe(201);
    const schedule = await new Client().post("/api/checkout/getCustomerSchedule", { vpid: made.body.data.vpid });
    expect(schedule.body.data.jobs).toEqual([
      expect.objectContaining({ service_order_id: so!.service_order_id, promised_arrival_time: "2026-11-24 10:00" }),
    ]);
    // Another vendor's job cannot be named.
    const other = await vendorClient((await world()).vendorId);
    expect((await request(other, { service_order_id: so!.service_order_id })).status).toBe(404);
  });

  it("refuses customers, bad phones and amounts", async () => {
    const w = await world();
    const vendor = await vendorClient(w.vendorId);
    expect((await request(vendor, { client_phone: "123" })).body.error.code).toBe("PHONE_NOT_VALID");
    expect((await request(vendor, { amount_cents: 10 })).body.error.code).toBe("INVALID_INPUT");
    expect((await request(vendor, { amount_cents: 200_001 })).body.error.code).toBe("INVALID_INPUT");
    const { client } = await customer();
    expect((await request(client)).status).toBe(403);
  });
});
