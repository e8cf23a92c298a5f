import { env } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { checkSocialLink } from "../../../../domain/vendors/social";
import { roleClients, T0 } from "../../../test-utils";

let roles: Awaited<ReturnType<typeof roleClients>>;
beforeAll(async () => {
  roles = await roleClients();
});

const forumEnv = env as unknown as { NODEBB_URL?: string; NODEBB_SECRET?: string };
afterEach(() => {
  delete forumEnv.NODEBB_URL;
  delete forumEnv.NODEBB_SECRET;
});

describe("help, social links, connect info, forum sign-on", () => {
  it("are for pros only", async () => {
    for (const path of [
      "/api/vendor/me/help",
      "/api/vendor/me/get-social",
      "/api/vendor/me/connect-info",
      "/api/vendor/me/nodebb-authorize",
    ]) {
      expect((await roles.anonymous.get(path)).status, path).toBe(401);
      expect((await roles.customer.get(path)).status, path).toBe(403);
    }
  });

  it("lists help topics", async () => {
    const res = await roles.vendor.get("/api/vendor/me/help");
    expect(res.status).toBe(200);
    expect(res.body.data.topics.length).toBeGreaterThan(3);
  });

  it("saves validated social links and refuses links to another site", async () => {
    const ok = await roles.vendor.post("/api/vendor/me/get-social", {
      instagram: "https://www.instagram.com/patpro",
      website: "https://patpro.example.com/",
    });
    expect(ok.status).toBe(200);
    expect((await roles.vendor.get("/api/vendor/me/get-social")).body.data.links).toEqual({
      instagram: "https://www.instagram.com/patpro",
      website: "https://patpro.example.com/",
    });
    const bad = await roles.vendor.post("/api/vendor/me/get-social", {
      instagram: "https://evil.example.com/instagram.com",
      facebook: "javascript:alert(1)",
      tiktok: "http://tiktok.com/@x",
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(["facebook", "instagram", "tiktok"]);
    expect(checkSocialLink("instagram", "https://instagram.com.evil.com/x")).toBeNull();
  });

  it("answers the payout account details (none yet)", async () => {
    const res = await roles.vendor.get("/api/vendor/me/connect-info");
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ payout_account: null, payouts_paused: false, instant_payout_enabled: false });
  });

  it("refuses forum sign-on when the forum is not configured", async () => {
    const res = await roles.vendor.get("/api/vendor/me/nodebb-authorize");
    // Not configured is not a fault: a 4xx, so a 5xx always means something broke (issue 20).
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("FORUM_NOT_CONFIGURED");
  });

  it("signs a session-sharing token with the shared secret when configured", async () => {
    forumEnv.NODEBB_URL = "https://forum.example.com";
    forumEnv.NODEBB_SECRET = "forum-secret";
    const res = await roles.vendor.get("/api/vendor/me/nodebb-authorize");
    expect(res.status).toBe(200);
    const [h, p, s] = (res.body.data.token as string).split(".");
    const key = await crypto.subtle.importKey(
      "raw",
      new TextEncoder().encode("forum-secret"),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["verify"],
    );
    const sig = Uint8Array.from(atob(s!.replace(/-/g, "+").replace(/_/g, "/")), (ch) => ch.charCodeAt(0));
    expect(await crypto.subtle.verify("HMAC", key, sig, new TextEncoder().encode(`${h}.${p}`))).toBe(true);
    const claims = JSON.parse(atob(p!.replace(/-/g, "+").replace(/_/g, "/")));
    expect(claims).toMatchObject({
      username: "Role Vendor",
      iat: Math.floor(T0 / 1000),
      exp: Math.floor(T0 / 1000) + 600,
    });
    expect(res.body.data.url).toBe("https://forum.example.com");
  });
});
