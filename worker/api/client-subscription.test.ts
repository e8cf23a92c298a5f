import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { CARDS, key, world } from "../checkout/test-fixtures";
import { Client, promote, signUp, T0 } from "../test-utils";

/**
 * A client subscription's texted link takes a card only once the processor accepts it (decision 120): the declined
 * test card is refused with the processor's message, nothing is marked active, the pro is not told; a card that
 * needs 3-D Secure waits for the client's approval.
 */

async function proWithSub() {
  const w = await world();
  const client = new Client();
  const account = await signUp(client, { name: "Card Vendor" });
  await promote(account.profile.user_id, { vendorId: w.vendorId });
  await env.DB.prepare("UPDATE vendors SET user_id = ? WHERE vendor_id = ?")
    .bind(account.profile.user_id, w.vendorId)
    .run();
  const phone = `+1646${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
  const created = await client.post("/api/vendor/me/customer-subscription-active", {
    client_name: "Riley Client",
    client_phone: phone,
    service_id: w.serviceId,
    price_cents: 8500,
    interval_days: 14,
    // Far enough ahead that adding the card charges nothing yet.
    first_service_at: T0 + 10 * 86_400_000,
    address: "12 Main St, Testville",
    zipcode: w.zip,
    idempotency_key: key("csub"),
  });
  expect(created.status).toBe(201);
  const row = await env.DB.prepare('SELECT body FROM outbox WHERE "to" = ? ORDER BY id DESC LIMIT 1')
    .bind(phone)
    .first<{ body: string }>();
  const token = row!.body.match(/subscription\?t=([A-Za-z0-9_-]+)/)![1]!;
  return { id: created.body.data.client_subscription_id as number, token, proPhone: account.phone, proClient: client };
}

async function tokenize(client: Client, number: string): Promise<string> {
  const pm = await client.post("/api/payments/local/tokenize", {
    number,
    exp: "12/34",
    cvc: "123",
    postal_code: "10001",
  });
  expect(pm.status).toBe(201);
  return pm.body.data.id;
}

async function state(id: number) {
  return env.DB.prepare("SELECT status, payment_method_id FROM client_subscriptions WHERE client_subscription_id = ?")
    .bind(id)
    .first<{ status: string; payment_method_id: string | null }>();
}

async function textsTo(phone: string) {
  const r = await env.DB.prepare('SELECT body FROM outbox WHERE "to" = ? ORDER BY id')
    .bind(phone)
    .all<{ body: string }>();
  return r.results.map((x) => x.body);
}

describe("the client subscription's card", () => {
  it("refuses the declined card with the processor's message: not active, no card, the pro is not told", async () => {
    const { id, token, proPhone, proClient } = await proWithSub();
    const client = new Client();
    const before = await textsTo(proPhone);
    const pm = await tokenize(client, CARDS.declined);
    const res = await client.post("/api/client-subscription/card", { token, payment_method_id: pm });
    expect(res.status).toBe(402);
    expect(res.body.error).toMatchObject({ code: "CARD_DECLINED", fields: { card: "Your card was declined." } });
    expect(await state(id)).toEqual({ status: "created", payment_method_id: null });
    expect(await textsTo(proPhone)).toEqual(before);
    const view = await client.post("/api/client-subscription/view", { token });
    expect(view.body.data).toMatchObject({ status: "created", card: null });
    // Insufficient funds names its reason.
    const poor = await tokenize(client, "4000000000009995");
    const refused = await client.post("/api/client-subscription/card", { token, payment_method_id: poor });
    expect(refused.body.error).toMatchObject({
      code: "CARD_INSUFFICIENT_FUNDS",
      fields: { card: "Your card has insufficient funds." },
    });
    // A good card afterwards is taken.
    const ok = await tokenize(client, CARDS.ok);
    const taken = await client.post("/api/client-subscription/card", { token, payment_method_id: ok });
    expect(taken.status).toBe(200);
    expect(await state(id)).toEqual({ status: "active", payment_method_id: ok });
    expect((await textsTo(proPhone)).at(-1)).toContain("added their card");
    // The pro's dashboard notices say it too (not only a text), once.
    const notes = (await proClient.get("/api/vendor/me/notification")).body.data[0] as { message: string }[];
    expect(notes.filter((n) => n.message.includes("added their card"))).toHaveLength(1);
  });

  it("a card that needs 3-D Secure is active only after the client approves the bank's check", async () => {
    const { id, token, proPhone } = await proWithSub();
    const client = new Client();
    const pm = await tokenize(client, CARDS.threeDS);
    const first = await client.post("/api/client-subscription/card", { token, payment_method_id: pm });
    expect(first.status).toBe(202);
    expect(first.body.data).toMatchObject({ status: "requires_action", setup_intent: { status: "requires_action" } });
    expect((await state(id))!.status).toBe("created");
    expect((await textsTo(proPhone)).some((t) => t.includes("added their card"))).toBe(false);
    const secret = first.body.data.setup_intent.client_secret as string;
    // A wrong secret opens nothing.
    const wrong = await client.post("/api/payments/local/authenticate-setup", {
      client_secret: secret.replace(/.$/, (c) => (c === "a" ? "b" : "a")),
      approve: true,
    });
    expect(wrong.status).toBe(404);
    const approved = await client.post("/api/payments/local/authenticate-setup", {
      client_secret: secret,
      approve: true,
    });
    expect(approved.body.data.setup_intent.status).toBe("succeeded");
    const again = await client.post("/api/client-subscription/card", { token, payment_method_id: pm });
    expect(again.status).toBe(200);
    expect(await state(id)).toEqual({ status: "active", payment_method_id: pm });
  });

  it("a failed 3-D Secure check leaves it without a card", async () => {
    const { id, token } = await proWithSub();
    const client = new Client();
    const pm = await tokenize(client, CARDS.threeDS);
    const first = await client.post("/api/client-subscription/card", { token, payment_method_id: pm });
    const secret = first.body.data.setup_intent.client_secret as string;
    const failed = await client.post("/api/payments/local/authenticate-setup", {
      client_secret: secret,
      approve: false,
    });
    expect(failed.body.data.setup_intent.status).toBe("requires_payment_method");
    const again = await client.post("/api/client-subscription/card", { token, payment_method_id: pm });
    expect(again.status).toBe(402);
    expect(again.body.error.code).toBe("CARD_AUTHENTICATION_FAILED");
    expect(await state(id)).toEqual({ status: "created", payment_method_id: null });
  });
});

describe("the wallet keeps only cards the processor accepts", () => {
  it("a declined card is refused, through the wallet and through tokenize's save, and nothing is listed", async () => {
    const client = new Client();
    await signUp(client, { name: "Wallet Person" });
    const pm = await tokenize(client, CARDS.declined);
    const saved = await client.post("/api/stripe/payment-methods", { payment_method_id: pm });
    expect(saved.status).toBe(402);
    expect(saved.body.error).toMatchObject({ code: "CARD_DECLINED", fields: { card: "Your card was declined." } });
    const direct = await client.post("/api/payments/local/tokenize", {
      number: CARDS.declined,
      exp: "12/34",
      cvc: "123",
      postal_code: "10001",
      save: true,
    });
    expect(direct.status).toBe(402);
    expect(direct.body.error.code).toBe("CARD_DECLINED");
    expect((await client.get("/api/stripe/payment-methods")).body.data).toEqual([]);
    // A membership cannot start on it either: there is no saved card.
    const member = await client.post("/api/subscriptions", { payment_method_id: pm });
    expect(member.body.error.code).toBe("PAYMENT_METHOD_NOT_FOUND");
    const good = await tokenize(client, CARDS.ok);
    expect((await client.post("/api/stripe/payment-methods", { payment_method_id: good })).status).toBe(201);
    expect((await client.get("/api/stripe/payment-methods")).body.data).toHaveLength(1);
  });

  it("a 3-D Secure card is saved once the bank's check is approved", async () => {
    const client = new Client();
    await signUp(client, { name: "Wallet Secure" });
    const pm = await tokenize(client, CARDS.threeDS);
    const first = await client.post("/api/stripe/payment-methods", { payment_method_id: pm });
    expect(first.status).toBe(202);
    expect((await client.get("/api/stripe/payment-methods")).body.data).toEqual([]);
    await client.post("/api/payments/local/authenticate-setup", {
      client_secret: first.body.data.setup_intent.client_secret,
      approve: true,
    });
    const again = await client.post("/api/stripe/payment-methods", { payment_method_id: pm });
    expect(again.status).toBe(201);
    expect(again.body.data.id).toBe(pm);
  });
});
