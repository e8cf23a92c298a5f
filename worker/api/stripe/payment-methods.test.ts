import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { card, CARDS, localPort } from "../../adapters/payments/test-helpers";
import { Client, signUp } from "../../test-utils";

async function tokenize(client: Client, number: string): Promise<string> {
  const res = await client.post("/api/payments/local/tokenize", card(number));
  expect(res.status).toBe(201);
  return res.body.data.id;
}

async function member() {
  const client = new Client();
  await signUp(client);
  return client;
}

describe("GET /api/payments/config", () => {
  it("tells the browser the local adapter and the wallet minimum", async () => {
    const res = await new Client().get("/api/payments/config");
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      provider: "local",
      available: true,
      publishable_key: null,
      wallet_minimum_cents: 50,
    });
  });
});

describe("saved cards: /api/stripe/payment-methods and /api/users/me/payment-methods", () => {
  it("saves cards, lists them in the spec's shape, makes the first one the default", async () => {
    const client = await member();
    expect((await client.get("/api/stripe/payment-methods")).body.data).toEqual([]);

    const visa = await tokenize(client, CARDS.visa);
    const saved = await client.post("/api/stripe/payment-methods", { payment_method_id: visa });
    expect(saved.status).toBe(201);
    expect(saved.body.data).toEqual({
      id: visa,
      card: { brand: "visa", last4: "4242", exp_month: 12, exp_year: 2030 },
      custom_is_default_payment_method: true,
      globalId: visa,
    });

    const amex = await tokenize(client, CARDS.amex);
    const second = await client.post("/api/stripe/payment-methods", { payment_method_id: amex });
    expect(second.body.data.custom_is_default_payment_method).toBe(false);

    const list = await client.get("/api/stripe/payment-methods");
    expect(list.status).toBe(200);
    expect(list.body.data.map((m: any) => [m.card.brand, m.card.last4, m.custom_is_default_payment_method])).toEqual([
      ["amex", "0005", false],
      ["visa", "4242", true],
    ]);
  });

  it("lists a card kept twice once, with the default copy, and removing it removes every copy", async () => {
    const client = await member();
    // Checkout's "save this card" keeps a new payment method per payment.
    const keep = async (number: string) => {
      const res = await client.post("/api/payments/local/tokenize", { ...card(number), save: true });
      expect(res.status).toBe(201);
      return res.body.data.id as string;
    };
    const listed = async () =>
      ((await client.get("/api/stripe/payment-methods")).body.data as any[]).map((m) => [
        m.id,
        m.custom_is_default_payment_method,
      ]);
    const first = await keep(CARDS.visa);
    const again = await keep(CARDS.visa);
    expect(again).not.toBe(first);
    // Newest copy when none is the default; the default copy once the older one is made the default.
    expect(await listed()).toEqual([[again, false]]);
    const moved = await client.put(`/api/users/me/payment-methods/${first}/default`);
    expect(moved.body.data.map((m: any) => [m.id, m.custom_is_default_payment_method])).toEqual([[first, true]]);
    expect(await listed()).toEqual([[first, true]]);
    const mc = await keep(CARDS.mastercard);
    expect(await listed()).toEqual([
      [mc, false],
      [first, true],
    ]);
    expect((await client.call("DELETE", `/api/stripe/payment-method/${first}`)).status).toBe(200);
    // The removed card was the default: the card left takes its place (decision 155).
    expect(await listed()).toEqual([[mc, true]]);
    // The other copy went with it.
    expect((await client.call("DELETE", `/api/stripe/payment-method/${again}`)).status).toBe(404);
  });

  it("moves the default, clears it, and deletes a card", async () => {
    const client = await member();
    const one = await tokenize(client, CARDS.visa);
    const two = await tokenize(client, CARDS.mastercard);
    await client.post("/api/stripe/payment-methods", { payment_method_id: one });
    await client.post("/api/stripe/payment-methods", { payment_method_id: two });

    const moved = await client.put(`/api/users/me/payment-methods/${two}/default`);
    expect(moved.status).toBe(200);
    const defaults = (data: any[]) => data.filter((m) => m.custom_is_default_payment_method).map((m) => m.id);
    expect(defaults(moved.body.data)).toEqual([two]);
    expect(defaults((await client.get("/api/stripe/payment-methods")).body.data)).toEqual([two]);

    const cleared = await client.call("DELETE", "/api/users/me/payment-methods/default");
    expect(cleared.status).toBe(200);
    expect(defaults((await client.get("/api/stripe/payment-methods")).body.data)).toEqual([]);

    const deleted = await client.call("DELETE", `/api/stripe/payment-method/${one}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toEqual({ id: one, deleted: true, default_id: null });
    expect((await client.get("/api/stripe/payment-methods")).body.data.map((m: any) => m.id)).toEqual([two]);
    const twice = await client.call("DELETE", `/api/stripe/payment-method/${one}`);
    expect([twice.status, twice.body.error.code]).toEqual([404, "NOT_FOUND"]);
  });

  it("removing the default card makes the most recently added card the default, at the processor too", async () => {
    const client = await member();
    const visa = await tokenize(client, CARDS.visa);
    const mc = await tokenize(client, CARDS.mastercard);
    const amex = await tokenize(client, CARDS.amex);
    for (const pm of [visa, mc, amex]) await client.post("/api/stripe/payment-methods", { payment_method_id: pm });
    const listed = async () =>
      ((await client.get("/api/stripe/payment-methods")).body.data as any[]).map((m) => [
        m.id,
        m.custom_is_default_payment_method,
      ]);
    expect(await listed()).toEqual([
      [amex, false],
      [mc, false],
      [visa, true],
    ]);

    // A card that is not the default goes alone; the default stays.
    const other = await client.call("DELETE", `/api/stripe/payment-method/${mc}`);
    expect(other.body.data).toEqual({ id: mc, deleted: true, default_id: visa });
    // The default: the newest card left takes its place, and the processor's list (what checkout preselects) says so.
    const first = await client.call("DELETE", `/api/stripe/payment-method/${visa}`);
    expect(first.body.data).toEqual({ id: visa, deleted: true, default_id: amex });
    expect(await listed()).toEqual([[amex, true]]);
    // Asked of the processor itself (the local adapter's own store), not through the wallet's answer.
    const customer = await env.DB.prepare(
      "SELECT provider_customer_id AS id FROM payment_customers ORDER BY rowid DESC LIMIT 1",
    ).first<{ id: string }>();
    const atProcessor = await localPort().listPaymentMethods(customer!.id);
    expect(atProcessor.map((m) => [m.id, m.is_default])).toEqual([[amex, true]]);
    // The last card: none is left, and no default.
    const last = await client.call("DELETE", `/api/stripe/payment-method/${amex}`);
    expect(last.body.data).toEqual({ id: amex, deleted: true, default_id: null });
    expect(await listed()).toEqual([]);
  });

  it("never touches someone else's card: NOT_FOUND", async () => {
    const owner = await member();
    const other = await member();
    const pm = await tokenize(owner, CARDS.visa);
    await owner.post("/api/stripe/payment-methods", { payment_method_id: pm });

    const del = await other.call("DELETE", `/api/stripe/payment-method/${pm}`);
    expect([del.status, del.body.error.code]).toEqual([404, "NOT_FOUND"]);
    const def = await other.put(`/api/users/me/payment-methods/${pm}/default`);
    expect([def.status, def.body.error.code]).toEqual([404, "NOT_FOUND"]);
    const steal = await other.post("/api/stripe/payment-methods", { payment_method_id: pm });
    expect([steal.status, steal.body.error.code]).toEqual([404, "PAYMENT_METHOD_NOT_FOUND"]);
    expect((await owner.get("/api/stripe/payment-methods")).body.data.map((m: any) => m.id)).toEqual([pm]);
  });

  it("refuses an unknown or malformed id", async () => {
    const client = await member();
    const unknown = await client.post("/api/stripe/payment-methods", { payment_method_id: "pm_local_unknown" });
    expect([unknown.status, unknown.body.error.code]).toEqual([404, "PAYMENT_METHOD_NOT_FOUND"]);
    const malformed = await client.post("/api/stripe/payment-methods", { payment_method_id: "card_123" });
    expect([malformed.status, malformed.body.error.code]).toEqual([400, "INVALID_INPUT"]);
    const badParam = await client.call("DELETE", "/api/stripe/payment-method/not-an-id");
    expect([badParam.status, badParam.body.error.code]).toEqual([404, "NOT_FOUND"]);
  });

  it("asks a signed-out visitor to log in (401)", async () => {
    const visitor = new Client();
    const calls = [
      visitor.get("/api/stripe/payment-methods"),
      visitor.post("/api/stripe/payment-methods", { payment_method_id: "pm_local_x" }),
      visitor.call("DELETE", "/api/stripe/payment-method/pm_local_x"),
      visitor.put("/api/users/me/payment-methods/pm_local_x/default"),
      visitor.call("DELETE", "/api/users/me/payment-methods/default"),
    ];
    for (const res of await Promise.all(calls)) {
      expect([res.status, res.body.error.code]).toEqual([401, "INVALID_SESSION"]);
    }
  });
});
