import { expect, test } from "@playwright/test";
import { BASE_URL } from "./config";
import {
  d1,
  DEMO,
  DEMO_PASSWORD,
  e164,
  freshPhone,
  linkFromOutbox,
  logInWithModal,
  newClientSubscription,
  runCron,
  shot,
  signUpFromHome,
} from "./helpers";

/**
 * The wallet wherever the product takes money (issue 23, docs/decisions/145 and 160), with the local processor's
 * stand-in for the Express Checkout Element: a gift card paid by wallet (the sheet opens only once the gift's fields
 * are complete; a declined wallet card shows its error and the wallet is back to its button; the card is not
 * kept); the membership joined by wallet, whose card is set up for off-session use, so its renewal is charged later
 * without the member (the 3155 card would answer authentication_required off-session otherwise); a client
 * subscription's card given by wallet and charged later by the scheduled work; a secure-pay tip link that offers the
 * wallet only from $0.50 and is paid by it.
 */

test.use({ timezoneId: "America/New_York" });

test("a gift card and the membership paid by wallet; the membership's wallet card renews off-session", async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const phone = await signUpFromHome(page, request, "Wren Wallet");

  await page.goto("/giftcard");
  const walletPay = page.getByTestId("wallet-pay");
  const sheet = page.getByTestId("wallet-sheet");
  await expect(walletPay).toBeVisible();
  // The gift's own fields first: the wallet's sheet does not open without them, and says why.
  await walletPay.click();
  await expect(page.getByText("Enter the recipient's name.")).toBeVisible();
  await expect(sheet).toBeHidden();
  await page.getByLabel("Recipient's name").fill("Rosa Recipient");
  await page.getByLabel("Recipient's email").fill(`rosa-${Date.now()}@example.com`);

  // A declined wallet card: the error shows, the sheet closes and the wallet is back to its button.
  await walletPay.click();
  await expect(sheet).toBeVisible();
  await sheet.getByLabel(/0002/).check();
  await sheet.getByTestId("wallet-sheet-pay").click();
  await expect(sheet).toBeHidden({ timeout: 20_000 });
  await expect(page.getByRole("alert").filter({ hasText: /declined/i })).toBeVisible();
  await expect(walletPay).toBeEnabled();

  await walletPay.click();
  await expect(sheet).toContainText("Pay $");
  await sheet.getByTestId("wallet-sheet-pay").click();
  await expect(page.getByRole("heading", { name: "Your gift is on its way" })).toBeVisible({ timeout: 20_000 });
  await shot(page, "pay-wallets-gift");
  const [gift] = d1(
    `SELECT g.status, pi.status AS paid FROM gift_cards g JOIN users u ON u.user_id = g.purchaser_user_id
     JOIN payment_intents pi ON pi.id = g.payment_intent_id
     WHERE u.phone = '${e164(phone)}' ORDER BY g.gift_card_id DESC LIMIT 1`,
  );
  expect(gift).toMatchObject({ paid: "succeeded" });
  // A one-off wallet payment keeps no card.
  await page.goto("/account/wallet");
  await expect(page.getByRole("heading", { name: "Saved payment methods" }).first()).toBeVisible();
  await expect(page.getByTestId("saved-card")).toHaveCount(0);

  // The membership by wallet: the sheet says the card is kept for the monthly renewals.
  await page.goto("/account/membership");
  await walletPay.click();
  await expect(sheet).toContainText(/kept to charge \$\d+\.\d\d every month for Beauty membership/);
  await sheet.getByLabel(/3155/).check();
  await sheet.getByTestId("wallet-sheet-pay").click();
  await expect(page.getByRole("heading", { name: "You're a beauty member" })).toBeVisible({ timeout: 20_000 });
  await expect(sheet).toBeHidden();
  await shot(page, "pay-wallets-membership");
  await page.goto("/account/wallet");
  await expect(page.getByTestId("saved-card").filter({ hasText: "3155" })).toHaveCount(1);

  // The month is over: the renewal is charged off-session, without the member, on the wallet's card.
  const [member] = d1(
    `SELECT m.membership_id AS id, m.provider_ref AS ref, m.current_period_end AS ends FROM memberships m
     JOIN users u ON u.user_id = m.user_id WHERE u.phone = '${e164(phone)}' AND m.status = 'active'`,
  );
  expect(member).toBeTruthy();
  const due = Date.now() - 3_600_000;
  d1(`UPDATE memberships SET current_period_end = ${due} WHERE membership_id = ${Number(member!.id)}`);
  d1(`UPDATE local_subscriptions SET current_period_end = ${due} WHERE id = '${String(member!.ref)}'`);
  expect(runCron()).toMatch(/membership_renewal -> renewed: [1-9]/);
  const [renewed] = d1(
    `SELECT m.status, m.current_period_end > ${Date.now()} AS next_month,
            (SELECT pi.status FROM payment_intents pi WHERE pi.ref = 'membership:' || m.membership_id || ':' || ${due}) AS renewal
     FROM memberships m WHERE m.membership_id = ${Number(member!.id)}`,
  );
  expect(renewed).toEqual({ status: "active", next_month: 1, renewal: "succeeded" });
});

