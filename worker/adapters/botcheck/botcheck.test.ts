import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createApp } from "../../app";
import { freshPhone } from "../../test-utils";
import { localBotCheck, TURNSTILE_VERIFY_URL, turnstileBotCheck } from ".";

/** The bot check (docs/decisions/055-bot-check.md): Turnstile verified on every form that texts or signs up. */
const ORIGIN = "https://glow.test";
const TURNSTILE = { BOTCHECK_PROVIDER: "turnstile", TURNSTILE_SECRET_KEY: "0x4AAAAAAAtest-secret" };

afterEach(() => vi.restoreAllMocks());

/** Stands in for Turnstile's siteverify: passes exactly the token "human-token". */
function fakeSiteverify() {
  const seen: { url: string; secret: string | null; response: string | null }[] = [];
  const real = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    if (url !== TURNSTILE_VERIFY_URL) return real(input, init);
    const form = init?.body as FormData;
    const response = form.get("response") as string | null;
    seen.push({ url, secret: form.get("secret") as string | null, response });
    return Response.json({
      success: response === "human-token",
      "error-codes": response === "human-token" ? [] : ["invalid-input-response"],
    });
  });
  return seen;
}

function post(path: string, body: unknown, vars: Record<string, string>) {
  return createApp().request(
    `${ORIGIN}${path}`,
    {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: ORIGIN,
        "cf-connecting-ip": `10.44.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      },
      body: JSON.stringify(body),
    },
    { ...env, ...vars },
  );
}

describe("bot check on forms that text a phone or create an account", () => {
  const routes: [string, (token?: string) => Record<string, unknown>][] = [
    [
      "/api/accounts",
      (token) => ({
        name: "Bo Tee",
        phone: freshPhone(),
        email: `bo${Date.now()}${Math.random()}@example.com`,
        password: "long password",
        token,
      }),
    ],
    ["/api/resetPassword/verifyOwner", (token) => ({ phone: freshPhone(), token })],
    ["/api/resetPassword", (token) => ({ phone: freshPhone(), code: "123456", password: "long password", token })],
    [
      "/api/sms/reminder",
      (token) => ({ phone_number: freshPhone(), date: "2030-01-02", service_id: 1, token: token ?? "" }),
    ],
  ];

  it.each(routes)(
    "%s refuses a missing or wrong token with FAILED_RECAPTCHA when Turnstile is on",
    async (path, body) => {
      const seen = fakeSiteverify();
      vi.spyOn(console, "warn").mockImplementation(() => {});
      for (const token of [undefined, "bot-token"]) {
        const res = await post(path, body(token), TURNSTILE);
        expect(res.status).toBe(path === "/api/sms/reminder" && token === undefined ? 400 : 403);
        if (res.status === 403) expect(((await res.json()) as any).error.code).toBe("FAILED_RECAPTCHA");
      }
      const passed = await post(path, body("human-token"), TURNSTILE);
      expect(passed.status).not.toBe(403);
      expect(passed.status).toBeLessThan(500);
      expect(seen.filter((s) => s.response === "human-token")).toEqual([
        { url: TURNSTILE_VERIFY_URL, secret: TURNSTILE.TURNSTILE_SECRET_KEY, response: "human-token" },
      ]);
    },
  );

  it("refuses every check when Turnstile is configured without its secret, and logs why", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const res = await post(
      "/api/resetPassword/verifyOwner",
      { phone: freshPhone(), token: "human-token" },
      {
        BOTCHECK_PROVIDER: "turnstile",
      },
    );
    expect(res.status).toBe(403);
    expect(errors.mock.calls.flat().join(" ")).toContain("TURNSTILE_SECRET_KEY is not set");
  });
});

describe("adapters", () => {
  it("the local adapter passes every request (development has no widget)", async () => {
    expect(await localBotCheck.verify(undefined, null)).toBe(true);
  });

  it("Turnstile refuses when siteverify cannot be reached", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const port = turnstileBotCheck("secret", async () => {
      throw new TypeError("fetch failed");
    });
    expect(await port.verify("human-token", "1.2.3.4")).toBe(false);
  });
});
