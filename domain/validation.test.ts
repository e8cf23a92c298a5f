import { describe, expect, it } from "vitest";
import { normalizeEmail } from "./email";
import { compareNotifications } from "./notifications";
import { formatUsPhone, normalizeUsPhone } from "./phone";
import { checkUpload, DUPLICATE_MEMORY_MS, sniffImageFormat } from "./uploads";
import { truncateUserAgent } from "./user-agent";

describe("normalizeUsPhone", () => {
  it.each([
    ["(212) 555-0123", "+12125550123"],
    ["212.555.0123", "+12125550123"],
    ["+1 212 555 0123", "+12125550123"],
    ["12125550123", "+12125550123"],
  ])("%s -> %s", (input, out) => expect(normalizeUsPhone(input)).toBe(out));
  it.each(["", "555-0123", "(112) 555-0123", "212-055-0123", "+44 20 7946 0958", "212-555-0123x9", "call me"])(
    "refuses %s",
    (input) => expect(normalizeUsPhone(input)).toBeNull(),
  );
  it("formats for display", () => expect(formatUsPhone("+12125550123")).toBe("(212) 555-0123"));
});

describe("normalizeEmail", () => {
  it("trims and lower-cases; needs a top-level part of 2+ letters", () => {
    expect(normalizeEmail("  Ava@Example.COM ")).toBe("ava@example.com");
    expect(normalizeEmail("a@b.io")).toBe("a@b.io");
    expect(normalizeEmail("a@b.c")).toBeNull();
    expect(normalizeEmail("a@b.c0m")).toBeNull();
    expect(normalizeEmail("a@localhost")).toBeNull();
    expect(normalizeEmail("a b@c.com")).toBeNull();
    expect(normalizeEmail("a@@c.com")).toBeNull();
    expect(normalizeEmail("a@c..com")).toBeNull();
  });
});

describe("uploads", () => {
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
  const jpg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0]);
  const webp = new TextEncoder().encode("RIFF\0\0\0\0WEBPVP8 ");
  it("sniffs JPEG, PNG and WebP by their first bytes", () => {
    expect(sniffImageFormat(png)?.ext).toBe("png");
    expect(sniffImageFormat(jpg)?.ext).toBe("jpg");
    expect(sniffImageFormat(webp)?.ext).toBe("webp");
    expect(sniffImageFormat(new TextEncoder().encode("GIF89a"))).toBeNull();
  });
  it("answers the spec's result codes: -1 format, -2 size, -4 duplicate within 3 days", () => {
    const base = { head: png, size: 100, maxBytes: 1000, duplicateSeenAt: null, now: 1e12 };
    expect(checkUpload(base)).toBe(1);
    expect(checkUpload({ ...base, head: new Uint8Array([1, 2, 3]) })).toBe(-1);
    expect(checkUpload({ ...base, size: 1001 })).toBe(-2);
    expect(checkUpload({ ...base, duplicateSeenAt: 1e12 - DUPLICATE_MEMORY_MS + 1 })).toBe(-4);
    expect(checkUpload({ ...base, duplicateSeenAt: 1e12 - DUPLICATE_MEMORY_MS })).toBe(1);
  });
});

describe("notification ordering", () => {
  it("sorts by persistence, then not dismissed, then severity descending, then newest", () => {
    const n = (id: string, persistence: number, dismissed: boolean, severity: number, timestamp: number) => ({
      id,
      persistence,
      dismissed,
      severity,
      timestamp,
    });
    const list = [
      n("a", 0, false, 1, 5),
      n("b", 1, true, 0, 1),
      n("c", 1, false, 0, 1),
      n("d", 0, false, 3, 1),
      n("e", 0, false, 1, 9),
    ];
    expect(list.sort(compareNotifications).map((x) => x.id)).toEqual(["c", "b", "d", "e", "a"]);
  });
});

describe("user agents", () => {
  it("keeps 500 characters", () => {
    expect(truncateUserAgent("u".repeat(501))).toHaveLength(500);
    expect(truncateUserAgent("short")).toBe("short");
    expect(truncateUserAgent(undefined)).toBeNull();
  });
});
