import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { makeVendor, T0 } from "../../test-utils";
import { DEV_LOCAL_WEBHOOK_SECRET } from ".";
import { addOneMonth, localPayments } from "./local";
import { PaymentsError, type PaymentsPort } from "./port";
import { card, CARDS, localPort, makeUser, testDb, unique } from "./test-helpers";

const order = (ref = "1") => ({ purpose: "order", ref });

async function customerOf(port: PaymentsPort) {
  const user = await makeUser();
  return { user, customer: await port.ensureCustomer(user) };
}

/** A new intent confirmed with a freshly tokenised card (the browser's path). */
async function pay(port: PaymentsPort, number: string, opts: { amount?: number; customer?: string | null } = {}) {
  const pm = await port.tokenizeLocalCard!(card(number), null);
  const intent = await port.createIntent({
    amount_cents: opts.amount ?? 2500,
    customer_id: opts.customer ?? null,
    description: "Test order",
    metadata: order(),
    idempotency_key: unique("order"),
  });
  expect(intent.status).toBe("requires_payment_method");
  return {
    pm,
    intent: await port.confirmIntent(intent.id, { payment_method_id: pm.id, idempotency_key: unique("c") }),
  };
}

async function rejection(work: Promise<unknown>): Promise<PaymentsError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PaymentsError);
  return error as PaymentsError;
}

describe("local adapter: the test cards", () => {
  it.each([
    ["Visa 4242", CARDS.visa, "visa", "4242"],
    ["Mastercard 5555", CARDS.mastercard, "mastercard", "4444"],
    ["American Express 3782", CARDS.amex, "amex", "0005"],
    ["any other valid number", CARDS.otherValid, "visa", "1111"],
  ])("%s succeeds", async (_label, number, brand, last4) => {
    const port = localPort();
    const { pm, intent } = await pay(port, number);
    expect(pm.card).toEqual({ brand, last4, exp_month: 12, exp_year: 2030 });
    expect(intent).toMatchObject({
      status: "succeeded",
      payment_method_id: pm.id,
      last_error: null,
      amount_cents: 2500,
    });
    expect(intent.id).toMatch(/^pi_local_[A-Za-z0-9]{24}$/);
    expect(intent.client_secret).toMatch(new RegExp(`^${intent.id}_secret_[A-Za-z0-9]+$`));
    expect(pm.id).toMatch(/^pm_local_[A-Za-z0-9]{24}$/);
  });

  it.each([
    [CARDS.declined, "card_declined", "generic_decline", "Your card was declined."],
    [CARDS.insufficientFunds, "card_declined", "insufficient_funds", "Your card has insufficient funds."],
    ["4000 0000 0000 0069", "expired_card", null, "Your card has expired."],
    ["4000 0000 0000 0127", "incorrect_cvc", null, "Your card's security code is incorrect."],
  ])("%s is declined with %s / %s", async (number, code, declineCode, message) => {
    const { intent } = await pay(localPort(), number);
    expect(intent.status).toBe("requires_payment_method");
    expect(intent.payment_method_id).toBeNull();
    expect(intent.last_error).toEqual({ code, decline_code: declineCode, message });
  });

  it("a declined intent can be paid with another card afterwards", async () => {
    const port = localPort();
    const { intent } = await pay(port, CARDS.declined);
    const visa = await port.tokenizeLocalCard!(card(CARDS.visa), null);
    const paid = await port.confirmIntent(intent.id, { payment_method_id: visa.id, idempotency_key: unique("c") });
    expect(paid).toMatchObject({ status: "succeeded", last_error: null, payment_method_id: visa.id });
  });

  it("4000 0025 0000 3155 waits for 3-D Secure; approving succeeds", async () => {
    const port = localPort();
    const { pm, intent } = await pay(port, CARDS.threeDSecure);
    expect(intent).toMatchObject({ status: "requires_action", payment_method_id: pm.id, last_error: null });
    const approved = await port.completeAuthentication!(intent.id, true);
    expect(approved).toMatchObject({ status: "succeeded", payment_method_id: pm.id });
    // A repeated approval answers the same result.
    expect(await port.completeAuthentication!(intent.id, true)).toEqual(approved);
  });

  it("failing 3-D Secure leaves the intent waiting for another card, with the reason", async () => {
    const port = localPort();
    const { intent } = await pay(port, CARDS.threeDSecure);
    const failed = await port.completeAuthentication!(intent.id, false);
    expect(failed.status).toBe("requires_payment_method");
    expect(failed.payment_method_id).toBeNull();
    expect(failed.last_error).toEqual({
      code: "payment_intent_authentication_failure",
      decline_code: null,
      message:
        "We are unable to authenticate your payment method. Please choose a different payment method and try again.",
    });
    expect((await rejection(port.completeAuthentication!(intent.id, true))).code).toBe(
      "payment_intent_unexpected_state",
    );
  });

  it("keeps brand, last4 and expiry of a card, never its number or security code", async () => {
    const port = localPort();
    const pm = await port.tokenizeLocalCard!(
      { number: "4000 0566 5566 5556", exp_month: 4, exp_year: 2031, cvc: "987", postal_code: "94107" },
      null,
    );
    const row = await env.DB.prepare("SELECT * FROM local_payment_methods WHERE id = ?").bind(pm.id).first();
    const stored = JSON.stringify(row);
    expect(row).toMatchObject({ brand: "visa", last4: "5556", exp_month: 4, exp_year: 2031, outcome: "succeed" });
    expect(stored).not.toContain("4000056655665556");
    expect(stored).not.toContain("987");
    expect(stored).not.toContain("94107");
  });

  it("refuses cards that fail the checks with Stripe's codes", async () => {
    const port = localPort();
    const cases: [Partial<ReturnType<typeof card>>, string, string][] = [
      [{ number: "4242 4242 4242 4241" }, "incorrect_number", "number"],
      [{ exp_month: 10, exp_year: 2026 }, "expired_card", "exp"],
      [{ cvc: "12" }, "invalid_cvc", "cvc"],
      [{ postal_code: "" }, "incomplete_zip", "postal_code"],
    ];
    for (const [override, code, param] of cases) {
      const error = await rejection(port.tokenizeLocalCard!({ ...card(CARDS.visa), ...override }, null));
      expect([error.code, error.extra.param]).toEqual([code, param]);
    }
  });
});

