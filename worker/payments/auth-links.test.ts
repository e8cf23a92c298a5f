import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { CARDS, key, world } from "../checkout/test-fixtures";
import { handleItem } from "../cron/queue";
import { Client, promote, signUp } from "../test-utils";

/**
 * A later charge the bank wants authenticated (decision 147): a client subscription's card that needs 3-D Secure
 * on every charge (Stripe's 4000 0027 6000 3184) is set up with the client's approval, then its off-session charge
 * a day before the visit is answered "authentication_required". The client is texted a link, the pro told, both
 * screens say it waits for the client; the client approves the charge with the bank from the link and the date is
 * paid once. A card that needs 3-D Secure only when set up (4000 0025 0000 3155) is charged off-session at once.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const FIRST = Date.UTC(2026, 10, 25, 15, 0); // Wed 10:00 in New York, 3 days after T0
const ALWAYS_3DS = "4000002760003184";

async function proWithSub(firstAt = FIRST) {
  const w = await world();
  const pro = new Client();
  const account = await signUp(pro, { name: "Auth Vendor" });
  await promote(account.profile.user_id, { vendorId: w.vendorId });
  await env.DB.prepare("UPDATE vendors SET user_id = ? WHERE vendor_id = ?")
    .bind(account.profile.user_id, w.vendorId)
    .run();
  const phone = `+1646${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
  const created = await pro.post("/api/vendor/me/customer-subscription-active", {
    client_name: "Riley Client",
    client_phone: phone,
    service_id: w.serviceId,
    price_cents: 8500,
    interval_days: 14,
    first_service_at: firstAt,
    address: "12 Main St, Testville",
    zipcode: w.zip,
    idempotency_key: key("csub"),
  });
  expect(created.status).toBe(201);
  const token = (await lastText(phone)).match(/subscription\?t=([A-Za-z0-9_-]+)/)![1]!;
  return { id: created.body.data.client_subscription_id as number, phone, token, pro, proPhone: account.phone };
}

async function lastText(phone: string): Promise<string> {
  const row = await env.DB.prepare('SELECT body FROM outbox WHERE "to" = ? ORDER BY id DESC LIMIT 1')
    .bind(phone)
    .first<{ body: string }>();
  return row?.body ?? "";
}

/** The client enters `number` on the subscription's link and approves the bank's check when it asks. */
async function giveCard(client: Client, token: string, number: string): Promise<string> {
  const pm = await client.post("/api/payments/local/tokenize", {
    number,
    exp: "12/34",
    cvc: "123",
    postal_code: "10001",
  });
  expect(pm.status).toBe(201);
  const id = pm.body.data.id as string;
  const first = await client.post("/api/client-subscription/card", { token, payment_method_id: id });
  expect(first.status).toBe(202);
  const approved = await client.post("/api/payments/local/authenticate-setup", {
    client_secret: first.body.data.setup_intent.client_secret,
    approve: true,
  });
  expect(approved.body.data.setup_intent.status).toBe("succeeded");
  const again = await client.post("/api/client-subscription/card", { token, payment_method_id: id });
  expect(again.status).toBe(200);
  return id;
}

async function paid(id: number) {
  const sub = await env.DB.prepare("SELECT last_charged_for FROM client_subscriptions WHERE client_subscription_id = ?")
    .bind(id)
    .first<{ last_charged_for: number | null }>();
  const earnings = await env.DB.prepare("SELECT count(*) AS n FROM vendor_earnings WHERE ref = ?")
    .bind(`csub:${id}:${FIRST}`)
    .first<{ n: number }>();
  return { last_charged_for: sub!.last_charged_for, earnings: earnings!.n };
}

const chargeTick = FIRST - 20 * HOUR;

