import { execFileSync } from "node:child_process";
import path from "node:path";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { BASE_URL, E2E_PORT, E2E_STATE_DIR } from "./config";

/** The seeded demo accounts (scripts/seed/people.ts). */
export const DEMO = {
  customer: { name: "Ava Brooks", phone: "(212) 555-0101", email: "ava@example.com" },
  vendor: { name: "Maya Lopez", phone: "(212) 555-0102", email: "maya@example.com" },
  connect: { name: "Connor Reed", phone: "(212) 555-0103", email: "connect@example.com" },
  admin: { name: "Alex Morgan", phone: "(212) 555-0104", email: "admin@example.com" },
} as const;
export const DEMO_PASSWORD = "demo-password";

/** A valid US phone nobody has used yet in this run. */
export function freshPhone(): string {
  const n = String(Date.now() % 10_000_000).padStart(7, "0");
  return `(415) ${n.slice(0, 3).replace(/^[01]/, "5")}-${n.slice(3)}`;
}

export function e164(pretty: string): string {
  return `+1${pretty.replace(/\D/g, "")}`;
}

/**
 * Reads the newest one-time code texted to a phone, the way staff would: an admin session reading the SMS
 * outbox through the API.
 */
export async function codeFromOutbox(request: APIRequestContext, phone: string): Promise<string> {
  const headers = { origin: BASE_URL, "content-type": "application/json" };
  const login = await request.post("/api/login", {
    headers,
    data: { phone: DEMO.admin.email, password: DEMO_PASSWORD },
  });
  expect(login.status()).toBe(200);
  const res = await request.get(`/api/admin/outbox?to=${encodeURIComponent(e164(phone))}&limit=1`);
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { data: { body: string }[] };
  const code = body.data[0]?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in the outbox for ${phone}`);
  return code;
}

export function authDialog(page: Page, title: "Log in" | "Create your account" | "Reset your password") {
  return page.getByRole("dialog", { name: title });
}

/**
 * Opens the login modal from the header. A click that lands before the page has hydrated does nothing
 * (as for a person on a slow phone), so it clicks again until the dialog shows.
 */
export async function openLoginModal(page: Page) {
  const dialog = authDialog(page, "Log in");
  await expect(async () => {
    if (!(await dialog.isVisible())) await page.getByTestId("header-login").click();
    await expect(dialog).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  return dialog;
}

/** Logs in through the header's Log In button and modal. */
export async function logInWithModal(page: Page, login: string, password = DEMO_PASSWORD): Promise<void> {
  const dialog = await openLoginModal(page);
  await dialog.getByLabel("Phone number or email").fill(login);
  await dialog.getByLabel("Password", { exact: true }).fill(password);
  await dialog.getByTestId("login-submit").click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("account-menu")).toBeVisible();
}

export async function menuItems(page: Page): Promise<string[]> {
  await page.getByTestId("account-menu").click();
  const menu = page.getByRole("menu", { name: "Account menu" });
  await expect(menu).toBeVisible();
  return (await menu.getByRole("menuitem").allInnerTexts()).map((t) => t.trim());
}

export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: false });
}

/** SQL on the running site's local D1 (the seeded demo data, as the earlier specs left it). */
export function d1(sql: string): Record<string, unknown>[] {
  const out = execFileSync(
    "npx",
    [
      "wrangler",
      "d1",
      "execute",
      "DB",
      "--local",
      "--persist-to",
      path.resolve(E2E_STATE_DIR),
      "--json",
      "--command",
      sql,
    ],
    { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] },
  );
  return (JSON.parse(out) as { results: Record<string, unknown>[] }[])[0]!.results;
}

/** The newest text to `phone` (E.164) matching `pattern`, read from the SMS outbox as staff would; its path. */
export async function linkFromOutbox(request: APIRequestContext, phone: string, pattern: RegExp): Promise<string> {
  const login = await request.post("/api/login", {
    headers: { origin: BASE_URL, "content-type": "application/json" },
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

/** Types a test card into the local card form. */
export async function fillCard(page: Page, number: string) {
  await page.getByTestId("card-number").fill(number);
  await page.getByTestId("card-expiry").fill("12 / 30");
  await page.getByTestId("card-cvc").fill("123");
  await page.getByTestId("card-zip").fill("10011");
}

/** A new customer signs up from the home page's log-in dialog (member prices and cards stay off the demo accounts). */
export async function signUpFromHome(page: Page, request: APIRequestContext, name: string): Promise<string> {
  const phone = freshPhone();
  await page.goto("/");
  await (await openLoginModal(page)).getByRole("button", { name: /create (an )?account/i }).click();
  const signup = authDialog(page, "Create your account");
  await signup.getByLabel("Full name").fill(name);
  await signup.getByLabel("Mobile phone").fill(phone);
  await signup.getByLabel("Email").fill(`e2e-${Date.now()}@example.com`);
  await signup.getByLabel("Password", { exact: true }).fill("e2e-password-1");
  await signup.getByTestId("signup-submit").click();
  await signup.getByLabel("6-digit code").fill(await codeFromOutbox(request, phone));
  await signup.getByRole("button", { name: "Verify and create account" }).click();
  await expect(signup).toBeHidden();
  return phone;
}

/**
 * Maya (signed in on `page`) creates a client subscription through the business area's form, every 14 days at
 * 10:00 on the first free morning a few days out; answers its id (the client is texted the link).
 */
export async function newClientSubscription(page: Page, client: { name: string; phone: string }): Promise<number> {
  await page.goto("/business/subscriptions");
  await page.getByRole("button", { name: "New subscription" }).click();
  const form = page.getByRole("form", { name: "New client subscription" });
  await form.getByLabel("Client name").fill(client.name);
  await form.getByLabel("Client mobile").fill(client.phone);
  await form.getByLabel("Service", { exact: true }).selectOption({ index: 1 });
  await form.getByLabel("How often").selectOption("14");
  await form.getByLabel("Time").fill("10:00");
  await form.getByLabel("ZIP code").fill("10011");
  await form.getByLabel("Service address").fill("100 W 20th St, New York, NY");
  for (let days = 5; days < 30; days++) {
    const d = new Date(Date.now() + days * 86_400_000);
    const ymd = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
    await form.getByLabel("First date").fill(ymd);
    const answer = page.waitForResponse((r) => r.url().includes("/api/vendor/me/customer-subscription-active"));
    await form.getByRole("button", { name: "Create and text the client" }).click();
    const res = await answer;
    if (res.status() === 201) {
      return ((await res.json()) as { data: { client_subscription_id: number } }).data.client_subscription_id;
    }
  }
  throw new Error("no free morning on Maya's calendar in the next 30 days");
}

/** One tick of the scheduled work (`npm run cron`) on the browser tests' state; answers what it printed. */
export function runCron(): string {
  return execFileSync("npx", ["tsx", "scripts/cron.ts"], {
    encoding: "utf8",
    env: { ...process.env, GLOW_STATE_DIR: path.resolve(E2E_STATE_DIR), CRON_PORT: String(E2E_PORT + 500) },
    stdio: ["ignore", "pipe", "inherit"],
    timeout: 180_000,
  });
}