describe("local adapter: saved cards and off-session charges", () => {
  it("saves the card on success when asked, and charges it later off-session", async () => {
    const port = localPort();
    const { customer } = await customerOf(port);
    const pm = await port.tokenizeLocalCard!(card(CARDS.visa), null);
    const first = await port.createIntent({
      amount_cents: 3000,
      customer_id: customer,
      payment_method_id: pm.id,
      confirm: true,
      save_payment_method: true,
      description: "Order",
      metadata: order(),
      idempotency_key: unique("order"),
    });
    expect(first.status).toBe("succeeded");
    const saved = await port.listPaymentMethods(customer);
    expect(saved.map((m) => m.id)).toEqual([pm.id]);

    const later = await port.createIntent({
      amount_cents: 1200,
      customer_id: customer,
      payment_method_id: pm.id,
      confirm: true,
      off_session: true,
      description: "Subscription charge",
      metadata: { purpose: "client_subscription", ref: "7" },
      idempotency_key: unique("sub-charge"),
    });
    expect(later.status).toBe("succeeded");
  });

  it("a 3155 card authenticated with saving charges off-session without a new authentication", async () => {
    const port = localPort();
    const { customer } = await customerOf(port);
    const pm = await port.tokenizeLocalCard!(card(CARDS.threeDSecure), null);
    const intent = await port.createIntent({
      amount_cents: 3000,
      customer_id: customer,
      payment_method_id: pm.id,
      confirm: true,
      save_payment_method: true,
      description: "Order",
      metadata: order(),
      idempotency_key: unique("order"),
    });
    expect(intent.status).toBe("requires_action");
    await port.completeAuthentication!(intent.id, true);
    const offSession = await port.createIntent({
      amount_cents: 900,
      customer_id: customer,
      payment_method_id: pm.id,
      confirm: true,
      off_session: true,
      description: "Off-session",
      metadata: { purpose: "client_subscription", ref: "8" },
      idempotency_key: unique("off"),
    });
    expect(offSession.status).toBe("succeeded");
  });

  it("an off-session charge on a card that needs authentication fails with authentication_required", async () => {
    const port = localPort();
    const { customer } = await customerOf(port);
    for (const number of [CARDS.threeDSecure, CARDS.threeDSecureAlways]) {
      const pm = await port.tokenizeLocalCard!(card(number), customer);
      const intent = await port.createIntent({
        amount_cents: 900,
        customer_id: customer,
        payment_method_id: pm.id,
        confirm: true,
        off_session: true,
        description: "Off-session",
        metadata: { purpose: "client_subscription", ref: "9" },
        idempotency_key: unique("off"),
      });
      expect(intent.status).toBe("requires_payment_method");
      expect(intent.last_error).toMatchObject({
        code: "authentication_required",
        decline_code: "authentication_required",
      });
    }
  });

  it("refuses a card saved to another customer", async () => {
    const port = localPort();
    const a = await customerOf(port);
    const b = await customerOf(port);
    const pm = await port.tokenizeLocalCard!(card(CARDS.visa), a.customer);
    const error = await rejection(
      port.createIntent({
        amount_cents: 900,
        customer_id: b.customer,
        payment_method_id: pm.id,
        confirm: true,
        description: "x",
        metadata: order(),
        idempotency_key: unique("x"),
      }),
    );
    expect(error.code).toBe("payment_method_unexpected_state");
    expect((await rejection(port.attachPaymentMethod(pm.id, b.customer))).code).toBe("payment_method_unexpected_state");
  });

  it("keeps one default card per customer; detaching removes it from the list", async () => {
    const port = localPort();
    const { customer } = await customerOf(port);
    const one = await port.tokenizeLocalCard!(card(CARDS.visa), customer);
    const two = await port.tokenizeLocalCard!(card(CARDS.mastercard), customer);
    await port.setDefaultPaymentMethod(customer, one.id);
    await port.setDefaultPaymentMethod(customer, two.id);
    const defaults = (await port.listPaymentMethods(customer)).filter((m) => m.is_default).map((m) => m.id);
    expect(defaults).toEqual([two.id]);
    await port.setDefaultPaymentMethod(customer, null);
    expect((await port.listPaymentMethods(customer)).some((m) => m.is_default)).toBe(false);
    await port.detachPaymentMethod(one.id);
    expect((await port.listPaymentMethods(customer)).map((m) => m.id)).toEqual([two.id]);
    expect((await rejection(port.detachPaymentMethod(one.id))).code).toBe("payment_method_unexpected_state");
  });

  it("ensureCustomer answers the same customer every time, concurrently too", async () => {
    const port = localPort();
    const user = await makeUser();
    const ids = await Promise.all(Array.from({ length: 8 }, () => port.ensureCustomer(user)));
    expect(new Set(ids).size).toBe(1);
    expect(ids[0]).toMatch(/^cus_local_/);
  });
});

