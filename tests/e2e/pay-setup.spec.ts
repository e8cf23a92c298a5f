import { execFileSync } from "node:child_process";
import path from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { BASE_URL, E2E_PORT, E2E_STATE_DIR } from "./config";
import {
  authDialog,
  codeFromOutbox,
  DEMO,
  DEMO_PASSWORD,
  d1,
  e164,
  freshPhone,
  logInWithModal,
  openLoginModal,
  shot,
} from "./helpers";

/**
 * Cards saved for later charges and authenticated later (docs/decisions/146 and 147): a client subscription's card
 * that needs 3-D Secure on every charge (4000 0027 6000 3184) is saved with the client's approval; its later
 * off-session charge (the real cron pipeline, `npm run cron`) texts the client a link, the pro sees it waiting, and
 * the client approves the charge with their bank from the link. A card that needs 3-D Secure only when set up
 * (4000 0025 0000 3155) joins the membership with the bank's step shown and confirmed (issue 24's defect).
 */

test.use({ timezoneId: "America/New_York" });

const headers = { origin: BASE_URL, "content-type": "application/json" };

/** The newest text to `phone` matching `pattern`, read from the SMS outbox as staff would. */
async function linkFromOutbox(request: APIRequestContext, phone: string, pattern: RegExp): Promise<string> {
  const login = await request.post("/api/login", {
    headers,
    data: { phone: DEMO.admin.email, password: DEMO_PASSWORD },
  });
  expect(login.status()).toBe(200);
  const res = await request.get(`/api/admin/outbox?to=${encodeURIComponent(phone)}&limit=5`);
  const body = (await res.json()) as { data: { body: string }[] };
  for (const m of body.data) {
    const link = m.body.match(pattern)?.[0];
    if (link) return new URL(link).pathname + new URL(link).search;
  }
  throw new Error(`no link ${pattern} for ${phone}: ${body.data.map((m) => m.body).join(" | ")}`);
}

async function fillCard(page: Page, number: string) {
  await page.getByTestId("card-number").fill(number);
  await page.getByTestId("card-expiry").fill("12 / 30");
  await page.getByTestId("card-cvc").fill("123");
  await page.getByTestId("card-zip").fill("10011");
}

test("a 3-D Secure card saved for a client subscription is charged later with the client's authentication", async ({
  page,
  browser,
  playwright,
}) => {
  test.setTimeout(240_000);
  await page.goto("/");
  await logInWithModal(page, DEMO.vendor.phone);
  await page.goto("/business/subscriptions");
  await page.getByRole("button", { name: "New subscription" }).click();
  const form = page.getByRole("form", { name: "New client subscription" });
  const phone = freshPhone();
  const name = `Casey Strict ${phone.slice(-4)}`;
  await form.getByLabel("Client name").fill(name);
  await form.getByLabel("Client mobile").fill(phone);
  await form.getByLabel("Service", { exact: true }).selectOption({ index: 1 });
  await form.getByLabel("How often").selectOption("14");
  await form.getByLabel("Time").fill("10:00");
  await form.getByLabel("ZIP code").fill("10011");
  await form.getByLabel("Service address").fill("100 W 20th St, New York, NY");
  // The first free morning on Maya's calendar a few days out.
  let subId = 0;
  for (let days = 5; days < 30 && !subId; days++) {
    const d = new Date(Date.now() + days * 86_400_000);
    const ymd = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
    await form.getByLabel("First date").fill(ymd);
    const answer = page.waitForResponse((r) => r.url().includes("/api/vendor/me/customer-subscription-active"));
    await form.getByRole("button", { name: "Create and text the client" }).click();
    const res = await answer;
    if (res.status() === 201) {
      subId = ((await res.json()) as { data: { client_subscription_id: number } }).data.client_subscription_id;
    }
  }
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
  const cron = execFileSync("npx", ["tsx", "scripts/cron.ts"], {
    encoding: "utf8",
    env: { ...process.env, GLOW_STATE_DIR: path.resolve(E2E_STATE_DIR), CRON_PORT: String(E2E_PORT + 500) },
    stdio: ["ignore", "pipe", "inherit"],
    timeout: 180_000,
  });
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
  const phone = freshPhone();
  await page.goto("/");
  await (await openLoginModal(page)).getByRole("button", { name: /create (an )?account/i }).click();
  const signup = authDialog(page, "Create your account");
  await signup.getByLabel("Full name").fill("Morgan Member");
  await signup.getByLabel("Mobile phone").fill(phone);
  await signup.getByLabel("Email").fill(`member-${Date.now()}@example.com`);
  await signup.getByLabel("Password", { exact: true }).fill("e2e-password-1");
  await signup.getByTestId("signup-submit").click();
  await signup.getByLabel("6-digit code").fill(await codeFromOutbox(request, phone));
  await signup.getByRole("button", { name: "Verify and create account" }).click();
  await expect(signup).toBeHidden();
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
