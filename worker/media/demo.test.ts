import { describe, expect, it } from "vitest";
import { mediaApp } from "./demo";

describe("GET /demo/:file (mounted at /media)", () => {
  it("serves a demo picture as an immutable, locked-down SVG", async () => {
    const res = await mediaApp.request("/demo/before-3.svg");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/svg+xml");
    expect(res.headers.get("cache-control")).toBe("public, max-age=86400, immutable");
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; style-src 'unsafe-inline'");
    const body = await res.text();
    expect(body.startsWith("<svg ")).toBe(true);
    expect(body).toBe(await (await mediaApp.request("/demo/before-3.svg")).text());
  });

  it.each(["vendor-12.svg", "after-7.svg", "service-swedish-massage.svg", "user.svg"])("serves %s", async (file) => {
    const res = await mediaApp.request(`/demo/${file}`);
    expect(res.status).toBe(200);
  });

  it.each(["vendor-12.png", "vendor-12", "nobody.svg", "vendor-0.svg", "..%2Fsecret.svg", ".svg"])(
    "answers 404 NOT_FOUND for %s",
    async (file) => {
      const res = await mediaApp.request(`/demo/${file}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({
        error: { code: "NOT_FOUND", message: "We couldn't find what you were looking for." },
      });
    },
  );

  it("answers 404 for paths outside /demo", async () => {
    expect((await mediaApp.request("/demo/a/b.svg")).status).toBe(404);
    expect((await mediaApp.request("/other/vendor-1.svg")).status).toBe(404);
  });
});
