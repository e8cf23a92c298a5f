import { expect, test, type Page } from "@playwright/test";
import { BASE_URL } from "./config";
import { DEMO, DEMO_PASSWORD, shot } from "./helpers";

/**
 * Layout polish at 390 px and on a desktop. Notices cover nothing (docs/decisions/107-notices-cover-nothing.md):
 * the price-by-ZIP notice a visitor gets on a priced page must not sit on a button, a field, a time slot or
 * the bottom bar. The gift card's card fields are wide enough to read what was typed.
 */
async function controlsUnder(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const alerts = [...document.querySelectorAll(".alert")].map((a) => a.getBoundingClientRect());
    const controls = [
      ...document.querySelectorAll(
        "main button, main input, main select, main textarea, main a.button, nav[aria-label='Main'] a, nav[aria-label='Main'] button",
      ),
    ];
    const hits: string[] = [];
    for (const el of controls) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      for (const a of alerts) {
        const overlap = r.left < a.right && r.right > a.left && r.top < a.bottom && r.bottom > a.top;
        if (overlap) hits.push((el.textContent ?? el.getAttribute("aria-label") ?? el.tagName).trim().slice(0, 40));
      }
    }
    return hits;
  });
}

for (const size of [
  { name: "phone", viewport: { width: 390, height: 844 } },
  { name: "desktop", viewport: { width: 1280, height: 800 } },
]) {
  test.describe(`notices on a ${size.name}`, () => {
    test.use({ viewport: size.viewport });

    test("the price-by-ZIP notice covers no control, at the top or scrolled to the time slots", async ({ page }) => {
      await page.goto("/services/swedish-massage?zipcode=10001");
      const notice = page.getByRole("status").filter({ hasText: "Prices depend on your ZIP code" });
      await expect(notice).toBeVisible();
      expect(await controlsUnder(page)).toEqual([]);
      await page.getByRole("button", { name: /AM|PM/ }).first().scrollIntoViewIfNeeded();
      expect(await controlsUnder(page)).toEqual([]);
      await shot(page, `notice-price-${size.name}`);
    });

    test("the gift card's card fields are not squeezed", async ({ page }) => {
      const login = await page.request.post("/api/login", {
        headers: { origin: BASE_URL },
        data: { phone: DEMO.customer.email, password: DEMO_PASSWORD },
      });
      expect(login.status()).toBe(200);
      await page.goto("/giftcard");
      const newCard = page.getByRole("radio", { name: "Use a new card" });
      if (await newCard.isVisible().catch(() => false)) await newCard.check();
      const number = page.getByTestId("card-number");
      await expect(number).toBeVisible();
      const widths = await Promise.all(
        ["card-number", "card-expiry", "card-cvc", "card-zip"].map(
          async (id) => (await page.getByTestId(id).boundingBox())!.width,
        ),
      );
      // "4242 4242 4242 4242" needs about 190 px; "12 / 30", a CVC and a ZIP about 70 px each.
      expect(widths[0]).toBeGreaterThanOrEqual(200);
      for (const w of widths.slice(1)) expect(w).toBeGreaterThanOrEqual(70);
      await number.scrollIntoViewIfNeeded();
      await shot(page, `giftcard-card-${size.name}`);
    });
  });
}
