import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { Client, freshPhone, lastCodeSentTo, T0 } from "../../test-utils";

/** Signup never answers 500, also when other rows already point at the pending signup it replaces. */
async function pendingUserId(phone: string): Promise<number> {
  const row = await env.DB.prepare("SELECT user_id FROM users WHERE phone = ? AND status = 'pending'")
    .bind(phone)
    .first<{ user_id: number }>();
  return row!.user_id;
}

describe("POST /api/accounts over a pending signup", () => {
  it(
    "replaces a pending signup that a vendor's payment request points at, instead of answering 500",
    { timeout: 30_000 },
    async () => {
      const phone = freshPhone();
      const first = new Client();
      const account = {
        name: "Pia Pending",
        phone,
        email: `${phone.slice(2)}@example.com`,
        password: "first password",
      };
      expect((await first.post("/api/accounts", account)).status).toBe(201);
      const id = await pendingUserId(phone);
      // What requestCustomerPayment wrote before this fix: the pending user as the client.
      const vendor = await env.DB.prepare(
        `INSERT INTO users (name, phone, email, status, referral_code, created_at, updated_at)
       VALUES ('Vee', ?, ?, 'active', ?, ?, ?) RETURNING user_id`,
      )
        .bind(freshPhone(), `vee-${phone.slice(2)}@example.com`, `VEE${phone.slice(-6)}`, T0, T0)
        .first<{ user_id: number }>();
      const v = await env.DB.prepare(
        "INSERT INTO vendors (user_id, display_name, tz, created_at, updated_at) VALUES (?, 'Vee', 'America/New_York', ?, ?) RETURNING vendor_id",
      )
        .bind(vendor!.user_id, T0, T0)
        .first<{ vendor_id: number }>();
      await env.DB.prepare(
        `INSERT INTO payment_requests (vendor_id, client_phone, client_user_id, amount_cents, description, token_hash,
         status, expires_at, idempotency_key, created_at, updated_at)
       VALUES (?, ?, ?, 2500, 'Extra', ?, 'open', ?, ?, ?, ?)`,
      )
        .bind(v!.vendor_id, phone, id, `hash-${phone}`, T0 + 86_400_000, `key-${phone}`, T0, T0)
        .run();

      const again = new Client();
      again.now = T0 + 31_000;
      const retried = await again.post("/api/accounts", {
        ...account,
        name: "Pia Proper",
        password: "second password",
      });
      expect(retried.status, JSON.stringify(retried.body)).toBe(201);
      expect(await pendingUserId(phone)).toBe(id);
      const code = await lastCodeSentTo(phone);
      const done = await again.post("/api/validateOtp", { phone, code });
      expect(done.status).toBe(200);
      expect(done.body.data).toMatchObject({ user_id: id, name: "Pia Proper" });
      const login = await new Client().post("/api/login", { phone, password: "second password" });
      expect(login.status).toBe(200);
    },
  );

  it("moves an email from another pending signup to the new one", { timeout: 30_000 }, async () => {
    const email = `moved-${Date.now()}@example.com`;
    const a = new Client();
    const phoneA = freshPhone();
    expect(
      (await a.post("/api/accounts", { name: "Ann", phone: phoneA, email, password: "password one" })).status,
    ).toBe(201);
    const b = new Client();
    const phoneB = freshPhone();
    const res = await b.post("/api/accounts", { name: "Bea", phone: phoneB, email, password: "password two" });
    expect(res.status).toBe(201);
    const done = await b.post("/api/validateOtp", { phone: phoneB, code: await lastCodeSentTo(phoneB) });
    expect(done.body.data).toMatchObject({ email, name: "Bea" });
  });

  it("answers one 201 and no 500 when the same signup is sent 20 times at once", { timeout: 30_000 }, async () => {
    const phone = freshPhone();
    const account = { name: "Racer", phone, email: `${phone.slice(2)}@example.com`, password: "race password" };
    const replies = await Promise.all(Array.from({ length: 20 }, () => new Client().post("/api/accounts", account)));
    expect(replies.filter((r) => r.status >= 500)).toEqual([]);
    expect(replies.filter((r) => r.status === 201).length).toBeGreaterThanOrEqual(1);
  });
});