describe("local adapter: guest customers (a pro's recurring client, no account)", () => {
  const guest = (ref = unique("csub")) => ({ ref, name: "Riley Client", phone: "+16465550123", email: null });

  it("one customer per ref, concurrently too; its card saved as default and charged off-session once per key", async () => {
    const port = localPort();
    const input = guest();
    const ids = await Promise.all(Array.from({ length: 20 }, () => port.ensureGuestCustomer(input)));
    expect(new Set(ids).size).toBe(1);
    const customer = ids[0]!;
    expect(customer).toMatch(/^cus_local_/);
    expect(await port.ensureGuestCustomer(guest())).not.toBe(customer);

    const pm = await port.tokenizeLocalCard!(card(CARDS.visa), null);
    const saved = await port.attachPaymentMethod(pm.id, customer);
    expect(saved).toMatchObject({ customer_id: customer, is_default: false, card: { last4: "4242" } });
    await port.setDefaultPaymentMethod(customer, pm.id);
    expect(await port.listPaymentMethods(customer)).toEqual([{ ...saved, is_default: true }]);
    expect((await port.retrievePaymentMethod(pm.id))?.customer_id).toBe(customer);

    const key = unique("csub:1:charge");
    const charges = await Promise.all(
      Array.from({ length: 20 }, () =>
        port.createIntent({
          amount_cents: 8500,
          customer_id: customer,
          payment_method_id: pm.id,
          confirm: true,
          off_session: true,
          description: "Subscription service",
          metadata: { purpose: "client_subscription", ref: "csub:1" },
          idempotency_key: key,
        }),
      ),
    );
    expect(new Set(charges.map((c) => c.id)).size).toBe(1);
    expect(charges[0]).toMatchObject({ status: "succeeded", customer_id: customer });
    const row = await env.DB.prepare(
      "SELECT count(*) AS n, max(user_id) AS user_id FROM payment_intents WHERE idempotency_key = ?",
    )
      .bind(key)
      .first();
    expect(row).toEqual({ n: 1, user_id: null });
  });

  it("a guest's card is its own: not usable or attachable by another customer; off-session 3-D Secure fails", async () => {
    const port = localPort();
    const a = await port.ensureGuestCustomer(guest());
    const b = await port.ensureGuestCustomer(guest());
    const { customer: user } = await customerOf(port);
    const pm = await port.tokenizeLocalCard!(card(CARDS.visa), a);
    expect((await rejection(port.attachPaymentMethod(pm.id, b))).code).toBe("payment_method_unexpected_state");
    expect((await rejection(port.attachPaymentMethod(pm.id, user))).code).toBe("payment_method_unexpected_state");
    expect((await rejection(port.setDefaultPaymentMethod(b, pm.id))).code).toBe("resource_missing");
    const other = await rejection(
      port.createIntent({
        amount_cents: 900,
        customer_id: b,
        payment_method_id: pm.id,
        confirm: true,
        off_session: true,
        description: "x",
        metadata: { purpose: "client_subscription", ref: "x" },
        idempotency_key: unique("x"),
      }),
    );
    expect(other.code).toBe("payment_method_unexpected_state");
    // A user's saved card cannot be moved to a guest either.
    const mine = await port.tokenizeLocalCard!(card(CARDS.mastercard), user);
    expect((await rejection(port.attachPaymentMethod(mine.id, a))).code).toBe("payment_method_unexpected_state");

    const strict = await port.tokenizeLocalCard!(card(CARDS.threeDSecure), a);
    const needs = await port.createIntent({
      amount_cents: 900,
      customer_id: a,
      payment_method_id: strict.id,
      confirm: true,
      off_session: true,
      description: "Off-session",
      metadata: { purpose: "client_subscription", ref: "y" },
      idempotency_key: unique("y"),
    });
    expect(needs.last_error?.code).toBe("authentication_required");

    await port.setDefaultPaymentMethod(a, pm.id);
    await port.detachPaymentMethod(pm.id);
    expect((await port.listPaymentMethods(a)).map((m) => m.id)).toEqual([strict.id]);
  });
});

