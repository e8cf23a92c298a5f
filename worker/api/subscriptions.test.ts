import { describe, expect, it } from "vitest";
import { CARDS, count, customer, port, saveCard } from "../checkout/test-fixtures";
import { Client } from "../test-utils";

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
    expect(left.body.data).toMatchObject({ member: false, membership: { status: "cancelled" } });
    expect((await client.call("DELETE", "/api/subscriptions")).body.error.code).toBe("ERROR_SUBSCRIPTION_NOT_MEMBER");

    // Joining again later makes a new membership.
    expect((await client.post("/api/subscriptions", {})).status).toBe(201);
    expect(await count("SELECT count(*) AS n FROM memberships WHERE user_id = ?", userId)).toBe(2);
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
