import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { instantFeeCents } from "../../domain/payout-rules";
import { DEV_LOCAL_WEBHOOK_SECRET } from "../adapters/payments";
import { signWebhookPayload } from "../adapters/payments/signature";
import { world, key } from "../checkout/test-fixtures";
import { Client, promote, signUp, T0 } from "../test-utils";

/** The payout account's state (account.updated, both adapters) and the instant payout opt-in. */

async function vendorClient() {
  const w = await world();
  const client = new Client();
  const account = await signUp(client, { name: "State Vendor" });
  await promote(account.profile.user_id, { vendorId: w.vendorId });
  await env.DB.prepare("UPDATE vendors SET user_id = ? WHERE vendor_id = ?")
    .bind(account.profile.user_id, w.vendorId)
    .run();
  return { ...w, client };
}

async function accountRow(vendorId: number) {
  return env.DB.prepare(
    `SELECT status, payouts_enabled, charges_enabled, details_submitted, requirements_due, disabled_reason, state_at
     FROM connected_accounts WHERE vendor_id = ?`,
  )
    .bind(vendorId)
    .first<Record<string, unknown>>();
}

function accountEvent(
  accountId: string,
  createdS: number,
  state: { payouts: boolean; charges: boolean; submitted: boolean; due?: string[]; reason?: string | null },
  id = key("evt"),
) {
  return JSON.stringify({
    id,
    object: "event",
    type: "account.updated",
    created: createdS,
    data: {
      object: {
        id: accountId,
        object: "account",
        payouts_enabled: state.payouts,
        charges_enabled: state.charges,
        details_submitted: state.submitted,
        requirements: { currently_due: state.due ?? [], past_due: [], disabled_reason: state.reason ?? null },
      },
    },
  });
}

async function post(payload: string, atS = Math.floor(T0 / 1000)) {
  return new Client().post("/api/stripe/webhook", payload, {
    "content-type": "application/json",
    "stripe-signature": await signWebhookPayload(payload, DEV_LOCAL_WEBHOOK_SECRET, atS),
  });
}

describe("payout account state (account.updated)", () => {
  it("the local onboarding page announces each state as a signed account.updated event; the pay screen shows it", async () => {
    const v = await vendorClient();
    const start = await v.client.get("/api/stripe/express-account");
    expect(start.status).toBe(200);
    const accountId = start.body.data.account_id as string;
    const events = async () =>
      (
        await env.DB.prepare("SELECT id FROM webhook_events WHERE type = 'account.updated' AND id LIKE ?")
          .bind(`evt_local_${accountId}_%`)
          .all<{ id: string }>()
      ).results.length;
    expect(await events()).toBe(1);
    const pending = await v.client.post("/api/vendor/me/pay");
    expect(pending.body.data.account).toMatchObject({
      status: "pending",
      payouts_enabled: false,
      charges_enabled: false,
      details_submitted: false,
    });
    expect(pending.body.data.account.requirements_due).toContain("external_account");
    // Asking for the link again announces nothing new (same state, same event id).
    await v.client.get("/api/stripe/express-account");
    expect(await events()).toBe(1);

    const done = await v.client.post("/api/payments/local/connect/onboarding", {
      legal_name: "Pat Vendor",
      routing_number: "110000000",
      account_number: "000123456789",
    });
    expect(done.status).toBe(200);
    expect(await events()).toBe(2);
    const active = await v.client.post("/api/vendor/me/pay");
    expect(active.body.data.account).toMatchObject({
      status: "active",
      payouts_enabled: true,
      charges_enabled: true,
      details_submitted: true,
      requirements_due: [],
      disabled_reason: null,
    });
  });

  it("applies Stripe's event once by id, keeps the newest state when events arrive out of order", async () => {
    const v = await vendorClient();
    const accountId = (await v.client.get("/api/stripe/express-account")).body.data.account_id as string;
    const t = Math.floor(T0 / 1000);
    const restricted = accountEvent(accountId, t + 10, {
      payouts: false,
      charges: true,
      submitted: true,
      due: ["external_account"],
      reason: "requirements.past_due",
    });
    const first = await post(restricted);
    expect(first.body).toEqual({ received: true, duplicate: false });
    expect(await accountRow(v.vendorId)).toMatchObject({
      status: "restricted",
      payouts_enabled: 0,
      charges_enabled: 1,
      details_submitted: 1,
      requirements_due: '["external_account"]',
      disabled_reason: "requirements.past_due",
    });

    // 20 deliveries of the same event at once: applied once, the others are duplicates.
    const storm = await Promise.all(Array.from({ length: 20 }, () => post(restricted)));
    expect(storm.every((r) => r.status === 200 && r.body.duplicate === true)).toBe(true);

    // An older event (onboarding not finished) delivered late does not undo the newer state.
    await post(accountEvent(accountId, t + 5, { payouts: false, charges: false, submitted: false, due: ["x"] }));
    expect(await accountRow(v.vendorId)).toMatchObject({ status: "restricted", state_at: (t + 10) * 1000 });

    // The newer one (requirements met) makes it active.
    await post(accountEvent(accountId, t + 20, { payouts: true, charges: true, submitted: true }));
    expect(await accountRow(v.vendorId)).toMatchObject({
      status: "active",
      payouts_enabled: 1,
      requirements_due: "[]",
      disabled_reason: null,
    });
    const pay = await v.client.post("/api/vendor/me/pay");
    expect(pay.body.data.account).toMatchObject({ status: "active", payouts_enabled: true });
  });
});

