import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createApp } from "../../app";
import { isLocalHostname } from "../../runtime";
import { DEV_LOCAL_WEBHOOK_SECRET } from ".";
import { signWebhookPayload } from "./signature";
import { card, CARDS } from "./test-helpers";

/**
 * Payments fail closed (docs/decisions/050-payments-provider-and-demo-flag.md): a deployed Worker whose
 * configuration names Stripe without its keys, or the local test-card processor without DEMO_MODE, refuses
 * every payment call with PAYMENTS_UNAVAILABLE and logs why, instead of taking test cards.
 */
const DEPLOYED = "https://glow.example.com";

function call(
  origin: string,
  path: string,
  body: unknown,
  vars: Record<string, string>,
  headers: Record<string, string> = {},
) {
  return createApp().request(
    `${origin}${path}`,
    {
      method: "POST",
      headers: { "content-type": "application/json", origin, "cf-connecting-ip": "10.77.0.1", ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    },
    { ...env, ...vars },
  );
}

async function signedEvent() {
  const payload = JSON.stringify({
    id: `evt_fc_${crypto.randomUUID()}`,
    object: "event",
    type: "customer.created",
    data: { object: { id: "cus_x", object: "customer" } },
  });
  const signature = await signWebhookPayload(payload, DEV_LOCAL_WEBHOOK_SECRET, Math.floor(Date.now() / 1000));
  return { payload, signature };
}

afterEach(() => vi.restoreAllMocks());

describe("payments provider selection", () => {
  it("refuses payments when PAYMENTS_PROVIDER=stripe lacks a key, logging the missing key", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const vars = { PAYMENTS_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_x", STRIPE_WEBHOOK_SECRET: "" };
    const { payload, signature } = await signedEvent();
    // Today's fallback verified this with the development secret in the repository and answered 200.
    const hook = await call(DEPLOYED, "/api/stripe/webhook", payload, vars, { "stripe-signature": signature });
    expect(hook.status).toBe(503);
    expect(((await hook.json()) as any).error.code).toBe("PAYMENTS_UNAVAILABLE");
    const tokenize = await call(DEPLOYED, "/api/payments/local/tokenize", card(CARDS.visa), vars);
    expect(tokenize.status).toBe(404);
    expect(errors.mock.calls.flat().join(" ")).toContain("STRIPE_WEBHOOK_SECRET is not set");
    // Locally too: a Stripe configuration never falls back.
    const local = await call("https://glow.test", "/api/stripe/webhook", payload, vars, {
      "stripe-signature": signature,
    });
    expect(local.status).toBe(503);
  });

  it("refuses the local processor on a deployed host unless DEMO_MODE=1", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const refused = await call(DEPLOYED, "/api/payments/local/tokenize", card(CARDS.visa), {
      PAYMENTS_PROVIDER: "local",
    });
    expect(refused.status).toBe(503);
    expect(((await refused.json()) as any).error.code).toBe("PAYMENTS_UNAVAILABLE");
    const { payload, signature } = await signedEvent();
    const hook = await call(
      DEPLOYED,
      "/api/stripe/webhook",
      payload,
      { PAYMENTS_PROVIDER: "local" },
      { "stripe-signature": signature },
    );
    expect(hook.status).toBe(503);

    const demo = await call(DEPLOYED, "/api/payments/local/tokenize", card(CARDS.visa), {
      PAYMENTS_PROVIDER: "local",
      DEMO_MODE: "1",
    });
    expect(demo.status).toBe(201);
    const dev = await call("http://localhost:5173", "/api/payments/local/tokenize", card(CARDS.visa), {
      PAYMENTS_PROVIDER: "local",
    });
    expect(dev.status).toBe(201);
  });

  it("refuses an unset or unknown provider", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    for (const provider of ["", "paypal"]) {
      const res = await call("https://glow.test", "/api/payments/local/tokenize", card(CARDS.visa), {
        PAYMENTS_PROVIDER: provider,
      });
      expect(res.status).toBe(404);
      const { payload, signature } = await signedEvent();
      const hook = await call(
        "https://glow.test",
        "/api/stripe/webhook",
        payload,
        { PAYMENTS_PROVIDER: provider },
        {
          "stripe-signature": signature,
        },
      );
      expect(hook.status).toBe(503);
    }
  });

  it("tells the browser whether payments are available", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const get = (vars: Record<string, string>) =>
      createApp().request(
        `${DEPLOYED}/api/payments/config`,
        { headers: { "cf-connecting-ip": "10.77.0.2" } },
        { ...env, ...vars },
      );
    const off = (await (await get({ PAYMENTS_PROVIDER: "local" })).json()) as any;
    expect(off.data).toMatchObject({ provider: "local", available: false });
    const demo = (await (await get({ PAYMENTS_PROVIDER: "local", DEMO_MODE: "1" })).json()) as any;
    expect(demo.data).toMatchObject({ provider: "local", available: true });
    // The pages' banner reads the shell's demo flag.
    const shell = (r: Response) => r.json() as Promise<any>;
    const app = createApp();
    const demoShell = await shell(await app.request(`${DEPLOYED}/api/shell`, {}, { ...env, DEMO_MODE: "1" }));
    expect(demoShell.data.demo).toBe(true);
    expect((await shell(await app.request(`${DEPLOYED}/api/shell`, {}, env))).data.demo).toBe(false);
  });

  it("counts only names no deployed Worker can have as local", () => {
    for (const h of ["localhost", "127.0.0.1", "[::1]", "glow.test", "app.localhost"])
      expect(isLocalHostname(h)).toBe(true);
    for (const h of ["glow.example.com", "localhost.evil.com", "test.com", "127.0.0.1.nip.io"]) {
      expect(isLocalHostname(h)).toBe(false);
    }
  });
});
