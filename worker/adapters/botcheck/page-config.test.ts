import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { LOCAL_BOTCHECK_TOKEN } from "../../../schema/payloads/shell";
import { createApp } from "../../app";
import { pageCsp, TURNSTILE_ORIGIN } from "../../http/security-headers";
import { freshPhone } from "../../test-utils";
import { botCheckPageConfig } from ".";

/** What the page learns about the bot check, and the CSP that follows from it (decision 057). */
const ORIGIN = "https://glow.test";
const TURNSTILE = {
  BOTCHECK_PROVIDER: "turnstile",
  TURNSTILE_SECRET_KEY: "0x4AAAAAAAtest-secret",
  TURNSTILE_SITE_KEY: "0x4AAAAAAAtest-site",
};

function call(path: string, vars: Record<string, string>, init: RequestInit = {}, renderPage = false) {
  const app = createApp(
    renderPage
      ? {
          renderPage: async () =>
            new Response("<!doctype html><p>page</p>", { headers: { "content-type": "text/html" } }),
        }
      : {},
  );
  return app.request(`${ORIGIN}${path}`, { headers: { origin: ORIGIN }, ...init }, { ...env, ...vars });
}

describe("bot check config for pages", () => {
  it("names the provider and, for Turnstile, only the public site key", () => {
    expect(botCheckPageConfig({ ...env, BOTCHECK_PROVIDER: undefined } as unknown as Env)).toEqual({
      provider: "local",
    });
    expect(botCheckPageConfig({ ...env, ...TURNSTILE } as Env)).toEqual({
      provider: "turnstile",
      siteKey: TURNSTILE.TURNSTILE_SITE_KEY,
    });
    // Turnstile without its site key: the forms say the check is not set up (the server refuses anyway).
    expect(
      botCheckPageConfig({ ...env, BOTCHECK_PROVIDER: "turnstile", TURNSTILE_SITE_KEY: "" } as unknown as Env),
    ).toEqual({ provider: "turnstile", siteKey: null });
    expect(JSON.stringify(botCheckPageConfig({ ...env, ...TURNSTILE } as Env))).not.toContain("secret");
  });

  it("GET /api/shell hands the config to the browser", async () => {
    const local = await (await call("/api/shell", {})).json<any>();
    expect(local.data.botcheck).toEqual({ provider: "local" });
    const turnstile = await (await call("/api/shell", TURNSTILE)).json<any>();
    expect(turnstile.data.botcheck).toEqual({ provider: "turnstile", siteKey: TURNSTILE.TURNSTILE_SITE_KEY });
  });

  it("allows Turnstile's origin in script-src and frame-src only when Turnstile is configured", async () => {
    expect(pageCsp("n")).not.toContain(TURNSTILE_ORIGIN);
    const on = pageCsp("n", { turnstile: true });
    expect(on).toMatch(new RegExp(`script-src [^;]*${TURNSTILE_ORIGIN}`));
    expect(on).toMatch(new RegExp(`frame-src [^;]*${TURNSTILE_ORIGIN}`));

    const localPage = await call("/", {}, {}, true);
    expect(localPage.headers.get("content-security-policy")).not.toContain(TURNSTILE_ORIGIN);
    const turnstilePage = await call("/", TURNSTILE, {}, true);
    expect(turnstilePage.headers.get("content-security-policy")).toMatch(
      new RegExp(`frame-src [^;]*${TURNSTILE_ORIGIN}`),
    );
  });

  it("the local pass-through takes the token the forms send (signup unchanged)", async () => {
    const res = await call(
      "/api/accounts",
      {},
      {
        method: "POST",
        headers: { origin: ORIGIN, "content-type": "application/json", "cf-connecting-ip": "10.45.1.1" },
        body: JSON.stringify({
          name: "Lo Cal",
          phone: freshPhone(),
          email: `local${Date.now()}@example.com`,
          password: "long password",
          token: LOCAL_BOTCHECK_TOKEN,
        }),
      },
    );
    expect(res.status).toBe(201);
  });
});
