import { execFileSync } from "node:child_process";
import path from "node:path";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { BASE_URL, E2E_STATE_DIR } from "./config";

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
