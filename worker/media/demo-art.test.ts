import { describe, expect, it } from "vitest";
import { demoArtMotif, renderDemoArt } from "./demo-art";

/** A small well-formedness check: every tag closes in order, attributes are quoted, no stray markup. */
function isWellFormedXml(s: string): boolean {
  const stack: string[] = [];
  const tag = /<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>/g;
  let last = 0;
  for (let m = tag.exec(s); m; m = tag.exec(s)) {
    const between = s.slice(last, m.index);
    if (/[<>]/.test(between)) return false;
    last = tag.lastIndex;
    const [, closing, name, , selfClosing] = m;
    if (closing) {
      if (stack.pop() !== name) return false;
    } else if (!selfClosing) stack.push(name!);
  }
  return stack.length === 0 && last === s.length;
}

/** Mean relative luminance of the hex colours used, a rough "how bright is this picture". */
function meanLuminance(s: string): number {
  const colours = [...s.matchAll(/#([0-9a-f]{6})\b/gi)].map((m) => m[1]!);
  const lum = colours.map((h) => {
    const [r, g, b] = [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16) / 255);
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  });
  return lum.reduce((a, b) => a + b, 0) / lum.length;
}

const SAMPLE_KEYS = [
  "user",
  "vendor-1",
  "vendor-2",
  "vendor-37",
  "vendor-99999",
  "before-1",
  "after-1",
  "before-2",
  "after-2",
  "before-3",
  "after-3",
  "before-120",
  "after-120",
  "service-swedish-massage",
  "service-womens-haircut",
  "service-gel-manicure",
  "service-bridal-makeup",
  "service-signature-facial",
  "service-brow-wax",
  "service-classic-lash-extensions",
  "service-mens-haircut",
  "service-senior-manicure",
  "service-vip-spa-day",
  "service-corporate-chair-massage",
  "service-egift-card",
  "service-x",
];

describe("renderDemoArt", () => {
  it.each(SAMPLE_KEYS)("%s is a small, self-contained, well-formed SVG", (key) => {
    const svg = renderDemoArt(key);
    expect(svg).not.toBeNull();
    expect(svg!.startsWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ')).toBe(true);
    expect(svg!.endsWith("</svg>")).toBe(true);
    expect(isWellFormedXml(svg!)).toBe(true);
    expect(svg!.length).toBeLessThan(3072);
    // No external references of any kind: only in-document url(#id) fills.
    expect(svg).not.toMatch(/href|<script|<image|<foreignObject|url\((?!#)|@import|javascript:/i);
    expect(svg).not.toMatch(/NaN|undefined/);
  });

  it("is deterministic: the same key gives the same picture", () => {
    for (const key of SAMPLE_KEYS) expect(renderDemoArt(key)).toBe(renderDemoArt(key));
  });

  it("gives different vendors different portraits", () => {
    const portraits = new Set(Array.from({ length: 30 }, (_, i) => renderDemoArt(`vendor-${i + 1}`)));
    expect(portraits.size).toBe(30);
  });

  it("keeps ids of gradients unique per key so several inline SVGs do not clash", () => {
    const id = (k: string) => /id="([^"]+)"/.exec(renderDemoArt(k)!)![1];
    expect(id("vendor-1")).not.toBe(id("vendor-2"));
    expect(id("before-4")).not.toBe(id("after-4"));
  });

  it("makes the after picture brighter than the before picture, with the matching theme", () => {
    for (const n of [1, 2, 3, 10, 11, 12, 500]) {
      const before = renderDemoArt(`before-${n}`)!;
      const after = renderDemoArt(`after-${n}`)!;
      expect(meanLuminance(after)).toBeGreaterThan(meanLuminance(before));
      expect(before).toContain("BEFORE");
      expect(after).toContain("AFTER");
      const theme = (s: string) => /aria-label="(\w+),/.exec(s)![1];
      expect(theme(after)).toBe(theme(before));
    }
  });

  it("themes service illustrations by the words in the slug", () => {
    expect(demoArtMotif("swedish-massage")).toBe("massage");
    expect(demoArtMotif("corporate-chair-massage")).toBe("business");
    expect(demoArtMotif("blowout")).toBe("hair");
    expect(demoArtMotif("spa-pedicure")).toBe("nails");
    expect(demoArtMotif("brow-lamination")).toBe("brows");
    expect(demoArtMotif("mens-haircut")).toBe("men");
    expect(demoArtMotif("event-makeup")).toBe("makeup");
    expect(demoArtMotif("event-glam-station")).toBe("business");
    expect(demoArtMotif("bridal-party-glam")).toBe("vip");
    expect(demoArtMotif("signature-facial")).toBe("facial");
    expect(demoArtMotif("lash-lift-tint")).toBe("lashes");
    expect(demoArtMotif("something-else")).toBe("spa");
  });

  it.each([
    "",
    "vendor",
    "vendor-",
    "vendor-0",
    "vendor-01",
    "vendor-100000",
    "vendor-1.svg",
    "before--1",
    "after-x",
    "service-",
    "service-Swedish",
    "service-a--b",
    "service-a_b",
    "service-../etc",
    "user-1",
    "USER",
    "logo",
    `service-${"a".repeat(100)}`,
  ])("answers null for the unknown key %j", (key) => {
    expect(renderDemoArt(key)).toBeNull();
  });
});