test("a client subscription's card given by wallet is set up for the visits and charged later by the scheduled work", async ({
  page,
  browser,
  playwright,
}) => {
  test.setTimeout(240_000);
  await page.goto("/");
  await logInWithModal(page, DEMO.vendor.phone);
  const phone = freshPhone();
  const subId = await newClientSubscription(page, { name: `Wynn Wallet ${phone.slice(-4)}`, phone });

  const staff = await playwright.request.newContext({ baseURL: BASE_URL });
  const subLink = await linkFromOutbox(staff, e164(phone), /https?:\/\/\S+\/subscription\?t=[A-Za-z0-9_-]+/);
  await staff.dispose();
  const client = await browser.newPage({ timezoneId: "America/New_York" });
  await client.goto(subLink);
  const walletPay = client.getByTestId("wallet-pay");
  await expect(walletPay).toHaveText(/^Save with (Google|Apple) Pay$/);
  await walletPay.click();
  const sheet = client.getByTestId("wallet-sheet");
  await expect(sheet).toContainText(/Nothing is charged now\. .* keeps this card to charge \$\d+\.\d\d every 14 days/);
  // Cancel, and the wallet is back to its button with nothing saved.
  await sheet.getByTestId("wallet-sheet-cancel").click();
  await expect(sheet).toBeHidden();
  await expect(client.getByTestId("csub-status")).not.toHaveText("Active");

  // The card that asks the bank when it is set up: the wallet's own check stands for it.
  await walletPay.click();
  await sheet.getByLabel(/3155/).check();
  await sheet.getByTestId("wallet-sheet-pay").click();
  await expect(client.getByTestId("csub-status")).toHaveText("Active", { timeout: 20_000 });
  await expect(client.getByRole("heading", { name: "Card •••• 3155" })).toBeVisible();
  await shot(client, "pay-wallets-client-subscription");
  await client.close();

  // Less than a day before the visit the scheduled work charges it off-session, without the client.
  const soon = Date.now() + 20 * 3_600_000;
  d1(`UPDATE client_subscriptions SET next_service_at = ${soon} WHERE client_subscription_id = ${subId}`);
  expect(runCron()).toMatch(/csub_charge -> charged: [1-9]/);
  expect(d1(`SELECT last_charged_for FROM client_subscriptions WHERE client_subscription_id = ${subId}`)).toEqual([
    { last_charged_for: soon },
  ]);
});

test("a secure-pay tip link offers the wallet only from $0.50, and is paid by it", async ({ page, playwright }) => {
  test.setTimeout(120_000);
  const [job] = d1(
    `SELECT so.service_order_id AS id FROM service_orders so JOIN users u ON u.user_id = so.user_id
     WHERE u.email = '${DEMO.customer.email}' AND so.service_order_status_id = 40 AND so.vendor_id IS NOT NULL
     ORDER BY so.promised_arrival_time DESC LIMIT 1`,
  );
  expect(job, "a completed job of the demo customer").toBeTruthy();
  const ava = await playwright.request.newContext({ baseURL: BASE_URL });
  const headers = { origin: BASE_URL, "content-type": "application/json" };
  expect(
    (await ava.post("/api/login", { headers, data: { phone: DEMO.customer.email, password: DEMO_PASSWORD } })).status(),
  ).toBe(200);
  const made = await ava.post("/api/order/tip/url", { headers, data: { service_order_id: Number(job!.id) } });
  expect(made.status()).toBe(201);
  const url = new URL(((await made.json()) as { data: { url: string } }).data.url);
  await ava.dispose();

  // The link as texted lands on home (`/?cpid=&vid=`), which opens the pay page.
  await page.goto(url.pathname + url.search);
  await expect(page).toHaveURL(/\/pay\?cpid=/);
  const tip = page.getByTestId("tip-amount");
  await tip.fill("0.49");
  await expect(page.getByText("Please enter a larger tip amount.")).toBeVisible();
  await expect(page.getByTestId("wallet-pay")).toHaveCount(0);
  await tip.fill("0.50");
  await expect(page.getByTestId("wallet-pay")).toBeVisible();
  await page.getByTestId("wallet-pay").click();
  await page.getByTestId("wallet-sheet").getByTestId("wallet-sheet-pay").click();
  await expect(page.getByText("$0.50 paid to")).toBeVisible({ timeout: 20_000 });
  await shot(page, "pay-wallets-tip-link");
});
