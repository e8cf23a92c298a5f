import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  env,
  getQueueResult,
} from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { instantFeeCents, lastClosedPeriod } from "../../domain/payout-rules";
import worker from "../api-entry";
import { world, CARDS, customer as customerFixture, key, saveCard } from "../checkout/test-fixtures";
import { Client, promote, signUp, T0 } from "../test-utils";
import { enqueueDue, handleItem, keyOf, type CronEnvelope } from "./queue";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

async function vendorClient() {
  const w = await world();
  const client = new Client();
  const account = await signUp(client, { name: "Pay Vendor" });
  await promote(account.profile.user_id, { vendorId: w.vendorId });
  await env.DB.prepare("UPDATE vendors SET user_id = ? WHERE vendor_id = ?")
    .bind(account.profile.user_id, w.vendorId)
    .run();
  return { ...w, client, phone: account.phone };
}

async function earn(vendorId: number, cents: number, createdAt = T0) {
  await env.DB.prepare(
    "INSERT INTO vendor_earnings (vendor_id, kind, amount_cents, ref, created_at) VALUES (?, 'tip', ?, ?, ?)",
  )
    .bind(vendorId, cents, key("earn"), createdAt)
    .run();
}

async function onboard(client: Client) {
  const start = await client.get("/api/stripe/express-account");
  expect(start.status).toBe(200);
  expect(start.body.data.url).toContain("/business/payouts-onboarding?account=");
  const done = await client.post("/api/payments/local/connect/onboarding", {
    legal_name: "Pat Vendor",
    routing_number: "110000000",
    account_number: "000123456789",
  });
  expect(done.status).toBe(200);
  return start.body.data.account_id as string;
}

async function transfersTo(accountId: string) {
  const r = await env.DB.prepare(
    "SELECT count(*) AS n, coalesce(sum(amount_cents), 0) AS cents FROM local_transfers WHERE account_id = ?",
  )
    .bind(accountId)
    .first<{ n: number; cents: number }>();
  return r!;
}

describe("the pro's pay and payouts", () => {
  it("pay shows the balance; 50 concurrent instant transfers make one transfer of the balance less the fee", async () => {
    const v = await vendorClient();
    await earn(v.vendorId, 7000);
    await earn(v.vendorId, 1000);
    const noAccount = await v.client.post("/api/vendor/instant-transfer");
    expect(noAccount.body.error.code).toBe("PAYOUT_ACCOUNT_REQUIRED");
    const bad = await v.client.post("/api/payments/local/connect/onboarding", { legal_name: "P", routing_number: "1" });
    expect(bad.status).toBe(400);
    const accountId = await onboard(v.client);

    const pay = await v.client.post("/api/vendor/me/pay");
    expect(pay.status).toBe(200);
    expect(pay.body.data).toMatchObject({
      available_cents: 8000,
      account: { status: "active", payouts_enabled: true },
    });
    expect(pay.body.data.next_payout_at).toBeGreaterThan(T0);

    expect((await v.client.post("/api/vendor/me/instant-payout", { enabled: true })).status).toBe(200);
    const storm = await Promise.all(Array.from({ length: 50 }, () => v.client.post("/api/vendor/instant-transfer")));
    expect(storm.every((r) => r.status === 200 || r.body.error?.code === "PAYOUT_NOTHING_AVAILABLE")).toBe(true);
    const t = await transfersTo(accountId);
    expect(t).toEqual({ n: 1, cents: 8000 - instantFeeCents(8000) });
    const after = await v.client.post("/api/vendor/me/pay");
    expect(after.body.data.available_cents).toBe(0);
    const history = await v.client.post("/api/vendor/me/pay-complete", { page: 1 });
    expect(history.body.data).toHaveLength(1);
    expect(history.body.data[0]).toMatchObject({
      kind: "instant",
      status: "paid",
      amount_cents: 8000 - instantFeeCents(8000),
    });
    expect((await v.client.post("/api/vendor/me/pay-complete", { page: 0 })).status).toBe(400);

    const login = await v.client.get("/api/stripe/account-login");
    expect(login.body.data.url).toContain("/business/pay");
    const customer = new Client();
    await signUp(customer);
    expect((await customer.post("/api/vendor/me/pay")).status).toBe(403);
    expect((await customer.post("/api/vendor/instant-transfer")).status).toBe(403);
    expect((await new Client().get("/api/stripe/express-account")).status).toBe(401);
    const deleted = await v.client.call("DELETE", "/api/stripe/account-delete");
    expect(deleted.status).toBe(200);
    expect((await v.client.get("/api/stripe/account-login")).body.error.code).toBe("PAYOUT_ACCOUNT_REQUIRED");
  }, 30_000);

  it("the weekly payout is one per pro and period, however often the cron runs; terminated pros are paused", async () => {
    const v = await vendorClient();
    const accountId = await onboard(v.client);
    const now = T0 + 7 * DAY;
    const period = lastClosedPeriod(now);
    await earn(v.vendorId, 5000, period.start + HOUR);
    await earn(v.vendorId, 700, now - HOUR); // this week: next period's
    const sent: CronEnvelope[] = [];
    const send = async (m: CronEnvelope[]) => void sent.push(...m);
    await enqueueDue(env, now, send);
    await enqueueDue(env, now, send);
    const mine = sent.filter((m) => m.kind === "payout" && m.vendor_id === v.vendorId);
    expect(mine).toHaveLength(2); // not done yet between the two ticks: both enqueue, the consumer does it once
    for (const m of [...mine, ...mine]) await handleItem(env, m, now);
    expect(await transfersTo(accountId)).toEqual({ n: 1, cents: 5000 });
    const again: CronEnvelope[] = [];
    await enqueueDue(env, now, async (m) => void again.push(...m));
    expect(again.filter((m) => m.kind === "payout" && m.vendor_id === v.vendorId)).toHaveLength(0);

    await env.DB.prepare("UPDATE vendors SET status = 'terminated' WHERE vendor_id = ?").bind(v.vendorId).run();
    expect(
      await handleItem(
        env,
        { kind: "payout", vendor_id: v.vendorId, period_start: period.start + 7 * DAY },
        now + 7 * DAY,
      ),
    ).toBe("paused");
    // A terminated pro starts no payout: the account policy refuses it before the payout rules (decision 118).
    expect((await v.client.post("/api/vendor/instant-transfer")).body.error.code).toBe("VENDOR_TERMINATED");
  });
});

