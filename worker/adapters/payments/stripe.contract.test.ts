import { env } from "cloudflare:test";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { makeVendor, T0 } from "../../test-utils";
import { PaymentsError, type PaymentsPort } from "./port";
import { DEFAULT_MEMBERSHIP_PRODUCT, stripePayments } from "./stripe";
import { createStripeStandIn, recordingFetch, type CapturedRequest } from "./stripe-stand-in";
import { makeUser, testDb, unique } from "./test-helpers";

/**
 * The Stripe adapter's contract: the requests it makes (method, path, form parameters, amounts in cents,
 * Idempotency-Key) and what it makes of Stripe's answers. Always run against the in-memory stand-in; run
 * again against Stripe's test mode when STRIPE_SECRET_KEY is set in the environment (vitest.config.ts forwards
 * it to the tests as STRIPE_CONTRACT_SECRET_KEY). Connect transfers need an onboarded account with available
 * balance, so those run against the stand-in only.
 */

const LIVE_KEY = ((env as unknown as Record<string, unknown>).STRIPE_CONTRACT_SECRET_KEY as string | undefined) || "";
const WEBHOOK_SECRET = "whsec_contract_test";

interface Setup {
  port: PaymentsPort;
  /** The stand-in's stand-in for the browser's 3-D Secure step; null against Stripe (no browser here). */
  approveSetup: ((id: string) => void) | null;
  /** The same for a PaymentIntent (Stripe.js handleNextAction); null against Stripe. */
  approveIntent: ((id: string) => void) | null;
  requests: CapturedRequest[];
  /** Requests made since the last call. */
  take(): CapturedRequest[];
  /** The dispute the bank opened on an intent (Stripe opens it shortly after the charge: polled in test mode). */
  disputeOn(paymentIntentId: string): Promise<string>;
}

function setup(mode: "stand-in" | "live"): Setup {
  const transport = mode === "live" ? recordingFetch() : createStripeStandIn();
  const port = stripePayments({
    db: testDb(),
    now: mode === "live" ? Date.now() : T0,
    secretKey: mode === "live" ? LIVE_KEY : "sk_test_standin",
    webhookSecret: WEBHOOK_SECRET,
    appUrl: "https://glow.test",
    httpClient: Stripe.createFetchHttpClient(transport.fetch),
  });
  let seen = 0;
  const disputeOn = async (paymentIntentId: string): Promise<string> => {
    if ("disputes" in transport) {
      const found = [...transport.disputes.values()].find((d) => d.payment_intent === paymentIntentId);
      if (!found) throw new Error(`no dispute on ${paymentIntentId}`);
      return String(found.id);
    }
    const stripe = new Stripe(LIVE_KEY, { httpClient: Stripe.createFetchHttpClient() });
    for (let i = 0; i < 30; i++) {
      const list = await stripe.disputes.list({ payment_intent: paymentIntentId, limit: 1 });
      if (list.data[0]) return list.data[0].id;
      await new Promise((r) => setTimeout(r, 1000));
    }
    throw new Error(`Stripe opened no dispute on ${paymentIntentId} in 30 s`);
  };
  return {
    port,
    disputeOn,
    approveSetup: "approveSetup" in transport ? transport.approveSetup : null,
    approveIntent: "approveIntent" in transport ? transport.approveIntent : null,
    requests: transport.requests,
    take() {
      const out = transport.requests.slice(seen);
      seen = transport.requests.length;
      return out;
    },
  };
}

/** A user whose id is random, so keys like customer:user:<id> never meet a previous test-mode run. */
async function user() {
  return makeUser("Contract Customer", 900_000_000 + Math.floor(Math.random() * 99_000_000));
}

const brief = (r: CapturedRequest) => `${r.method} ${r.path}`;

