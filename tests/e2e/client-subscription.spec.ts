import { expect, test } from "@playwright/test";
import { BASE_URL } from "./config";
import { DEMO, DEMO_PASSWORD, e164, freshPhone, logInWithModal, shot } from "./helpers";

test.use({ timezoneId: "America/New_York" });

/** The newest subscription link texted to a phone, read from the SMS outbox as staff would. */
async function linkFromOutbox(request: import("@playwright/test").APIRequestContext, phone: string): Promise<string> {
  const headers = { origin: BASE_URL, "content-type": "application/json" };
  const login = await request.post("/api/login", {
    headers,
    data: { phone: DEMO.admin.email, password: DEMO_PASSWORD },
  });
  expect(login.status()).toBe(200);
  const res = await request.get(`/api/admin/outbox?to=${encodeURIComponent(phone)}&limit=1`);
  const body = (await res.json()) as { data: { body: string }[] };
  const link = body.data[0]?.body.match(/https?:\/\/\S+\/subscription\?t=[A-Za-z0-9_-]+/)?.[0];
  if (!link) throw new Error(`no subscription link for ${phone}: ${body.data[0]?.body}`);
  return new URL(link).pathname + new URL(link).search;
}

test("a pro creates a client subscription; the client adds 4242 from the texted link and sees the dates; the pro sees it active", async ({
  page,
  browser,
  playwright,
}) => {
  await page.goto("/");
  await logInWithModal(page, DEMO.vendor.phone);
  await page.goto("/business/subscriptions");
  await page.getByRole("button", { name: "New subscription" }).click();
  const form = page.getByRole("form", { name: "New client subscription" });
  const phone = freshPhone();
  await form.getByLabel("Client name").fill("Jordan Client");
  await form.getByLabel("Client mobile").fill(phone);
  await form.getByLabel("Service", { exact: true }).selectOption({ index: 1 });
  await form.getByLabel("How often").selectOption("14");
  await form.getByLabel("Time").fill("10:00");
  await form.getByLabel("ZIP code").fill("10011");
  await form.getByLabel("Service address").fill("100 W 20th St, New York, NY");
  await shot(page, "client-subscription-form");

  // The first free weekday morning on Maya's calendar a few days out.
  let created = false;
  for (let days = 4; days < 20 && !created; days++) {
    const d = new Date(Date.now() + days * 86_400_000);
    const ymd = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
    await form.getByLabel("First date").fill(ymd);
    const answer = page.waitForResponse((r) => r.url().includes("/api/vendor/me/customer-subscription-active"));
    await form.getByRole("button", { name: "Create and text the client" }).click();
    created = (await answer).status() === 201;
  }
  expect(created).toBe(true);
  const card = page.getByTestId("client-subscriptions").locator("li", { hasText: "Jordan Client" });
  await expect(card.getByTestId("csub-status")).toHaveText("Waiting for card");
  await shot(page, "client-subscription-created");

  const staff = await playwright.request.newContext({ baseURL: BASE_URL });
  const link = await linkFromOutbox(staff, e164(phone.replace(/^\+1/, "")));
  await staff.dispose();

  const client = await browser.newPage({ timezoneId: "America/New_York" });
  await client.goto(link);
  await expect(client.getByRole("heading", { name: "Your recurring service" })).toBeVisible();
  await expect(client.getByTestId("next-dates").locator("li")).toHaveCount(4);
  await client.getByTestId("card-number").fill("4242 4242 4242 4242");
  await client.getByTestId("card-expiry").fill("12 / 30");
  await client.getByTestId("card-cvc").fill("123");
  await client.getByTestId("card-zip").fill("10011");
  await client.getByRole("button", { name: "Save card" }).click();
  await expect(client.getByTestId("csub-status")).toHaveText("Active", { timeout: 15_000 });
  await expect(client.getByRole("heading", { name: "Card •••• 4242" })).toBeVisible();
  await shot(client, "client-subscription-active");
  await client.close();

  await page.reload();
  await expect(
    page.getByTestId("client-subscriptions").locator("li", { hasText: "Jordan Client" }).getByTestId("csub-status"),
  ).toHaveText("Active");
});

test("the pro's pay screen shows balances and sets up the payout account offline", async ({ page }) => {
  await page.goto("/");
  await logInWithModal(page, DEMO.vendor.phone);
  await page.goto("/business/pay");
  await expect(page.getByTestId("available")).toBeVisible();
  const setup = page.getByRole("button", { name: /Set up payouts|Finish setup/ });
  if (await setup.isVisible()) {
    await setup.click();
    await expect(page.getByRole("heading", { name: "Set up your payout account" })).toBeVisible();
    await page.getByLabel("Legal name").fill("Maya Lopez");
    await page.getByLabel("Routing number").fill("110000000");
    await page.getByLabel("Account number").fill("000123456789");
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page).toHaveURL(/\/business\/pay/);
  }
  await expect(page.getByText("Ready for payouts")).toBeVisible();
  await shot(page, "pay-screen");
});
