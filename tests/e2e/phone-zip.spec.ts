import { expect, test } from "@playwright/test";

/**
 * The home page's ZIP box on a phone (issue 24): what is typed before the page is interactive is kept across
 * hydration, and the form works with no JavaScript at all (a GET form the server answers).
 */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test("a ZIP typed before the page is interactive is kept and used", async ({ page }) => {
  // Hold the app's script so the box is typed into while the page is still only HTML.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/", { waitUntil: "domcontentloaded" });
  const box = page.getByLabel("ZIP code or address");
  await box.fill("10001");
  release();
  // Hydrated: the router has taken over the page.
  await page.waitForFunction(() => !("$_TSR" in window));
  await expect(box).toHaveValue("10001");
  await page.getByRole("button", { name: "See services near me" }).click();
  await expect(page).toHaveURL(/\/services\?zipcode=10001/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the ZIP form is a plain GET form the server answers with that ZIP's prices", async ({ page }) => {
    await page.goto("/");
    await page.getByLabel("ZIP code or address").fill("350 5th Ave, New York, NY 10001");
    await page.getByRole("button", { name: "See services near me" }).click();
    await expect(page).toHaveURL(/\/services\?zipcode=/);
    // Priced for 10001 on the server: no "set your ZIP" prompt.
    await expect(page.getByRole("region", { name: "Set your ZIP code" })).toHaveCount(0);
  });
});