function contract(mode: "stand-in" | "live") {
  it("customers: one per user, created with an idempotency key and remembered", async () => {
    const s = setup(mode);
    const u = await user();
    const id = await s.port.ensureCustomer(u);
    expect(id).toMatch(/^cus_/);
    const [create] = s.take();
    expect(brief(create!)).toBe("POST /v1/customers");
    expect(create!.params).toEqual({
      email: u.email,
      name: u.name,
      phone: u.phone,
      "metadata[user_id]": String(u.user_id),
    });
    expect(create!.idempotencyKey).toBe(`customer:user:${u.user_id}`);
    expect(create!.authorization).toMatch(/^Bearer sk_test_/);
    expect(create!.stripeVersion).toBeTruthy();
    expect(await s.port.ensureCustomer(u)).toBe(id);
    expect(s.take()).toEqual([]);
  });

  it("payment intents: amount in cents, card only, metadata, the caller's idempotency key; mirrored in D1", async () => {
    const s = setup(mode);
    const customer = await s.port.ensureCustomer(await user());
    s.take();
    const key = unique("order:contract:charge");
    const intent = await s.port.createIntent({
      amount_cents: 2599,
      customer_id: customer,
      description: "Order 42",
      metadata: { purpose: "order", ref: "42" },
      idempotency_key: key,
    });
    const [create] = s.take();
    expect(brief(create!)).toBe("POST /v1/payment_intents");
    expect(create!.params).toEqual({
      amount: "2599",
      currency: "usd",
      "allowed_payment_method_types[0]": "card",
      customer,
      description: "Order 42",
      "metadata[purpose]": "order",
      "metadata[ref]": "42",
    });
    expect(create!.idempotencyKey).toBe(key);
    expect(intent).toMatchObject({
      amount_cents: 2599,
      currency: "usd",
      status: "requires_payment_method",
      customer_id: customer,
    });
    expect(intent.client_secret).toMatch(new RegExp(`^${intent.id}_secret_`));
    const row = await env.DB.prepare(
      "SELECT provider, status, purpose, ref, idempotency_key FROM payment_intents WHERE id = ?",
    )
      .bind(intent.id)
      .first();
    expect(row).toEqual({
      provider: "stripe",
      status: "requires_payment_method",
      purpose: "order",
      ref: "42",
      idempotency_key: key,
    });

    // The same key again: answered from Stripe by id (found through the mirror), never a second create.
    const again = await s.port.createIntent({
      amount_cents: 2599,
      customer_id: customer,
      description: "Order 42",
      metadata: { purpose: "order", ref: "42" },
      idempotency_key: key,
    });
    expect(again.id).toBe(intent.id);
    expect(s.take().map(brief)).toEqual([`GET /v1/payment_intents/${intent.id}`]);

    const cancelled = await s.port.cancelIntent(intent.id, `${key}:cancel`);
    expect(cancelled.status).toBe("canceled");
    const [cancel] = s.take();
    expect([brief(cancel!), cancel!.idempotencyKey]).toEqual([
      `POST /v1/payment_intents/${intent.id}/cancel`,
      `${key}:cancel`,
    ]);
  });

  it("confirmed charges: succeeded, declined (402 answered as the intent), off-session and saving the card", async () => {
    const s = setup(mode);
    const customer = await s.port.ensureCustomer(await user());
    s.take();
    const charge = (pm: string, extra: Partial<Parameters<PaymentsPort["createIntent"]>[0]> = {}) =>
      s.port.createIntent({
        amount_cents: 1500,
        customer_id: customer,
        payment_method_id: pm,
        confirm: true,
        description: "Tip",
        metadata: { purpose: "tip", ref: "7" },
        idempotency_key: unique("tip:7"),
        ...extra,
      });

    const ok = await charge("pm_card_visa", { save_payment_method: true });
    expect(ok.status).toBe("succeeded");
    const [first] = s.take();
    expect(first!.params).toMatchObject({
      amount: "1500",
      confirm: "true",
      payment_method: "pm_card_visa",
      setup_future_usage: "off_session",
    });
    expect(first!.params.off_session).toBeUndefined();

    const declined = await charge("pm_card_chargeDeclined");
    expect(declined.status).toBe("requires_payment_method");
    expect(declined.last_error).toMatchObject({ code: "card_declined", message: "Your card was declined." });
    s.take();

    const offSession = await charge("pm_card_visa", { off_session: true });
    expect(offSession.status).toBe("succeeded");
    expect(s.take()[0]!.params).toMatchObject({ confirm: "true", off_session: "true" });

    const needsAuth = await charge("pm_card_threeDSecure2Required");
    expect(needsAuth.status).toBe("requires_action");
    s.take();

    const later = await s.port.createIntent({
      amount_cents: 800,
      customer_id: customer,
      description: "Later",
      metadata: { purpose: "tip", ref: "8" },
      idempotency_key: unique("tip:8"),
    });
    s.take();
    const confirmKey = unique("confirm");
    const confirmed = await s.port.confirmIntent(later.id, {
      payment_method_id: "pm_card_visa",
      idempotency_key: confirmKey,
    });
    expect(confirmed.status).toBe("succeeded");
    const [confirm] = s.take();
    expect(brief(confirm!)).toBe(`POST /v1/payment_intents/${later.id}/confirm`);
    expect([confirm!.params.payment_method, confirm!.idempotencyKey]).toEqual(["pm_card_visa", confirmKey]);
    const mirrored = await env.DB.prepare("SELECT status FROM payment_intents WHERE id = ?").bind(later.id).first();
    expect(mirrored).toEqual({ status: "succeeded" });
  });

  it("wallet payments: the page's intent confirmed with the wallet's card, again after the bank's step; a declined one leaves the intent for another; a one-off wallet card is not kept, one kept for later is set up off-session", async () => {
    // The Express Checkout Element's card reaches the server as a card payment method made by Stripe.js
    // (createPaymentMethod); Stripe's test cards stand in for the wallet's card (decisions 145, 160).
    const s = setup(mode);
    const customer = await s.port.ensureCustomer(await user());
    s.take();
    // The page's own charge, created after the payer confirmed in the sheet, before the card is known: cards only.
    const pageIntent = (ref: string) =>
      s.port.createIntent({
        amount_cents: 4500,
        customer_id: customer,
        description: "Order paid by wallet",
        metadata: { purpose: "order", ref },
        idempotency_key: unique(`order:${ref}:charge`),
      });
    const confirmWith = (id: string, payment_method_id: string) =>
      s.port.confirmIntent(id, { payment_method_id, idempotency_key: unique("wallet-confirm") });

    const first = await pageIntent("w1");
    const [create] = s.take();
    expect(create!.params).toMatchObject({ amount: "4500", "allowed_payment_method_types[0]": "card", customer });
    expect(create!.params.payment_method).toBeUndefined();
    expect(create!.params.setup_future_usage).toBeUndefined();
    const paid = await confirmWith(first.id, "pm_card_visa");
    expect(paid).toMatchObject({ id: first.id, status: "succeeded", last_error: null });
    const [confirm] = s.take();
    expect(brief(confirm!)).toBe(`POST /v1/payment_intents/${first.id}/confirm`);
    expect(confirm!.params).toEqual({ payment_method: "pm_card_visa" });
    // The server's own confirmation reads the intent again: succeeded. A one-off wallet card is not kept.
    expect((await s.port.retrieveIntent(first.id)).status).toBe("succeeded");
    expect((await s.port.retrievePaymentMethod(paid.payment_method_id!))?.customer_id).toBeNull();
    expect(await s.port.listPaymentMethods(customer)).toEqual([]);

    // A declined wallet card answers the intent with the card's error; the same intent is paid with another card.
    const second = await pageIntent("w2");
    const declined = await confirmWith(second.id, "pm_card_chargeDeclined");
    expect(declined).toMatchObject({
      id: second.id,
      status: "requires_payment_method",
      last_error: { code: "card_declined" },
    });
    expect((await confirmWith(second.id, "pm_card_visa")).status).toBe("succeeded");

    // The bank asks for its step: the intent waits (confirm again in the browser, Stripe.js handleNextAction).
    const third = await pageIntent("w3");
    const asked = await confirmWith(third.id, "pm_card_threeDSecure2Required");
    expect(asked).toMatchObject({ id: third.id, status: "requires_action" });
    expect(asked.client_secret).toContain("_secret_");
    if (s.approveIntent) {
      s.approveIntent(third.id);
      expect((await s.port.retrieveIntent(third.id)).status).toBe("succeeded");
    }

    // A wallet card kept for later (the membership, a client subscription) goes through a SetupIntent for
    // off-session use like a typed card; the 3155 card asks when it is set up, then is charged without the customer.
    const kept = await s.port.setupCard({
      customer_id: customer,
      payment_method_id: "pm_card_authenticationRequiredSetupForOffSession",
      idempotency_key: unique("wallet-seti"),
      metadata: { purpose: "membership", ref: unique("wallet") },
    });
    expect(kept.status).toBe("requires_action");
    expect(s.take().find((r) => brief(r) === "POST /v1/setup_intents")!.params).toMatchObject({
      usage: "off_session",
      confirm: "true",
    });
    if (s.approveSetup) {
      s.approveSetup(kept.id);
      expect((await s.port.listPaymentMethods(customer)).map((m) => m.id)).toEqual([kept.payment_method_id]);
      const later = await s.port.createIntent({
        amount_cents: 2999,
        customer_id: customer,
        payment_method_id: kept.payment_method_id,
        confirm: true,
        off_session: true,
        description: "Beauty membership renewal",
        metadata: { purpose: "membership", ref: unique("renewal") },
        idempotency_key: unique("renewal"),
      });
      expect(later.status).toBe("succeeded");
    }
  });

  it("refunds: partial in cents with a key, then over-refunding is refused", async () => {
    const s = setup(mode);
    const paid = await s.port.createIntent({
      amount_cents: 5000,
      customer_id: null,
      payment_method_id: "pm_card_visa",
      confirm: true,
      description: "Order",
      metadata: { purpose: "order", ref: "9" },
      idempotency_key: unique("order:9"),
    });
    expect(paid.status).toBe("succeeded");
    s.take();
    const key = unique("refund:order:9");
    const refund = await s.port.refund({
      payment_intent_id: paid.id,
      amount_cents: 2000,
      reason: "requested_by_customer",
      idempotency_key: key,
    });
    expect(refund).toMatchObject({ payment_intent_id: paid.id, amount_cents: 2000, status: "succeeded" });
    const [req] = s.take();
    expect(brief(req!)).toBe("POST /v1/refunds");
    expect(req!.params).toEqual({
      payment_intent: paid.id,
      amount: "2000",
      reason: "requested_by_customer",
      "metadata[reason]": "requested_by_customer",
    });
    expect(req!.idempotencyKey).toBe(key);
    const row = await env.DB.prepare("SELECT amount_cents, provider_ref FROM refunds WHERE idempotency_key = ?")
      .bind(key)
      .first();
    expect(row).toEqual({ amount_cents: 2000, provider_ref: refund.id });

    const over = await s.port
      .refund({
        payment_intent_id: paid.id,
        amount_cents: 3001,
        reason: "late cancellation",
        idempotency_key: unique("r"),
      })
      .catch((e: unknown) => e);
    expect(over).toBeInstanceOf(PaymentsError);
    expect((over as PaymentsError).code).toBe("amount_too_large");
    expect(s.take()[0]!.params).toEqual({
      payment_intent: paid.id,
      amount: "3001",
      "metadata[reason]": "late cancellation",
    });
  });

  it("saved cards: attach, list with the default from invoice_settings, set and unset the default, detach", async () => {
    const s = setup(mode);
    const customer = await s.port.ensureCustomer(await user());
    s.take();
    const saved = await s.port.attachPaymentMethod("pm_card_visa", customer);
    expect(saved).toMatchObject({ customer_id: customer, card: { brand: "visa", last4: "4242" }, is_default: false });
    const [attach, readCustomer] = s.take();
    expect(brief(attach!)).toBe("POST /v1/payment_methods/pm_card_visa/attach");
    expect(attach!.params).toEqual({ customer });
    expect(attach!.idempotencyKey).toBe(`attach:pm_card_visa:${customer}`);
    expect(brief(readCustomer!)).toBe(`GET /v1/customers/${customer}`);

    await s.port.setDefaultPaymentMethod(customer, saved.id);
    const [update] = s.take();
    expect(brief(update!)).toBe(`POST /v1/customers/${customer}`);
    expect(update!.params).toEqual({ "invoice_settings[default_payment_method]": saved.id });
    expect(update!.idempotencyKey).toMatch(new RegExp(`^customer:${customer}:default:${saved.id}:\\d+$`));

    const list = await s.port.listPaymentMethods(customer);
    expect(list).toEqual([{ ...saved, is_default: true }]);
    const listed = s.take().map(brief).sort();
    expect(listed).toEqual([`GET /v1/customers/${customer}`, `GET /v1/customers/${customer}/payment_methods`]);
    expect(s.requests.find((r) => r.path.endsWith("/payment_methods"))!.params).toEqual({ type: "card", limit: "100" });

    await s.port.setDefaultPaymentMethod(customer, null);
    expect(s.take()[0]!.params).toEqual({ "invoice_settings[default_payment_method]": "" });
    expect((await s.port.retrievePaymentMethod(saved.id))?.customer_id).toBe(customer);
    s.take();

    await s.port.detachPaymentMethod(saved.id);
    const [detach] = s.take();
    expect([brief(detach!), detach!.idempotencyKey]).toEqual([
      `POST /v1/payment_methods/${saved.id}/detach`,
      `detach:${saved.id}`,
    ]);
    expect(await s.port.listPaymentMethods(customer)).toEqual([]);
    expect(await s.port.retrievePaymentMethod("pm_doesnotexist0000")).toBeNull();
  });

  it("guest customers (a pro's recurring client): one per ref by its key, the card saved as default, charged off-session", async () => {
    const s = setup(mode);
    const ref = unique("csub");
    const input = { ref, name: "Riley Client", phone: "+16465550123", email: null };
    const customer = await s.port.ensureGuestCustomer(input);
    expect(customer).toMatch(/^cus_/);
    const [create] = s.take();
    expect(brief(create!)).toBe("POST /v1/customers");
    expect(create!.params).toEqual({ name: "Riley Client", phone: "+16465550123", "metadata[ref]": ref });
    expect(create!.idempotencyKey).toBe(`customer:guest:${ref}`);
    // Asked again (a retry, or a second request at once): the same customer, through the same key.
    expect(await s.port.ensureGuestCustomer(input)).toBe(customer);
    expect(s.take().map((r) => r.idempotencyKey)).toEqual([`customer:guest:${ref}`]);

    const saved = await s.port.attachPaymentMethod("pm_card_visa", customer);
    await s.port.setDefaultPaymentMethod(customer, saved.id);
    expect(await s.port.listPaymentMethods(customer)).toEqual([{ ...saved, is_default: true }]);
    s.take();

    const key = `${ref}:1795536000000:charge:${saved.id}`;
    const charge = () =>
      s.port.createIntent({
        amount_cents: 8500,
        customer_id: customer,
        payment_method_id: saved.id,
        confirm: true,
        off_session: true,
        description: "Subscription service",
        metadata: { purpose: "client_subscription", ref },
        idempotency_key: key,
      });
    const paid = await charge();
    expect(paid).toMatchObject({ status: "succeeded", amount_cents: 8500, customer_id: customer });
    const [req] = s.take();
    expect(req!.params).toMatchObject({
      amount: "8500",
      customer,
      payment_method: saved.id,
      confirm: "true",
      off_session: "true",
      "metadata[purpose]": "client_subscription",
    });
    expect(req!.idempotencyKey).toBe(key);
    expect((await charge()).id).toBe(paid.id);
    expect(s.take().map(brief)).toEqual([`GET /v1/payment_intents/${paid.id}`]);

    // A card that needs its holder (3-D Secure) cannot be charged off-session: the intent says so, no exception.
    const strict = await s.port.attachPaymentMethod("pm_card_threeDSecure2Required", customer);
    const needsClient = await s.port.createIntent({
      amount_cents: 8500,
      customer_id: customer,
      payment_method_id: strict.id,
      confirm: true,
      off_session: true,
      description: "Subscription service",
      metadata: { purpose: "client_subscription", ref },
      idempotency_key: `${ref}:2:charge:${strict.id}`,
    });
    expect(needsClient.status).toBe("requires_payment_method");
    expect(needsClient.last_error?.code).toBe("authentication_required");
  });

  it("setup intents: set up for off-session use with a key; declined; 3-D Secure asked when set up; a later charge that needs the customer", async () => {
    const s = setup(mode);
    const customer = await s.port.ensureCustomer(await user());
    s.take();
    const metadata = { purpose: "client_subscription", ref: unique("seti") };
    const setupCard = (payment_method_id: string, idempotency_key = unique("seti")) =>
      s.port.setupCard({ customer_id: customer, payment_method_id, idempotency_key, metadata });

    const key = unique("seti");
    const ok = await setupCard("pm_card_visa", key);
    expect(ok).toMatchObject({ status: "succeeded", customer_id: customer, last_error: null });
    expect(ok.id).toMatch(/^seti_/);
    const [req] = s.take();
    expect(brief(req!)).toBe("POST /v1/setup_intents");
    expect(req!.params).toMatchObject({
      customer,
      usage: "off_session",
      confirm: "true",
      "metadata[purpose]": "client_subscription",
    });
    expect(req!.idempotencyKey).toBe(key);
    // The same key answers the same SetupIntent (a double click, a retry).
    expect((await setupCard("pm_card_visa", key)).id).toBe(ok.id);
    expect((await s.port.listPaymentMethods(customer)).map((m) => m.id)).toEqual([ok.payment_method_id]);

    const declined = await setupCard("pm_card_chargeDeclined");
    expect(declined).toMatchObject({ status: "requires_payment_method", last_error: { code: "card_declined" } });

    // 4000 0025 0000 3155: the bank asks when it is set up; once the cardholder approved, off-session charges pass.
    const asked = await setupCard("pm_card_authenticationRequiredSetupForOffSession");
    expect(asked.status).toBe("requires_action");
    expect(asked.client_secret).toContain("_secret_");
    const offSession = (payment_method_id: string) =>
      s.port.createIntent({
        amount_cents: 7000,
        customer_id: customer,
        payment_method_id,
        confirm: true,
        off_session: true,
        description: "Subscription service",
        metadata,
        idempotency_key: unique("later"),
      });
    if (s.approveSetup) {
      s.approveSetup(asked.id);
      expect((await s.port.retrieveSetupIntent(asked.id)).status).toBe("succeeded");
      expect((await offSession(asked.payment_method_id)).status).toBe("succeeded");
    }

    // 4000 0027 6000 3184: asks on every charge; off-session it answers authentication_required (decision 147), and
    // the customer confirming the same intent on-session (the texted link's page) is asked for 3-D Secure.
    const strict = await s.port.attachPaymentMethod("pm_card_authenticationRequired", customer);
    const refused = await offSession(strict.id);
    expect(refused.status).toBe("requires_payment_method");
    expect(refused.last_error?.code).toBe("authentication_required");
    const back = await s.port.confirmIntent(refused.id, {
      payment_method_id: strict.id,
      idempotency_key: unique("back"),
    });
    expect(back).toMatchObject({ id: refused.id, status: "requires_action" });
  });

  it("membership subscription: inline monthly price in cents, the first charge made at once", async () => {
    const s = setup(mode);
    const customer = await s.port.ensureCustomer(await user());
    const pm = await s.port.attachPaymentMethod("pm_card_visa", customer);
    s.take();
    const key = unique("membership:user");
    const sub = await s.port.createSubscription({
      customer_id: customer,
      payment_method_id: pm.id,
      price_cents: 1999,
      idempotency_key: key,
    });
    expect(sub).toMatchObject({ customer_id: customer, status: "active", price_cents: 1999, latest_intent: null });
    expect(sub.current_period_end).toBeGreaterThan(Date.now());
    const calls = s.take();
    const create = calls.find((r) => brief(r) === "POST /v1/subscriptions")!;
    expect(calls[0]!.path).toBe(`/v1/products/${DEFAULT_MEMBERSHIP_PRODUCT}`);
    expect(create.params).toEqual({
      customer,
      default_payment_method: pm.id,
      "items[0][price_data][currency]": "usd",
      "items[0][price_data][product]": DEFAULT_MEMBERSHIP_PRODUCT,
      "items[0][price_data][unit_amount]": "1999",
      "items[0][price_data][recurring][interval]": "month",
      payment_behavior: "allow_incomplete",
      "payment_settings[payment_method_types][0]": "card",
      "metadata[purpose]": "membership",
      "expand[0]": "latest_invoice.payments",
    });
    expect(create.idempotencyKey).toBe(key);

    const cancelled = await s.port.cancelSubscription(sub.id);
    expect(cancelled.status).toBe("canceled");
    const [cancel] = s.take();
    expect([brief(cancel!), cancel!.idempotencyKey]).toEqual([
      `DELETE /v1/subscriptions/${sub.id}`,
      `subscription:${sub.id}:cancel`,
    ]);
  });

  it("membership subscription with a declined card: the card error, and nothing left incomplete", async () => {
    const s = setup(mode);
    const customer = await s.port.ensureCustomer(await user());
    const pm = await s.port.attachPaymentMethod("pm_card_visa", customer);
    const declining = await s.port.attachPaymentMethod("pm_card_chargeDeclined", customer).catch(() => null);
    // Stripe test mode refuses to attach the always-declining card; the stand-in lets the charge decline.
    if (!declining) return;
    s.take();
    const error = await s.port
      .createSubscription({
        customer_id: customer,
        payment_method_id: declining.id,
        price_cents: 1999,
        idempotency_key: unique("m"),
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentsError);
    expect((error as PaymentsError).code).toBe("card_declined");
    expect(s.take().some((r) => r.method === "DELETE" && r.path.startsWith("/v1/subscriptions/"))).toBe(true);
    expect(pm.id).toMatch(/^pm_/);
  });

  it.runIf(mode === "stand-in")(
    "Connect (stand-in only: test-mode transfers need an onboarded account with available balance): express account, onboarding link, transfer, login link, delete",
    async () => {
      const s = setup(mode);
      const owner = await makeUser("Contract Vendor");
      const vendorId = await makeVendor(owner.user_id);
      const key = unique("vendor:account");
      const account = await s.port.createConnectedAccount({
        vendor_id: vendorId,
        email: owner.email,
        idempotency_key: key,
      });
      expect(account).toMatchObject({ payouts_enabled: false });
      expect(account.link_url).toMatch(/^https:\/\/connect\.stripe\.com\//);
      const [create, link] = s.take();
      expect(brief(create!)).toBe("POST /v1/accounts");
      expect(create!.params).toEqual({
        type: "express",
        country: "US",
        email: owner.email,
        "capabilities[transfers][requested]": "true",
        "metadata[vendor_id]": String(vendorId),
      });
      expect(create!.idempotencyKey).toBe(key);
      expect(brief(link!)).toBe("POST /v1/account_links");
      expect(link!.params).toEqual({
        account: account.id,
        type: "account_onboarding",
        return_url: "https://glow.test/business?payouts=return",
        refresh_url: "https://glow.test/business?payouts=refresh",
      });
      const mirrored = await env.DB.prepare(
        "SELECT account_id, provider, status FROM connected_accounts WHERE vendor_id = ?",
      )
        .bind(vendorId)
        .first();
      expect(mirrored).toEqual({ account_id: account.id, provider: "stripe", status: "pending" });

      const again = await s.port.createConnectedAccount({
        vendor_id: vendorId,
        email: owner.email,
        idempotency_key: unique("k"),
      });
      expect(again.id).toBe(account.id);
      expect(s.take().map(brief)).toEqual(["POST /v1/account_links"]);

      const transferKey = unique("payout:vendor");
      const transfer = await s.port.createTransfer({
        account_id: account.id,
        amount_cents: 12345,
        idempotency_key: transferKey,
        description: "Weekly payout",
      });
      expect(transfer).toMatchObject({ account_id: account.id, amount_cents: 12345 });
      const [tr] = s.take();
      expect(tr!.params).toEqual({
        amount: "12345",
        currency: "usd",
        destination: account.id,
        description: "Weekly payout",
      });
      expect(tr!.idempotencyKey).toBe(transferKey);

      expect(await s.port.retrieveConnectedAccount(vendorId)).toMatchObject({
        id: account.id,
        status: "pending",
        payouts_enabled: false,
      });
      expect(s.take().map(brief)).toEqual([`GET /v1/accounts/${account.id}`]);
      expect(await s.port.createLoginLink(account.id)).toMatch(/^https:\/\/connect\.stripe\.com\/express\//);
      await s.port.deleteConnectedAccount(account.id);
      const calls = s.take();
      expect(calls.map(brief)).toEqual([
        `POST /v1/accounts/${account.id}/login_links`,
        `DELETE /v1/accounts/${account.id}`,
      ]);
      expect(calls.every((r) => r.idempotencyKey)).toBe(true);
      const deleted = await env.DB.prepare("SELECT status FROM connected_accounts WHERE vendor_id = ?")
        .bind(vendorId)
        .first();
      expect(deleted).toEqual({ status: "deleted" });
    },
  );

  it("disputes: pm_card_createDispute succeeds, then the bank opens a dispute; evidence is submitted once", async () => {
    const s = setup(mode);
    const customer = await s.port.ensureCustomer(await user());
    const paid = await s.port.createIntent({
      amount_cents: 2600,
      customer_id: customer,
      payment_method_id: "pm_card_createDispute",
      confirm: true,
      description: "Disputed order",
      metadata: { purpose: "order", ref: "77" },
      idempotency_key: unique("order:77"),
    });
    expect(paid.status).toBe("succeeded");
    const id = await s.disputeOn(paid.id);
    s.take();
    expect(await s.port.retrieveDispute(id)).toMatchObject({
      id,
      payment_intent_id: paid.id,
      amount_cents: 2600,
      status: "needs_response",
      reason: "fraudulent",
      evidence_submitted: false,
    });
    expect(brief(s.take()[0]!)).toBe(`GET /v1/disputes/${id}`);
    const key = unique("dispute-evidence");
    const sent = await s.port.submitDisputeEvidence(
      id,
      {
        product_description: "A 60-minute massage at the customer's home.",
        uncategorized_text: "Photos: https://glow.test/media/a.jpg",
      },
      key,
    );
    expect(sent).toMatchObject({ id, status: "under_review", evidence_submitted: true });
    const update = s.take().find((r) => r.method === "POST")!;
    expect(brief(update)).toBe(`POST /v1/disputes/${id}`);
    expect(update.idempotencyKey).toBe(key);
    expect(update.params).toMatchObject({
      submit: "true",
      "evidence[product_description]": "A 60-minute massage at the customer's home.",
      "evidence[uncategorized_text]": "Photos: https://glow.test/media/a.jpg",
    });
    // Once submitted it takes no more evidence, answered in the port's words.
    await expect(
      s.port.submitDisputeEvidence(id, { product_description: "Again" }, unique("again")),
    ).rejects.toMatchObject({
      code: "dispute_unexpected_state",
    });
  });

  it("webhooks: Stripe's signature verified with the subtle crypto provider; anything else refused", async () => {
    const s = setup(mode);
    const payload = JSON.stringify({
      id: unique("evt"),
      object: "event",
      type: "payment_intent.succeeded",
      data: { object: { id: "pi_123", object: "payment_intent", status: "succeeded" } },
    });
    const nowS = Math.floor((mode === "live" ? Date.now() : T0) / 1000);
    const stripe = new Stripe("sk_test_unused");
    const header = await stripe.webhooks.generateTestHeaderStringAsync({
      payload,
      secret: WEBHOOK_SECRET,
      timestamp: nowS,
      cryptoProvider: Stripe.createSubtleCryptoProvider(),
    });
    expect(await s.port.verifyWebhook(payload, header)).toMatchObject({
      type: "payment_intent.succeeded",
      object: { id: "pi_123", status: "succeeded" },
    });
    const stale = await stripe.webhooks.generateTestHeaderStringAsync({
      payload,
      secret: WEBHOOK_SECRET,
      timestamp: nowS - 600,
      cryptoProvider: Stripe.createSubtleCryptoProvider(),
    });
    expect(await s.port.verifyWebhook(payload, stale)).toBeNull();
    expect(await s.port.verifyWebhook(payload.replace("succeeded", "canceled"), header)).toBeNull();
    expect(await s.port.verifyWebhook(payload, null)).toBeNull();
    expect(s.requests).toEqual([]);
  });
}

describe("Stripe adapter contract, against the in-memory stand-in", () => contract("stand-in"));

describe.skipIf(!LIVE_KEY)(
  LIVE_KEY
    ? "Stripe adapter contract, against Stripe test mode"
    : "Stripe adapter contract, against Stripe test mode (skipped: STRIPE_SECRET_KEY is not set in the environment)",
  () => contract("live"),
);