describe("local adapter: wallet payments (the stand-in wallet's card, decisions 145 and 160)", () => {
  /** The stand-in sheet tokenises its card like a typed one (never saved); the page then creates its own intent. */
  async function walletCard(port: PaymentsPort, number: string) {
    return port.tokenizeLocalCard!(card(number), null);
  }
  const pageIntent = (port: PaymentsPort, customer: string) =>
    port.createIntent({
      amount_cents: 4500,
      customer_id: customer,
      description: "Order paid by wallet",
      metadata: order(),
      idempotency_key: unique("order"),
    });

  it("the page's intent confirmed with the wallet's card, and again after the bank's step (the wallet's own check approves)", async () => {
    const port = localPort();
    const { customer } = await customerOf(port);
    const visa = await walletCard(port, CARDS.visa);
    const first = await pageIntent(port, customer);
    const paid = await port.confirmIntent(first.id, { payment_method_id: visa.id, idempotency_key: unique("w") });
    expect(paid).toMatchObject({ status: "succeeded", payment_method_id: visa.id, last_error: null });
    expect((await port.retrieveIntent(first.id)).status).toBe("succeeded");

    const secure = await walletCard(port, CARDS.threeDSecure);
    const second = await pageIntent(port, customer);
    const asked = await port.confirmIntent(second.id, { payment_method_id: secure.id, idempotency_key: unique("w") });
    expect(asked.status).toBe("requires_action");
    expect((await port.completeAuthentication!(second.id, true)).status).toBe("succeeded");
    expect((await port.retrieveIntent(second.id)).status).toBe("succeeded");
  });

  it("a declined wallet card leaves the intent to be paid with another, and a one-off wallet card is not kept", async () => {
    const port = localPort();
    const { customer } = await customerOf(port);
    const intent = await pageIntent(port, customer);
    const declined = await walletCard(port, CARDS.declined);
    const refused = await port.confirmIntent(intent.id, {
      payment_method_id: declined.id,
      idempotency_key: unique("w"),
    });
    expect(refused).toMatchObject({ status: "requires_payment_method", last_error: { code: "card_declined" } });
    const visa = await walletCard(port, CARDS.visa);
    const paid = await port.confirmIntent(intent.id, { payment_method_id: visa.id, idempotency_key: unique("w") });
    expect(paid.status).toBe("succeeded");
    expect(await port.listPaymentMethods(customer)).toEqual([]);
    expect((await port.retrievePaymentMethod(visa.id))?.customer_id).toBeNull();
  });

  it("20 confirmations of one intent at once (a double-tapped sheet) answer the one payment", async () => {
    const port = localPort();
    const { customer } = await customerOf(port);
    const visa = await walletCard(port, CARDS.visa);
    const intent = await pageIntent(port, customer);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        port.confirmIntent(intent.id, { payment_method_id: visa.id, idempotency_key: unique("w") }),
      ),
    );
    expect(new Set(answers.map((a) => `${a.id}:${a.status}`))).toEqual(new Set([`${intent.id}:succeeded`]));
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM payment_intents WHERE customer_id = ?")
      .bind(customer)
      .first<{ n: number }>();
    expect(rows?.n).toBe(1);
  });

  it("a wallet card kept for later is set up for off-session use like a typed card, then charged without the customer", async () => {
    const port = localPort();
    const { customer } = await customerOf(port);
    const secure = await walletCard(port, CARDS.threeDSecure);
    const offSession = () =>
      port.createIntent({
        amount_cents: 2999,
        customer_id: customer,
        payment_method_id: secure.id,
        confirm: true,
        off_session: true,
        description: "Beauty membership renewal",
        metadata: { purpose: "membership", ref: unique("renewal") },
        idempotency_key: unique("renewal"),
      });
    const kept = await port.setupCard({
      customer_id: customer,
      payment_method_id: secure.id,
      idempotency_key: unique("wallet-setup"),
      metadata: { purpose: "membership", ref: "wallet" },
    });
    expect(kept.status).toBe("requires_action");
    expect((await port.completeSetupAuthentication!(kept.id, true)).status).toBe("succeeded");
    expect((await port.listPaymentMethods(customer)).map((m) => m.id)).toEqual([secure.id]);
    expect((await offSession()).status).toBe("succeeded");
  });

  it("a wallet card only paid with once is not set up: the 3155 card later answers authentication_required off-session", async () => {
    const port = localPort();
    const { customer } = await customerOf(port);
    const secure = await walletCard(port, CARDS.threeDSecure);
    const intent = await pageIntent(port, customer);
    await port.confirmIntent(intent.id, { payment_method_id: secure.id, idempotency_key: unique("w") });
    expect((await port.completeAuthentication!(intent.id, true)).status).toBe("succeeded");
    // Even attached afterwards without a SetupIntent, the card was never set up for charges without the customer.
    await port.attachPaymentMethod(secure.id, customer);
    const later = await port.createIntent({
      amount_cents: 2999,
      customer_id: customer,
      payment_method_id: secure.id,
      confirm: true,
      off_session: true,
      description: "Later",
      metadata: order(),
      idempotency_key: unique("later"),
    });
    expect(later).toMatchObject({ status: "requires_payment_method", last_error: { code: "authentication_required" } });
  });
});

