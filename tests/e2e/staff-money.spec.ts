import { expect, test } from "@playwright/test";
import { d1, DEMO, logInWithModal, shot } from "./helpers";

/** Staff money and job tools (issue 13, decisions 097-098), against the seeded demo data. */
test.describe("staff charges and job suspension", () => {
  test("an admin charges a customer for a job, then suspends one of their jobs with a reduced fee", async ({
    page,
  }) => {
    await page.goto("/");
    await logInWithModal(page, DEMO.admin.email);

    await page.goto("/admin/customers");
    // The first page loads once the screen is interactive; searching before that would be lost.
    await expect(page.getByRole("table", { name: "Customers" })).toBeVisible();
    await page.getByRole("searchbox", { name: "Name, phone or email" }).fill(DEMO.customer.name);
    await page.getByRole("button", { name: "Search" }).click();
    await page
      .getByRole("row", { name: new RegExp(DEMO.customer.name) })
      .getByRole("button", { name: "Orders and credits" })
      .click();
    const charge = page.getByRole("region", { name: "Charge this customer" });
    await expect(charge).toBeVisible();
    await charge.getByLabel("Amount ($1.00 to $500.00)").fill("12.50");
    await charge.getByLabel(/^Reason/).fill("Extra 30 minutes agreed by phone");
    await charge.getByRole("button", { name: "Review charge" }).click();
    const dialog = page.getByRole("dialog", { name: /Charge \$12\.50 to/ });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Charge", exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("status").filter({ hasText: /Charged|payment link/ })).toBeVisible();
    await expect(page.getByTestId("staff-charges")).toContainText("$12.50");
    await shot(page, "admin-customer-charge");

    // An upcoming scheduled job to suspend: another customer's (the demo customer's jobs belong to the job,
    // reschedule and price specs, which run later; this one is found in the database the site runs on).
    const [job] = d1(
      `SELECT service_order_id FROM service_orders WHERE service_order_status_id = 20 AND vendor_id IS NOT NULL
         AND promised_arrival_time > ${Date.now() + 3_600_000}
         AND user_id <> (SELECT user_id FROM users WHERE email = '${DEMO.customer.email}')
       ORDER BY promised_arrival_time DESC LIMIT 1`,
    );
    expect(job, "an upcoming scheduled job in the seeded data").toBeTruthy();

    // A client-side move to the Jobs screen: it is interactive at once (no server render to hydrate).
    await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Jobs" }).click();
    await expect(page.getByRole("heading", { name: "Jobs", level: 1 })).toBeVisible();
    // Found from the list (upcoming jobs by default): searched by its number, opened into the job card.
    const id = String(job!.service_order_id);
    const jobs = page.getByTestId("jobs-table");
    await expect(jobs).toBeVisible();
    await page.getByRole("searchbox", { name: /Search jobs/ }).fill(id);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(jobs.getByRole("row")).toHaveCount(2);
    await jobs.getByRole("button", { name: `Open job #${id}` }).click();
    const card = page.getByTestId("staff-job");
    await expect(card).toContainText("scheduled");
    await expect(card.getByRole("heading", { level: 2 })).toBeFocused();
    await card.getByRole("button", { name: "Suspend", exact: true }).click();
    const suspend = page.getByRole("dialog", { name: /Suspend job/ });
    await suspend.getByRole("radio", { name: "Reduced" }).check();
    await suspend.getByLabel(/Reduced fee/).fill("5.00");
    await suspend.getByRole("textbox", { name: /Note for staff/ }).fill("Client is in hospital; fee reduced");
    await suspend.getByRole("button", { name: "Suspend", exact: true }).click();
    await expect(suspend).toBeHidden();
    await expect(page.getByRole("status").filter({ hasText: "recorded in the audit log" })).toBeVisible();
    await expect(card).toContainText("suspended");
    // The list reloaded: the job left the upcoming jobs and is among the suspended ones.
    await expect(page.getByText("No job matches this search.")).toBeVisible();
    await page.getByLabel("State", { exact: true }).selectOption("suspended");
    await expect(jobs.getByRole("row").nth(1)).toContainText(`#${id}`);
    await expect(jobs.getByRole("row").nth(1)).toContainText("suspended");
    await shot(page, "admin-job-suspended");
    // The quick jump by number still loads a job into the card.
    await page.getByLabel("Job number").fill(id);
    await page.getByRole("button", { name: "Find job" }).click();
    await expect(card).toContainText(`#${id}`);

    await page.goto("/admin/audit");
    await expect(page.getByTestId("audit-table").getByText("job.suspend").first()).toBeVisible();
    await expect(page.getByTestId("audit-table").getByText("customer.charge").first()).toBeVisible();
  });
});
