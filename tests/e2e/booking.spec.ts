import { expect, test, type Page } from "@playwright/test";
import { shot } from "./helpers";

/**
 * A visitor's discover-and-hold journey (issue "Discover and hold"): set a ZIP, browse a category, search,
 * open a pro, pick a time that is really free, add it to the cart and find it held on /cart.
 */
async function setZip(page: Page, zip: string) {
  // A click that lands before the page has hydrated does nothing (as on a slow phone): click until it opens.
  const input = page.getByTestId("zip-input");
  await expect(async () => {
    if (!(await input.isVisible())) await page.getByTestId("location-button").first().click();
    await expect(input).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await input.fill(zip);
  await page.getByTestId("zip-update").click();
  await expect(page.getByTestId("location-button").first()).toContainText(zip);
}

async function journey(page: Page, tag: string) {
  await page.goto("/");
  await setZip(page, "10001");

  // Browse a category from the header's category menu: the services for the ZIP, with area prices.
  await page.getByTestId("category-menu").first().click();
  await page
    .getByRole("menuitem", { name: /massage/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/services\?.*scgid=\d+/);
  const massage = page
    .getByTestId(/^service-card-/)
    .filter({ hasText: /massage/i })
    .first();
  await expect(massage).toBeVisible();
  await expect(massage).toContainText("$");
  await shot(page, `${tag}-services`);

  // Search.
  await page.goto("/services?searchTerm=massage");
  await expect(page.getByTestId(/^service-card-/).first()).toContainText(/massage/i);
  await shot(page, `${tag}-search`);

  // Open a pro who serves the ZIP.
  await page.goto("/vendors");
  const card = page.getByTestId("vendor-card").first();
  await expect(card).toBeVisible();
  await card.locator(".vendor-card-link").click();
  await expect(page).toHaveURL(/\/vendor\/\d+/);

  // Pick a service and a free time, and hold it.
  await page
    .getByRole("button", { name: /^Choose / })
    .first()
    .click();
  const slot = page.getByTestId("time-slot").first();
  await expect(slot).toBeVisible();
  const chosen = (await slot.getAttribute("data-value")) ?? "";
  expect(chosen).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  await slot.click();
  await page.getByTestId("add-to-cart").click();
  await expect(page.getByTestId("hold-countdown").first()).toBeVisible();
  await shot(page, `${tag}-held`);

  await page.getByTestId("cart-button").first().click();
  await expect(page).toHaveURL(/\/cart/);
  const item = page.getByTestId("cart-item");
  await expect(item).toHaveCount(1);
  await expect(item.getByTestId("hold-countdown")).toBeVisible();
  await expect(page.getByTestId("cart-button").first()).toHaveAccessibleName(/1/);
  await shot(page, `${tag}-cart`);

  // The cart survives a reload: the hold lives on the server, not in the page.
  await page.reload();
  await expect(page.getByTestId("cart-item")).toHaveCount(1);

  // The reloaded cart is server-rendered, so it may still be hydrating: a click before that does nothing (as
  // for a person on a slow phone), so click again until the item goes.
  await expect(async () => {
    if ((await item.count()) > 0) await item.getByTestId("cart-remove").click();
    await expect(page.getByTestId("cart-item")).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

test("a visitor finds a pro near 10001, holds a free time and sees it in the cart", async ({ page }) => {
  await journey(page, "booking-desktop");
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  test("the same journey at 390 px", async ({ page }) => {
    await journey(page, "booking-phone");
  });
});
