import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createApp } from "../../app";
import { Client, ORIGIN, signUp } from "../../test-utils";

/** Emails are verified through the email port before Google sign-in can link them (056-email-verification.md). */
const CLIENT_ID = "1234-test.apps.googleusercontent.com";

const b64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
const encodeJson = (value: unknown) => b64url(new TextEncoder().encode(JSON.stringify(value)));

async function google() {
  const pair = (await crypto.subtle.generateKey(
    { name: "RSASSA-PKCS1-v1_5", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" },
    true,
    ["sign", "verify"],
  )) as CryptoKeyPair;
  const jwk = (await crypto.subtle.exportKey("jwk", pair.publicKey)) as JsonWebKey;
  const jwks = JSON.stringify({ keys: [{ ...jwk, kid: "k1", alg: "RS256", use: "sig" }] });
  const app = createApp();
  const testEnv = { ...env, GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS: jwks };
  return async (email: string, sub = `g-${crypto.randomUUID()}`) => {
    const head = encodeJson({ alg: "RS256", kid: "k1", typ: "JWT" });
    const body = encodeJson({
      iss: "https://accounts.google.com",
      aud: CLIENT_ID,
      sub,
      email,
      email_verified: true,
      name: "Gia Park",
      exp: Math.floor(Date.now() / 1000) + 600,
    });
    const sig = await crypto.subtle.sign(
      "RSASSA-PKCS1-v1_5",
      pair.privateKey,
      new TextEncoder().encode(`${head}.${body}`),
    );
    const res = await app.request(
      `${ORIGIN}/api/auth/google`,
      {
        method: "POST",
        headers: { "content-type": "application/json", origin: ORIGIN, "cf-connecting-ip": "10.33.0.1" },
        body: JSON.stringify({ credential: `${head}.${body}.${b64url(new Uint8Array(sig))}` }),
      },
      testEnv,
    );
    return { status: res.status, body: (await res.json()) as any };
  };
}

async function lastEmailCode(to: string): Promise<string> {
  const row = await env.DB.prepare(
    `SELECT body FROM outbox WHERE channel = 'email' AND "to" = ? ORDER BY id DESC LIMIT 1`,
  )
    .bind(to)
    .first<{ body: string }>();
  const code = row?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no email code for ${to}`);
  return code;
}

async function verifyEmail(client: Client, email: string) {
  expect((await client.post("/api/account/user/email/send")).status).toBe(200);
  const res = await client.post("/api/account/user/email/confirm", { code: await lastEmailCode(email) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

describe("email verification", () => {
  it("sends a code through the email port (local outbox) and confirms it", async () => {
    const client = new Client();
    const { email } = await signUp(client);
    expect((await client.get("/api/account/user/email")).body.data).toEqual({ email, email_verified: false });
    const sent = await client.post("/api/account/user/email/send");
    expect(sent.body.data).toMatchObject({ email, code_sent: true });
    const code = await lastEmailCode(email);
    const wrong = await client.post("/api/account/user/email/confirm", {
      code: code === "000000" ? "111111" : "000000",
    });
    expect(wrong.body.error.code).toBe("OPT_INCORRECT");
    expect((await client.post("/api/account/user/email/confirm", { code })).status).toBe(200);
    expect((await client.get("/api/account/user/email")).body.data.email_verified).toBe(true);
    // A changed address is unverified again.
    await client.put("/api/account/user/profile", { email: `new-${email}` });
    expect((await client.get("/api/account/user/email")).body.data).toEqual({
      email: `new-${email}`,
      email_verified: false,
    });
  });

  it("allows at most 5 tries of 100 concurrent wrong codes", { timeout: 60_000 }, async () => {
    const client = new Client();
    const { email } = await signUp(client);
    await client.post("/api/account/user/email/send");
    const code = await lastEmailCode(email);
    const wrong = code === "000000" ? "111111" : "000000";
    const replies = await Promise.all(
      Array.from({ length: 100 }, () => client.post("/api/account/user/email/confirm", { code: wrong })),
    );
    expect(replies.filter((r) => r.body.error?.code === "OPT_INCORRECT")).toHaveLength(5);
    expect((await client.post("/api/account/user/email/confirm", { code })).body.error.code).toBe("OPT_HAS_EXPIRED");
  });
});

describe("Google sign-in and existing emails", () => {
  it("does not link an account whose email nobody verified; links it once verified", async () => {
    const signIn = await google();
    const owner = new Client();
    const account = await signUp(owner);
    const refused = await signIn(account.email);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("EMAIL_NOT_VERIFIED");
    const row = await env.DB.prepare("SELECT google_sub FROM users WHERE user_id = ?")
      .bind(account.profile.user_id)
      .first();
    expect(row!.google_sub).toBeNull();

    await verifyEmail(owner, account.email);
    const linked = await signIn(account.email);
    expect(linked.status).toBe(200);
    expect(linked.body.data.user_id).toBe(account.profile.user_id);
  });

  it("never activates a pending signup: Google gets its own account and the pending one stays pending", async () => {
    const signIn = await google();
    const phone = `+1415${String(Math.floor(Math.random() * 8_000_000) + 2_000_000)}`;
    const email = `pending-${crypto.randomUUID().slice(0, 8)}@example.com`;
    expect(
      (await new Client().post("/api/accounts", { name: "Pat Pending", phone, email, password: "some password" }))
        .status,
    ).toBe(201);
    const res = await signIn(email);
    expect(res.status).toBe(200);
    const pending = await env.DB.prepare("SELECT user_id, status, google_sub FROM users WHERE phone = ?")
      .bind(phone)
      .first<any>();
    expect(pending).toMatchObject({ status: "pending", google_sub: null });
    expect(res.body.data.user_id).not.toBe(pending.user_id);
    expect(res.body.data.email).toBe(email);
  });
});
