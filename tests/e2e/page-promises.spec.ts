import { expect, test } from "@playwright/test";
import { d1, DEMO, logInWithModal, shot } from "./helpers";

/**
 * What a page promises is what happens (docs/decisions/124-page-promises.md): a gift card sent "on the day you
 * choose" waits for that day, and a cancelled membership keeps member prices to the end of the paid month.
 */

test("a gift card for tomorrow is paid now and not sent before its day", async ({ page }) => {
  await page.goto("/giftcard");
  await logInWithModal(page, DEMO.customer.email);
  // Logging in may open the customer's review prompt in My Orders: come back to the gift page.
  await page.goto("/giftcard");
  const form = page.locator("form", { has: page.getByRole("heading", { name: "Buy an eGift card" }) });
  const date = form.getByTestId("gift-deliver-on");
  // The field starts on the buyer's today; the form offers up to a year ahead.
  await expect(date).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  const today = await date.inputValue();
  expect(await date.getAttribute("min")).toBe(today);
  const tomorrow = await page.evaluate((d) => {
    const next = new Date(`${d}T12:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    return next.toISOString().slice(0, 10);
  }, today);
  const email = `gift-${Date.now()}@example.com`;
  await form.getByLabel("Recipient's name").fill("Bea");
  await form.getByLabel("Recipient's email").fill(email);
  await date.fill(tomorrow);
  await shot(page, "gift-card-delivery-date");
  await form.getByTestId("gift-pay").click();
  const done = page.getByRole("status").filter({ hasText: "Your gift is scheduled" });
  await expect(done).toBeVisible({ timeout: 20_000 });
  await expect(done).toContainText("Bea");
  await shot(page, "gift-card-scheduled");

  const [card] = d1(`SELECT deliver_on, delivered_at, status FROM gift_cards WHERE recipient_email = '${email}'`);
  expect(card).toEqual({ deliver_on: tomorrow, delivered_at: null, status: "active" });
  expect(d1(`SELECT count(*) AS n FROM outbox WHERE "to" = '${email}'`)[0]).toEqual({ n: 0 });
});

test("a member who cancels keeps member prices until the paid month ends", async ({ page }) => {
  // Staff's demo account, so the customer journeys of other specs keep their prices.
  // Logged in from home: a signed-out /account page opens the log-in dialog by itself (RequireRole), which the
  // header-button helper does not expect.
  await page.goto("/");
  await logInWithModal(page, DEMO.admin.email);
  await page.goto("/account/wallet");
  await page.getByRole("button", { name: "Add a card" }).click();
  await page.getByTestId("card-number").fill("4242 4242 4242 4242");
  await page.getByTestId("card-expiry").fill("12 / 30");
  await page.getByTestId("card-cvc").fill("123");
  await page.getByTestId("card-zip").fill("10001");
  await page.getByRole("button", { name: "Save card" }).click();
  await expect(page.getByTestId("saved-card").first()).toBeVisible();

  await page.goto("/account/membership");
  await page.getByTestId("membership-join").click();
  await expect(page.getByText("Active", { exact: true })).toBeVisible({ timeout: 20_000 });
  await page.getByRole("button", { name: "Cancel membership" }).click();
  await expect(page.getByText(/you keep member prices until the end of the month you've paid for/)).toBeVisible();
  await page.getByRole("button", { name: "Cancel membership" }).last().click();
  const cancelled = page.getByTestId("membership-cancelled");
  await expect(cancelled).toBeVisible();
  await expect(cancelled).toContainText("Member prices until");
  await expect(cancelled).toContainText("will not renew");
  await expect(page.getByRole("heading", { name: "You're a beauty member" })).toBeVisible();
  await shot(page, "membership-cancelled-until");

  const [row] = d1(
    "SELECT m.status, m.current_period_end > strftime('%s','now') * 1000 AS paid_ahead FROM memberships m JOIN users u ON u.user_id = m.user_id WHERE u.email = 'admin@example.com' ORDER BY m.membership_id DESC LIMIT 1",
  );
  expect(row).toEqual({ status: "cancelled", paid_ahead: 1 });
});