describe("local adapter: idempotency", () => {
  it("the same key answers the same intent", async () => {
    const port = localPort();
    const key = unique("order:5:charge");
    const input = {
      amount_cents: 4200,
      customer_id: null,
      description: "Order 5",
      metadata: order("5"),
      idempotency_key: key,
    };
    const first = await port.createIntent(input);
    const again = await port.createIntent(input);
    expect(again).toEqual(first);
  });

  it("20 concurrent requests with one key create one intent", async () => {
    const port = localPort();
    const key = unique("order:6:charge");
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        port.createIntent({
          amount_cents: 4200,
          customer_id: null,
          description: "Order 6",
          metadata: order("6"),
          idempotency_key: key,
        }),
      ),
    );
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    const count = await env.DB.prepare("SELECT count(*) AS n FROM payment_intents WHERE idempotency_key = ?")
      .bind(key)
      .first<{ n: number }>();
    expect(count!.n).toBe(1);
  });

  it("20 concurrent charges of a saved card with one key charge once", async () => {
    const port = localPort();
    const { customer } = await customerOf(port);
    const pm = await port.tokenizeLocalCard!(card(CARDS.visa), customer);
    const key = unique("tip:3:1");
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        port.createIntent({
          amount_cents: 500,
          customer_id: customer,
          payment_method_id: pm.id,
          confirm: true,
          description: "Tip",
          metadata: { purpose: "tip", ref: "3" },
          idempotency_key: key,
        }),
      ),
    );
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(results.every((r) => r.status === "succeeded")).toBe(true);
  });

  it("a key reused with another amount is refused", async () => {
    const port = localPort();
    const key = unique("order:7:charge");
    await port.createIntent({
      amount_cents: 1000,
      customer_id: null,
      description: "x",
      metadata: order(),
      idempotency_key: key,
    });
    const error = await rejection(
      port.createIntent({
        amount_cents: 1001,
        customer_id: null,
        description: "x",
        metadata: order(),
        idempotency_key: key,
      }),
    );
    expect(error.code).toBe("idempotency_key_in_use");
  });

  it("refuses amounts under $0.50 and purposes it does not know", async () => {
    const port = localPort();
    const small = await rejection(
      port.createIntent({
        amount_cents: 49,
        customer_id: null,
        description: "x",
        metadata: order(),
        idempotency_key: unique("k"),
      }),
    );
    expect(small.code).toBe("amount_too_small");
    const purpose = await rejection(
      port.createIntent({
        amount_cents: 500,
        customer_id: null,
        description: "x",
        metadata: { purpose: "gift", ref: "1" },
        idempotency_key: unique("k"),
      }),
    );
    expect(purpose.code).toBe("parameter_invalid");
  });
});

