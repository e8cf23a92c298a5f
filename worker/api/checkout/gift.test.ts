import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { CARDS, contactPhone, count, customer, key, outboxTo, payIntent, saveCard } from "../../checkout/test-fixtures";
import { Client } from "../../test-utils";

async function buy(client: Client, extra: Record<string, unknown> = {}) {
  return client.post("/api/checkout/gift", {
    amount_cents: 5000,
    recipient_name: "Bea",
    recipient_phone: contactPhone(),
    recipient_email: "bea@example.com",
    message: "Happy birthday!",
    idempotencyKey: key("gift"),
    ...extra,
  });
}

describe("gift cards", () => {
  it("buys a card: intent, card payment, confirm issues a code and sends it to the recipient", async () => {
    const buyer = await customer();
    const phone = contactPhone();
    const started = await buy(buyer.client, { recipient_phone: phone });
    expect(started.status).toBe(201);
    expect(started.body.data.gift_card).toMatchObject({ amount_cents: 5000, status: "pending_payment", code: null });
    const pi = started.body.data.payment_intent;
    expect(pi).toMatchObject({ amount_cents: 5000, status: "requires_payment_method" });
    const stored = await env.DB.prepare("SELECT idempotency_key, purpose FROM payment_intents WHERE id = ?")
      .bind(pi.id)
      .first();
    expect(stored).toEqual({
      idempotency_key: `gift:${started.body.data.gift_card.gift_card_id}:charge`,
      purpose: "gift_card",
    });

    await payIntent(pi.id, CARDS.ok);
    const done = await buyer.client.post("/api/checkout/gift/confirm", { payment_intent_id: pi.id });
    expect(done.status).toBe(200);
    const code = done.body.data.gift_card.code as string;
    expect(code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(done.body.data.gift_card.status).toBe("active");
    expect((await outboxTo(phone)).join("\n")).toContain(code);
    expect((await outboxTo("bea@example.com")).join("\n")).toContain(code);

    // Confirming again sends nothing new.
    await buyer.client.post("/api/checkout/gift/confirm", { payment_intent_id: pi.id });
    expect((await outboxTo(phone)).filter((t) => t.includes(code))).toHaveLength(1);

    // Redeemed once, in any case and without dashes; a second redeem answers the first result.
    const friend = await customer({ credit: 300 });
    const typed = code.toLowerCase().replace(/-/g, " ");
    const redeemed = await friend.client.post("/api/giftcard/redeem", { code: typed });
    expect(redeemed.status).toBe(200);
    expect(redeemed.body.data).toMatchObject({ credited_cents: 5000, credit_balance_cents: 5300, replayed: false });
    const again = await friend.client.post("/api/giftcard/redeem", { code });
    expect(again.body.data).toMatchObject({ credited_cents: 5000, credit_balance_cents: 5300, replayed: true });
    expect(
      await count("SELECT count(*) AS n FROM credit_ledger WHERE user_id = ? AND reason = 'gift_card'", friend.userId),
    ).toBe(1);
    const thief = await customer();
    const stolen = await thief.client.post("/api/giftcard/redeem", { code });
    expect(stolen.status).toBe(404);
    expect(stolen.body.error.code).toBe("GIFT_CARD_INVALID");
  });

  it("redeems a card once when the same customer sends it 5 times at once", async () => {
    const buyer = await customer();
    const started = await buy(buyer.client);
    await payIntent(started.body.data.payment_intent.id, CARDS.ok);
    const done = await buyer.client.post("/api/checkout/gift/confirm", {
      payment_intent_id: started.body.data.payment_intent.id,
    });
    const friend = await customer();
    const replies = await Promise.all(
      Array.from({ length: 5 }, () =>
        friend.client.post("/api/giftcard/redeem", { code: done.body.data.gift_card.code }),
      ),
    );
    expect(replies.every((r) => r.status === 200)).toBe(true);
    expect(replies.filter((r) => r.body.data.replayed === false)).toHaveLength(1);
    expect(await count("SELECT credit_balance_cents AS n FROM users WHERE user_id = ?", friend.userId)).toBe(5000);
  });

  it("cannot redeem a card that was not paid for", async () => {
    const buyer = await customer();
    const started = await buy(buyer.client);
    const row = await env.DB.prepare("SELECT code FROM gift_cards WHERE gift_card_id = ?")
      .bind(started.body.data.gift_card.gift_card_id)
      .first<{ code: string }>();
    const friend = await customer();
    expect((await friend.client.post("/api/giftcard/redeem", { code: row!.code })).body.error.code).toBe(
      "GIFT_CARD_INVALID",
    );
    expect((await friend.client.post("/api/giftcard/redeem", { code: "not a code" })).body.error.code).toBe(
      "GIFT_CARD_INVALID",
    );
  });

  it("answers the same card and intent for a repeated key; pays with a saved card at once", async () => {
    const buyer = await customer();
    const { methodId } = await saveCard(buyer.userId);
    const body = {
      amount_cents: 10000,
      recipient_name: "Cy",
      recipient_email: "cy@example.com",
      idempotencyKey: key("gift"),
    };
    const first = await buyer.client.post("/api/checkout/gift", { ...body, payment_method_id: methodId });
    const second = await buyer.client.post("/api/checkout/gift", { ...body, payment_method_id: methodId });
    expect(first.body.data.payment_intent.status).toBe("succeeded");
    expect(second.body.data.payment_intent.id).toBe(first.body.data.payment_intent.id);
    expect(second.body.data.gift_card.gift_card_id).toBe(first.body.data.gift_card.gift_card_id);
    const reused = await buyer.client.post("/api/checkout/gift", { ...body, amount_cents: 2500 });
    expect(reused.body.error.code).toBe("INVALID_INPUT");
  });

  it.each([
    ["an amount off the list", { amount_cents: 3050 }, "INVALID_INPUT"],
    ["too small an amount", { amount_cents: 500 }, "INVALID_INPUT"],
    ["no way to reach the recipient", { recipient_phone: null, recipient_email: null }, "INVALID_INPUT"],
    ["a bad email", { recipient_email: "bea@example" }, "INVALID_EMAIL_ADDRESS"],
  ])("refuses %s", async (_, extra, code) => {
    const buyer = await customer();
    const res = await buy(buyer.client, extra);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(code);
  });

  it("needs a session", async () => {
    expect((await buy(new Client())).status).toBe(401);
    expect((await new Client().post("/api/giftcard/redeem", { code: "AAAA-AAAA-AAAA-AAAA" })).status).toBe(401);
  });
});
