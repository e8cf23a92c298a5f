import { describe, expect, it } from "vitest";
import { forumCookie, forumCookieDomain } from "./forum-cookie";

describe("forumCookieDomain", () => {
  it("answers the parent domain the site and the forum share", () => {
    expect(forumCookieDomain("www.glowathome.com", "forum.glowathome.com")).toBe("glowathome.com");
    expect(forumCookieDomain("glowathome.com", "community.glowathome.com")).toBe("glowathome.com");
    expect(forumCookieDomain("pros.eu.glow.co", "forum.eu.glow.co")).toBe("eu.glow.co");
    expect(forumCookieDomain("WWW.Glow.com.", "forum.glow.com")).toBe("glow.com");
  });

  it("answers null when they share only a top-level domain, nothing, or are addresses", () => {
    expect(forumCookieDomain("glowathome.com", "forum.nodebb.com")).toBeNull();
    expect(forumCookieDomain("localhost", "forum.example.com")).toBeNull();
    expect(forumCookieDomain("127.0.0.1", "127.0.0.1")).toBeNull();
    expect(forumCookieDomain("a..b.com", "b.com")).toBeNull();
  });

  it("writes a 10-minute cookie on that domain", () => {
    expect(forumCookie("token", "a.b=c", "glow.com", true)).toBe(
      "token=a.b%3Dc; Domain=glow.com; Path=/; Max-Age=600; SameSite=Lax; Secure",
    );
  });
});