describe("instant payouts are an opt-in (vendors.instant_payout_enabled)", () => {
  it("refused with INSTANT_PAYOUT_NOT_ENABLED until the pro turns them on; then 20 at once make one transfer", async () => {
    const v = await vendorClient();
    await env.DB.prepare(
      "INSERT INTO vendor_earnings (vendor_id, kind, amount_cents, ref, created_at) VALUES (?, 'tip', 6000, ?, ?)",
    )
      .bind(v.vendorId, key("earn"), T0)
      .run();
    const accountId = (await v.client.get("/api/stripe/express-account")).body.data.account_id as string;
    await v.client.post("/api/payments/local/connect/onboarding", {
      legal_name: "Pat Vendor",
      routing_number: "110000000",
      account_number: "000123456789",
    });
    const off = await v.client.post("/api/vendor/instant-transfer");
    expect(off.status).toBe(409);
    expect(off.body.error.code).toBe("INSTANT_PAYOUT_NOT_ENABLED");
    expect((await v.client.post("/api/vendor/me/pay")).body.data).toMatchObject({
      instant_payout_enabled: false,
      available_cents: 6000,
    });
    expect((await v.client.post("/api/vendor/me/instant-payout", { enabled: "yes" })).status).toBe(400);
    expect((await new Client().post("/api/vendor/me/instant-payout", { enabled: true })).status).toBe(401);

    expect((await v.client.post("/api/vendor/me/instant-payout", { enabled: true })).status).toBe(200);
    const storm = await Promise.all(Array.from({ length: 20 }, () => v.client.post("/api/vendor/instant-transfer")));
    expect(storm.filter((r) => r.status === 200).length).toBeGreaterThan(0);
    const t = await env.DB.prepare(
      "SELECT count(*) AS n, coalesce(sum(amount_cents), 0) AS cents FROM local_transfers WHERE account_id = ?",
    )
      .bind(accountId)
      .first();
    expect(t).toEqual({ n: 1, cents: 6000 - instantFeeCents(6000) });

    // Turned off again: refused again, even with a balance.
    await env.DB.prepare(
      "INSERT INTO vendor_earnings (vendor_id, kind, amount_cents, ref, created_at) VALUES (?, 'tip', 6000, ?, ?)",
    )
      .bind(v.vendorId, key("earn"), T0)
      .run();
    await v.client.post("/api/vendor/me/instant-payout", { enabled: false });
    expect((await v.client.post("/api/vendor/instant-transfer")).body.error.code).toBe("INSTANT_PAYOUT_NOT_ENABLED");
  });
});
