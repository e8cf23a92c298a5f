import { expect, test } from "@playwright/test";
import { BASE_URL } from "./config";
import {
  d1,
  DEMO,
  e164,
  fillCard,
  freshPhone,
  linkFromOutbox,
  logInWithModal,
  newClientSubscription,
  runCron,
  shot,
  signUpFromHome,
} from "./helpers";

/**
 * Cards saved for later charges and authenticated later (docs/decisions/146 and 147): a client subscription's card
 * that needs 3-D Secure on every charge (4000 0027 6000 3184) is saved with the client's approval; its later
 * off-session charge (the real cron pipeline, `npm run cron`) texts the client a link, the pro sees it waiting, and
 * the client approves the charge with their bank from the link. A card that needs 3-D Secure only when set up
 * (4000 0025 0000 3155) joins the membership with the bank's step shown and confirmed (issue 24's defect).
 */

test.use({ timezoneId: "America/New_York" });

test("a 3-D Secure card saved for a client subscription is charged later with the client's authentication", async ({
  page,
  browser,
  playwright,
}) => {
  test.setTimeout(240_000);
  await page.goto("/");
  await logInWithModal(page, DEMO.vendor.phone);
  const phone = freshPhone();
  const name = `Casey Strict ${phone.slice(-4)}`;
  const subId = await newClientSubscription(page, { name, phone });
  expect(subId).toBeGreaterThan(0);

  const staff = await playwright.request.newContext({ baseURL: BASE_URL });
  const subLink = await linkFromOutbox(
    staff,
    e164(phone.replace(/^\+1/, "")),
    /https?:\/\/\S+\/subscription\?t=[A-Za-z0-9_-]+/,
  );

  // The client saves the always-3DS card: the bank asks once when it is set up for later.
  const client = await browser.newPage({ timezoneId: "America/New_York" });
  await client.goto(subLink);
  await fillCard(client, "4000 0027 6000 3184");
  await client.getByRole("button", { name: "Save card" }).click();
  await client.getByTestId("auth-approve").click();
  await expect(client.getByTestId("csub-status")).toHaveText("Active", { timeout: 15_000 });

  // Later: the visit is now less than a day away, and the scheduled work charges it off-session.
  const soon = Date.now() + 20 * 3_600_000;
  d1(`UPDATE client_subscriptions SET next_service_at = ${soon} WHERE client_subscription_id = ${subId}`);
  const cron = runCron();
  expect(cron).toMatch(/csub_charge -> needs_authentication: 1/);

  // The pro sees it waiting for the client; nothing is paid yet.
  await page.goto("/business/subscriptions");
  const row = page.getByTestId("client-subscriptions").locator("li", { hasText: name });
  await expect(row.getByTestId("csub-awaiting-auth")).toBeVisible();
  await shot(page, "pay-setup-pro-waiting");
  expect(d1(`SELECT last_charged_for FROM client_subscriptions WHERE client_subscription_id = ${subId}`)).toEqual([
    { last_charged_for: null },
  ]);

  // The client opens the texted link and approves that charge with their bank.
  const authLink = await linkFromOutbox(
    staff,
    e164(phone.replace(/^\+1/, "")),
    /https?:\/\/\S+\/authenticate\?t=[A-Za-z0-9_-]+/,
  );
  await staff.dispose();
  await client.goto(authLink);
  await expect(client.getByRole("heading", { name: /^\$\d+\.\d\d$/ })).toBeVisible();
  await shot(client, "pay-setup-authenticate");
  await client.getByTestId("auth-link-approve").click();
  await client.getByTestId("auth-approve").click();
  await expect(client.getByTestId("auth-link-done")).toBeVisible({ timeout: 15_000 });
  await shot(client, "pay-setup-authenticated");
  await client.close();

  expect(d1(`SELECT last_charged_for FROM client_subscriptions WHERE client_subscription_id = ${subId}`)).toEqual([
    { last_charged_for: soon },
  ]);
  await page.reload();
  await expect(row.getByTestId("csub-status")).toHaveText("Active");
  await expect(row.getByTestId("csub-awaiting-auth")).toHaveCount(0);
});

test("joining the membership with a saved card that needs 3-D Secure confirms after the bank's step", async ({
  page,
  request,
}) => {
  // A new customer, so the member prices stay off the demo accounts other journeys use.
  const phone = await signUpFromHome(page, request, "Morgan Member");
  await page.goto("/account/wallet");
  await expect(page.getByRole("heading", { name: "Saved payment methods" }).first()).toBeVisible();
  await page.getByRole("button", { name: "Add a card" }).click();
  await fillCard(page, "4000 0025 0000 3155");
  await page.getByRole("button", { name: "Save card" }).click();
  await page.getByTestId("auth-approve").click();
  await expect(page.getByTestId("saved-card").filter({ hasText: "3155" }).first()).toBeVisible({ timeout: 15_000 });

  await page.goto("/account/membership");
  await page.getByRole("radio", { name: /3155/ }).first().check();
  await page.getByTestId("membership-join").click();
  // The bank asks for the first month (an on-session payment), the member approves, and the page confirms.
  await page.getByTestId("auth-approve").click();
  await expect(page.getByRole("heading", { name: "You're a beauty member" })).toBeVisible({ timeout: 20_000 });
  await shot(page, "pay-setup-membership-3ds");
  const [member] = d1(
    `SELECT m.status FROM memberships m JOIN users u ON u.user_id = m.user_id WHERE u.phone = '${e164(phone)}' ORDER BY m.membership_id DESC LIMIT 1`,
  );
  expect(member).toEqual({ status: "active" });
});
