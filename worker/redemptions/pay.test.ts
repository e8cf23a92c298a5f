import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { CARDS, key, payIntent, saveCard } from "../checkout/test-fixtures";
import { acceptedJob } from "../jobs/test-fixtures";
import { Client } from "../test-utils";

/** Redemption products are paid by the visit's customer (docs/decisions/077-redemption-payment.md). */

async function firstProduct(vendor: Client) {
  const products = await vendor.get("/api/vendor/me/redemption-products");
  expect(products.status).toBe(200);
  return products.body.data[0] as { product_id: number; price_cents: number; vendor_cents: number };
}

async function one<T = number>(sql: string, ...args: unknown[]): Promise<T> {
  const row = await env.DB.prepare(sql)
    .bind(...args)
    .first<{ n: T }>();
  return row!.n;
}

describe("POST /api/vendor/me/redeem-product", () => {
  it("charges the customer's saved card once for 20 identical requests; the pro's share is in their pay", async () => {
    const j = await acceptedJob();
    await saveCard(j.customerUserId, CARDS.ok);
    const p = await firstProduct(j.vendor);
    const body = { product_id: p.product_id, service_order_id: j.soId, idempotency_key: key("redeem") };
    const storm = await Promise.all(
      Array.from({ length: 20 }, () => j.vendor.post("/api/vendor/me/redeem-product", body)),
    );
    expect(storm.filter((r) => r.status === 201)).toHaveLength(1);
    expect(storm.every((r) => r.status === 201 || r.status === 200)).toBe(true);
    const id = storm.find((r) => r.status === 201)!.body.data.redemption_id as number;
    expect(storm.every((r) => r.body.data.redemption_id === id)).toBe(true);

    expect(
      await one("SELECT count(*) AS n FROM payment_intents WHERE ref = ? AND status = 'succeeded'", `redemption:${id}`),
    ).toBe(1);
    expect(await one("SELECT amount_cents AS n FROM payment_intents WHERE ref = ?", `redemption:${id}`)).toBe(
      p.price_cents,
    );
    expect(await one<string>("SELECT status AS n FROM redemptions WHERE redemption_id = ?", id)).toBe("fulfilled");
    expect(await one("SELECT count(*) AS n FROM vendor_earnings WHERE ref = ?", `redemption:${id}`)).toBe(1);
    const pay = await j.vendor.post("/api/vendor/me/pay");
    expect(pay.body.data.available_cents).toBe(p.vendor_cents);
    expect(pay.body.data.redemptions).toHaveLength(1);
    const past = await j.vendor.post("/api/vendor/me/past-redemption", { page: 1 });
    expect(past.body.data[0]).toMatchObject({ redemption_id: id, status: "fulfilled" });
    const texts = await env.DB.prepare('SELECT body FROM outbox WHERE "to" = ? ORDER BY id DESC LIMIT 1')
      .bind(j.phone)
      .first<{ body: string }>();
    expect(texts!.body).toMatch(/^Receipt: /);

    // Another pro cannot sell on this visit; unknown products and missing visits are refused.
    expect((await j.other.post("/api/vendor/me/redeem-product", { ...body, idempotency_key: key("r") })).status).toBe(
      404,
    );
    expect(
      (
        await j.vendor.post("/api/vendor/me/redeem-product", {
          ...body,
          product_id: 999_999,
          idempotency_key: key("r"),
        })
      ).body.error.code,
    ).toBe("REDEMPTION_PRODUCT_UNAVAILABLE");
    expect(
      (await j.vendor.post("/api/vendor/me/redeem-product", { product_id: p.product_id, idempotency_key: key("r") }))
        .status,
    ).toBe(400);
    expect((await new Client().post("/api/vendor/me/redeem-product", body)).status).toBe(401);
  });

  it("a card that needs 3-D Secure: the customer is texted a payment link; paying it fulfils the redemption once", async () => {
    const j = await acceptedJob();
    await saveCard(j.customerUserId, CARDS.threeDS);
    const p = await firstProduct(j.vendor);
    const res = await j.vendor.post("/api/vendor/me/redeem-product", {
      product_id: p.product_id,
      service_order_id: j.soId,
      idempotency_key: key("redeem"),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ status: "requested" });
    const id = res.body.data.redemption_id as number;
    const link = new URL(res.body.data.pay_url as string);
    const texted = await env.DB.prepare('SELECT body FROM outbox WHERE "to" = ? ORDER BY id DESC LIMIT 1')
      .bind(j.phone)
      .first<{ body: string }>();
    expect(texted!.body).toContain(`cpid=${link.searchParams.get("cpid")}`);
    expect(await one("SELECT count(*) AS n FROM vendor_earnings WHERE ref = ?", `redemption:${id}`)).toBe(0);
    expect((await j.vendor.post("/api/vendor/me/pay")).body.data.available_cents).toBe(0);

    // The customer pays the link in the browser (3-D Secure is not asked for a fresh card here).
    const payer = new Client();
    const intent = await payer.post("/api/pay/secure/intent", {
      service_order_id: j.soId,
      cpid: link.searchParams.get("cpid"),
      vid: Number(link.searchParams.get("vid")),
      charge_amount: p.price_cents / 100,
    });
    expect(intent.status, JSON.stringify(intent.body)).toBe(200);
    const pi = intent.body.data.payment_intent;
    expect((await payIntent(pi.id, CARDS.ok)).status).toBe("succeeded");
    const confirmed = await payer.post("/api/pay/secure/confirm", { payment_intent_id: pi.id });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(await payer.post("/api/pay/secure/confirm", { payment_intent_id: pi.id })).toMatchObject({ status: 200 });

    expect(await one<string>("SELECT status AS n FROM redemptions WHERE redemption_id = ?", id)).toBe("fulfilled");
    expect(await one("SELECT count(*) AS n FROM vendor_earnings WHERE ref = ?", `redemption:${id}`)).toBe(1);
    expect((await j.vendor.post("/api/vendor/me/pay")).body.data.available_cents).toBe(p.vendor_cents);
  });
});
