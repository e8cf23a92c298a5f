import { expect, test, type Page } from "@playwright/test";
import { BASE_URL } from "./config";
import { d1, DEMO, DEMO_PASSWORD, logInWithModal, shot } from "./helpers";

/** The seeded manager (group 70, docs/decisions/090). */
const MANAGER = "manager@example.com";

async function act(page: Page, scope: ReturnType<Page["locator"]>, button: string, reason: string) {
  await scope.getByRole("button", { name: button, exact: true }).first().click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("textbox").last().fill(reason);
  await dialog.getByRole("button", { name: button, exact: true }).click();
  await expect(dialog).toBeHidden();
  // Each list (and a pro's detail) has its own notice: the one that names this action.
  await expect(
    page.getByRole("status").filter({ hasText: `${button}: done. It is recorded in the audit log.` }),
  ).toBeVisible();
}

test.describe("staff", () => {
  test("an admin decides an application, soft-bans a vendor and finds both in the audit log", async ({ page }) => {
    await page.goto("/");
    await logInWithModal(page, DEMO.admin.email);
    await page.goto("/admin/applications");
    const first = page.getByTestId("applications-list").locator("li").first();
    await expect(first).toBeVisible();
    await act(page, first, "Silent reject", "Licence number does not verify");
    await shot(page, "admin-applications");

    const [priya] = d1(
      `SELECT v.vendor_id, v.base_zip, vs.service_id FROM vendors v
       JOIN users u ON u.user_id = v.user_id AND u.name = 'Priya Shah'
       JOIN vendor_services vs ON vs.vendor_id = v.vendor_id AND vs.enabled = 1 LIMIT 1`,
    ) as { vendor_id: number; base_zip: string; service_id: number }[];
    const priyaTimes = () =>
      page.request.post("/api/booking/getServicesData", {
        headers: { origin: BASE_URL },
        data: {
          processType: 1,
          zipCode: priya!.base_zip,
          services: [{ serviceId: priya!.service_id, vendorId: priya!.vendor_id }],
          cart: [],
          filterSOID: 0,
        },
      });
    expect((await priyaTimes()).status()).toBe(200);

    await page.goto("/admin/vendors");
    // The first page loads once the screen is interactive; a search typed before that would be lost.
    await expect(page.getByTestId("vendors-table")).toBeVisible();
    await page.getByRole("searchbox", { name: "Name, phone or ZIP" }).fill("Priya Shah");
    await page.getByRole("button", { name: "Search" }).click();
    const row = page.getByTestId("vendors-table").getByRole("row", { name: /Priya Shah/ });
    await expect(row).toBeVisible();
    await act(page, row, "Soft ban", "Three no-shows this month");
    await expect(row.getByText("soft-banned")).toBeVisible();

    // A soft-banned pro gets no offers and no same-day work (decision 093): the booking's free-time search,
    // which job offers share (bookableVendor), no longer finds her.
    const banned = await priyaTimes();
    expect(banned.status()).toBe(409);
    expect(((await banned.json()) as { error: { code: string } }).error.code).toBe("ITEM_NOT_AVAILABLE");

    // Her services and payout account: staff restrict one service for all her future jobs.
    await row.getByRole("button", { name: "Services and payouts" }).click();
    const detail = page.getByTestId("vendor-detail");
    await expect(detail.getByRole("heading", { level: 2 })).toBeFocused();
    await expect(detail.getByRole("heading", { name: "Payout account" })).toBeVisible();
    const service = detail.locator("li.staff-row").filter({ has: page.getByRole("button", { name: "Restrict" }) });
    await expect(service.first()).toBeVisible();
    const serviceId = await service.first().getAttribute("data-service-id");
    await act(page, service.first(), "Restrict", "Repeated complaints about this service");
    await expect(detail.locator(`li[data-service-id="${serviceId}"]`).getByText(/restricted since/)).toBeVisible();
    await shot(page, "admin-vendor-detail");

    await page.goto("/admin/audit");
    await expect(page.getByTestId("audit-table").getByText("vendor.restrict_service").first()).toBeVisible();
    await expect(page.getByTestId("audit-table").getByText("vendor.soft_ban").first()).toBeVisible();
    await expect(page.getByTestId("audit-table").getByText("application.silent_reject").first()).toBeVisible();
    await shot(page, "admin-audit");
  });

  test("a manager approves a held rating; a plain admin only sees the queue", async ({ page, browser }) => {
    await page.goto("/");
    await logInWithModal(page, MANAGER);
    await page.goto("/admin/ratings");
    const card = page.getByTestId("ratings-list").locator("li").first();
    await expect(card).toBeVisible();
    await act(page, card, "Approve rating", "Checked with the client by phone");

    const admin = await browser.newPage({ baseURL: BASE_URL });
    await admin.goto("/");
    await logInWithModal(admin, DEMO.admin.email);
    await admin.goto("/admin/ratings");
    await expect(admin.getByText("A team lead or a manager approves or rejects these ratings.")).toBeVisible();
    await expect(admin.getByRole("button", { name: "Approve rating" })).toHaveCount(0);
    await admin.close();
  });

  test("a business request from /connect is assigned by the connect admin, scheduled by the pro and invoiced", async ({
    page,
    browser,
  }) => {
    const business = `E2E Hotel ${Date.now()}`;
    // A Saturday 3 to 11 weeks out at 10:00 (past the seeded bookings; the nearest pros for the first business
    // service work Saturday mornings), a different one from run to run so a rerun on the same state is free.
    const day = new Date(Date.now() + (21 + (Math.floor(Date.now() / 1000) % 8) * 7) * 86_400_000);
    day.setUTCDate(day.getUTCDate() + ((6 - day.getUTCDay() + 7) % 7));
    const when = day.toISOString().slice(0, 10);
    await page.goto("/connect");
    // The services load once the page is interactive: filling before that can lose the first field.
    await expect(page.getByRole("combobox", { name: "Service" })).toBeEnabled();
    await page.getByLabel("Business name").fill(business);
    await page.getByLabel("Your name").fill("Dana Planner");
    await page.getByLabel("Phone").fill("(415) 555-0199");
    await page.getByLabel("Email").fill("dana@hotel.example");
    await page.getByLabel("Street address").fill("350 W 31st St");
    await page.getByLabel("ZIP code").fill("10001");
    await page.getByLabel("Date").fill(when);
    await page.getByLabel("Start time").fill("10:00");
    await page.getByLabel("Number of people").fill("12");
    await page.getByRole("button", { name: "Send request" }).click();
    await expect(page.getByTestId("connect-request-sent")).toBeVisible();

    await logInWithModal(page, DEMO.connect.email);
    await page.goto("/connect/admin");
    const card = page.getByTestId("connect-queue").locator("li").filter({ hasText: business });
    await expect(card).toBeVisible();
    await card.getByRole("button", { name: "Assign", exact: true }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Assign", exact: true }).click();
    await expect(dialog).toBeHidden();
    await shot(page, "connect-admin-assigned");

    const assigned = await page.request.get("/api/connect/admin/requests?status=assigned");
    const items = ((await assigned.json()) as { data: { items: { business_name: string; vendor_id: number }[] } }).data
      .items;
    const vendorId = items.find((r) => r.business_name === business)!.vendor_id;
    // Seeded pros: Maya is vendor 1; vendor N (2-36) signs in with +1646555 and N on four digits.
    const phone = vendorId === 1 ? "+12125550102" : `+1646555${String(vendorId).padStart(4, "0")}`;

    // The pro schedules it from their dashboard; it joins their jobs with a Business mark.
    const pro = await browser.newPage({ baseURL: BASE_URL });
    const login = await pro.request.post("/api/login", {
      headers: { origin: BASE_URL },
      data: { phone, password: DEMO_PASSWORD },
    });
    expect(login.status()).toBe(200);
    await pro.goto("/business");
    const request = pro.getByTestId("connect-requests").locator("li").filter({ hasText: business });
    await expect(request).toBeVisible();
    await expect(request.getByText("12 people")).toBeVisible();
    await request.getByRole("button", { name: "Schedule" }).click();
    await expect(pro.getByText(`${business} is on your calendar.`)).toBeVisible();
    await expect(pro.getByTestId("connect-requests")).toHaveCount(0);
    // The job this request became (the pro may also have customers' jobs at the same address).
    const scheduledRows = await page.request.get("/api/connect/admin/requests?status=scheduled");
    const jobId = (
      (await scheduledRows.json()) as { data: { items: { business_name: string; service_order_id: number }[] } }
    ).data.items.find((r) => r.business_name === business)!.service_order_id;
    const job = pro.getByTestId("upcoming-list").locator(`[data-service-order-id="${jobId}"]`);
    await expect(job).toBeVisible();
    await expect(job).toContainText("350 W 31st St");
    await expect(job.locator(".status-tag").filter({ hasText: /^Business$/ })).toBeVisible();
    await shot(pro, "pro-connect-scheduled");
    await pro.close();

    // Connect staff see it scheduled and unpaid, and send the invoice.
    await page.getByRole("button", { name: "Scheduled", exact: true }).click();
    const scheduled = page.getByTestId("connect-queue").locator("li").filter({ hasText: business });
    await expect(scheduled.getByText("Not invoiced")).toBeVisible();
    await scheduled.getByRole("button", { name: "Send invoice" }).click();
    const invoice = page.getByRole("dialog");
    await expect(invoice.getByLabel("Amount the business pays ($)")).not.toHaveValue("0.00");
    await invoice.getByRole("button", { name: "Send invoice" }).click();
    await expect(invoice).toBeHidden();
    await expect(scheduled.getByText("Invoice sent, unpaid")).toBeVisible();
    await shot(page, "connect-admin-invoiced");

    // The pro can't make it after all: staff hand the booking to another pro who is free then (decision 112).
    const before = await scheduled.getByTestId("connect-scheduled").textContent();
    await scheduled.getByRole("button", { name: "Reassign" }).click();
    const move = page.getByRole("dialog");
    await expect(move.getByLabel("New pro")).toBeVisible();
    await move.getByRole("button", { name: "Reassign" }).click();
    await expect(move).toBeHidden();
    await expect(scheduled.getByTestId("connect-scheduled")).not.toHaveText(before ?? "");
    await expect(scheduled.getByTestId("connect-scheduled")).toContainText(`job #${jobId}`);
    await shot(page, "connect-admin-reassigned");
  });
});
