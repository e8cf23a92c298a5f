import { expect, test, type Page } from "@playwright/test";
import { shot } from "./helpers";

/**
 * Layout polish at 390 px and on a desktop. Notices cover nothing (docs/decisions/107-notices-cover-nothing.md,
 * 175): the price-by-ZIP notice a visitor gets on a priced page is a banner in the page's flow above the header,
 * so it sits on no button, field, time slot, banner, the header or the bottom bar, and it takes the place of the
 * signup promo instead of stacking on it.
 */
async function controlsCoveredBy(page: Page, coverSelector: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const covers = [...document.querySelectorAll(selector)];
    const boxes = covers.map((a) => a.getBoundingClientRect());
    // Every control of the page, its header and banners included, and the phone's bottom bar.
    const controls = [...document.querySelectorAll("button, input, select, textarea, a")].filter(
      (el) => !covers.some((c) => c.contains(el)),
    );
    const hits: string[] = [];
    for (const el of controls) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const overlaps = boxes.some((a) => r.left < a.right && r.right > a.left && r.top < a.bottom && r.bottom > a.top);
      if (!overlaps) continue;
      // Covered: the cover is what a tap anywhere on the control would hit.
      const points = [
        [r.left + 2, r.top + 2],
        [r.right - 2, r.top + 2],
        [r.left + r.width / 2, r.top + r.height / 2],
        [r.left + 2, r.bottom - 2],
        [r.right - 2, r.bottom - 2],
      ];
      const covered = points.some(([x, y]) => {
        const top = document.elementFromPoint(x!, y!);
        return top !== null && covers.some((a) => a.contains(top));
      });
      if (covered) hits.push((el.textContent || el.getAttribute("aria-label") || el.tagName).trim().slice(0, 40));
    }
    return hits;
  }, coverSelector);
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
      await expect(notice).toContainText("You're seeing the prices for 10001");
      // In the flow above the header, alone in the banners' soft slot: the signup promo waits its turn.
      const noticeBox = (await notice.boundingBox())!;
      const headerBox = (await page.locator("header").first().boundingBox())!;
      expect(noticeBox.y + noticeBox.height).toBeLessThanOrEqual(headerBox.y + 0.5);
      expect(await notice.evaluate((el) => getComputedStyle(el).position)).toBe("static");
      await expect(page.getByRole("region", { name: "Create an account" })).toHaveCount(0);
      const notices = ".banner-info, .alert";
      expect(await controlsCoveredBy(page, notices)).toEqual([]);
      await shot(page, `notice-price-${size.name}`);
      await page.getByRole("button", { name: /AM|PM/ }).first().scrollIntoViewIfNeeded();
      expect(await controlsCoveredBy(page, notices)).toEqual([]);
      // Its button opens the ZIP box; the notice makes way.
      await page.evaluate(() => window.scrollTo(0, 0));
      await notice.getByRole("button", { name: "Change" }).click();
      await expect(notice).toHaveCount(0);
      await expect(page.getByRole("dialog", { name: "Your location" })).toBeVisible();
    });
  });
}
