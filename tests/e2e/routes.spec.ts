import { expect, test } from "@playwright/test";
import { CONTENT_ROUTES } from "./content-routes";
import { shot } from "./helpers";

/** Every route of docs/product.md section 2 resolves to a real page. */
const ROUTES = [
  "/",
  "/services",
  "/vendors",
  "/cart",
  "/checkout",
  "/membership",
  "/account/orders",
  "/account/wallet",
  "/account/membership",
  "/account/settings",
  "/admin",
  "/business",
  "/business/calendar",
  "/connect",
  "/connect/admin",
  ...CONTENT_ROUTES,
];

test("every route of the spec renders a page", async ({ page }) => {
  // 31 full page loads: 45 s is too little on a loaded machine (about 2 s each at load average 20).
  test.setTimeout(120_000);
  const problems: string[] = [];
  for (const path of ROUTES) {
    const res = await page.goto(path);
    if (res?.status() !== 200) problems.push(`${path}: status ${res?.status()}`);
    const heading = page.locator("h1").first();
    const shown = await heading.waitFor({ state: "visible", timeout: 8000 }).then(
      () => true,
      () => false,
    );
    if (!shown) problems.push(`${path}: nothing to read`);
  }
  expect(problems).toEqual([]);
});

test("signed out, account and staff areas open the login modal over a page that says why", async ({ page }) => {
  for (const path of ["/account/orders", "/account/settings", "/admin", "/business", "/connect/admin"]) {
    await page.goto(path);
    await expect(page.getByRole("dialog", { name: "Log in" }), path).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Please log in to continue" }), path).toBeAttached();
  }
});

test("an unknown path answers a real 404 page", async ({ page }) => {
  const res = await page.goto("/no-such-page");
  expect(res?.status()).toBe(404);
  await expect(page.locator("h1").first()).toBeVisible();
  await shot(page, "not-found");
});

test("content pages have real content", async ({ page }) => {
  await page.goto("/help");
  expect((await page.locator("main").innerText()).length).toBeGreaterThan(800);
  await page.goto("/blogs");
  const firstPost = page.locator("main a[href^='/blogs/']").first();
  await firstPost.click();
  await expect(page).toHaveURL(/\/blogs\/.+/);
  expect((await page.locator("main").innerText()).length).toBeGreaterThan(800);
  await shot(page, "blog-post");
});
