import { expect, test, type Page } from "@playwright/test";
import { shot } from "./helpers";

/**
 * Notices cover nothing (docs/decisions/107-notices-cover-nothing.md): the price-by-ZIP notice a visitor gets
 * on a priced page must not sit on a button, a field, a time slot or the bottom bar, on a phone or a desktop.
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
  });
}
