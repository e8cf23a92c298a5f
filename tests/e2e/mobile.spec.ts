import { expect, test } from "@playwright/test";
import { DEMO, DEMO_PASSWORD, shot } from "./helpers";

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test.describe("phone layout", () => {
  test("visitors get the bottom bar with Help, Book Now, Checkout and Log In", async ({ page }) => {
    await page.goto("/");
    const bar = page.getByRole("navigation", { name: "Main" });
    await expect(bar).toBeVisible();
    await expect(bar.locator(".bottom-tab")).toHaveText(["Help", "Book Now", "Checkout", "Log In"]);
    await shot(page, "mobile-home-visitor");

    await bar.getByTestId("bottom-tab-login").click();
    const sheet = page.getByRole("dialog", { name: "Log in" });
    await expect(sheet).toBeVisible();
    await shot(page, "mobile-login-sheet");
    await page.keyboard.press("Escape");
    await expect(sheet).toBeHidden();
  });

  test("a signed-in customer gets Orders and Profile tabs", async ({ page }) => {
    await page.goto("/help");
    await page.getByRole("navigation", { name: "Main" }).getByTestId("bottom-tab-login").click();
    const sheet = page.getByRole("dialog", { name: "Log in" });
    await sheet.getByLabel("Phone number or email").fill(DEMO.customer.phone);
    await sheet.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
    await sheet.getByTestId("login-submit").click();
    await expect(sheet).toBeHidden();
    const bar = page.getByRole("navigation", { name: "Main" });
    await expect(bar.locator(".bottom-tab")).toHaveText(["Help", "Orders", "Profile", "Checkout"]);
    await shot(page, "mobile-customer");
  });

  test("the header and pages fit a 390 px screen without sideways scrolling", async ({ page }) => {
    for (const path of ["/", "/help", "/blogs", "/giftcard", "/privacypolicy"]) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
    await shot(page, "mobile-privacy");
  });
});
