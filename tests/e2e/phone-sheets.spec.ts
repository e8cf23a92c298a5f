import { expect, test, type Locator, type Page } from "@playwright/test";
import { BASE_URL } from "./config";
import { DEMO, DEMO_PASSWORD, shot } from "./helpers";

/**
 * The customer's sheets on a phone (issue 24, "The customer's pages on a phone"): every sheet and modal of the
 * customer's pages fits the screen at 390 px and at 320 px, with nothing cut off on the right: the cancel sheet
 * (its refund amount and confirm button), the reschedule sheet, the pro's proposal, tip, rating, message, the
 * wallet's add-card form and the log-in and sign-up sheets. It measures the sheet (scrollWidth against its width)
 * and every element in it (its right edge against the sheet's), so a row that scrolls sideways inside the sheet's
 * body fails as surely as one that widens the page.
 */

async function overflowOf(dialog: Locator) {
  return dialog.evaluate((panel) => {
    const box = panel.getBoundingClientRect();
    const body = panel.querySelector(".dialog-body") as HTMLElement | null;
    const outside = Array.from(panel.querySelectorAll<HTMLElement>("*"))
      .filter((el) => {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) return false;
        // Visually hidden helpers (1 px, clipped) are not content.
        if (getComputedStyle(el).position === "absolute" && r.width <= 1) return false;
        // A row made to scroll sideways (the reschedule day strip) may hold more than it shows, if it fits itself.
        for (let up = el.parentElement; up && up !== panel; up = up.parentElement) {
          const scroller = getComputedStyle(up).overflowX;
          if ((scroller === "auto" || scroller === "scroll") && !up.classList.contains("dialog-body")) {
            const u = up.getBoundingClientRect();
            if (u.right <= box.right + 0.5 && u.left >= box.left - 0.5) return false;
          }
        }
        return r.right > box.right + 0.5 || r.left < box.left - 0.5;
      })
      .map((el) => `${el.tagName.toLowerCase()}.${el.className || ""} "${(el.textContent ?? "").trim().slice(0, 30)}"`);
    return {
      panel: panel.scrollWidth - panel.clientWidth,
      body: body ? body.scrollWidth - body.clientWidth : 0,
      page: document.documentElement.scrollWidth - window.innerWidth,
      width: Math.round(box.width),
      outside: outside.slice(0, 5),
    };
  });
}

async function expectFits(page: Page, dialog: Locator, name: string) {
  await expect(dialog).toBeVisible();
  // The sheet slides in: measure once it has settled.
  await expect
    .poll(() => dialog.evaluate((el) => getComputedStyle(el).transform))
    .toMatch(/^(none|matrix\(1, 0, 0, 1, 0, 0\))$/);
  const o = await overflowOf(dialog);
  expect(o, `${name}: ${JSON.stringify(o)}`).toMatchObject({ panel: 0, body: 0, outside: [] });
  expect(o.page, name).toBeLessThanOrEqual(0);
  expect(o.width, name).toBeLessThanOrEqual(page.viewportSize()!.width);
  // Every button of the sheet is whole on screen (the confirm button was cut off on the right).
  for (const button of await dialog.locator(".modal-actions button, .form-actions button").all()) {
    const b = (await button.boundingBox())!;
    expect(b.x, name).toBeGreaterThanOrEqual(0);
    expect(b.x + b.width, `${name}: ${await button.textContent()}`).toBeLessThanOrEqual(page.viewportSize()!.width);
  }
}

async function logIn(page: Page, login: string) {
  const res = await page.request.post("/api/login", {
    headers: { origin: BASE_URL },
    data: { phone: login, password: DEMO_PASSWORD },
  });
  expect(res.status()).toBe(200);
}

/**
 * The post-login rating prompt (checked once an hour per browser) would open a rating sheet over the list: it is
 * not what is measured here, so the browser has just checked.
 */
async function skipRatingPrompt(page: Page) {
  await page.addInitScript(() => {
    const raw = window.localStorage.getItem("settings");
    const settings = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    window.localStorage.setItem("settings", JSON.stringify({ ...settings, setting003: Date.now() }));
  });
}

async function closeSheet(page: Page, dialog: Locator) {
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
}

