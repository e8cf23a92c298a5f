import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { BASE_URL } from "./config";
import { DEMO, DEMO_PASSWORD, shot } from "./helpers";

/**
 * The customer's account on a phone (issue 24): the payment history and a printable receipt, server-rendered
 * and only the customer's own, at 390 px; and removing a saved card asks first and keeps a default card.
 */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

async function logIn(page: Page, login: string) {
  const res = await page.request.post("/api/login", {
    headers: { origin: BASE_URL },
    data: { phone: login, password: DEMO_PASSWORD },
  });
  expect(res.status()).toBe(200);
  // The post-login rating prompt (once an hour per browser) is not what is tested here.
  await page.addInitScript(() => {
    const raw = window.localStorage.getItem("settings");
    const settings = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    window.localStorage.setItem("settings", JSON.stringify({ ...settings, setting003: Date.now() }));
  });
}

async function serious(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test("payments and a receipt: on the first byte, on a phone, printable, axe clean, and only the customer's own", async ({
  page,
}) => {
  await logIn(page, DEMO.customer.email);
  // Server-rendered: the HTML itself lists the payments (no script has run).
  const html = await (await page.request.get("/account/payments")).text();
  expect(html).toContain('data-testid="payment-list"');

  await page.goto("/account/payments");
  const rows = page.getByTestId("payment-row");
  await expect(rows.first()).toBeVisible();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  expect(await serious(page)).toEqual([]);
  await shot(page, "phone-payments");

  await rows.first().getByRole("link").click();
  await expect(page).toHaveURL(/\/account\/payments\/[a-z]{2}%3A|\/account\/payments\/[a-z]{2}:/);
  const receipt = page.getByTestId("receipt");
  await expect(receipt.getByTestId("receipt-amount")).toHaveText(/^\$\d/);
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  expect(await serious(page)).toEqual([]);
  await shot(page, "phone-receipt");
  const receiptUrl = page.url();
  const receiptHtml = await (await page.request.get(receiptUrl)).text();
  expect(receiptHtml).toContain('data-testid="receipt-amount"');

  // Printed, the receipt stands alone: no header, navigation or buttons.
  await page.emulateMedia({ media: "print" });
  await expect(page.locator(".site-header")).toBeHidden();
  await expect(page.getByRole("button", { name: "Print receipt" })).toBeHidden();
  await expect(receipt).toBeVisible();
  await page.emulateMedia({ media: "screen" });

  // Another customer gets nothing of Ava's.
  const other = await page.context().browser()!.newContext();
  const stranger = await other.newPage();
  const login = await stranger.request.post("/api/login", {
    headers: { origin: BASE_URL },
    data: { phone: DEMO.vendor.email, password: DEMO_PASSWORD },
  });
  expect(login.status()).toBe(200);
  const path = new URL(receiptUrl).pathname;
  const id = decodeURIComponent(path.split("/").pop()!);
  const api = await stranger.request.get(`/api/account/payments/${encodeURIComponent(id)}`);
  expect(api.status()).toBe(404);
  await other.close();
});

test("removing a saved card asks first, and removing the default makes the newest card left the default", async ({
  page,
}) => {
  await logIn(page, DEMO.customer.email);
  // Two cards of this test's own, the second made the default, so Ava's own cards are left as they were.
  const add = async (number: string, setDefault: boolean) => {
    const token = await page.request.post("/api/payments/local/tokenize", {
      headers: { origin: BASE_URL },
      data: {
        number,
        exp_month: 12,
        exp_year: 2031,
        cvc: number.startsWith("37") ? "1234" : "123",
        postal_code: "10001",
      },
    });
    expect(token.status()).toBe(201);
    const id = ((await token.json()) as { data: { id: string } }).data.id;
    const saved = await page.request.post("/api/stripe/payment-methods", {
      headers: { origin: BASE_URL },
      data: { payment_method_id: id, set_default: setDefault },
    });
    expect(saved.status()).toBe(201);
    return id;
  };
  const before = (await (await page.request.get("/api/stripe/payment-methods")).json()) as {
    data: Array<{ id: string; custom_is_default_payment_method: boolean }>;
  };
  const oldDefault = before.data.find((c) => c.custom_is_default_payment_method)?.id ?? null;
  await add("5555555555554444", false);
  const mine = await add("378282246310005", true);

  await page.goto("/account/wallet");
  const amex = page.getByTestId("saved-card").filter({ hasText: "0005" }).filter({ hasText: "12/31" });
  await expect(amex).toContainText("Default");
  await amex.getByTestId("remove-card").click();
  const dialog = page.getByRole("dialog", { name: "Remove this card?" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("your most recently added card becomes the default");
  expect(await serious(page)).toEqual([]);
  await shot(page, "phone-remove-card");
  // Cancel keeps it.
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(amex).toBeVisible();

  await amex.getByTestId("remove-card").click();
  await dialog.getByRole("button", { name: "Remove card" }).click();
  await expect(dialog).toBeHidden();
  await expect(amex).toHaveCount(0);
  const mc = page.getByTestId("saved-card").filter({ hasText: "4444" }).filter({ hasText: "12/31" });
  await expect(mc).toContainText("Default");
  await expect(page.getByText(/is now your default card/)).toBeVisible();
  expect(mine).toBeTruthy();

  // Leave Ava as she was: the test's other card goes too, and her own default comes back.
  const left = (await (await page.request.get("/api/stripe/payment-methods")).json()) as {
    data: Array<{ id: string; card: { exp_year: number } }>;
  };
  for (const c of left.data.filter((k) => k.card.exp_year === 2031)) {
    await page.request.delete(`/api/stripe/payment-method/${c.id}`, { headers: { origin: BASE_URL } });
  }
  if (oldDefault && !left.data.some((k) => k.id === oldDefault && k.card.exp_year === 2031)) {
    await page.request.put(`/api/users/me/payment-methods/${oldDefault}/default`, { headers: { origin: BASE_URL } });
  }
});
