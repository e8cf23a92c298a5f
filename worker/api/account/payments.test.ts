import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { bookedJob, customer, world } from "../../checkout/test-fixtures";
import { Client, T0 } from "../../test-utils";

/** A succeeded refund of part of a payment, as the cancel and refund paths write it. */
async function refund(intentId: string, cents: number, at: number) {
  const row = await env.DB.prepare(
    `INSERT INTO refunds (payment_intent_id, amount_cents, reason, status, idempotency_key, created_at)
     VALUES (?, ?, 'requested_by_customer', 'succeeded', ?, ?) RETURNING refund_id`,
  )
    .bind(intentId, cents, `test-refund:${intentId}:${at}`, at)
    .first<{ refund_id: number }>();
  return row!.refund_id;
}

async function credit(userId: number, cents: number, reason: string, ref: string, at: number) {
  const row = await env.DB.prepare(
    `INSERT INTO credit_ledger (user_id, delta_cents, reason, ref, note, created_at) VALUES (?, ?, ?, ?, NULL, ?)
     RETURNING entry_id`,
  )
    .bind(userId, cents, reason, ref, at)
    .first<{ entry_id: number }>();
  return row!.entry_id;
}

describe("GET /api/account/payments and /api/account/payments/:id", () => {
  it("lists a booking's charge, its refund and credit entries, newest first, with a receipt for each", async () => {
    const w = await world();
    const job = await bookedJob(w, w.vendorId);
    const me = (await job.client.get("/api/account/user/profile")).body.data[0].user_id as number;
    const pi = await env.DB.prepare(
      "SELECT id, amount_cents FROM payment_intents WHERE user_id = ? AND purpose = 'order'",
    )
      .bind(me)
      .first<{ id: string; amount_cents: number }>();
    const rf = await refund(pi!.id, 2_000, T0 + 60_000);
    const gift = await credit(me, 5_000, "gift_card", "gift_card:77", T0 + 120_000);

    const list = await job.client.get("/api/account/payments");
    expect(list.status).toBe(200);
    expect(list.body.data).toMatchObject({ page: 1, has_more: false });
    expect(list.body.data.entries.map((e: any) => [e.id, e.kind, e.direction, e.amount_cents])).toEqual([
      [`cr:${gift}`, "credit", "credit_added", 5_000],
      [`rf:${rf}`, "refund", "returned", 2_000],
      [`pi:${pi!.id}`, "charge", "paid", pi!.amount_cents],
    ]);
    expect(list.body.data.entries[0].title).toBe("Gift card redeemed");

    // The charge's receipt: what it paid for, the card, and the money sent back.
    const charge = await job.client.get(`/api/account/payments/${encodeURIComponent(`pi:${pi!.id}`)}`);
    expect(charge.status).toBe(200);
    expect(charge.body.data).toMatchObject({
      id: `pi:${pi!.id}`,
      kind: "charge",
      amount_cents: pi!.amount_cents,
      card: "Visa •••• 4242",
      refunds: [{ id: `rf:${rf}`, amount_cents: 2_000 }],
      original: null,
    });
    expect(charge.body.data.lines).toEqual([
      { label: expect.any(String), when: "2026-11-24 10:00", time_zone: expect.any(String), amount_cents: 9_000 },
    ]);
    // The refund's receipt names the payment it came from.
    const back = await job.client.get(`/api/account/payments/${encodeURIComponent(`rf:${rf}`)}`);
    expect(back.body.data).toMatchObject({
      kind: "refund",
      amount_cents: 2_000,
      original: { id: `pi:${pi!.id}`, amount_cents: pi!.amount_cents },
    });
  });

  it("shows only the customer's own: another person's receipt is NOT_FOUND and absent from their list", async () => {
    const w = await world();
    const owner = await bookedJob(w, w.vendorId);
    const pi = await env.DB.prepare(
      "SELECT id FROM payment_intents WHERE purpose = 'order' ORDER BY created_at DESC, rowid DESC LIMIT 1",
    ).first<{ id: string }>();
    const other = await customer();
    const theirs = await other.client.get(`/api/account/payments/${encodeURIComponent(`pi:${pi!.id}`)}`);
    expect([theirs.status, theirs.body.error.code]).toEqual([404, "NOT_FOUND"]);
    expect((await other.client.get("/api/account/payments")).body.data.entries).toEqual([]);
    expect((await owner.client.get(`/api/account/payments/${encodeURIComponent(`pi:${pi!.id}`)}`)).status).toBe(200);
    // Signed out: no history at all.
    expect((await new Client().get("/api/account/payments")).status).toBe(401);
  });

  it("pages by 20 without overlap, and refuses a bad page or id with a catalogue error", async () => {
    const { client, userId } = await customer();
    for (let i = 0; i < 45; i++) await credit(userId, 100 + i, "admin", `test:${i}`, T0 + (i % 5) * 1_000);
    const seen: string[] = [];
    for (const page of [1, 2, 3]) {
      const res = await client.get(`/api/account/payments?page=${page}`);
      expect(res.status).toBe(200);
      expect(res.body.data.has_more).toBe(page < 3);
      seen.push(...res.body.data.entries.map((e: any) => e.id));
    }
    expect(seen).toHaveLength(45);
    expect(new Set(seen).size).toBe(45);
    expect((await client.get("/api/account/payments?page=4")).body.data).toEqual({
      entries: [],
      page: 4,
      has_more: false,
    });
    for (const bad of ["0", "-1", "x", "99999"]) {
      const res = await client.get(`/api/account/payments?page=${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.error.code, bad).toBeTruthy();
    }
    for (const bad of ["nope", "pi:", "xx:1", `cr:${"9".repeat(200)}`]) {
      const res = await client.get(`/api/account/payments/${encodeURIComponent(bad)}`);
      expect(res.status, bad).toBe(bad.length > 130 ? 400 : 404);
    }
  });
});
