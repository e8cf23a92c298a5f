import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { CONTENT_ROUTES } from "./content-routes";
import { DEMO, logInWithModal } from "./helpers";

/**
 * axe (WCAG 2.x A and AA rules) on every page, signed out and in each role: no serious or critical
 * violation may appear. A page is checked once its first heading shows (its data rendered or its empty
 * state), so what is checked is what a person sees.
 */
const PUBLIC = [
  "/",
  "/services",
  "/services?zipcode=10001",
  "/services/swedish-massage?zipcode=10001",
  "/vendors?zipcode=10001",
  "/vendor/1?zipcode=10001",
  "/cart",
  "/checkout",
  "/membership",
  ...CONTENT_ROUTES,
];
const CUSTOMER = [
  "/account/orders",
  "/account/wallet",
  "/account/membership",
  "/account/settings",
  "/cart",
  "/checkout",
];
const VENDOR = ["/business", "/business/calendar", "/business/help", "/business/connect-info"];
const ADMIN = [
  "/admin",
  "/admin/jobs",
  "/admin/exceptions",
  "/admin/customers",
  "/admin/added-charges",
  "/connect/admin",
];

async function seriousViolations(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  await page
    .locator("h1")
    .first()
    .waitFor({ state: "visible", timeout: 10_000 })
    .catch(() => undefined);
  // Skeletons give way to content; check what stays on screen.
  await page
    .locator(".skeleton")
    .first()
    .waitFor({ state: "detached", timeout: 5_000 })
    .catch(() => undefined);
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${path}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

// One test per page: a slow machine then times out one page, not the whole list.
for (const path of PUBLIC) {
  test(`no serious accessibility violation on ${path}`, async ({ page }) => {
    test.setTimeout(60_000);
    expect(await seriousViolations(page, path)).toEqual([]);
  });
}

for (const [role, login, paths] of [
  ["customer", DEMO.customer.email, CUSTOMER],
  ["vendor", DEMO.vendor.email, VENDOR],
  ["admin", DEMO.admin.email, ADMIN],
] as const) {
  test(`no serious accessibility violation on the ${role}'s pages`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.goto("/help");
    await logInWithModal(page, login);
    const problems: string[] = [];
    for (const path of paths) problems.push(...(await seriousViolations(page, path)));
    expect(problems).toEqual([]);
  });
}