describe("local adapter: refunds", () => {
  async function paid(port: PaymentsPort, amount = 5000) {
    const { intent } = await pay(port, CARDS.visa, { amount });
    expect(intent.status).toBe("succeeded");
    return intent;
  }

  it("refunds everything when no amount is given", async () => {
    const port = localPort();
    const intent = await paid(port);
    const refund = await port.refund({
      payment_intent_id: intent.id,
      reason: "cancelled",
      idempotency_key: unique("r"),
    });
    expect(refund).toMatchObject({ payment_intent_id: intent.id, amount_cents: 5000, status: "succeeded" });
    expect(refund.id).toMatch(/^re_local_/);
    const again = await rejection(
      port.refund({ payment_intent_id: intent.id, reason: "x", idempotency_key: unique("r") }),
    );
    expect(again.code).toBe("charge_already_refunded");
  });

  it("refunds in parts up to the amount paid, and refuses more", async () => {
    const port = localPort();
    const intent = await paid(port);
    await port.refund({
      payment_intent_id: intent.id,
      amount_cents: 2000,
      reason: "part",
      idempotency_key: unique("r"),
    });
    const over = await rejection(
      port.refund({
        payment_intent_id: intent.id,
        amount_cents: 3001,
        reason: "too much",
        idempotency_key: unique("r"),
      }),
    );
    expect(over.code).toBe("amount_too_large");
    expect(over.message).toBe("Refund amount ($30.01) is greater than unrefunded amount on charge ($30.00)");
    const rest = await port.refund({ payment_intent_id: intent.id, reason: "rest", idempotency_key: unique("r") });
    expect(rest.amount_cents).toBe(3000);
  });

  it("a repeated refund key answers the first refund", async () => {
    const port = localPort();
    const intent = await paid(port);
    const key = unique("refund:order:1");
    const first = await port.refund({
      payment_intent_id: intent.id,
      amount_cents: 1000,
      reason: "x",
      idempotency_key: key,
    });
    const again = await port.refund({
      payment_intent_id: intent.id,
      amount_cents: 1000,
      reason: "x",
      idempotency_key: key,
    });
    expect(again).toEqual(first);
  });

  it("concurrent partial refunds never add up to more than was paid", async () => {
    const port = localPort();
    const intent = await paid(port, 5000);
    const settled = await Promise.allSettled(
      Array.from({ length: 8 }, () =>
        port.refund({ payment_intent_id: intent.id, amount_cents: 1500, reason: "race", idempotency_key: unique("r") }),
      ),
    );
    expect(settled.filter((s) => s.status === "fulfilled")).toHaveLength(3);
    const total = await env.DB.prepare("SELECT SUM(amount_cents) AS s FROM refunds WHERE payment_intent_id = ?")
      .bind(intent.id)
      .first<{ s: number }>();
    expect(total!.s).toBe(4500);
  });

  it("refuses to refund an intent that was not paid", async () => {
    const port = localPort();
    const { intent } = await pay(port, CARDS.declined);
    const error = await rejection(
      port.refund({ payment_intent_id: intent.id, reason: "x", idempotency_key: unique("r") }),
    );
    expect(error.code).toBe("payment_intent_unexpected_state");
  });
});

describe("local adapter: cancel", () => {
  it("cancels an unpaid intent, not a paid one", async () => {
    const port = localPort();
    const open = await port.createIntent({
      amount_cents: 900,
      customer_id: null,
      description: "x",
      metadata: order(),
      idempotency_key: unique("k"),
    });
    expect((await port.cancelIntent(open.id, unique("cancel"))).status).toBe("canceled");
    expect((await port.cancelIntent(open.id, unique("cancel"))).status).toBe("canceled");
    const { intent } = await pay(port, CARDS.visa);
    expect((await rejection(port.cancelIntent(intent.id, unique("cancel")))).code).toBe(
      "payment_intent_unexpected_state",
    );
  });
});

describe("local adapter: subscriptions", () => {
  it("starts active when the first charge succeeds; cancelling ends it", async () => {
    const port = localPort();
    const { customer } = await customerOf(port);
    const pm = await port.tokenizeLocalCard!(card(CARDS.visa), customer);
    const key = unique("membership:u1");
    const sub = await port.createSubscription({
      customer_id: customer,
      payment_method_id: pm.id,
      price_cents: 1999,
      idempotency_key: key,
    });
    expect(sub).toMatchObject({ status: "active", price_cents: 1999, customer_id: customer, latest_intent: null });
    expect(sub.current_period_end).toBe(addOneMonth(T0));
    expect(
      await port.createSubscription({
        customer_id: customer,
        payment_method_id: pm.id,
        price_cents: 1999,
        idempotency_key: key,
      }),
    ).toEqual(sub);
    expect((await port.cancelSubscription(sub.id)).status).toBe("canceled");
  });

  it("a declined first charge throws the card error and leaves no subscription running", async () => {
    const port = localPort();
    const { customer } = await customerOf(port);
    const pm = await port.tokenizeLocalCard!(card("4000 0000 0000 0341"), customer);
    const error = await rejection(
      port.createSubscription({
        customer_id: customer,
        payment_method_id: pm.id,
        price_cents: 1999,
        idempotency_key: unique("m"),
      }),
    );
    expect(error).toMatchObject({ code: "card_declined", message: "Your card was declined." });
    expect(error.extra.payment_intent?.status).toBe("requires_payment_method");
  });

  it("a first charge that needs 3-D Secure leaves it incomplete until the customer approves", async () => {
    const port = localPort();
    const { customer } = await customerOf(port);
    const pm = await port.tokenizeLocalCard!(card(CARDS.threeDSecure), customer);
    const key = unique("m");
    const sub = await port.createSubscription({
      customer_id: customer,
      payment_method_id: pm.id,
      price_cents: 1999,
      idempotency_key: key,
    });
    expect(sub.status).toBe("incomplete");
    expect(sub.latest_intent?.status).toBe("requires_action");
    await port.completeAuthentication!(sub.latest_intent!.id, true);
    const after = await port.createSubscription({
      customer_id: customer,
      payment_method_id: pm.id,
      price_cents: 1999,
      idempotency_key: key,
    });
    expect(after).toMatchObject({ id: sub.id, status: "active" });
  });

  it("a monthly period ends on the same day next month, or the month's last day", () => {
    expect(new Date(addOneMonth(Date.UTC(2026, 0, 31, 9))).toISOString()).toBe("2026-02-28T09:00:00.000Z");
    expect(new Date(addOneMonth(Date.UTC(2026, 11, 15))).toISOString()).toBe("2027-01-15T00:00:00.000Z");
  });
});

