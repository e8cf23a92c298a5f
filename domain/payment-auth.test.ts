import { describe, expect, it } from "vitest";
import { AUTH_LINK_HOURS, authLinkExpiry, authLinkState } from "./payment-auth";

const NOW = Date.UTC(2031, 2, 9, 14, 0); // 2031-03-09 14:00 UTC
const H = 3_600_000;

describe("authLinkExpiry", () => {
  it("closes AUTH_LINK_HOURS later when nothing comes sooner", () => {
    expect(authLinkExpiry(NOW, null)).toBe(NOW + AUTH_LINK_HOURS * H);
    expect(new Date(authLinkExpiry(NOW, null)).toISOString()).toBe("2031-03-11T14:00:00.000Z");
    expect(authLinkExpiry(NOW, NOW + 30 * 24 * H)).toBe(NOW + AUTH_LINK_HOURS * H);
  });
  it("closes at the visit it pays for when that comes first", () => {
    expect(authLinkExpiry(NOW, NOW + 24 * H)).toBe(NOW + 24 * H);
  });
  it("stays open at least an hour, even for a visit that is closer or past", () => {
    expect(authLinkExpiry(NOW, NOW + 10 * 60_000)).toBe(NOW + H);
    expect(authLinkExpiry(NOW, NOW - H)).toBe(NOW + H);
  });
});

describe("authLinkState", () => {
  it("is open until its expiry (exclusive), then expired", () => {
    const link = { expires_at: NOW + H, completed_at: null };
    expect(authLinkState(link, NOW)).toBe("open");
    expect(authLinkState(link, NOW + H - 1)).toBe("open");
    expect(authLinkState(link, NOW + H)).toBe("expired");
  });
  it("stays completed once completed, even after its expiry", () => {
    expect(authLinkState({ expires_at: NOW + H, completed_at: NOW }, NOW + 2 * H)).toBe("completed");
  });
});
