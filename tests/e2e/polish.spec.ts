import { expect, test, type Page } from "@playwright/test";
import { shot } from "./helpers";

/**
 * Layout polish at 390 px and on a desktop. Notices cover nothing (docs/decisions/107-notices-cover-nothing.md):
 * the price-by-ZIP notice a visitor gets on a priced page must not sit on a button, a field, a time slot or
 * the bottom bar.
 */
async function controlsUnder(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const alerts = [...document.querySelectorAll(".alert")];
    const boxes = alerts.map((a) => a.getBoundingClientRect());
    // The page's controls and the phone's bottom bar; header bands are where notices sit by design.
    const controls = [
      ...document.querySelectorAll(
        "main button, main input, main select, main textarea, main a.button, nav[aria-label='Main'] a, nav[aria-label='Main'] button",
      ),
    ].filter((el) => !el.closest("header, [class*='header'], [class*='area-bar']"));
    const hits: string[] = [];
    for (const el of controls) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const overlaps = boxes.some((a) => r.left < a.right && r.right > a.left && r.top < a.bottom && r.bottom > a.top);
      if (!overlaps) continue;
      // Covered: a notice is what a tap anywhere on the control would hit.
      const points = [
        [r.left + 2, r.top + 2],
        [r.right - 2, r.top + 2],
        [r.left + r.width / 2, r.top + r.height / 2],
        [r.left + 2, r.bottom - 2],
        [r.right - 2, r.bottom - 2],
      ];
      const covered = points.some(([x, y]) => {
        const top = document.elementFromPoint(x!, y!);
        return top !== null && alerts.some((a) => a.contains(top));
      });
      if (covered) hits.push((el.textContent || el.getAttribute("aria-label") || el.tagName).trim().slice(0, 40));
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
