import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { addDays, localDate, localToInstant } from "../../../domain/calendar/time";
import { CARDS, contactPhone, count, customer, key, outboxTo, payIntent, saveCard } from "../../checkout/test-fixtures";
import { enqueueDue, handleItem, type CronEnvelope } from "../../cron/queue";
import { Client, T0 } from "../../test-utils";

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

  describe("on the day the buyer chose", () => {
    const tz = "America/Los_Angeles";
    const today = localDate(T0, tz);

    async function paidFor(deliverOn: string, zone = tz) {
      const buyer = await customer();
      const phone = contactPhone();
      const email = `${key("bea")}@example.com`;
      const started = await buy(buyer.client, {
        recipient_phone: phone,
        recipient_email: email,
        deliver_on: deliverOn,
        time_zone: zone,
      });
      expect(started.status).toBe(201);
      expect(started.body.data.gift_card).toMatchObject({ deliver_on: deliverOn, delivered: false });
      const pi = started.body.data.payment_intent;
      await payIntent(pi.id, CARDS.ok);
      const done = await buyer.client.post("/api/checkout/gift/confirm", { payment_intent_id: pi.id });
      expect(done.status).toBe(200);
      return {
        done,
        phone,
        email,
        id: done.body.data.gift_card.gift_card_id as number,
        code: done.body.data.gift_card.code,
      };
    }

    const tick = async (now: number, id: number) => {
      const sent: CronEnvelope[] = [];
      await enqueueDue(env, now, async (m) => void sent.push(...m));
      return sent.filter((m) => m.kind === "gift_delivery" && m.gift_card_id === id);
    };

    it("sends today's card at once", async () => {
      const { done, phone, email, code } = await paidFor(today);
      expect(done.body.data).toMatchObject({
        message: "Your gift card is on its way.",
        gift_card: { delivered: true, deliver_on: today },
      });
      expect((await outboxTo(phone)).join("\n")).toContain(code);
      expect((await outboxTo(email)).join("\n")).toContain(code);
      // Sent through the email port (subject and text), not only written to the outbox.
      expect((await outboxTo(email))[0]).toMatch(/^Checkout Customer sent you a .+ gift card\n\n/);
    });

    it("keeps a later day's card until 09:00 that day, then sends it once however many ticks run at once", async () => {
      const day = addDays(today, 3);
      const { done, phone, email, id, code } = await paidFor(day);
      expect(done.body.data).toMatchObject({
        message: "Your gift card is paid for. We'll send it to the recipient on the day you chose.",
        gift_card: { delivered: false, deliver_on: day },
      });
      expect(await outboxTo(phone)).toEqual([]);
      expect(await outboxTo(email)).toEqual([]);

      const due = localToInstant(day, "09:00", tz);
      // The evening before (and a minute before 09:00) nothing is due, and a stray message for it waits.
      expect(await tick(localToInstant(addDays(day, -1), "21:00", tz), id)).toHaveLength(0);
      expect(await tick(due - 60_000, id)).toHaveLength(0);
      expect(await handleItem(env, { kind: "gift_delivery", gift_card_id: id }, due - 60_000)).toBe("wait");
      expect(await outboxTo(phone)).toEqual([]);

      // 20 ticks at once on the day, each handing its messages to the consumer at once.
      const ticks = await Promise.all(Array.from({ length: 20 }, () => tick(due + 60_000, id)));
      expect(ticks.flat().length).toBeGreaterThanOrEqual(1);
      const outcomes = await Promise.all(ticks.flat().map((m) => handleItem(env, m, due + 60_000)));
      expect(outcomes.filter((o) => o === "delivered")).toHaveLength(1);
      expect((await outboxTo(phone)).filter((t) => t.includes(code))).toHaveLength(1);
      expect((await outboxTo(email)).filter((t) => t.includes(code))).toHaveLength(1);
      expect(await tick(due + 10 * 60_000, id)).toHaveLength(0);
    });

    it("reads today in the buyer's own zone", async () => {
      // At T0 (15:00 UTC) it is already tomorrow on Kiritimati (UTC+14): New York's today is its yesterday.
      const kiritimati = "Pacific/Kiritimati";
      const buyer = await customer();
      const refused = await buy(buyer.client, { deliver_on: localDate(T0, "America/New_York"), time_zone: kiritimati });
      expect(refused.status).toBe(400);
      expect(refused.body.error.code).toBe("INVALID_INPUT");
      const ok = await buy(buyer.client, { deliver_on: localDate(T0, kiritimati), time_zone: kiritimati });
      expect(ok.status).toBe(201);
    });

    it.each([
      ["yesterday", () => ({ deliver_on: addDays(today, -1), time_zone: tz }), "deliver_on"],
      ["more than a year ahead", () => ({ deliver_on: addDays(today, 366), time_zone: tz }), "deliver_on"],
      ["a date that does not exist", () => ({ deliver_on: "2027-02-30", time_zone: tz }), "deliver_on"],
      ["a date that is not a date", () => ({ deliver_on: "next week", time_zone: tz }), "deliver_on"],
      ["an unknown time zone", () => ({ deliver_on: today, time_zone: "Mars/Olympus" }), "time_zone"],
      ["a date without the buyer's zone", () => ({ deliver_on: today }), "time_zone"],
    ])("refuses %s", async (_, extra, field) => {
      const buyer = await customer();
      const res = await buy(buyer.client, extra());
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("INVALID_INPUT");
      expect(Object.keys(res.body.error.fields ?? {})).toContain(field);
      expect(await count("SELECT count(*) AS n FROM gift_cards WHERE purchaser_user_id = ?", buyer.userId)).toBe(0);
    });

    it("accepts the last day of the year ahead", async () => {
      const buyer = await customer();
      expect((await buy(buyer.client, { deliver_on: addDays(today, 365), time_zone: tz })).status).toBe(201);
    });
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
