import { expect, test, type Page } from "@playwright/test";
import { d1, DEMO, logInWithModal, shot } from "./helpers";

/**
 * A pro's reschedule (docs/decisions/066): Maya proposes a new time for one of Ava's jobs from the business
 * area with the booking's slot picker; Ava, in another browser context, reviews it in My Orders and approves
 * it; the job then shows at its new time on Maya's calendar and in Ava's orders.
 */

/** The job's time as "YYYY-MM-DD HH:MM" in its zone, from the database. */
function jobLocalTime(id: number): string {
  const [row] = d1(
    `SELECT promised_arrival_time AS t, time_zone AS tz FROM service_orders WHERE service_order_id = ${id}`,
  );
  return new Intl.DateTimeFormat("sv-SE", {
    timeZone: String(row!.tz),
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  })
    .format(new Date(Number(row!.t)))
    .replace(",", "");
}

/** A rating request may greet a customer with an unrated completed job; it is not this test's subject. */
async function dismissRating(page: Page) {
  const rating = page.getByRole("dialog", { name: /^Rate / });
  if (await rating.isVisible({ timeout: 2_000 }).catch(() => false)) {
    await rating.getByRole("button", { name: "Cancel" }).click();
    await expect(rating).toBeHidden();
  }
}

test("a pro proposes a new time, the client approves it, and the job moves on both calendars", async ({ browser }) => {
  // Two signed-in browser contexts and a few database reads through wrangler: longer than one page's journey.
  test.setTimeout(120_000);
  // The seed's own job for this spec (scripts/seed/activity.ts): Ava's updo with Maya, two to three weeks ahead,
  // later than the jobs other specs book and complete.
  const [job] = d1(
    `SELECT so.service_order_id AS id FROM service_orders so JOIN users u ON u.user_id = so.user_id
     JOIN services s ON s.service_id = so.service_id
     WHERE so.vendor_id = 1 AND so.service_order_status_id = 20 AND u.email = '${DEMO.customer.email}'
       AND s.slug = 'updo-special-occasion' AND so.promised_arrival_time > ${Date.now() + 3 * 3_600_000}
     ORDER BY so.promised_arrival_time DESC LIMIT 1`,
  );
  expect(job, "the seed's upcoming updo of Ava with Maya").toBeTruthy();
  const id = Number(job!.id);

  const proContext = await browser.newContext();
  const pro = await proContext.newPage();
  await pro.goto("/");
  await logInWithModal(pro, DEMO.vendor.phone);
  await pro.goto(`/business/jobs/${id}`);
  const section = pro.getByTestId("propose-time");
  await expect(section).toBeVisible();
  await section.getByTestId("propose-open").click();

  // The booking's picker: the last open day that is not the job's own day, its first free time.
  const current = jobLocalTime(id);
  const days = section.locator(".day-button:not([disabled])");
  await expect(days.first()).toBeVisible();
  const dates = (await days.evaluateAll((els) => els.map((e) => e.getAttribute("data-date")))).filter(
    (d): d is string => d !== null && d !== current.slice(0, 10),
  );
  const target = dates[dates.length - 1]!;
  expect(target).toBeTruthy();
  await section.locator(`.day-button[data-date="${target}"]`).click();
  const slot = section.getByTestId("time-slot").first();
  await expect(slot).toBeVisible();
  await slot.click();
  const newTime = (await slot.getAttribute("data-value"))!;
  expect(newTime.startsWith(target)).toBe(true);
  await section.getByLabel("Reason for your client (optional)").fill("a training course that day");
  await section.getByTestId("propose-submit").click();
  await expect(section.getByTestId("proposal-pending")).toContainText("Waiting for your client to approve");
  await shot(pro, "vendor-reschedule-proposed");

  // The pro watches the dashboard while the client answers: it updates live, without a reload.
  const [y, mo, d, hh, mm] = newTime.split(/[- :]/).map(Number) as [number, number, number, number, number];
  const shown = new Date(Date.UTC(y, mo - 1, d, hh, mm));
  const newLabel = `${shown.toLocaleDateString("en-US", { weekday: "short", month: "short", day: "numeric", timeZone: "UTC" })} at ${shown.toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit", timeZone: "UTC" })}`;
  await pro.goto("/business");
  await expect(pro.getByTestId("live-status")).toHaveText("Live", { timeout: 15_000 });
  const line = pro.locator(`[data-testid="biz-job"][data-service-order-id="${id}"]`);
  await expect(line).toBeVisible();
  // The job keeps its time and says it waits for the client, with the proposed time.
  await expect(line.locator(".biz-job-time")).not.toContainText(newLabel);
  await expect(line.getByTestId("waiting-for-client")).toContainText(newLabel);
  await shot(pro, "vendor-reschedule-waiting-for-client");

  // The client, in their own browser context, approves it from My Orders with the same picker.
  const clientContext = await browser.newContext();
  const ava = await clientContext.newPage();
  await ava.goto("/");
  await logInWithModal(ava, DEMO.customer.phone);
  await dismissRating(ava);
  // /reschedule lists the new time waiting for her answer.
  await ava.goto("/reschedule");
  await expect(ava.locator(`[data-testid="proposal-card"][data-service-order-id="${id}"]`)).toContainText(
    "a training course that day",
  );
  await ava.goto("/account/orders");
  await dismissRating(ava);
  const card = ava.locator(`[data-testid="order-card"][data-service-order-id="${id}"]`);
  await expect(card.getByTestId("order-proposal")).toContainText("a training course that day");
  await card.getByTestId("review-proposal").click();
  const dialog = ava.getByRole("dialog", { name: "Your professional asks for a new time" });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator(`[data-testid="time-slot"][data-value="${newTime}"]`)).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await shot(ava, "vendor-reschedule-review");
  await dialog.getByTestId("proposal-approve").click();
  await expect(dialog).toBeHidden();
  await expect(card.getByTestId("order-proposal")).toHaveCount(0);

  // The customer's order shows the new time, and so does the pro's open dashboard (pushed, not reloaded).
  await expect(card).toContainText(newLabel);
  await expect(line.locator(".biz-job-time")).toContainText(newLabel);
  await expect(line.getByTestId("waiting-for-client")).toHaveCount(0);
  await shot(pro, "vendor-reschedule-dashboard-live");
  expect(jobLocalTime(id)).toBe(newTime);
  await shot(ava, "vendor-reschedule-approved-orders");

  // The pro's calendar shows the job on its new day at its new time.
  await pro.goto(`/business/calendar?date=${target}`);
  const onCalendar = pro.locator(`[data-testid="cal-job"][data-id="${id}"]`);
  await expect(onCalendar).toBeVisible();
  await expect(onCalendar).toHaveAttribute("aria-label", new RegExp(`${newTime.replace(/[-:]/g, (c) => `\\${c}`)} to`));
  await shot(pro, "vendor-reschedule-calendar");

  await proContext.close();
  await clientContext.close();
});
