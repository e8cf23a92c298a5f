import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createApp } from "../app";
import { Client } from "../test-utils";

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
