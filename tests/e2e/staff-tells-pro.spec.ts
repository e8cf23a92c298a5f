import { expect, test, type APIRequestContext } from "@playwright/test";
import { BASE_URL } from "./config";
import { d1, DEMO, DEMO_PASSWORD, e164, logInWithModal, shot } from "./helpers";

test.use({ timezoneId: "America/New_York" });

/** SQL on the site's D1, tried again while the running site holds the database's lock for a moment. */
function sql(command: string): Record<string, unknown>[] {
  for (let attempt = 1; ; attempt++) {
    try {
      return d1(command);
    } catch (err) {
      if (attempt >= 5) throw err;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500 * attempt);
    }
  }
}

/** Every text to a phone, newest first, read from the local SMS outbox as staff would. */
async function textsTo(request: APIRequestContext, phone: string): Promise<string[]> {
  const headers = { origin: BASE_URL, "content-type": "application/json" };
  const login = await request.post("/api/login", {
    headers,
    data: { phone: DEMO.admin.email, password: DEMO_PASSWORD },
  });
  expect(login.status()).toBe(200);
  const res = await request.get(`/api/admin/outbox?to=${encodeURIComponent(phone)}&limit=20`);
  const body = (await res.json()) as { data: { body: string }[] };
  return body.data.map((m) => m.body);
}

/**
 * Issue 21 "Everyone is told" (docs/decisions/127): staff suspend one of Maya's jobs, writing a message for her
 * apart from their own note; Maya sees the notice on her dashboard and gets the same words by text, and neither
 * carries the staff note.
 */
test("staff suspend one of Maya's jobs: Maya sees why on her dashboard and by text, never the staff note", async ({
  browser,
  playwright,
}) => {
  test.setTimeout(120_000);
  // A job of Maya's of its own (a copy of one of her scheduled jobs, 40 days later), so no other journey's job moves.
  const [source] = sql(
    `SELECT service_order_id FROM service_orders WHERE vendor_id = 1 AND service_order_status_id = 20
     ORDER BY promised_arrival_time DESC LIMIT 1`,
  );
  expect(source, "a scheduled job of Maya's in the seed").toBeTruthy();
  const columns = sql("SELECT name FROM pragma_table_info('service_orders')")
    .map((c) => String(c.name))
    .filter((c) => c !== "service_order_id");
  const copied = columns.map((c) => (c === "promised_arrival_time" ? `${c} + ${40 * 86_400_000}` : c));
  const [job] = sql(
    `INSERT INTO service_orders (${columns.join(", ")}) SELECT ${copied.join(", ")} FROM service_orders
     WHERE service_order_id = ${Number(source!.service_order_id)} RETURNING service_order_id`,
  );
  const id = String(job!.service_order_id);
  const toMaya = "Your client is in hospital; we will find a new time with them";
  const staffNote = "Staff only: client called from the ward, case 5512";

  const staff = await browser.newPage();
  await staff.goto("/");
  await logInWithModal(staff, DEMO.admin.email);
  await staff.goto("/admin/jobs");
  await expect(staff.getByRole("heading", { name: "Jobs", level: 1 })).toBeVisible();
  await staff.getByLabel("Job number").fill(id);
  await staff.getByRole("button", { name: "Find job" }).click();
  const card = staff.getByTestId("staff-job");
  await expect(card).toContainText(`#${id}`);
  await card.getByRole("button", { name: "Suspend", exact: true }).click();
  const dialog = staff.getByRole("dialog", { name: /Suspend job/ });
  // The dialog says who pays the fee, and keeps what people read apart from the staff note.
  await expect(dialog.getByTestId("suspend-fee-payer")).toContainText("the customer pays the reschedule fee");
  await expect(dialog.getByRole("textbox", { name: "Message to the customer (they will read it)" })).toBeVisible();
  await dialog.getByRole("textbox", { name: "Message to the pro (they will read it)" }).fill(toMaya);
  await dialog.getByRole("textbox", { name: /Note for staff/ }).fill(staffNote);
  await shot(staff, "staff-suspend-dialog-messages");
  await dialog.getByRole("button", { name: "Suspend", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toContainText("suspended");

  // Maya, on her dashboard: the notice, with the reason staff wrote for her.
  const maya = await browser.newPage();
  await maya.goto("/");
  await logInWithModal(maya, DEMO.vendor.phone);
  await maya.goto("/business");
  const notices = maya.getByTestId("notice-list");
  const notice = notices.getByRole("listitem").filter({ hasText: toMaya });
  await expect(notice).toBeVisible({ timeout: 20_000 });
  await expect(notice).toContainText("on hold");
  await expect(notices).not.toContainText("5512");
  await notice.scrollIntoViewIfNeeded();
  await shot(maya, "maya-dashboard-notice-of-suspension");

  // Maya's phone: the same words by text, and no text of hers carries the staff note.
  const request = (await playwright.request.newContext({ baseURL: BASE_URL })) as APIRequestContext;
  const texts = await textsTo(request, e164(DEMO.vendor.phone));
  const told = texts.filter((t) => t.includes(toMaya));
  expect(told).toHaveLength(1);
  expect(told[0]).toMatch(/on hold/);
  for (const t of texts) expect(t).not.toContain("5512");
});