describe("a later charge that needs the customer's authentication", () => {
  it("texts the client a link, shows it waiting, and pays the date once the client approves it with the bank", async () => {
    const s = await proWithSub();
    const client = new Client();
    const pm = await giveCard(client, s.token, ALWAYS_3DS);

    expect(await handleItem(env, { kind: "csub_charge", id: s.id, at: FIRST }, chargeTick)).toBe(
      "needs_authentication",
    );
    const text = await lastText(s.phone);
    expect(text).toMatch(/approve the payment/);
    const token = text.match(/\/authenticate\?t=([A-Za-z0-9_-]+)/)![1]!;
    expect(await lastText(s.proPhone)).toContain("waiting for them");
    expect(await paid(s.id)).toEqual({ last_charged_for: null, earnings: 0 });
    // Both screens say it waits for the client (not a decline).
    const clientView = await client.post("/api/client-subscription/view", { token: s.token });
    expect(clientView.body.data).toMatchObject({ awaiting_authentication: true, declined: false });
    const proList = await s.pro.get("/api/vendor/me/customer-subscription");
    const mine = (proList.body.data as { client_subscription_id: number; awaiting_authentication: boolean }[]).find(
      (x) => x.client_subscription_id === s.id,
    );
    expect(mine?.awaiting_authentication).toBe(true);
    // The queue delivers the item again: it was done, nothing is charged or texted again.
    const texts = await env.DB.prepare('SELECT count(*) AS n FROM outbox WHERE "to" = ?')
      .bind(s.phone)
      .first<{ n: number }>();
    expect(await handleItem(env, { kind: "csub_charge", id: s.id, at: FIRST }, chargeTick + 1)).toBe("skipped");
    expect(
      (await env.DB.prepare('SELECT count(*) AS n FROM outbox WHERE "to" = ?').bind(s.phone).first<{ n: number }>())!.n,
    ).toBe(texts!.n);

    // The link's page: the charge to approve, on the client's saved card.
    const page = new Client();
    page.now = chargeTick + HOUR;
    const open = await page.post("/api/payments/auth-link", { token });
    expect(open.status).toBe(200);
    expect(open.body.data).toMatchObject({ status: "open", amount_cents: 8500, payment_method_id: pm });
    const secret = open.body.data.payment_intent.client_secret as string;
    // The browser confirms the same intent with the card, the bank asks, the client approves.
    const confirmed = await page.post("/api/payments/local/confirm", { client_secret: secret, payment_method_id: pm });
    expect(confirmed.body.data.payment_intent.status).toBe("requires_action");
    const approved = await page.post("/api/payments/local/authenticate", { client_secret: secret, approve: true });
    expect(approved.body.data.payment_intent.status).toBe("succeeded");

    // 20 tabs report back at once: the date is paid once, the pro earns once and is told once.
    const done = await Promise.all(Array.from({ length: 20 }, () => page.post("/api/payments/auth-link", { token })));
    for (const d of done) expect(d.body.data).toMatchObject({ status: "completed", payment_intent: null });
    expect(await paid(s.id)).toEqual({ last_charged_for: FIRST, earnings: 1 });
    const told = await env.DB.prepare('SELECT count(*) AS n FROM outbox WHERE "to" = ? AND body LIKE ?')
      .bind(s.proPhone, "%approved the payment%")
      .first<{ n: number }>();
    expect(told!.n).toBe(1);
    const after = await client.post("/api/client-subscription/view", { token: s.token });
    expect(after.body.data.awaiting_authentication).toBe(false);
    // The link keeps answering "completed", even after it would have expired.
    page.now = FIRST + 5 * DAY;
    expect((await page.post("/api/payments/auth-link", { token })).body.data.status).toBe("completed");
  });

  it("a link is single-purpose: a wrong or malformed token opens nothing; it expires at the visit", async () => {
    const s = await proWithSub();
    await giveCard(new Client(), s.token, ALWAYS_3DS);
    expect(await handleItem(env, { kind: "csub_charge", id: s.id, at: FIRST }, chargeTick)).toBe(
      "needs_authentication",
    );
    const token = (await lastText(s.phone)).match(/\/authenticate\?t=([A-Za-z0-9_-]+)/)![1]!;
    const page = new Client();
    page.now = chargeTick;
    const wrong = await page.post("/api/payments/auth-link", {
      token: token.replace(/^./, (c) => (c === "A" ? "B" : "A")),
    });
    expect(wrong.status).toBe(404);
    expect(wrong.body.error.code).toBe("PAYMENT_AUTH_LINK_INVALID");
    // The subscription's own link is not an authentication link.
    expect((await page.post("/api/payments/auth-link", { token: s.token })).body.error.code).toBe(
      "PAYMENT_AUTH_LINK_INVALID",
    );
    expect((await page.post("/api/payments/auth-link", { token: "short" })).status).toBe(400);
    expect((await page.post("/api/payments/auth-link", {})).status).toBe(400);
    // Bound to the customer: were the intent to charge another customer, the link would not open it.
    await env.DB.prepare("UPDATE payment_auth_links SET customer_id = 'cus_someone_else' WHERE ref = ?")
      .bind(`csub:${s.id}:${FIRST}`)
      .run();
    expect((await page.post("/api/payments/auth-link", { token })).body.error.code).toBe("PAYMENT_AUTH_LINK_INVALID");
    await env.DB.prepare(
      "UPDATE payment_auth_links SET customer_id = (SELECT customer_id FROM client_subscriptions WHERE client_subscription_id = ?) WHERE ref = ?",
    )
      .bind(s.id, `csub:${s.id}:${FIRST}`)
      .run();
    expect((await page.post("/api/payments/auth-link", { token })).status).toBe(200);
    // At the visit the link has closed.
    page.now = FIRST;
    const late = await page.post("/api/payments/auth-link", { token });
    expect(late.status).toBe(410);
    expect(late.body.error.code).toBe("PAYMENT_AUTH_LINK_EXPIRED");
    expect(await paid(s.id)).toEqual({ last_charged_for: null, earnings: 0 });
  });

  it("a card that needs 3-D Secure only when saved (4000 0025 0000 3155) is charged off-session without the client", async () => {
    const s = await proWithSub();
    await giveCard(new Client(), s.token, CARDS.threeDS);
    expect(await handleItem(env, { kind: "csub_charge", id: s.id, at: FIRST }, chargeTick)).toBe("charged");
    expect(await paid(s.id)).toEqual({ last_charged_for: FIRST, earnings: 1 });
    expect(await lastText(s.phone)).not.toMatch(/authenticate\?t=/);
  });
});
