import { describe, expect, it } from "vitest";
import { messageFor } from "../../../domain/messages";
import { card, CARDS, localPort, unique } from "../../adapters/payments/test-helpers";
import { Client, signUp } from "../../test-utils";

/** An intent as checkout would create it; the browser then confirms it with the client secret. */
async function openIntent(amount = 2500) {
  return localPort().createIntent({
    amount_cents: amount,
    customer_id: null,
    description: "Order",
    metadata: { purpose: "order", ref: "1" },
    idempotency_key: unique("order"),
  });
}

async function tokenize(client: Client, number: string, extra: Record<string, unknown> = {}) {
  const res = await client.post("/api/payments/local/tokenize", { ...card(number), ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; card: { brand: string; last4: string }; saved: boolean };
}

describe("POST /api/payments/local/tokenize", () => {
  it("answers a payment method with brand, last4 and expiry", async () => {
    const res = await new Client().post("/api/payments/local/tokenize", {
      number: "4242 4242 4242 4242",
      exp: "07/30",
      cvc: "123",
      postal_code: "10001",
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.stringMatching(/^pm_local_/),
      card: { brand: "visa", last4: "4242", exp_month: 7, exp_year: 2030 },
      saved: false,
    });
  });

  it.each([
    ["a number failing the Luhn check", { number: "4242 4242 4242 4241" }, "CARD_NUMBER_INCORRECT", "number"],
    ["an expired card", { exp_month: 10, exp_year: 2026 }, "CARD_EXPIRED", "exp"],
    ["a 2-digit security code", { cvc: "12" }, "CARD_CVC_INVALID", "cvc"],
    ["a 3-digit code on American Express", { number: CARDS.amex, cvc: "123" }, "CARD_CVC_INVALID", "cvc"],
    ["a missing ZIP", { postal_code: undefined }, "CARD_INCOMPLETE", "postal_code"],
    ["a missing number", { number: "" }, "CARD_INCOMPLETE", "number"],
    ["a ZIP that is not one", { postal_code: "ABCDE" }, "CARD_ZIP_INVALID", "postal_code"],
  ])("refuses %s with %s", async (_label, override, code, field) => {
    const res = await new Client().post("/api/payments/local/tokenize", { ...card(CARDS.visa), ...override });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({
      code,
      message: messageFor(code as never),
      fields: { [field]: messageFor(code as never) },
    });
  });

  it("answers the spec's card-incomplete message verbatim", async () => {
    const res = await new Client().post("/api/payments/local/tokenize", { number: CARDS.visa });
    expect(res.body.error.message).toBe(
      "Your payment info is incomplete. In the input box above, please enter your card number followed by the expiration date, card security code, and billing zip code to proceed.",
    );
  });

  it("answers INVALID_INPUT for a body of the wrong shape, never a 500", async () => {
    const client = new Client();
    const wrongType = await client.post("/api/payments/local/tokenize", { ...card(CARDS.visa), number: 4242 });
    expect([wrongType.status, wrongType.body.error.code]).toEqual([400, "INVALID_INPUT"]);
    const notJson = await client.post("/api/payments/local/tokenize", "{nope", { "content-type": "application/json" });
    expect([notJson.status, notJson.body.error.code]).toEqual([400, "INVALID_INPUT"]);
  });

  it("saves to the account only for a signed-in user who asks", async () => {
    const visitor = await tokenize(new Client(), CARDS.visa, { save: true });
    expect(visitor.saved).toBe(false);
    const member = new Client();
    await signUp(member);
    const saved = await tokenize(member, CARDS.mastercard, { save: true });
    expect(saved.saved).toBe(true);
    const list = await member.get("/api/stripe/payment-methods");
    expect(list.body.data.map((m: { id: string }) => m.id)).toEqual([saved.id]);
  });
});

describe("POST /api/payments/local/confirm and /authenticate (the browser's card flow)", () => {
  it("confirms with a good card: succeeded", async () => {
    const client = new Client();
    const intent = await openIntent();
    const pm = await tokenize(client, CARDS.visa);
    const res = await client.post("/api/payments/local/confirm", {
      client_secret: intent.client_secret,
      payment_method_id: pm.id,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.payment_intent).toMatchObject({
      id: intent.id,
      status: "succeeded",
      amount_cents: 2500,
      payment_method_id: pm.id,
      last_error: null,
      next_action: null,
    });
    expect(res.body.data.payment_intent.metadata).toBeUndefined();
    // Confirming again (a double click) answers the same success.
    const again = await client.post("/api/payments/local/confirm", {
      client_secret: intent.client_secret,
      payment_method_id: pm.id,
    });
    expect(again.body.data.payment_intent.status).toBe("succeeded");
  });

  it.each([
    [CARDS.declined, "CARD_DECLINED", "Your card was declined.", "generic_decline"],
    [CARDS.insufficientFunds, "CARD_INSUFFICIENT_FUNDS", "Your card has insufficient funds.", "insufficient_funds"],
  ])("answers a decline of %s as 402 %s with the intent", async (number, code, message, declineCode) => {
    const client = new Client();
    const intent = await openIntent();
    const pm = await tokenize(client, number);
    const res = await client.post("/api/payments/local/confirm", {
      client_secret: intent.client_secret,
      payment_method_id: pm.id,
    });
    expect(res.status).toBe(402);
    expect(res.body.error).toMatchObject({ code, message, decline_code: declineCode });
    expect(res.body.error.payment_intent).toMatchObject({ id: intent.id, status: "requires_payment_method" });
  });

  it("3-D Secure: requires_action, then the customer approves", async () => {
    const client = new Client();
    const intent = await openIntent();
    const pm = await tokenize(client, CARDS.threeDSecure);
    const res = await client.post("/api/payments/local/confirm", {
      client_secret: intent.client_secret,
      payment_method_id: pm.id,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.payment_intent).toMatchObject({
      status: "requires_action",
      next_action: { type: "local_3ds", authenticate_url: "/api/payments/local/authenticate" },
    });
    const approved = await client.post("/api/payments/local/authenticate", {
      client_secret: intent.client_secret,
      approve: true,
    });
    expect(approved.status).toBe(200);
    expect(approved.body.data.payment_intent.status).toBe("succeeded");
    const seen = await client.get(`/api/payments/local/payment-intent?client_secret=${intent.client_secret}`);
    expect(seen.body.data.payment_intent.status).toBe("succeeded");
  });

  it("3-D Secure declined: 402 CARD_AUTHENTICATION_FAILED, and the intent takes another card", async () => {
    const client = new Client();
    const intent = await openIntent();
    const pm = await tokenize(client, CARDS.threeDSecure);
    await client.post("/api/payments/local/confirm", { client_secret: intent.client_secret, payment_method_id: pm.id });
    const declined = await client.post("/api/payments/local/authenticate", {
      client_secret: intent.client_secret,
      approve: false,
    });
    expect(declined.status).toBe(402);
    expect(declined.body.error.code).toBe("CARD_AUTHENTICATION_FAILED");
    expect(declined.body.error.payment_intent.status).toBe("requires_payment_method");
    const visa = await tokenize(client, CARDS.visa);
    const paid = await client.post("/api/payments/local/confirm", {
      client_secret: intent.client_secret,
      payment_method_id: visa.id,
    });
    expect(paid.body.data.payment_intent.status).toBe("succeeded");
  });

  it("a wrong client secret or an unknown payment method finds nothing", async () => {
    const client = new Client();
    const intent = await openIntent();
    const pm = await tokenize(client, CARDS.visa);
    const forged = intent.client_secret.replace(/_secret_.*/, "_secret_AAAAAAAAAAAAAAAAAAAAAAAA");
    const wrong = await client.post("/api/payments/local/confirm", { client_secret: forged, payment_method_id: pm.id });
    expect([wrong.status, wrong.body.error.code]).toEqual([404, "NOT_FOUND"]);
    const unknownPm = await client.post("/api/payments/local/confirm", {
      client_secret: intent.client_secret,
      payment_method_id: "pm_local_doesnotexist000000000000",
    });
    expect([unknownPm.status, unknownPm.body.error.code]).toEqual([404, "PAYMENT_METHOD_NOT_FOUND"]);
    const malformed = await client.post("/api/payments/local/confirm", {
      client_secret: "nope",
      payment_method_id: pm.id,
    });
    expect([malformed.status, malformed.body.error.code]).toEqual([400, "INVALID_INPUT"]);
  });

  it("saving on confirm keeps the card on the payer's account once paid", async () => {
    const client = new Client();
    const { profile } = await signUp(client);
    const port = localPort();
    const customer = await port.ensureCustomer({
      user_id: profile.user_id,
      email: profile.email,
      name: profile.name,
      phone: profile.phone,
    });
    const intent = await port.createIntent({
      amount_cents: 1500,
      customer_id: customer,
      description: "Tip",
      metadata: { purpose: "tip", ref: "4" },
      idempotency_key: unique("tip"),
    });
    const pm = await tokenize(client, CARDS.visa);
    const res = await client.post("/api/payments/local/confirm", {
      client_secret: intent.client_secret,
      payment_method_id: pm.id,
      save_payment_method: true,
    });
    expect(res.body.data.payment_intent.status).toBe("succeeded");
    const list = await client.get("/api/stripe/payment-methods");
    expect(list.body.data.map((m: { id: string }) => m.id)).toEqual([pm.id]);
  });
});

describe("an intent that is already finished", () => {
  it("answers 409 PAYMENT_STATE_CHANGED, never a 500", async () => {
    const client = new Client();
    const intent = await openIntent();
    const visa = await tokenize(client, CARDS.visa);
    await client.post("/api/payments/local/confirm", {
      client_secret: intent.client_secret,
      payment_method_id: visa.id,
    });
    const other = await tokenize(client, CARDS.mastercard);
    const again = await client.post("/api/payments/local/confirm", {
      client_secret: intent.client_secret,
      payment_method_id: other.id,
    });
    expect([again.status, again.body.error.code]).toEqual([409, "PAYMENT_STATE_CHANGED"]);
    const authenticate = await client.post("/api/payments/local/authenticate", {
      client_secret: intent.client_secret,
      approve: false,
    });
    expect([authenticate.status, authenticate.body.error.code]).toEqual([409, "PAYMENT_STATE_CHANGED"]);
  });
});