describe("local adapter: vendor payout accounts and transfers", () => {
  it("one account per vendor, ready for payouts; a transfer key moves money once", async () => {
    const port = localPort();
    const user = await makeUser("Vendor Owner");
    const vendorId = await makeVendor(user.user_id);
    const account = await port.createConnectedAccount({
      vendor_id: vendorId,
      email: user.email,
      idempotency_key: unique("acct"),
    });
    expect(account).toMatchObject({ payouts_enabled: false });
    expect(account.link_url).toBe(`/business/payouts-onboarding?account=${account.id}`);
    expect(account.id).toMatch(/^acct_local_/);
    // Pending until the vendor submits the onboarding page, as with Stripe Express: no transfers yet.
    const early = await rejection(
      port.createTransfer({
        account_id: account.id,
        amount_cents: 100,
        idempotency_key: unique("p"),
        description: "x",
      }),
    );
    expect(early.code).toBe("account_invalid");
    expect(await port.retrieveConnectedAccount(vendorId)).toMatchObject({ status: "pending", payouts_enabled: false });
    await port.completeLocalOnboarding!(account.id);
    expect(await port.retrieveConnectedAccount(vendorId)).toMatchObject({ status: "active", payouts_enabled: true });
    expect((await port.createLoginLink(account.id)).startsWith("/business/pay")).toBe(true);
    const again = await port.createConnectedAccount({
      vendor_id: vendorId,
      email: user.email,
      idempotency_key: unique("acct"),
    });
    expect(again.id).toBe(account.id);

    const key = unique("payout:1");
    const transfers = await Promise.all(
      Array.from({ length: 5 }, () =>
        port.createTransfer({
          account_id: account.id,
          amount_cents: 7000,
          idempotency_key: key,
          description: "Payout",
        }),
      ),
    );
    expect(new Set(transfers.map((t) => t.id)).size).toBe(1);
    expect(transfers[0]).toMatchObject({ account_id: account.id, amount_cents: 7000 });

    await port.deleteConnectedAccount(account.id);
    const refused = await rejection(
      port.createTransfer({
        account_id: account.id,
        amount_cents: 100,
        idempotency_key: unique("p"),
        description: "x",
      }),
    );
    expect(refused.code).toBe("account_invalid");
    const fresh = await port.createConnectedAccount({
      vendor_id: vendorId,
      email: user.email,
      idempotency_key: unique("acct"),
    });
    expect(fresh.id).not.toBe(account.id);
    expect(await port.retrieveConnectedAccount(vendorId)).toMatchObject({ id: fresh.id, status: "pending" });
  });
});

