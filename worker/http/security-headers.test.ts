import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createApp } from "../app";
import { Client, signUp } from "../test-utils";
import { testClock } from "../test-clock";

/** Pages, API answers and uploads carry the safety headers (docs/decisions/052-security-headers.md). */
describe("security headers", () => {
  it("gives a page a nonce CSP that the renderer receives, and forbids framing", async () => {
    const seen: string[] = [];
    const app = createApp({
      renderPage: async (_req, _shell, { nonce }) => {
        seen.push(nonce);
        return new Response(`<script nonce="${nonce}"></script>`, { headers: { "content-type": "text/html" } });
      },
    });
    const get = () => app.request("https://glow.test/", { headers: { "cf-connecting-ip": "10.66.0.1" } }, env);
    const first = await get();
    const second = await get();
    const csp = first.headers.get("content-security-policy")!;
    expect(csp).toContain(`'nonce-${seen[0]}'`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain("'unsafe-inline' 'strict-dynamic'");
    expect(csp.match(/script-src[^;]*/)![0]).not.toContain("unsafe-inline");
    expect(seen[0]).not.toBe(seen[1]);
    expect(second.headers.get("content-security-policy")).toContain(`'nonce-${seen[1]}'`);
    expect(first.headers.get("x-frame-options")).toBe("DENY");
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    expect(first.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });

  it("sends nosniff and no-framing on API answers", async () => {
    const res = await new Client().get("/api/shell");
    expect(res.status).toBe(200);
    const raw = await createApp().request("https://glow.test/api/nope", {}, env);
    expect(raw.status).toBe(404);
    expect(raw.headers.get("x-content-type-options")).toBe("nosniff");
    expect(raw.headers.get("x-frame-options")).toBe("DENY");
  });

  it("serves user uploads as inert files: nosniff and a sandboxing CSP", async () => {
    const key = `u/7/${crypto.randomUUID()}.png`;
    await env.MEDIA.put(key, new Uint8Array([0x89, 0x50, 0x4e, 0x47]), { httpMetadata: { contentType: "image/png" } });
    const res = await createApp().request(`https://glow.test/media/${key}`, {}, env);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    const csp = res.headers.get("content-security-policy")!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("sandbox");
  });
});

/** HSTS and what may cache an answer (issue 20; docs/decisions/126-private-caching-and-hsts.md). */
describe("HSTS and caching", () => {
  // The test clock, so a session made at a client's clock is still live here (tests pass on any date).
  const page = createApp({
    clock: testClock,
    renderPage: async () =>
      new Response("<p>page</p>", { headers: { "content-type": "text/html", "cache-control": "public, max-age=600" } }),
  });

  it("sends HSTS over https only", async () => {
    const secure = await createApp().request("https://glow.test/api/shell", {}, env);
    expect(secure.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    const plain = await createApp().request("http://localhost:5173/api/shell", {}, env);
    expect(plain.headers.get("strict-transport-security")).toBeNull();
  });

  it("keeps personal answers out of every cache: API answers, signed-in pages and the private areas", async () => {
    const customer = new Client();
    await signUp(customer, { name: "Cache Customer" });
    for (const path of ["/api/orders", "/api/account/user/profile", "/api/shell"]) {
      const res = await SELF.fetch(`https://glow.test${path}`, { headers: { cookie: customer.cookie! } });
      expect(res.headers.get("cache-control"), path).toBe("private, no-store");
      await res.arrayBuffer();
    }
    for (const path of ["/account/orders", "/business/dashboard", "/admin/jobs"]) {
      const res = await page.request(`https://glow.test${path}`, {}, env);
      expect(res.headers.get("cache-control"), path).toBe("private, no-store");
    }
    const signedIn = await page.request(
      "https://glow.test/",
      { headers: { cookie: customer.cookie!, "x-test-now": String(customer.now) } },
      env,
    );
    expect(signedIn.headers.get("cache-control")).toBe("private, no-store");
    // A visitor's page carries its own script nonce: never shared, though the browser may revalidate it.
    const visitor = await page.request("https://glow.test/", {}, env);
    expect(visitor.headers.get("cache-control")).toBe("private, no-cache");
  });

  it("never caches an error answer publicly", async () => {
    const missing = await SELF.fetch("https://glow.test/media/demo/nope.jpg");
    await missing.arrayBuffer();
    expect(missing.status).toBe(404);
    expect(missing.headers.get("cache-control")).toBe("private, no-store");
  });
});
