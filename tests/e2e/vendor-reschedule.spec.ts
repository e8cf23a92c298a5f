import { execFileSync } from "node:child_process";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { E2E_STATE_DIR } from "./config";
import { DEMO, logInWithModal, shot } from "./helpers";

/**
 * A pro's reschedule (docs/decisions/066): Maya proposes a new time for one of Ava's jobs from the business
 * area with the booking's slot picker; Ava, in another browser context, reviews it in My Orders and approves
 * it; the job then shows at its new time on Maya's calendar and in Ava's orders.
 */

/** SQL on the running site's local D1 (the seeded demo data). */
function d1(sql: string): Record<string, unknown>[] {
  const out = execFileSync(
    "npx",
    [
      "wrangler",
      "d1",
      "execute",
      "DB",
      "--local",
      "--persist-to",
      path.resolve(E2E_STATE_DIR),
      "--json",
      "--command",
      sql,
    ],
    { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] },
  );
  return (JSON.parse(out) as { results: Record<string, unknown>[] }[])[0]!.results;
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
  // One of Ava's scheduled jobs with Maya, at least a day ahead.
  const [job] = d1(
    `SELECT so.service_order_id AS id FROM service_orders so JOIN users u ON u.user_id = so.user_id
     WHERE so.vendor_id = 1 AND so.service_order_status_id = 20 AND u.email = '${DEMO.customer.email}'
       AND so.promised_arrival_time > ${Date.now() + 24 * 3_600_000}
     ORDER BY so.promised_arrival_time LIMIT 1`,
  );
  expect(job, "a future scheduled job of Ava with Maya in the seed").toBeTruthy();
  const id = Number(job!.id);

  const proContext = await browser.newContext();
  const pro = await proContext.newPage();
  await pro.goto("/");
  await logInWithModal(pro, DEMO.vendor.phone);
  await pro.goto(`/business/jobs/${id}`);
  const section = pro.getByTestId("propose-time");
  await expect(section).toBeVisible();
  await section.getByTestId("propose-open").click();

  // The booking's picker: another open day than the job's, its first free time.
  const days = section.locator(".day-button:not([disabled])");
  await expect(days.first()).toBeVisible();
  const selectedDay = await section.locator(".day-button.is-selected").getAttribute("data-date");
  const count = await days.count();
  let target: string | null = null;
  for (let i = count - 1; i >= 0 && !target; i--) {
    const date = await days.nth(i).getAttribute("data-date");
    if (date && date !== selectedDay) {
      await days.nth(i).click();
      target = date;
    }
  }
  expect(target).toBeTruthy();
  const slot = section.getByTestId("time-slot").first();
  await expect(slot).toBeVisible();
  await slot.click();
  const newTime = (await slot.getAttribute("data-value"))!;
  expect(newTime.startsWith(target!)).toBe(true);
  await section.getByLabel("Reason for your client (optional)").fill("a training course that day");
  await section.getByTestId("propose-submit").click();
  await expect(section.getByTestId("proposal-pending")).toContainText("Waiting for your client to approve");
  await shot(pro, "vendor-reschedule-proposed");

  // The client, in their own browser context, approves it from My Orders with the same picker.
  const clientContext = await browser.newContext();
  const ava = await clientContext.newPage();
  await ava.goto("/");
  await logInWithModal(ava, DEMO.customer.phone);
  await dismissRating(ava);
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

  // The customer's order shows the new time.
  const [hh, mm] = newTime.slice(11).split(":").map(Number) as [number, number];
  const clock = `${((hh + 11) % 12) + 1}:${String(mm).padStart(2, "0")} ${hh < 12 ? "AM" : "PM"}`;
  await expect(card).toContainText(clock);
  const stored = d1(
    `SELECT promised_arrival_time AS t, time_zone AS tz FROM service_orders WHERE service_order_id = ${id}`,
  );
  const local = new Intl.DateTimeFormat("sv-SE", {
    timeZone: String(stored[0]!.tz),
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  })
    .format(new Date(Number(stored[0]!.t)))
    .replace(",", "");
  expect(local).toBe(newTime);
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
