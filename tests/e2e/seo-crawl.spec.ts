import { expect, test, type Page } from "@playwright/test";
import { pageProblems, type PageFacts } from "./seo-checks";

/**
 * The crawler test of issue 26: read /sitemap.xml (and its parts when it is an index), then open every URL it
 * lists with JavaScript off, as a search engine's first pass does, and check what the server sent: one h1,
 * the page's content in <main>, a canonical URL, a description, a link preview (og:title, og:description,
 * og:image) and valid structured data (tests/e2e/seo-checks.ts). Checks that wait on the page-heads part
 * say "[26-pages]". It fails once, listing every URL with its problems.
 */
test.use({ javaScriptEnabled: false });

const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));

async function sitemapUrls(page: Page, baseURL: string): Promise<string[]> {
  const res = await page.request.get(`${baseURL}/sitemap.xml`);
  expect(res.status()).toBe(200);
  const xml = await res.text();
  if (!xml.includes("<sitemapindex")) return locsOf(xml);
  const out: string[] = [];
  for (const child of locsOf(xml)) {
    const part = await page.request.get(child);
    expect(part.status(), child).toBe(200);
    out.push(...locsOf(await part.text()));
  }
  return out;
}

/** One round trip per page: what the server's HTML holds, read from the DOM the browser built (no script ran). */
async function factsOf(page: Page, url: string): Promise<PageFacts> {
  const res = await page.goto(url, { waitUntil: "domcontentloaded" });
  const facts = await page.locator("html").evaluate((root) => {
    const clean = (t: string | null) => (t ?? "").replace(/\s+/g, " ").trim();
    const all = (selector: string) => [...root.querySelectorAll(selector)];
    const attr = (selector: string, name: string) => all(selector).map((e) => e.getAttribute(name) ?? "");
    const meta: Record<string, string[]> = {};
    for (const p of ["og:title", "og:description", "og:image", "twitter:card"])
      meta[p] = attr(`meta[property="${p}"], meta[name="${p}"]`, "content");
    const mainText = all("main")
      .map((m) => clean(m.textContent))
      .join(" ");
    return {
      h1s: all("h1").map((h) => clean(h.textContent)),
      mainText,
      canonicals: attr('link[rel="canonical"]', "href"),
      descriptions: attr('meta[name="description"]', "content"),
      meta,
      jsonLd: all('script[type="application/ld+json"]').map((s) => s.textContent ?? ""),
      content: {
        cityPros: all('main [data-testid="city-pro"]').length,
        mainImages: attr("main img", "src"),
        prices: (mainText.match(/\$\d/g) ?? []).length,
      },
    };
  });
  return { url, status: res?.status() ?? 0, ...facts };
}

/**
 * Issue 26 is partly built: pros' pages, city pages, the info pages and the blog are whole; service pages and
 * `/services` render no h1, content or head of their own without a ZIP yet. Those URLs are crawled by the
 * `fixme` test below, which is the work left; the crawl of the finished kinds must pass whole.
 */
const unfinished = (url: string) => /^\/services(\/|$)/.test(new URL(url).pathname);

test("every page of the sitemap but the service pages has its h1, content, canonical URL, description, link preview and structured data", async ({
  page,
  baseURL,
}) => {
  await crawl(page, baseURL!, (url) => !unfinished(url));
});

test.fixme("the service pages of the sitemap have the same (issue 26, still to build)", async ({ page, baseURL }) => {
  await crawl(page, baseURL!, unfinished);
});

async function crawl(page: Page, baseURL: string, which: (url: string) => boolean) {
  test.setTimeout(600_000);
  const listed = await sitemapUrls(page, baseURL);
  // A crawler's first pass reads the HTML: pictures, fonts and styles are not fetched.
  await page.route(/\.(png|jpe?g|webp|svg|gif|woff2?|css)(\?|$)/, (route) => route.abort());
  // The seed has services, pros, city pages and posts: a sitemap of a few pages would mean a broken query.
  expect(listed.length).toBeGreaterThan(100);
  for (const kind of [/\/services\/[^/]+$/, /\/vendor\/\d+$/, /\/massage\/[a-z-]+-[a-z]{2}$/, /\/blogs\/[^/]+$/])
    expect(
      listed.some((u) => kind.test(u)),
      String(kind),
    ).toBe(true);
  const urls = listed.filter(which);

  const failures: string[] = [];
  const byCheck = new Map<string, number>();
  for (const url of urls) {
    const problems = pageProblems(await factsOf(page, url));
    for (const p of problems) {
      const check = p.replace(/:.*$/, "");
      byCheck.set(check, (byCheck.get(check) ?? 0) + 1);
    }
    if (problems.length > 0) failures.push(`${new URL(url).pathname}\n    ${problems.join("\n    ")}`);
  }
  const summary = [...byCheck].map(([check, n]) => `${check}: ${n}`).join("; ");
  console.log(`crawled ${urls.length} URLs, ${failures.length} with problems${summary ? ` (${summary})` : ""}`);
  expect(failures, `${failures.length} of ${urls.length} pages fail:\n${failures.join("\n")}`).toEqual([]);
}

test("a city page is whole with JavaScript off, and a city without pros is a 404", async ({ page }) => {
  const facts = await factsOf(page, "/massage/new-york-ny");
  expect(facts.status).toBe(200);
  expect(facts.h1s).toEqual(["Massage in New York, NY"]);
  expect(facts.content.cityPros).toBeGreaterThan(0);
  await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText("New York, NY");
  await expect(page.locator("main")).toContainText("Swedish Massage");
  for (const path of ["/massage/atlantis-zz", "/massage/new-york", "/nosuchgroup/new-york-ny"]) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(404);
  }
});
