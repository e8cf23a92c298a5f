import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createApp } from "../app";
import { testClock } from "../test-clock";
import { ORIGIN, T0 } from "../test-utils";
import { verifyGoogleIdToken } from "./google-identity";

const CLIENT_ID = "1234-test.apps.googleusercontent.com";

const b64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
const encodeJson = (value: unknown) => b64url(new TextEncoder().encode(JSON.stringify(value)));

async function keyPair() {
  const pair = (await crypto.subtle.generateKey(
    { name: "RSASSA-PKCS1-v1_5", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" },
    true,
    ["sign", "verify"],
  )) as CryptoKeyPair;
  const jwk = (await crypto.subtle.exportKey("jwk", pair.publicKey)) as JsonWebKey;
  return {
    privateKey: pair.privateKey,
    jwks: JSON.stringify({ keys: [{ ...jwk, kid: "k1", alg: "RS256", use: "sig" }] }),
  };
}

async function sign(privateKey: CryptoKey, claims: Record<string, unknown>, kid = "k1") {
  const head = encodeJson({ alg: "RS256", kid, typ: "JWT" });
  const body = encodeJson(claims);
  const sig = await crypto.subtle.sign("RSASSA-PKCS1-v1_5", privateKey, new TextEncoder().encode(`${head}.${body}`));
  return `${head}.${body}.${b64url(new Uint8Array(sig))}`;
}

const claims = (over: Record<string, unknown> = {}) => ({
  iss: "https://accounts.google.com",
  aud: CLIENT_ID,
  sub: `g-${crypto.randomUUID()}`,
  email: `${crypto.randomUUID().slice(0, 8)}@gmail.com`,
  email_verified: true,
  name: "Gia Park",
  exp: Math.floor(T0 / 1000) + 600,
  ...over,
});

describe("verifyGoogleIdToken", () => {
  it("accepts a token signed by a published key for our client, and nothing else", async () => {
    const { privateKey, jwks } = await keyPair();
    const opts = { clientId: CLIENT_ID, now: T0, jwks };
    const good = claims();
    expect(await verifyGoogleIdToken(await sign(privateKey, good), opts)).toEqual({
      sub: good.sub,
      email: good.email,
      name: "Gia Park",
      picture: null,
    });
    expect(await verifyGoogleIdToken(await sign(privateKey, claims({ aud: "someone-else" })), opts)).toBeNull();
    expect(await verifyGoogleIdToken(await sign(privateKey, claims({ iss: "https://evil.example" })), opts)).toBeNull();
    expect(
      await verifyGoogleIdToken(await sign(privateKey, claims({ exp: Math.floor(T0 / 1000) - 1 })), opts),
    ).toBeNull();
    expect(await verifyGoogleIdToken(await sign(privateKey, claims({ email_verified: false })), opts)).toBeNull();
    expect(await verifyGoogleIdToken(await sign(privateKey, good, "unknown-kid"), opts)).toBeNull();
    const other = await keyPair();
    expect(await verifyGoogleIdToken(await sign(other.privateKey, good), opts)).toBeNull();
    expect(await verifyGoogleIdToken("not.a.jwt", opts)).toBeNull();
  });
});

describe("POST /api/auth/google with a configured client", () => {
  it("creates an account on first sign-in and signs the same account in later", async () => {
    const { privateKey, jwks } = await keyPair();
    const app = createApp({ clock: testClock });
    const testEnv = { ...env, GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS: jwks };
    const c = claims();
    const credential = await sign(privateKey, c);
    const call = () =>
      app.request(
        `${ORIGIN}/api/auth/google`,
        {
          method: "POST",
          headers: {
            "content-type": "application/json",
            origin: ORIGIN,
            "x-test-now": String(T0),
            "cf-connecting-ip": "10.9.9.9",
          },
          body: JSON.stringify({ credential }),
        },
        testEnv,
      );
    const first = await call();
    expect(first.status).toBe(200);
    expect(first.headers.get("set-cookie")).toMatch(/^__Host-sid=/);
    const profile = ((await first.json()) as any).data;
    expect(profile).toMatchObject({ name: "Gia Park", email: c.email });
    const again = ((await (await call()).json()) as any).data;
    expect(again.user_id).toBe(profile.user_id);

    const forged = await app.request(
      `${ORIGIN}/api/auth/google`,
      {
        method: "POST",
        headers: { "content-type": "application/json", origin: ORIGIN, "cf-connecting-ip": "10.9.9.9" },
        body: JSON.stringify({ credential: credential.slice(0, -4) + "AAAA" }),
      },
      testEnv,
    );
    expect(forged.status).toBe(401);
  });
});
