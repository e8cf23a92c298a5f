import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { BASE_URL } from "./config";
import {
  authDialog,
  codeFromOutbox,
  DEMO,
  DEMO_PASSWORD,
  freshPhone,
  logInWithModal,
  openLoginModal,
  shot,
} from "./helpers";

/** The newest 6-digit code mailed to `email`, read from the local outbox by an admin session. */
async function emailCode(request: APIRequestContext, email: string): Promise<string> {
  const login = await request.post("/api/login", {
    headers: { origin: BASE_URL, "content-type": "application/json" },
    data: { phone: DEMO.admin.email, password: DEMO_PASSWORD },
  });
  expect(login.status()).toBe(200);
  const res = await request.get(`/api/admin/outbox?to=${encodeURIComponent(email)}&limit=1`);
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { data: { body: string }[] };
  const code = body.data[0]?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

async function noSideScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
}

test.describe("email confirmation and the local bot check", () => {
  test("a visitor signs up with one click locally (no widget), then confirms their email in Settings", async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const phone = freshPhone();
    const email = `m${Date.now() % 1_000_000_000}@example.com`;
    await page.goto("/");
    await (await openLoginModal(page)).getByRole("button", { name: /create (an )?account/i }).click();
    const signup = authDialog(page, "Create your account");
    await signup.getByLabel("Full name").fill("Casey Confirm");
    await signup.getByLabel("Mobile phone").fill(phone);
    await signup.getByLabel("Email").fill(email);
    await signup.getByLabel("Password", { exact: true }).fill("e2e-password-1");
    // The local pass-through: no Turnstile widget, no third-party script.
    await expect(signup.getByTestId("turnstile-widget")).toHaveCount(0);
    await signup.getByTestId("signup-submit").click();
    await signup.getByLabel("6-digit code").fill(await codeFromOutbox(request, phone));
    await signup.getByRole("button", { name: "Verify and create account" }).click();
    await expect(signup).toBeHidden();
    expect(await page.evaluate(() => [...document.scripts].some((s) => s.src.includes("challenges.cloudflare")))).toBe(
      false,
    );

    await page.goto("/account/settings");
    const card = page.getByRole("region", { name: "Email confirmation" });
    await expect(card.getByText("Not confirmed", { exact: true })).toBeVisible();
    await card.getByRole("button", { name: "Send confirmation code" }).click();
    const codeField = card.getByLabel("Confirmation code");
    await expect(codeField).toBeVisible();
    await expect(card.getByText(`We emailed a 6-digit code to ${email}`)).toBeVisible();
    await shot(page, "email-confirm-code");

    // A wrong code is refused next to the field; the right one confirms.
    const code = await emailCode(request, email);
    await codeField.fill(code === "000000" ? "111111" : "000000");
    await card.getByRole("button", { name: "Confirm email" }).click();
    await expect(card.locator(".field-error")).toBeVisible();
    await codeField.fill(code);
    await card.getByRole("button", { name: "Confirm email" }).click();
    await expect(card.getByText("Confirmed", { exact: true })).toBeVisible();
    await expect(card.getByRole("button", { name: "Send confirmation code" })).toHaveCount(0);

    // It stays confirmed on reload, and the card fits a phone.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(
      page.getByRole("region", { name: "Email confirmation" }).getByText("Confirmed", { exact: true }),
    ).toBeVisible();
    await noSideScroll(page);
    await shot(page, "email-confirmed-390");
  });
});

test.describe("pro help, forum and connect details", () => {
  test("a pro reads help topics, is offered no forum when none is set up, and reads their connect details", async ({
    page,
  }) => {
    await page.goto("/help");
    await logInWithModal(page, DEMO.vendor.phone, DEMO_PASSWORD);
    await page.goto("/business/profile");
    const nav = page.getByRole("navigation", { name: "Your profile" });
    await nav.getByRole("link", { name: "Help & forum" }).click();
    await expect(page).toHaveURL(/\/business\/help$/);
    const topics = page.getByTestId("help-topics");
    await expect(topics.locator("summary").first()).toBeVisible();
    // Topics open from the keyboard.
    await topics.locator("summary").first().focus();
    await page.keyboard.press("Enter");
    await expect(topics.locator("details").first()).toHaveAttribute("open", "");
    // The local server has no forum URL and secret: the forum is not offered at all (issue 20).
    await expect(page.getByRole("heading", { name: "Community forum" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Open the forum" })).toHaveCount(0);
    await shot(page, "pro-help");

    await nav.getByRole("link", { name: "Connect details" }).click();
    await expect(page).toHaveURL(/\/business\/connect-info$/);
    await expect(page.getByRole("heading", { name: "Payout account" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Payout settings" })).toBeVisible();
    await expect(page.getByText("Loading your connect details…")).toHaveCount(0);

    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of ["/business/help", "/business/connect-info"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await noSideScroll(page);
    }
    await shot(page, "pro-connect-390");
  });
});
