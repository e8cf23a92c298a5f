import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { DEV_LOCAL_WEBHOOK_SECRET } from "../../adapters/payments";
import { signWebhookPayload } from "../../adapters/payments/signature";
import { localPort, makeUser, unique } from "../../adapters/payments/test-helpers";
import { Client, T0 } from "../../test-utils";

const NOW_S = Math.floor(T0 / 1000);

async function send(payload: string, signature: string | null, client = new Client()) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (signature !== null) headers["stripe-signature"] = signature;
  // Stripe sends neither Origin nor Sec-Fetch-Site; the test client adds Origin, which is same-site here.
  return client.post("/api/stripe/webhook", payload, headers);
}

function event(type: string, object: Record<string, unknown>, id = unique("evt")) {
  return JSON.stringify({ id, object: "event", type, data: { object } });
}

async function signed(payload: string, at = NOW_S) {
  return signWebhookPayload(payload, DEV_LOCAL_WEBHOOK_SECRET, at);
}

async function intentStatus(id: string) {
  return env.DB.prepare("SELECT status, last_error FROM payment_intents WHERE id = ?")
    .bind(id)
    .first<{ status: string; last_error: string | null }>();
}

async function openIntent() {
  return localPort().createIntent({
    amount_cents: 2000,
    customer_id: null,
    description: "Order",
    metadata: { purpose: "order", ref: "1" },
    idempotency_key: unique("order"),
  });
}

