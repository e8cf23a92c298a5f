import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { encode } from "fast-png";
import { BASE_URL } from "./config";
import { codeFromOutbox, d1, DEMO, freshPhone, logInWithModal, shot } from "./helpers";

/** A real photo of random colour noise: it decodes and passes the server's image check (docs/product.md section 5). */
function photoPng(width: number, height: number): Buffer {
  const data = new Uint8Array(randomBytes(width * height * 4));
  for (let i = 3; i < data.length; i += 4) data[i] = 255;
  return Buffer.from(encode({ width, height, data, channels: 4, depth: 8 }));
}

const HOME_ZIP = "59801"; // Missoula, MT
const INSIDE_ZIP = "59802"; // about 3 miles away
const OUTSIDE_ZIP = "59701"; // Butte, about 90 miles away

async function vendorIdsNear(page: Page, zip: string): Promise<number[]> {
  const res = await page.request.post("/api/booking/vendors-list", {
    headers: { origin: BASE_URL },
    data: { zipCode: zip, pagination: 1 },
  });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { data: { items: { vendor_id: number }[] } };
  return body.data.items.map((v) => v.vendor_id);
}

test.describe("becoming a pro", () => {
  test("a visitor applies with a licence, staff approve, the pro signs, enables a service, sets a range and is found", async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(120_000);
    const phone = freshPhone();
    const name = `Jordan Pro ${Date.now() % 100000}`;

    // The visitor finds the page from the footer; signed out, it asks them to make an account first.
    await page.goto("/");
    await page.locator("#site-footer").getByRole("link", { name: "Become a pro" }).click();
    await expect(page).toHaveURL(/\/become-a-pro$/);
    await expect(page.getByRole("heading", { name: "Start with an account" })).toBeVisible();

    // The account (the same calls the signup modal makes; the modal has its own test).
    const headers = { origin: BASE_URL, "content-type": "application/json" };
    const started = await page.request.post("/api/accounts", {
      headers,
      data: { name, phone, email: `pro-${Date.now()}@example.com`, password: "e2e-password-1" },
    });
    expect(started.status()).toBe(201);
    const code = await codeFromOutbox(request, phone);
    expect((await page.request.post("/api/validateOtp", { headers, data: { phone, code } })).status()).toBe(200);

    await page.goto("/become-a-pro");
    const form = page.getByRole("form", { name: "Application" });
    await expect(form).toBeVisible();
    await form.getByLabel("Years of experience").fill("7");
    await form.getByLabel("Home ZIP code").fill(HOME_ZIP);
    await form.getByLabel("How far you travel (miles)").fill("10");
    await form.getByRole("checkbox", { name: /Massage/ }).check();
    await form.getByLabel(/Massage licence number/).fill("MT-LMT-4411");
    await form.getByLabel("Issuing state (2 letters)").fill("MT");
    await form.getByLabel("Expiry date").fill("2030-05-31");
    await form
      .getByLabel(/Picture or PDF of your Massage licence/)
      // A licence file must decode as a picture (or be a PDF): a real PNG (decision 121).
      .setInputFiles({ name: "licence.png", mimeType: "image/png", buffer: photoPng(800, 500) });
    await form
      .getByLabel("A clear photo of your face")
      .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: photoPng(400, 400) });

    // Without the agreement ticked the form says what is missing.
    await form.getByRole("button", { name: "Submit application" }).click();
    await expect(form.getByText("Please accept the professional agreement.")).toBeVisible();
    await form.getByRole("checkbox", { name: /I accept the Independent Professional Agreement/ }).check();
    await shot(page, "become-a-pro-form");
    await form.getByRole("button", { name: "Submit application" }).click();
    await expect(page.getByTestId("application-state")).toContainText("Your application is in review");
    await shot(page, "become-a-pro-in-review");

    // An admin finds the application on the staff screen and approves it.
    const mine = await page.request.get("/api/vendor/application");
    const applicationId = ((await mine.json()) as { data: { application: { application_id: number } } }).data
      .application.application_id;
    const admin = await browser.newPage({ baseURL: BASE_URL });
    await admin.goto("/");
    await logInWithModal(admin, DEMO.admin.email);
    await admin.goto("/admin/applications");
    // The list loads once the screen is interactive; a search typed before that would be lost.
    await expect(admin.getByTestId("applications-list").or(admin.getByText("No application waits"))).toBeVisible();
    await admin.getByRole("searchbox", { name: "Name, email, phone or ZIP" }).fill(name);
    await admin.getByRole("button", { name: "Search" }).click();
    const application = admin.getByTestId("applications-list").locator("li").filter({ hasText: name });
    await expect(application).toHaveCount(1);
    await application.getByRole("button", { name: "Approve", exact: true }).click();
    const confirm = admin.getByRole("dialog");
    await expect(confirm).toContainText(`Approve ${name}`);
    await confirm.getByRole("textbox").fill("Licence checked with the Montana board");
    await confirm.getByRole("button", { name: "Approve", exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(admin.getByRole("status").filter({ hasText: "recorded in the audit log" })).toBeVisible();
    await expect(application).toHaveCount(0);
    await shot(admin, "admin-application-approved");
    await admin.close();
    const [approved] = d1(`SELECT vendor_id FROM vendor_applications WHERE application_id = ${applicationId}`) as {
      vendor_id: number;
    }[];
    const vendorId = approved!.vendor_id;

    await page.reload();
    // The login is now the pro's: the page sends them to the business area.
    await expect(page.getByRole("heading", { name: "You're already a pro" })).toBeVisible();

    // The new pro signs the agreement (after downloading it).
    await page.goto("/business/profile");
    await expect(page.getByTestId("agreement-state")).toContainText("Please read and sign");
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download agreement (PDF)" }).click();
    const pdf = await download;
    expect(pdf.suggestedFilename()).toMatch(/^agreement-.*\.pdf$/);
    await page.getByRole("button", { name: /sign the agreement/ }).click();
    await expect(page.getByTestId("agreement-state")).toContainText("Signed");
    await shot(page, "pro-profile-signed");

    // Before any service is on, the pro is not in search.
    expect(await vendorIdsNear(page, HOME_ZIP)).not.toContain(vendorId);

    await page.getByRole("navigation", { name: "Your profile" }).getByRole("link", { name: "Services" }).click();
    const swedish = page.getByRole("checkbox", { name: /Offer .*Swedish/i }).first();
    await expect(swedish).toBeVisible();
    await swedish.click();
    await expect(swedish).toBeChecked();
    await expect(page.getByText(/is on\./)).toBeVisible();
    await shot(page, "pro-services");

    await page.getByRole("navigation", { name: "Your profile" }).getByRole("link", { name: "Service area" }).click();
    await expect(page.getByTestId("current-range")).toContainText(`10 miles around ZIP ${HOME_ZIP}`);
    // The same range again is refused as too similar.
    await page.getByRole("button", { name: "Save service area" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "too similar" }).first()).toBeVisible();
    await page.getByLabel("How far you travel (miles)").fill("25");
    await page.getByRole("button", { name: "Save service area" }).click();
    await expect(page.getByTestId("current-range")).toContainText(`25 miles around ZIP ${HOME_ZIP}`);
    await shot(page, "pro-service-area");

    expect(await vendorIdsNear(page, INSIDE_ZIP)).toContain(vendorId);
    expect(await vendorIdsNear(page, OUTSIDE_ZIP)).not.toContain(vendorId);
  });

  test("the become-a-pro page fits a 390 px phone", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/become-a-pro");
    await expect(page.getByRole("heading", { name: "Become a pro" })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, "become-a-pro-mobile");
  });
});
