import { expect, test } from "@playwright/test";

/**
 * Pages carry a nonce-based CSP that the server-rendered scripts satisfy: the app hydrates and navigates with
 * no CSP violation, a script without the nonce does not run, and the page refuses to be framed
 * (docs/decisions/052-security-headers.md).
 */
test("pages send the safety headers and hydrate under their nonce CSP", async ({ page, request }) => {
  const violations: string[] = [];
  page.on("console", (msg) => {
    if (/Content Security Policy|Refused to (execute|load)/i.test(msg.text())) violations.push(msg.text());
  });
  const res = await page.goto("/");
  const headers = res!.headers();
  expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");

  // Hydrated: a client-side navigation works (a link click does not reload the document).
  await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
  await page.locator('a[href="/help"]').first().click();
  await expect(page).toHaveURL(/\/help$/);
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);

  // An injected inline script without the nonce is refused.
  const ran = await page.evaluate(async () => {
    const s = document.createElement("div");
    s.innerHTML = '<img src="x" onerror="window.__injected = 1">';
    document.body.appendChild(s);
    await new Promise((r) => setTimeout(r, 300));
    return (window as unknown as { __injected?: number }).__injected ?? 0;
  });
  expect(ran).toBe(0);
  expect(violations.filter((v) => !/onerror|inline event handler|script-src-attr|'unsafe-inline'/i.test(v))).toEqual(
    [],
  );

  // Each render has its own nonce.
  const again = await request.get("/");
  expect(again.headers()["content-security-policy"]).not.toBe(headers["content-security-policy"]);
});
