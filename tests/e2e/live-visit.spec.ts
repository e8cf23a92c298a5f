import { expect, test, type APIRequestContext, type BrowserContext, type Page } from "@playwright/test";
import { BASE_URL } from "./config";
import { d1, DEMO, DEMO_PASSWORD, shot } from "./helpers";

/**
 * The visit, live for the customer (issue 24, docs/decisions/150 and 151): Ava's orders page is open in one
 * browser context while Maya works in another. Ava's order card goes from "finding a pro" to "accepted" as
 * Maya accepts the offer on her dashboard, then to "on the way" and "arrived" as she taps on her job page,
 * all without a reload of Ava's page. Once on a desktop screen, once at 390 px.
 */

async function signedInPage(context: BrowserContext, login: string): Promise<Page> {
  const request: APIRequestContext = context.request;
  const res = await request.post("/api/login", {
    headers: { origin: BASE_URL },
    data: { phone: login, password: DEMO_PASSWORD },
  });
  expect(res.status()).toBe(200);
  return context.newPage();
}

/** Ava books Maya's first free time and pays with the 4242 test card (a saved card when she has one). */
async function bookAndPayWithMaya(page: Page) {
  await page.goto("/?zipcode=10001");
  // The ZIP in the URL: the server renders the pro with it, whether or not the home page stored it yet.
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
  await page.getByTestId("checkout-address").fill("350 W 31st St, New York, NY 10001");
  const cardNumber = page.getByTestId("card-number");
  if (await cardNumber.isVisible()) {
    await cardNumber.fill("4242 4242 4242 4242");
    await page.getByTestId("card-expiry").fill("12 / 30");
    await page.getByTestId("card-cvc").fill("123");
    await page.getByTestId("card-zip").fill("10001");
  }
  await page.getByTestId("checkout-pay").click();
  await expect(page.getByTestId("order-confirmation")).toBeVisible({ timeout: 20_000 });
}

const PHONE = { width: 390, height: 844 };

for (const phone of [false, true]) {
  test(`the customer's order follows the visit live as the pro taps${phone ? " (390 px)" : ""}`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const viewport = phone ? PHONE : { width: 1280, height: 900 };
    const proContext = await browser.newContext({ viewport });
    const customerContext = await browser.newContext({ viewport });
    const pro = await signedInPage(proContext, DEMO.vendor.email);
    const ava = await signedInPage(customerContext, DEMO.customer.email);

    await bookAndPayWithMaya(ava);
    await ava.goto("/account/orders");
    const pending = ava.locator('[data-testid="live-visit"][data-stage="finding_pro"]').first();
    await expect(pending).toBeVisible();
    const card = ava.getByTestId("order-card").filter({ has: pending }).first();
    const jobId = (await card.getAttribute("data-service-order-id"))!;
    const mine = ava.locator(`[data-testid="order-card"][data-service-order-id="${jobId}"]`);
    const stage = mine.getByTestId("live-visit");
    // A reload would reset this marker: its presence at the end proves every step came in without one.
    await ava.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
    await shot(ava, `live-visit-finding${phone ? "-phone" : ""}`);

    // Maya accepts the offer on her dashboard.
    await pro.goto("/business");
    const offer = pro.locator(`[data-testid="offer-list"] [data-testid="biz-job"][data-service-order-id="${jobId}"]`);
    await expect(offer).toBeVisible({ timeout: 15_000 });
    await offer.locator(".biz-job-main").click();
    const modal = pro.getByTestId("job-detail-modal");
    await modal.getByRole("button", { name: "Accept job" }).click();
    await expect(modal).toBeHidden();
    await expect(stage).toHaveAttribute("data-stage", "accepted", { timeout: 10_000 });
    await expect(stage).toContainText(`${DEMO.vendor.name.split(" ")[0]}`);
    await shot(ava, `live-visit-accepted${phone ? "-phone" : ""}`);

    // The appointment is in an hour (moved in the database: heading out is allowed from three hours before).
    d1(
      `UPDATE service_orders SET promised_arrival_time = ${Date.now() + 60 * 60_000} WHERE service_order_id = ${jobId}`,
    );
    await pro.goto(`/business/jobs/${jobId}`);
    await pro.getByTestId("visit-on_the_way").click();
    await expect(stage).toHaveAttribute("data-stage", "on_the_way", { timeout: 10_000 });
    await expect(stage).toContainText("is on the way");
    await shot(ava, `live-visit-on-the-way${phone ? "-phone" : ""}`);

    await pro.getByTestId("visit-arrived").click();
    await expect(stage).toHaveAttribute("data-stage", "arrived", { timeout: 10_000 });
    await expect(stage).toContainText("has arrived");
    // "I've arrived" ticked the checklist's "arrived" on the pro's page: one story.
    await expect(pro.getByRole("checkbox", { name: /I arrived at the service address/ })).toBeChecked();
    expect(await ava.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
    if (phone) {
      // Nothing on the card runs off a 390 px screen.
      const overflow = await mine.evaluate((el) => el.scrollWidth - el.clientWidth);
      expect(overflow).toBeLessThanOrEqual(1);
    }
    await shot(ava, `live-visit-arrived${phone ? "-phone" : ""}`);
    await shot(pro, `live-visit-pro-arrived${phone ? "-phone" : ""}`);

    // Ava was looking the whole time: no "on the way" or "arrived" text went to her.
    const texts = d1(
      `SELECT COUNT(*) AS n FROM outbox o JOIN users u ON o."to" = u.phone WHERE u.email = '${DEMO.customer.email}'
       AND (o.body LIKE '%is on the way%' OR o.body LIKE '%has arrived%') AND o.body LIKE '%so=${jobId}%'`,
    );
    expect(Number(texts[0]!.n)).toBe(0);
    await proContext.close();
    await customerContext.close();
  });
}
