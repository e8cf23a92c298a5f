import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { addItem, CARDS, count, customer, MIN, port, saveCard, world } from "../checkout/test-fixtures";
import { enqueueDue, handleItem, type CronEnvelope } from "../cron/queue";
import { Client, T0 } from "../test-utils";

const DAY = 24 * 60 * MIN;

describe("beauty membership", () => {
  it("subscribes with the saved card, refuses a second one, then cancels", async () => {
    const { client, userId } = await customer();
    expect((await client.get("/api/subscriptions")).body.data).toMatchObject({
      member: false,
      membership: null,
      price_cents: 1999,
    });
    await saveCard(userId);
    const joined = await client.post("/api/subscriptions", {});
    expect(joined.status).toBe(201);
    expect(joined.body.data).toMatchObject({
      member: true,
      message: "Welcome! You're now a beauty member.",
      membership: { status: "active", price_cents: 1999 },
    });
    expect(
      await count(
        "SELECT count(*) AS n FROM payment_intents WHERE purpose = 'membership' AND status = 'succeeded' AND user_id = ?",
        userId,
      ),
    ).toBe(1);

    const again = await client.post("/api/subscriptions", {});
    expect(again.status).toBe(409);
    expect(again.body.error).toEqual({
      code: "ERROR_SUBSCRIPTION_CREATE_ALREADY_MEMBER",
      message: "You're already a beauty member.",
    });

    const left = await client.call("DELETE", "/api/subscriptions");
    expect(left.status).toBe(200);
    // Cancelled: it does not renew, and member prices last until the end of the month paid for.
    const periodEnd = joined.body.data.membership.current_period_end;
    expect(left.body.data).toMatchObject({
      member: true,
      member_until: periodEnd,
      message:
        "Your beauty membership is cancelled and will not renew. You keep member prices until the end of the month you've paid for.",
      membership: { status: "cancelled", current_period_end: periodEnd },
    });
    expect((await client.call("DELETE", "/api/subscriptions")).body.error.code).toBe("ERROR_SUBSCRIPTION_NOT_MEMBER");

    // Joining again later makes a new membership.
    expect((await client.post("/api/subscriptions", {})).status).toBe(201);
    expect(await count("SELECT count(*) AS n FROM memberships WHERE user_id = ?", userId)).toBe(2);
  });

  it("keeps member prices after cancelling until the paid month ends, then neither discounts nor renews", async () => {
    const w = await world();
    const { client, userId } = await customer();
    // Joined a month before the period ends ten minutes after T0 (the local provider's period is one month).
    const joinedAt = Date.UTC(2026, 9, 22, 15, 10);
    const periodEnd = T0 + 10 * MIN;
    await saveCard(userId, CARDS.ok, joinedAt);
    client.now = joinedAt;
    expect((await client.post("/api/subscriptions", {})).status).toBe(201);
    client.now = T0 - 60 * MIN;
    const left = await client.call("DELETE", "/api/subscriptions");
    expect(left.body.data).toMatchObject({ member: true, member_until: new Date(periodEnd).toISOString() });

    client.now = T0;
    await addItem(client, w);
    const before = await client.post("/api/checkout", {});
    expect(before.body.data).toMatchObject({ member: true, subtotal_cents: 9_000, member_discount_cents: 1_350 });

    client.now = periodEnd;
    const after = await client.post("/api/checkout", {});
    expect(after.body.data).toMatchObject({ member: false, subtotal_cents: 9_000, member_discount_cents: 0 });
    expect((await client.get("/api/subscriptions")).body.data).toMatchObject({
      member: false,
      member_until: null,
      membership: { status: "cancelled" },
    });

    // The renewal a day later is not due, and nothing but the first month was ever charged.
    const sent: CronEnvelope[] = [];
    await enqueueDue(env, periodEnd + DAY, async (m) => void sent.push(...m));
    expect(sent.filter((m) => m.kind === "membership_renewal")).toHaveLength(0);
    const membershipId = await count("SELECT membership_id AS n FROM memberships WHERE user_id = ?", userId);
    const renewal = {
      kind: "membership_renewal" as const,
      membership_id: membershipId,
      period_end: periodEnd,
      attempt: 1,
    };
    expect(await handleItem(env, renewal, periodEnd + DAY)).toBe("stale");
    expect(
      await count("SELECT count(*) AS n FROM payment_intents WHERE purpose = 'membership' AND user_id = ?", userId),
    ).toBe(1);
  });

  it("makes one membership when the join is sent 5 times at once", async () => {
    const { client, userId } = await customer();
    await saveCard(userId);
    const replies = await Promise.all(Array.from({ length: 5 }, () => client.post("/api/subscriptions", {})));
    expect(replies.filter((r) => r.status === 201)).toHaveLength(1);
    expect(replies.every((r) => [200, 201, 409].includes(r.status))).toBe(true);
    expect(await count("SELECT count(*) AS n FROM memberships WHERE user_id = ? AND status = 'active'", userId)).toBe(
      1,
    );
  });

  it("waits for 3-D Secure on the first charge, then becomes a member on the next call", async () => {
    const { client, userId } = await customer();
    await saveCard(userId, CARDS.threeDS);
    const first = await client.post("/api/subscriptions", {});
    expect(first.status).toBe(202);
    expect(first.body.data).toMatchObject({ status: "requires_action", payment_intent: { status: "requires_action" } });
    expect((await port().completeAuthentication!(first.body.data.payment_intent.id, true)).status).toBe("succeeded");
    const second = await client.post("/api/subscriptions", {});
    expect(second.status).toBe(201);
    expect(second.body.data.member).toBe(true);
  });

  it("needs a card, refuses a declined one and another customer's", async () => {
    const { client, userId } = await customer();
    expect((await client.post("/api/subscriptions", {})).body.error.code).toBe("PAYMENT_METHOD_NOT_FOUND");
    const declined = await saveCard(userId, "4000000000000341");
    const refused = await client.post("/api/subscriptions", { payment_method_id: declined.methodId });
    expect(refused.status).toBe(402);
    expect(refused.body.error.code).toBe("CARD_DECLINED");
    const other = await customer();
    const theirs = await saveCard(other.userId, CARDS.ok);
    expect((await client.post("/api/subscriptions", { payment_method_id: theirs.methodId })).body.error.code).toBe(
      "PAYMENT_METHOD_NOT_FOUND",
    );
    expect(await count("SELECT count(*) AS n FROM memberships WHERE user_id = ?", userId)).toBe(0);
  });

  it("needs a session", async () => {
    expect((await new Client().post("/api/subscriptions", {})).status).toBe(401);
  });
});