describe("POST /api/stripe/webhook", () => {
  it("applies a signed payment_intent event to the intent", async () => {
    const intent = await openIntent();
    const payload = event("payment_intent.payment_failed", {
      id: intent.id,
      object: "payment_intent",
      status: "requires_payment_method",
      payment_method: null,
      last_payment_error: {
        code: "card_declined",
        decline_code: "insufficient_funds",
        message: "Your card has insufficient funds.",
      },
    });
    const res = await send(payload, await signed(payload));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true, duplicate: false });
    const row = await intentStatus(intent.id);
    expect(row!.status).toBe("requires_payment_method");
    expect(JSON.parse(row!.last_error!)).toEqual({
      code: "card_declined",
      decline_code: "insufficient_funds",
      message: "Your card has insufficient funds.",
    });

    const succeeded = event("payment_intent.succeeded", { id: intent.id, status: "succeeded", payment_method: "pm_x" });
    await send(succeeded, await signed(succeeded));
    expect((await intentStatus(intent.id))!).toEqual({ status: "succeeded", last_error: null });

    // A late failure event never moves a paid intent back.
    const late = event("payment_intent.payment_failed", { id: intent.id, status: "requires_payment_method" });
    await send(late, await signed(late));
    expect((await intentStatus(intent.id))!.status).toBe("succeeded");
  });

  it("refuses a bad, missing or stale signature with 400 and changes nothing", async () => {
    const intent = await openIntent();
    const payload = event("payment_intent.succeeded", { id: intent.id, status: "succeeded" });
    const forged = await signWebhookPayload(payload, "whsec_someone_else", NOW_S);
    const tampered = (await signed(payload)).replace(/v1=./, (m) => (m.endsWith("0") ? "v1=1" : "v1=0"));
    const stale = await signed(payload, NOW_S - 301);
    for (const signature of [forged, tampered, stale, null, "garbage"]) {
      const res = await send(payload, signature);
      expect([res.status, res.body.error?.code]).toEqual([400, "WEBHOOK_SIGNATURE_INVALID"]);
    }
    const otherBody = payload.replace("succeeded", "canceled");
    expect((await send(otherBody, await signed(payload))).status).toBe(400);
    expect((await intentStatus(intent.id))!.status).toBe("requires_payment_method");
  });

  it("processes an event id once, even when it is delivered several times at once", async () => {
    const intent = await openIntent();
    const id = unique("evt_dup");
    const payload = event("payment_intent.canceled", { id: intent.id, status: "canceled" }, id);
    const signature = await signed(payload);
    const replies = await Promise.all(Array.from({ length: 6 }, () => send(payload, signature)));
    expect(replies.every((r) => r.status === 200)).toBe(true);
    expect(replies.filter((r) => r.body.duplicate === false)).toHaveLength(1);

    // Once recorded, the event is not applied again even if the row changed since.
    await env.DB.prepare("UPDATE payment_intents SET status = 'requires_payment_method' WHERE id = ?")
      .bind(intent.id)
      .run();
    const again = await send(payload, signature);
    expect(again.body).toEqual({ received: true, duplicate: true });
    expect((await intentStatus(intent.id))!.status).toBe("requires_payment_method");
    const recorded = await env.DB.prepare("SELECT count(*) AS n FROM webhook_events WHERE id = ?")
      .bind(id)
      .first<{ n: number }>();
    expect(recorded!.n).toBe(1);
  });

  it("ends a membership on customer.subscription.deleted and moves its period on .updated", async () => {
    const user = await makeUser();
    const sub = unique("sub_local");
    await env.DB.prepare(
      `INSERT INTO memberships (user_id, status, price_cents, started_at, current_period_end, provider, provider_ref, created_at)
       VALUES (?, 'active', 1999, ?, ?, 'local', ?, ?)`,
    )
      .bind(user.user_id, T0, T0 + 1000, sub, T0)
      .run();
    const updated = event("customer.subscription.updated", {
      id: sub,
      status: "active",
      items: { data: [{ current_period_end: NOW_S + 86_400 * 30 }] },
    });
    expect((await send(updated, await signed(updated))).status).toBe(200);
    const row = () =>
      env.DB.prepare("SELECT status, current_period_end, cancelled_at FROM memberships WHERE provider_ref = ?")
        .bind(sub)
        .first<{ status: string; current_period_end: number; cancelled_at: number | null }>();
    expect((await row())!.current_period_end).toBe((NOW_S + 86_400 * 30) * 1000);

    // Ended for non-payment: the period Stripe moved on for the unpaid renewal grants no member prices.
    const deleted = event("customer.subscription.deleted", {
      id: sub,
      status: "canceled",
      canceled_at: NOW_S,
      cancellation_details: { reason: "payment_failed" },
    });
    expect((await send(deleted, await signed(deleted))).status).toBe(200);
    expect(await row()).toMatchObject({ status: "cancelled", cancelled_at: NOW_S * 1000, current_period_end: T0 });
  });

  it("keeps the paid month of a membership the member cancelled when Stripe's deletion arrives first", async () => {
    const user = await makeUser();
    const sub = unique("sub_local");
    const periodEnd = T0 + 20 * 86_400_000;
    await env.DB.prepare(
      `INSERT INTO memberships (user_id, status, price_cents, started_at, current_period_end, provider, provider_ref, created_at)
       VALUES (?, 'active', 1999, ?, ?, 'local', ?, ?)`,
    )
      .bind(user.user_id, T0 - 10 * 86_400_000, periodEnd, sub, T0)
      .run();
    const deleted = event("customer.subscription.deleted", {
      id: sub,
      status: "canceled",
      canceled_at: NOW_S,
      cancellation_details: { reason: "cancellation_requested" },
    });
    expect((await send(deleted, await signed(deleted))).status).toBe(200);
    const row = await env.DB.prepare("SELECT status, current_period_end FROM memberships WHERE provider_ref = ?")
      .bind(sub)
      .first();
    expect(row).toEqual({ status: "cancelled", current_period_end: periodEnd });
  });

  it("acknowledges event types it does not act on, and refuses a signed body that is not an event", async () => {
    const other = event("charge.refunded", { id: "ch_1" });
    expect((await send(other, await signed(other))).body).toEqual({ received: true, duplicate: false });
    const notEvent = JSON.stringify({ hello: "world" });
    expect((await send(notEvent, await signed(notEvent))).status).toBe(400);
  });

  it("needs no session and no Origin: Stripe sends neither", async () => {
    const payload = event("charge.succeeded", { id: "ch_2" });
    const res = await SELF.fetch("https://glow.test/api/stripe/webhook", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "stripe-signature": await signed(payload),
        "x-test-now": String(T0),
      },
      body: payload,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, duplicate: false });
  });
});
