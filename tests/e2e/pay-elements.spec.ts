import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { BASE_URL } from "./config";
import { authDialog, codeFromOutbox, DEMO, DEMO_PASSWORD, freshPhone } from "./helpers";

/**
 * The wallet in the browser (issue 23, docs/decisions/145): in local mode the local processor's wallet stands
 * in for Stripe's Express Checkout Element, so a customer pays a checkout by wallet end to end, and a tip
 * shows the wallet only from $0.50.
 */
async function apiAs(request: APIRequestContext, login: string) {
  const res = await request.post("/api/login", {
    headers: { origin: BASE_URL },
    data: { phone: login, password: DEMO_PASSWORD },
  });
  expect(res.status()).toBe(200);
}

async function signUpAtCheckout(page: Page, staff: APIRequestContext) {
  await page.goto("/?zipcode=10001");
  await page.goto("/vendor/1?zipcode=10001");
  await page
    .getByRole("button", { name: /^Choose / })
    .first()
    .click();
  await page.getByTestId("time-slot").first().click();
  await page.getByTestId("add-to-cart").click();
  await expect(page.getByTestId("hold-countdown").first()).toBeVisible();
  await page.goto("/cart");
  await page.getByTestId("cart-checkout").first().click();
  await expect(page).toHaveURL(/\/checkout/);
  const phone = freshPhone();
  const signup = authDialog(page, "Create your account");
  await expect(async () => {
    if (!(await signup.isVisible())) await page.getByRole("button", { name: "Create Account" }).last().click();
    await expect(signup).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await signup.getByLabel("Full name").fill("Wally Wallet");
  await signup.getByLabel("Mobile phone").fill(phone);
  await signup.getByLabel("Email").fill(`wally-${Date.now()}@example.com`);
  await signup.getByLabel("Password", { exact: true }).fill("e2e-password-1");
  await signup.getByTestId("signup-submit").click();
  await expect(signup.getByText(`We texted a 6-digit code to ${phone}`)).toBeVisible();
  await signup.getByLabel("6-digit code").fill(await codeFromOutbox(staff, phone));
  await signup.getByRole("button", { name: "Verify and create account" }).click();
  await expect(signup).toBeHidden();
}

test("a customer pays a checkout by wallet, and a tip offers the wallet only from $0.50", async ({
  page,
  playwright,
}) => {
  test.setTimeout(120_000);
  const staff = await playwright.request.newContext({ baseURL: BASE_URL });
  await signUpAtCheckout(page, staff);
  await page.getByTestId("checkout-address").fill("350 W 31st St, New York, NY 10001");

  // The wallet's sheet opens and can be cancelled; the wallet is back to its button (the state resets).
  const walletPay = page.getByTestId("wallet-pay");
  await expect(walletPay).toBeVisible();
  await walletPay.click();
  const sheet = page.getByTestId("wallet-sheet");
  await expect(sheet).toBeVisible();
  await sheet.getByTestId("wallet-sheet-cancel").click();
  await expect(sheet).toBeHidden();
  await expect(walletPay).toBeEnabled();

  // Pay by wallet with the card that asks the bank to confirm: the flow confirms again and the order is placed.
  await walletPay.click();
  await sheet.getByLabel(/3155/).check();
  await sheet.getByTestId("wallet-sheet-pay").click();
  await expect(page.getByTestId("order-confirmation")).toBeVisible({ timeout: 20_000 });
  await expect(sheet).toBeHidden();

  // A wallet payment keeps no card (nothing was asked to be saved).
  await page.goto("/account/wallet");
  await expect(page.getByTestId("saved-card")).toHaveCount(0);

  await page.goto("/account/orders");
  const scheduled = page.getByTestId("order-card").first();
  await expect(scheduled).toBeVisible();
  const jobId = Number(await scheduled.getAttribute("data-service-order-id"));
  expect(jobId).toBeGreaterThan(0);

  const maya = await playwright.request.newContext({ baseURL: BASE_URL });
  await apiAs(maya, DEMO.vendor.email);
  const accepted = await maya.post("/api/vendor/me/jobs/accept", {
    headers: { origin: BASE_URL },
    data: { service_order_id: jobId },
  });
  expect(accepted.status()).toBe(200);
  const admin = await playwright.request.newContext({ baseURL: BASE_URL });
  await apiAs(admin, DEMO.admin.email);
  const closed = await admin.post(`/api/admin/jobs/${jobId}/complete`, {
    headers: { origin: BASE_URL },
    data: { reason: "End-to-end test: the visit took place." },
  });
  expect(closed.status()).toBe(200);

  await page.goto("/account/orders?completed=1");
  const done = page.locator(`[data-testid="order-card"][data-service-order-id="${jobId}"]`);
  await done.getByTestId("tip-open").click();
  const tip = page.getByTestId("tip-modal");
  await tip.getByTestId("tip-amount").fill("0.49");
  await expect(tip.getByText("Please enter a larger tip amount.")).toBeVisible();
  await expect(tip.getByTestId("wallet-pay")).toHaveCount(0);
  await tip.getByTestId("tip-amount").fill("0.50");
  await expect(tip.getByTestId("wallet-pay")).toBeVisible();

  await tip.getByTestId("wallet-pay").click();
  await sheet.getByTestId("wallet-sheet-pay").click();
  await expect(tip).toBeHidden({ timeout: 20_000 });

  // Tip again with a declined wallet card: the error shows and the wallet is back to its button.
  await done.getByTestId("tip-open").click();
  await tip.getByTestId("tip-amount").fill("1");
  await tip.getByTestId("wallet-pay").click();
  await sheet.getByLabel(/0002/).check();
  await sheet.getByTestId("wallet-sheet-pay").click();
  await expect(sheet).toBeHidden({ timeout: 20_000 });
  await expect(tip.getByRole("alert")).toContainText(/declined/i);
  await expect(tip.getByTestId("wallet-pay")).toBeEnabled();
});
