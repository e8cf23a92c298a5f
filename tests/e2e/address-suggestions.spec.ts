import { expect, test, type Page } from "@playwright/test";
import { BASE_URL } from "./config";
import { authDialog, codeFromOutbox, freshPhone, shot } from "./helpers";

/**
 * Booking by street address (issue 28, docs/decisions/133): the address boxes suggest the street in each ZIP
 * of the city typed (the offline places adapter), a picked suggestion is resolved to its address and ZIP,
 * and Enter without a pick submits the typed text, which is told what to add rather than called a duplicate.
 */
async function openLocationBox(page: Page) {
  const input = page.getByTestId("zip-input");
  await expect(async () => {
    if (!(await input.isVisible())) await page.getByTestId("location-button").first().click();
    await expect(input).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  return input;
}

test("the location box suggests a street's ZIPs and takes the one picked; Enter submits the typed text", async ({
  page,
}) => {
  await page.goto("/");
  const input = await openLocationBox(page);
  // Enter without a pick: the typed text is looked up, and the answer says what to add.
  await input.fill("350 5th Ave, New York, NY");
  await input.press("Enter");
  await expect(page.getByRole("alert")).toContainText("Please add your 5 digit ZIP code");
  await expect(page.getByRole("alert")).not.toContainText("multiple locations");

  // The ZIP's first digits list the city's ZIPs that start with them; one more digit narrows to one.
  await input.fill("350 5th Ave, New York, NY 1011");
  await expect(page.getByRole("option", { name: "350 5th Ave, New York, NY 10110" })).toBeVisible();
  await input.pressSequentially("8");
  await expect(page.getByRole("option")).toHaveCount(1);
  const option = page.getByRole("option", { name: "350 5th Ave, New York, NY 10118" });
  await expect(option).toBeVisible();
  await shot(page, "address-suggestions-location-box");
  await option.click();
  await expect(page.getByTestId("location-button").first()).toContainText("10118");
});

test("a visitor books by typing a street address at checkout and picking a suggestion", async ({
  page,
  playwright,
}) => {
  test.setTimeout(120_000);
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
  await signup.getByLabel("Full name").fill("Sasha Street");
  await signup.getByLabel("Mobile phone").fill(phone);
  await signup.getByLabel("Email").fill(`sasha-${Date.now()}@example.com`);
  await signup.getByLabel("Password", { exact: true }).fill("e2e-password-1");
  await signup.getByTestId("signup-submit").click();
  const staff = await playwright.request.newContext({ baseURL: BASE_URL });
  await signup.getByLabel("6-digit code").fill(await codeFromOutbox(staff, phone));
  await signup.getByRole("button", { name: "Verify and create account" }).click();
  await expect(signup).toBeHidden();

  // Type the street and the start of the city's ZIP, one key at a time, then pick the suggestion.
  const address = page.getByTestId("checkout-address");
  await address.pressSequentially("350 W 31st St, New York, NY 1000", { delay: 20 });
  const option = page.getByRole("option", { name: "350 W 31st St, New York, NY 10001" });
  await expect(option).toBeVisible();
  await shot(page, "address-suggestions-checkout");
  await option.click();
  await expect(address).toHaveValue("350 W 31st St, New York, NY 10001");
  await expect(page.getByRole("listbox", { name: "Suggested addresses" })).toBeHidden();

  await page.getByTestId("card-number").fill("4242 4242 4242 4242");
  await page.getByTestId("card-expiry").fill("12 / 30");
  await page.getByTestId("card-cvc").fill("123");
  await page.getByTestId("card-zip").fill("10001");
  await page.getByTestId("checkout-pay").click();
  await expect(page.getByTestId("order-confirmation")).toBeVisible({ timeout: 20_000 });
  await shot(page, "address-suggestions-booked");
});

test("custom services show in their area's category and nowhere else", async ({ page }) => {
  await page.goto("/services?zipcode=10001&scgid=2");
  await expect(page.getByTestId("custom-service").filter({ hasText: "Bridal Party Hair & Makeup" })).toBeVisible();
  await shot(page, "custom-services-nyc");
  await page.goto("/services?zipcode=90012&scgid=2");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText("Bridal Party Hair & Makeup")).toHaveCount(0);
});
