import { expect, test, type APIRequestContext } from "@playwright/test";
import { BASE_URL } from "./config";
import { d1, DEMO, DEMO_PASSWORD, e164, logInWithModal, shot } from "./helpers";

test.use({ timezoneId: "America/New_York" });

/** The newest text to a phone, read from the SMS outbox as staff would. */
async function lastText(request: APIRequestContext, phone: string): Promise<string> {
  const headers = { origin: BASE_URL, "content-type": "application/json" };
  const login = await request.post("/api/login", {
    headers,
    data: { phone: DEMO.admin.email, password: DEMO_PASSWORD },
  });
  expect(login.status()).toBe(200);
  const res = await request.get(`/api/admin/outbox?to=${encodeURIComponent(phone)}&limit=1`);
  const body = (await res.json()) as { data: { body: string }[] };
  return body.data[0]?.body ?? "";
}

test("a pro adds a charge within the policy (the client gets a receipt and sees it on the order), then one beyond it that the client approves from the text", async ({
  browser,
  playwright,
}) => {
  // Two browsers, two sign-ins, two charges and a card payment on a shared machine.
  test.setTimeout(150_000);
  // The seed's blowout of Ava with Maya three to four weeks ahead (scripts/seed/activity.ts: no other spec takes
  // it), moved to have started 30 minutes ago.
  const [job] = d1(
    `SELECT so.service_order_id AS id, so.price_cents AS price, coalesce(o.phone, u.phone) AS phone
     FROM service_orders so JOIN users u ON u.user_id = so.user_id JOIN orders o ON o.order_id = so.order_id
     JOIN services s ON s.service_id = so.service_id
     WHERE so.vendor_id = 1 AND so.service_order_status_id = 20 AND u.email = 'ava@example.com'
       AND s.slug = 'blowout' AND so.promised_arrival_time > ${Date.now() + 21 * 86_400_000}
     ORDER BY so.promised_arrival_time DESC LIMIT 1`,
  );
  expect(job, "the seed's blowout of Ava with Maya, weeks ahead").toBeTruthy();
  const id = Number(job!.id);
  const phone = String(job!.phone).startsWith("+") ? String(job!.phone) : e164(String(job!.phone));
  d1(`UPDATE service_orders SET promised_arrival_time = ${Date.now() - 30 * 60_000} WHERE service_order_id = ${id}`);
  const cap = Math.min(Math.floor(Number(job!.price) * 0.2), 5000);

  const pro = await browser.newPage();
  await pro.goto("/");
  await logInWithModal(pro, DEMO.vendor.phone);
  await pro.goto(`/business/jobs/${id}`);
  const panel = pro.getByTestId("job-actions");
  await expect(panel.getByTestId("add-charge-allowance")).toContainText(
    `up to $${(cap / 100).toFixed(2)} more to your client's saved card on this job without asking`,
  );
  await shot(pro, "added-charge-allowance");

  // Within the policy: $5 for hand oil, charged to Ava's saved card at once.
  await panel.getByLabel("Add a charge ($)").fill("5.00");
  await panel.getByLabel("For", { exact: true }).fill("Hand massage oil");
  await panel.getByRole("button", { name: "Charge client" }).click();
  await expect(panel.getByText(/Added charge \$5\.00: Hand massage oil \(paid\)/)).toBeVisible({ timeout: 30_000 });
  const request = (await playwright.request.newContext({ baseURL: BASE_URL })) as APIRequestContext;
  expect(await lastText(request, phone)).toMatch(/Receipt: \$5\.00 for Hand massage oil.*Dispute it:/);

  const client = await browser.newPage();
  await client.goto("/");
  await logInWithModal(client, DEMO.customer.phone);
  await client.goto("/account/orders");
  const card = client.locator(`[data-testid="order-card"][data-service-order-id="${id}"]`);
  await expect(card.getByTestId("added-charge")).toContainText("$5.00 for Hand massage oil: Paid");
  await expect(card.getByTestId("dispute-open")).toBeVisible();
  await shot(client, "added-charge-on-order");

  // Beyond the policy: $60 is more than the job's cap, so it is texted to Ava to approve.
  await panel.getByLabel("Add a charge ($)").fill("60.00");
  await panel.getByLabel("For", { exact: true }).fill("Extra 30 minutes");
  await panel.getByRole("button", { name: "Charge client" }).click();
  await expect(
    panel.getByText(/Added charge \$60\.00: Extra 30 minutes \(waiting for your client's approval\)/),
  ).toBeVisible({ timeout: 30_000 });
  const text = await lastText(request, phone);
  expect(text).toMatch(/asks \$60\.00 for Extra 30 minutes.*Nothing is charged unless you approve/);
  const link = new URL(/https?:\/\/\S+\?cpid=\S+/.exec(text)![0]);

  await client.goto(link.pathname + link.search);
  await expect(client.getByTestId("secure-pay-decline")).toBeVisible();
  await shot(client, "added-charge-approval");
  await client.getByTestId("card-number").fill("4242 4242 4242 4242");
  await client.getByTestId("card-expiry").fill("12 / 30");
  await client.getByTestId("card-cvc").fill("123");
  await client.getByTestId("card-zip").fill("10001");
  await client.getByTestId("secure-pay").click();
  await expect(client.getByText("$60.00 paid to")).toBeVisible({ timeout: 20_000 });

  await pro.reload();
  await expect(panel.getByText(/Added charge \$60\.00: Extra 30 minutes \(paid\)/)).toBeVisible();
  await client.goto("/account/orders");
  await expect(card.getByTestId("added-charge").first()).toContainText("$60.00 for Extra 30 minutes: Paid");
  await request.dispose();
});
