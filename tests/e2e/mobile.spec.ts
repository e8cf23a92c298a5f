import { expect, test } from "@playwright/test";
import { BASE_URL } from "./config";
import { DEMO, DEMO_PASSWORD, shot } from "./helpers";

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test.describe("phone layout", () => {
  test("visitors get the bottom bar with Help, Book Now, Become a pro, Checkout and Log In", async ({ page }) => {
    await page.goto("/");
    const bar = page.getByRole("navigation", { name: "Main" });
    await expect(bar).toBeVisible();
    await expect(bar.locator(".bottom-tab")).toHaveText(["Help", "Book Now", "Become a pro", "Checkout", "Log In"]);
    await expect(bar.getByTestId("bottom-tab-pro")).toHaveAttribute("href", "/become-a-pro");
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
    await expect(bar.locator(".bottom-tab")).toHaveText(["Help", "Orders", "Become a pro", "Profile", "Checkout"]);
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

  // Signed-in areas too: a pro's, staff's and connect staff's pages (the profile's cards were 8 px too wide).
  const AREAS: Array<[string, string[]]> = [
    [
      DEMO.vendor.email,
      [
        "/business",
        "/business/calendar",
        "/business/pay",
        "/business/subscriptions",
        "/business?view=logs",
        "/business/profile",
        "/business/services",
        "/business/service-area",
        "/business/licences",
        "/business/connect-info",
        "/business/help",
      ],
    ],
    [DEMO.customer.email, ["/account/orders", "/account/wallet", "/account/membership", "/account/profile", "/cart"]],
    [
      DEMO.admin.email,
      [
        "/admin",
        "/admin/outbox",
        "/admin/applications",
        "/admin/exceptions",
        "/admin/reviews",
        "/admin/vendors",
        "/admin/ratings",
        "/admin/jobs",
        "/admin/customers",
        "/admin/payouts",
        "/admin/added-charges",
        "/admin/audit",
      ],
    ],
    [DEMO.connect.email, ["/connect", "/connect/admin"]],
  ];
  for (const [login, paths] of AREAS) {
    test(`${login}'s pages fit a 390 px screen without sideways scrolling`, async ({ page }) => {
      const res = await page.request.post("/api/login", {
        headers: { origin: BASE_URL },
        data: { phone: login, password: DEMO_PASSWORD },
      });
      expect(res.status()).toBe(200);
      const pages = [...paths];
      if (login === DEMO.vendor.email) {
        // The page a pro works from on the day: one of their upcoming jobs.
        const details = await page.request.post("/api/vendor/me/main-details", { headers: { origin: BASE_URL } });
        const upcoming = ((await details.json()) as { data: [unknown, { service_order_id: number }[]] }).data[1];
        expect(upcoming.length).toBeGreaterThan(0);
        pages.push(`/business/jobs/${upcoming[0]!.service_order_id}`);
      }
      for (const path of pages) {
        await page.goto(path);
        // Lists that load after hydration are part of the page too.
        await page.waitForLoadState("networkidle");
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, path).toBeLessThanOrEqual(0);
      }
    });
  }
});
