import { describe, expect, it } from "vitest";
import { citySlug, cityPagePath, latest, splitSitemap, urlsetXml, xmlEscape } from "./sitemap";

describe("citySlug", () => {
  it("joins the city's words and the state, lower case, without punctuation or accents", () => {
    expect(citySlug("Chicago", "IL")).toBe("chicago-il");
    expect(citySlug("New York", "NY")).toBe("new-york-ny");
    expect(citySlug("St. Louis", "MO")).toBe("st-louis-mo");
    expect(citySlug("Coeur d'Alene", "ID")).toBe("coeur-d-alene-id");
    expect(citySlug("Cañon City", "CO")).toBe("canon-city-co");
    expect(cityPagePath("massage", "Chicago", "IL")).toBe("/massage/chicago-il");
  });
});

describe("sitemap XML", () => {
  it("escapes the five entities and writes W3C dates", () => {
    expect(xmlEscape(`a&b<c>"d'`)).toBe("a&amp;b&lt;c&gt;&quot;d&apos;");
    const xml = urlsetXml([
      { loc: "https://x.test/?a=1&b=2", lastmod: Date.UTC(2026, 0, 5, 23, 0) },
      { loc: "https://x.test/" },
    ]);
    expect(xml).toContain("<url><loc>https://x.test/?a=1&amp;b=2</loc><lastmod>2026-01-05</lastmod></url>");
    expect(xml).toContain("<url><loc>https://x.test/</loc></url>");
  });

  it("splits at the URL count and at the byte size, keeping the order", () => {
    const entries = Array.from({ length: 10 }, (_, i) => ({ loc: `https://x.test/p/${i}` }));
    expect(splitSitemap(entries, { urls: 4, bytes: 1e9 }).map((p) => p.length)).toEqual([4, 4, 2]);
    expect(splitSitemap(entries, { urls: 50_000, bytes: 1e9 })).toHaveLength(1);
    const oneSize = new TextEncoder().encode(urlsetXml(entries.slice(0, 3))).length;
    const parts = splitSitemap(entries, { urls: 50_000, bytes: oneSize });
    expect(parts.map((p) => p.length)).toEqual([3, 3, 3, 1]);
    for (const p of parts) expect(new TextEncoder().encode(urlsetXml(p)).length).toBeLessThanOrEqual(oneSize);
    expect(parts.flat()).toEqual(entries);
    expect(splitSitemap([], { urls: 4, bytes: 1e9 })).toEqual([[]]);
  });

  it("latest ignores unknown dates", () => {
    expect(latest([null, 3, undefined, 7, 5])).toBe(7);
    expect(latest([null])).toBeNull();
  });
});