for (const width of [390, 320]) {
  test.describe(`customer sheets at ${width} px`, () => {
    test.use({ viewport: { width, height: 760 }, isMobile: true, hasTouch: true });

    test("the upcoming order's cancel, reschedule, proposal and message sheets fit", async ({ page }) => {
      await logIn(page, DEMO.customer.email);
      // The pro's proposal: the seed has none, so one is added to the list the page reads (the sheet's layout is
      // what is measured; its answers are covered by the API tests).
      await page.route(
        (url) => url.pathname === "/api/orders",
        async (route) => {
          const res = await route.fetch();
          const body = (await res.json()) as { data?: Array<Record<string, unknown>> };
          const first = body.data?.findLast((o) => o.can_reschedule);
          if (first) {
            first.vendor_proposal = {
              request_id: 1,
              selectedDate: first.promised_arrival_time,
              reason: "my earlier client moved their appointment to the afternoon",
              expires_at: new Date(Date.now() + 86_400_000).toISOString(),
            };
          }
          await route.fulfill({ response: res, json: body });
        },
      );
      await skipRatingPrompt(page);
      await page.goto("/account/orders");
      await page.waitForLoadState("networkidle");
      const card = page.getByTestId("order-card").filter({ has: page.getByRole("button", { name: "Cancel" }) });
      await expect(card.first()).toBeVisible();

      // Cancel: the fee line and "Cancel and pay $X" / "Cancel appointment" whole on screen.
      await card.first().getByRole("button", { name: "Cancel", exact: true }).click();
      const cancel = page.getByRole("dialog", { name: "Cancel this appointment?" });
      await expect(cancel.getByTestId("cancel-fee")).toBeVisible();
      await expectFits(page, cancel, `cancel ${width}`);
      await shot(page, `phone-cancel-sheet-${width}`);
      await closeSheet(page, cancel);

      // Reschedule, with a time picked (the confirm button then names the day and time: its longest text).
      const reschedulable = page
        .getByTestId("order-card")
        .filter({ has: page.getByRole("button", { name: "Reschedule", exact: true }) });
      await reschedulable.first().getByRole("button", { name: "Reschedule", exact: true }).click();
      const move = page.getByRole("dialog", { name: "Reschedule" });
      const slot = move.getByTestId("time-slot").first();
      await expect(slot).toBeVisible();
      await slot.click();
      await expect(move.getByTestId("reschedule-ask")).toContainText("Ask for");
      await expectFits(page, move, `reschedule ${width}`);
      await shot(page, `phone-reschedule-sheet-${width}`);
      await closeSheet(page, move);

      // The pro's proposal: "Keep my current time" and "Approve <day and time>" side by side.
      await page.getByTestId("review-proposal").first().click();
      const proposal = page.getByRole("dialog", { name: "Your professional asks for a new time" });
      await expect(proposal.getByTestId("proposal-note")).toBeVisible();
      await expectFits(page, proposal, `proposal ${width}`);
      await shot(page, `phone-proposal-sheet-${width}`);
      await closeSheet(page, proposal);

      const messageable = page
        .getByTestId("order-card")
        .filter({ has: page.getByRole("button", { name: "Message pro" }) });
      await messageable.first().getByRole("button", { name: "Message pro" }).click();
      const message = page.getByRole("dialog", { name: /^Message / });
      await expectFits(page, message, `message ${width}`);
      await closeSheet(page, message);
    });

    test("the completed order's tip and rating sheets fit", async ({ page }) => {
      await logIn(page, DEMO.customer.email);
      await skipRatingPrompt(page);
      await page.goto("/account/orders?completed=1");
      await page.waitForLoadState("networkidle");
      const tipOpen = page.getByTestId("tip-open").first();
      await expect(tipOpen).toBeVisible();
      await tipOpen.click();
      const tip = page.getByTestId("tip-modal");
      await tip.getByTestId("tip-amount").fill("25");
      await expectFits(page, tip, `tip ${width}`);
      await closeSheet(page, tip);

      await page.getByTestId("rate-open").first().click();
      const rate = page.getByTestId("rating-modal");
      await expectFits(page, rate, `rating ${width}`);
      await closeSheet(page, rate);
    });

    test("the log-in and sign-up sheets fit", async ({ page }) => {
      await page.goto("/help");
      const bar = page.getByRole("navigation", { name: "Main" });
      await expect(async () => {
        const sheet = page.getByRole("dialog", { name: "Log in" });
        if (!(await sheet.isVisible())) await bar.getByTestId("bottom-tab-login").click();
        await expect(sheet).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 15_000 });
      const login = page.getByRole("dialog", { name: "Log in" });
      await expectFits(page, login, `log in ${width}`);
      await login.getByRole("button", { name: "Create account" }).click();
      const signup = page.getByRole("dialog", { name: "Create your account" });
      await expectFits(page, signup, `sign up ${width}`);
    });
  });
}