describe("setupCard: a card is kept only when the issuer accepts it (decision 120)", () => {
  const setup = (port: PaymentsPort, customer: string, pm: string, key = unique("setup")) =>
    port.setupCard({ customer_id: customer, payment_method_id: pm, idempotency_key: key, metadata: order() });

  it("like Stripe's test cards: 4242 succeeds and is saved, 0002 is declined and not saved, 3155 asks for 3-D Secure", async () => {
    const port = localPort();
    const { customer } = await customerOf(port);
    const ok = await port.tokenizeLocalCard!(card(CARDS.visa), null);
    const key = unique("setup");
    const done = await setup(port, customer, ok.id, key);
    expect(done).toMatchObject({ status: "succeeded", last_error: null, payment_method_id: ok.id });
    expect(await setup(port, customer, ok.id, key)).toEqual(done);

    const declined = await port.tokenizeLocalCard!(card(CARDS.declined), null);
    const refused = await setup(port, customer, declined.id);
    expect(refused).toMatchObject({
      status: "requires_payment_method",
      last_error: { code: "card_declined", decline_code: "generic_decline", message: "Your card was declined." },
    });
    const secure = await port.tokenizeLocalCard!(card(CARDS.threeDSecure), null);
    const asked = await setup(port, customer, secure.id);
    expect(asked.status).toBe("requires_action");
    expect((await port.listPaymentMethods(customer)).map((m) => m.id)).toEqual([ok.id]);

    const approved = await port.completeSetupAuthentication!(asked.id, true);
    expect(approved.status).toBe("succeeded");
    expect((await port.listPaymentMethods(customer)).map((m) => m.id).sort()).toEqual([ok.id, secure.id].sort());
    // Set up for later: an off-session charge needs no new authentication.
    const later = await port.createIntent({
      amount_cents: 1500,
      customer_id: customer,
      payment_method_id: secure.id,
      confirm: true,
      off_session: true,
      description: "Later",
      metadata: order(),
      idempotency_key: unique("later"),
    });
    expect(later.status).toBe("succeeded");
  });

  it("4000 0027 6000 3184 set up with the cardholder's approval still needs them at each later charge: off-session it answers authentication_required, and the same intent confirmed on-session asks and then succeeds", async () => {
    const port = localPort();
    const { customer } = await customerOf(port);
    const strict = await port.tokenizeLocalCard!(card(CARDS.threeDSecureAlways), null);
    const asked = await setup(port, customer, strict.id);
    expect(asked.status).toBe("requires_action");
    expect((await port.completeSetupAuthentication!(asked.id, true)).status).toBe("succeeded");
    const refused = await port.createIntent({
      amount_cents: 8500,
      customer_id: customer,
      payment_method_id: strict.id,
      confirm: true,
      off_session: true,
      description: "Later",
      metadata: { purpose: "client_subscription", ref: "csub:1:2" },
      idempotency_key: unique("later"),
    });
    expect(refused).toMatchObject({
      status: "requires_payment_method",
      last_error: { code: "authentication_required" },
      customer_id: customer,
    });
    const back = await port.confirmIntent(refused.id, { payment_method_id: strict.id, idempotency_key: unique("b") });
    expect(back.status).toBe("requires_action");
    expect((await port.completeAuthentication!(refused.id, true)).status).toBe("succeeded");
    expect((await port.retrieveIntent(refused.id)).status).toBe("succeeded");
  });

  it("attaching a declining card is refused like Stripe's attach; the 0341 card saves and then declines", async () => {
    const port = localPort();
    const { customer } = await customerOf(port);
    const declined = await port.tokenizeLocalCard!(card(CARDS.declined), null);
    const error = await rejection(port.attachPaymentMethod(declined.id, customer));
    expect(error).toMatchObject({ code: "card_declined", message: "Your card was declined." });
    expect(await port.listPaymentMethods(customer)).toEqual([]);
    const later = await port.tokenizeLocalCard!(card("4000 0000 0000 0341"), null);
    expect((await setup(port, customer, later.id)).status).toBe("succeeded");
  });
});

describe("local adapter: disputes (the contract of Stripe's pm_card_createDispute, 4000 0000 0000 0259)", () => {
  it("the charge succeeds, then a dispute opens; evidence is submitted once; the test surface decides it", async () => {
    const delivered: { type: string; status: string }[] = [];
    const port = localPayments({
      db: testDb(),
      now: T0,
      webhookSecret: DEV_LOCAL_WEBHOOK_SECRET,
      deliver: async (payload, signature) => {
        const event = await port.verifyWebhook(payload, signature);
        expect(event, "every event the processor sends is signed").not.toBeNull();
        delivered.push({ type: event!.type, status: String(event!.object.status) });
      },
    });
    const { intent } = await pay(port, "4000 0000 0000 0259", { amount: 2600 });
    expect(intent.status).toBe("succeeded");
    expect(delivered).toEqual([
      { type: "charge.dispute.created", status: "needs_response" },
      { type: "charge.dispute.funds_withdrawn", status: "needs_response" },
    ]);
    const row = await env.DB.prepare("SELECT id FROM local_disputes WHERE payment_intent_id = ?")
      .bind(intent.id)
      .first<{ id: string }>();
    expect(await port.retrieveDispute(row!.id)).toMatchObject({
      payment_intent_id: intent.id,
      amount_cents: 2600,
      status: "needs_response",
      reason: "fraudulent",
      due_by: T0 + 7 * 86_400_000,
      evidence_submitted: false,
    });
    const sent = await port.submitDisputeEvidence(row!.id, { product_description: "A massage at home." }, unique("ev"));
    expect(sent).toMatchObject({ status: "under_review", evidence_submitted: true });
    expect(delivered.at(-1)).toEqual({ type: "charge.dispute.updated", status: "under_review" });
    const again = await rejection(port.submitDisputeEvidence(row!.id, { product_description: "Again" }, unique("ev")));
    expect(again.code).toBe("dispute_unexpected_state");

    expect((await port.settleLocalDispute!(row!.id, "won")).status).toBe("won");
    expect(delivered.slice(-2)).toEqual([
      { type: "charge.dispute.closed", status: "won" },
      { type: "charge.dispute.funds_reinstated", status: "won" },
    ]);
    expect((await rejection(port.settleLocalDispute!(row!.id, "lost"))).code).toBe("dispute_unexpected_state");
    expect(await rejection(port.retrieveDispute("dp_local_missing"))).toMatchObject({ code: "resource_missing" });
  });

  it("no other card opens a dispute", async () => {
    const port = localPort();
    const { intent } = await pay(port, CARDS.visa);
    const row = await env.DB.prepare("SELECT id FROM local_disputes WHERE payment_intent_id = ?")
      .bind(intent.id)
      .first();
    expect(row).toBeNull();
  });
});
