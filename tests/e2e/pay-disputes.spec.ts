import { expect, test } from "@playwright/test";
import { d1, DEMO, logInWithModal, shot } from "./helpers";

test.use({ timezoneId: "America/New_York" });

/**
 * Card disputes (issue 23, docs/decisions/148-disputes.md): a customer tips a finished job with the local
 * processor's disputing card (4000 0000 0000 0259, like Stripe's): the tip goes through, then the bank opens a
 * dispute, posted to the webhook as a signed event. Staff find it on the Card disputes page with the job, the pro
 * and the pro's share held back, and send the evidence.
 */
test("a disputed charge shows up for staff, with its job and the pro's pay, and staff send the evidence", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const [job] = d1(
    `SELECT so.service_order_id AS id FROM service_orders so JOIN users u ON u.user_id = so.user_id
     WHERE u.email = '${DEMO.customer.email}' AND so.service_order_status_id = 40 AND so.vendor_id IS NOT NULL
     ORDER BY so.promised_arrival_time DESC LIMIT 1`,
  );
  expect(job, "a completed job of the demo customer in the seeded data").toBeTruthy();
  const id = Number(job!.id);

  const customer = await browser.newPage();
  await customer.goto("/");
  await logInWithModal(customer, DEMO.customer.email);
  await customer.goto("/account/orders?completed=1");
  const card = customer.locator(`[data-testid="order-card"][data-service-order-id="${id}"]`);
  await expect(card).toBeVisible();
  await card.getByTestId("tip-open").click();
  const tip = customer.getByTestId("tip-modal");
  await tip.getByTestId("tip-amount").fill("20.00");
  // The saved cards load after the modal opens: wait for them (or the card form, with none) before choosing.
  const newCard = tip.getByText("Use a new card");
  await expect(newCard.or(tip.getByTestId("card-number"))).toBeVisible();
  if (await newCard.isVisible()) await newCard.click();
  await tip.getByTestId("card-number").fill("4000 0000 0000 0259");
  await tip.getByTestId("card-expiry").fill("12 / 30");
  await tip.getByTestId("card-cvc").fill("123");
  await tip.getByTestId("card-zip").fill("10001");
  await tip.getByTestId("tip-pay").click();
  // The charge itself succeeds: the dispute comes afterwards, from the bank.
  await expect(tip).toBeHidden({ timeout: 20_000 });

  const staff = await browser.newPage();
  await staff.goto("/");
  await logInWithModal(staff, DEMO.admin.email);
  await staff.goto("/admin/disputes");
  const table = staff.getByTestId("disputes-table");
  await expect(table).toBeVisible();
  const row = table
    .getByRole("row")
    .filter({ hasText: `Job #${id}` })
    .first();
  await expect(row).toContainText("$20.00");
  await expect(row).toContainText("needs response");
  await expect(row).toContainText("fraudulent");
  await shot(staff, "admin-disputes");

  await row.getByRole("button", { name: `Job #${id}` }).click();
  const detail = staff.getByTestId("dispute-detail");
  await expect(detail).toContainText(`#${id}`);
  await expect(detail).toContainText("held back $20.00");
  await detail
    .getByLabel("What was done at the visit (sent to the bank)")
    .fill("The pro came to the address and did the full service; the client tipped after the visit.");
  await detail.getByRole("button", { name: "Send evidence" }).click();
  await expect(staff.getByRole("status").filter({ hasText: "The evidence was sent to the bank" })).toBeVisible();
  await expect(detail).toContainText("under review");
  await expect(detail).toContainText("Evidence sent");
  await shot(staff, "admin-dispute-evidence-sent");

  await staff.goto("/admin/audit");
  await expect(staff.getByTestId("audit-table").getByText("dispute.submit_evidence").first()).toBeVisible();
});