async function createSub(
  v: Awaited<ReturnType<typeof vendorClient>>,
  firstAt: number,
  extra: Record<string, unknown> = {},
) {
  return v.client.post("/api/vendor/me/customer-subscription-active", {
    client_name: "Riley Client",
    client_phone: `+1646${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`,
    service_id: v.serviceId,
    price_cents: 8500,
    interval_days: 14,
    first_service_at: firstAt,
    address: "12 Main St, Testville",
    zipcode: v.zip,
    idempotency_key: key("csub"),
    ...extra,
  });
}

async function linkTokenFor(phone: string): Promise<string> {
  const row = await env.DB.prepare('SELECT body FROM outbox WHERE "to" = ? ORDER BY id DESC LIMIT 1')
    .bind(phone)
    .first<{ body: string }>();
  const token = row?.body.match(/subscription\?t=([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`no link in ${row?.body}`);
  return token;
}

async function addCard(token: string, number: string, now = T0) {
  const client = new Client();
  client.now = now;
  const pm = await client.post("/api/payments/local/tokenize", {
    number,
    exp: "12/34",
    cvc: "123",
    postal_code: "10001",
  });
  expect(pm.status).toBe(201);
  return client.post("/api/client-subscription/card", { token, payment_method_id: pm.body.data.id });
}

async function chargesFor(id: number) {
  const r = await env.DB.prepare(
    "SELECT count(*) AS n FROM payment_intents WHERE purpose = 'client_subscription' AND ref LIKE ? AND status = 'succeeded'",
  )
    .bind(`csub:${id}:%`)
    .first<{ n: number }>();
  return r!.n;
}

describe("client subscriptions", () => {
  const FIRST = Date.UTC(2026, 10, 25, 15, 0); // Wed 10:00 in New York, 3 days after T0

  it("a pro creates one, the client adds a card from the texted link, two scheduled runs charge it once", async () => {
    const v = await vendorClient();
    const created = await createSub(v, FIRST);
    expect(created.body.error ?? null).toBeNull();
    expect(created.status).toBe(201);
    const sub = created.body.data;
    expect(sub).toMatchObject({ status: "created", price_cents: 8500 });
    expect(sub.next_dates).toHaveLength(4);
    // The dates are bookings on the pro's calendar: the same time again is refused.
    const clash = await createSub(v, FIRST + 14 * DAY);
    expect(clash.body.error.code).toBe("VSUBSCRIPTION_UNAVAILABLE_SCHEDULE");
    expect((await createSub(v, FIRST + HOUR * 3, { zipcode: "00000" })).body.error.code).toBe("INVALID_ADDRESS");
    expect((await createSub(v, T0 + HOUR)).body.error.code).toBe("ERROR_VSUBSCRIPTION");
    expect((await createSub(v, FIRST, { price_cents: 12.5 })).status).toBe(400);

    const token = await linkTokenFor(sub.client_phone);
    const view = await new Client().post("/api/client-subscription/view", { token });
    expect(view.body.data).toMatchObject({ status: "created", card: null });
    const carded = await addCard(token, CARDS.ok);
    expect(carded.status).toBe(200);
    expect(carded.body.data).toMatchObject({ status: "active", card: { last4: "4242" } });
    const list = await v.client.get("/api/vendor/me/customer-subscription");
    expect(
      list.body.data.find(
        (s: { client_subscription_id: number }) => s.client_subscription_id === sub.client_subscription_id,
      ),
    ).toMatchObject({ status: "active" });

    const tick = FIRST - 23 * HOUR;
    for (let i = 0; i < 2; i++) {
      await worker.scheduled(createScheduledController({ scheduledTime: tick, cron: "*/5 * * * *" }), env);
    }
    const k = keyOf({ kind: "csub_charge", id: sub.client_subscription_id, at: FIRST });
    for (let i = 0; i < 100; i++) {
      if (await env.DB.prepare("SELECT 1 FROM cron_items WHERE key = ?").bind(k).first()) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await chargesFor(sub.client_subscription_id)).toBe(1);
    const sent: CronEnvelope[] = [];
    await enqueueDue(env, tick, async (m) => void sent.push(...m));
    expect(sent.filter((m) => m.kind === "csub_charge" && m.id === sub.client_subscription_id)).toHaveLength(0);
  });

  it("a message delivered twice charges once; a declined card texts the client a link and tells the pro", async () => {
    const v = await vendorClient();
    const a = (await createSub(v, FIRST)).body.data;
    await addCard(await linkTokenFor(a.client_phone), CARDS.ok);
    const body: CronEnvelope = {
      kind: "csub_charge",
      id: a.client_subscription_id,
      at: FIRST,
      tick: FIRST - 20 * HOUR,
    };
    const batch = createMessageBatch<CronEnvelope>("athome-spa-cron", [
      { id: "m1", timestamp: FIRST, attempts: 1, body },
      { id: "m2", timestamp: FIRST, attempts: 1, body },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks.sort()).toEqual(["m1", "m2"]);
    expect(await chargesFor(a.client_subscription_id)).toBe(1);

    const b = (await createSub(v, FIRST + 2 * HOUR)).body.data;
    // A card that saves (the issuer's check passes) and then declines its charges (Stripe's 4000 0000 0000 0341).
    await addCard(await linkTokenFor(b.client_phone), "4000000000000341");
    expect(
      await handleItem(
        env,
        { kind: "csub_charge", id: b.client_subscription_id, at: b.next_dates[0].at },
        FIRST - 20 * HOUR,
      ),
    ).toBe("declined");
    const texted = await env.DB.prepare('SELECT body FROM outbox WHERE "to" = ? ORDER BY id DESC LIMIT 1')
      .bind(b.client_phone)
      .first<{ body: string }>();
    expect(texted!.body).toMatch(/declined.*subscription\?t=/);
    const pro = await env.DB.prepare('SELECT body FROM outbox WHERE "to" = ? ORDER BY id DESC LIMIT 1')
      .bind(v.phone)
      .first<{ body: string }>();
    expect(pro!.body).toContain("declined");
    // The client fixes the card from the new link within the 24 hours: charged at once.
    const fixed = await addCard(await linkTokenFor(b.client_phone), CARDS.ok, FIRST - 10 * HOUR);
    expect(fixed.status).toBe(200);
    expect(await chargesFor(b.client_subscription_id)).toBe(1);
  });

  it("a price rise waits for the client's approval, else the subscription cancels itself; cancelled is final", async () => {
    const v = await vendorClient();
    const s = (await createSub(v, FIRST)).body.data;
    await addCard(await linkTokenFor(s.client_phone), CARDS.ok);
    const raised = await v.client.post("/api/vendor/me/update-client-subscription", {
      client_subscription_id: s.client_subscription_id,
      price_cents: 9900,
    });
    expect(raised.body.data).toMatchObject({
      status: "pending_approval",
      pending_price_cents: 9900,
      price_cents: 8500,
    });
    const token = await linkTokenFor(s.client_phone);
    const approved = await new Client().post("/api/client-subscription/approve", { token });
    expect(approved.body.data).toMatchObject({ status: "active", price_cents: 9900, pending_price_cents: null });

    await v.client.post("/api/vendor/me/update-client-subscription", {
      client_subscription_id: s.client_subscription_id,
      price_cents: 11000,
    });
    const sent: CronEnvelope[] = [];
    await enqueueDue(env, FIRST - 23 * HOUR, async (m) => void sent.push(...m));
    const auto = sent.find((m) => m.kind === "csub_autocancel" && m.id === s.client_subscription_id)!;
    expect(auto).toBeTruthy();
    expect(sent.some((m) => m.kind === "csub_charge" && m.id === s.client_subscription_id)).toBe(false);
    expect(await handleItem(env, auto, FIRST - 23 * HOUR)).toBe("cancelled");
    const got = await v.client.post("/api/vendor/me/getCustomerSubscription", {
      client_subscription_id: s.client_subscription_id,
    });
    expect(got.body.data.status).toBe("cancelled");
    const again = await v.client.post("/api/vendor/me/update-client-subscription", {
      client_subscription_id: s.client_subscription_id,
      price_cents: 9000,
    });
    expect(again.body.error.code).toBe("ERROR_VSUBSCRIPTION");
    // Its dates are free again.
    expect((await createSub(v, FIRST)).status).toBe(201);

    const other = await vendorClient();
    expect(
      (
        await other.client.post("/api/vendor/me/getCustomerSubscription", {
          client_subscription_id: s.client_subscription_id,
        })
      ).status,
    ).toBe(404);
  });
});

describe("membership renewal (local adapter)", () => {
  async function member() {
    const { client, userId } = await customerFixture();
    const { methodId } = await saveCard(userId);
    expect((await client.post("/api/subscriptions", {})).status).toBe(201);
    const m = await env.DB.prepare(
      "SELECT membership_id, current_period_end FROM memberships WHERE user_id = ? AND status = 'active'",
    )
      .bind(userId)
      .first<{ membership_id: number; current_period_end: number }>();
    return { ...m!, methodId };
  }
  const due = async (now: number, id: number) => {
    const sent: CronEnvelope[] = [];
    await enqueueDue(env, now, async (m) => void sent.push(...m));
    return sent.filter((m) => m.kind === "membership_renewal" && m.membership_id === id);
  };

  it("renews once per period; a card that keeps failing ends the membership after 3 daily attempts", async () => {
    const a = await member();
    const [renewal] = await due(a.current_period_end + HOUR, a.membership_id);
    expect(renewal).toBeTruthy();
    expect(await handleItem(env, renewal!, a.current_period_end + HOUR)).toBe("renewed");
    expect(await handleItem(env, renewal!, a.current_period_end + HOUR)).toBe("skipped");
    expect(await due(a.current_period_end + HOUR, a.membership_id)).toHaveLength(0);

    const b = await member();
    await env.DB.prepare(
      "UPDATE local_payment_methods SET outcome = 'decline', error_code = 'card_declined', decline_code = 'generic_decline' WHERE id = ?",
    )
      .bind(b.methodId)
      .run();
    const outcomes: string[] = [];
    for (let day = 0; day < 3; day++) {
      const at = b.current_period_end + day * DAY + HOUR;
      const [m] = await due(at, b.membership_id);
      outcomes.push(await handleItem(env, m!, at));
    }
    expect(outcomes).toEqual(["declined", "declined", "ended_declined"]);
    const row = await env.DB.prepare("SELECT status FROM memberships WHERE membership_id = ?")
      .bind(b.membership_id)
      .first();
    expect(row).toEqual({ status: "cancelled" });
  });
});
