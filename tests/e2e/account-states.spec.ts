import { expect, test } from "@playwright/test";
import { BASE_URL } from "./config";
import { d1, DEMO, DEMO_PASSWORD, logInWithModal, shot } from "./helpers";

/**
 * Account states mean what they say (docs/decisions/118): staff terminate a pro who has an upcoming job while
 * the pro's dashboard is open. The job goes back to the market at once and its customer is told, the open
 * dashboard disconnects, and the pro's next action is refused.
 */
test("staff terminate a pro with an upcoming job: the job is re-offered, the open dashboard disconnects, the next action is refused", async ({
  page,
  browser,
}) => {
  // Four reads of the local database through wrangler take a few seconds each.
  test.setTimeout(120_000);
  // A seeded pro with an upcoming accepted job, not one the other journeys use (Maya, Priya).
  const [target] = d1(
    `SELECT v.vendor_id, v.display_name, u.email, so.service_order_id, so.user_id
     FROM service_orders so JOIN vendors v ON v.vendor_id = so.vendor_id JOIN users u ON u.user_id = v.user_id
     WHERE so.service_order_status_id IN (20, 30) AND so.promised_arrival_time > unixepoch() * 1000 + 86400000
       AND v.status = 'active' AND v.soft_banned = 0 AND u.email NOT IN ('${DEMO.vendor.email}')
       AND u.name <> 'Priya Shah'
     ORDER BY v.vendor_id DESC LIMIT 1`,
  ) as { vendor_id: number; display_name: string; email: string; service_order_id: number; user_id: number }[];
  expect(target, "the seed has a pro with an upcoming job").toBeTruthy();

  // The pro's dashboard, open and live.
  const proContext = await browser.newContext({ baseURL: BASE_URL });
  const login = await proContext.request.post("/api/login", {
    headers: { origin: BASE_URL },
    data: { phone: target!.email, password: DEMO_PASSWORD },
  });
  expect(login.status()).toBe(200);
  const pro = await proContext.newPage();
  await pro.goto("/business");
  await expect(pro.getByTestId("live-status")).toHaveText("Live", { timeout: 15_000 });

  // Staff terminate them; the dialog says what happens to their upcoming jobs.
  await page.goto("/");
  await logInWithModal(page, DEMO.admin.email);
  await page.goto("/admin/vendors");
  await expect(page.getByTestId("vendors-table")).toBeVisible();
  await page.getByRole("searchbox", { name: "Name, phone or ZIP" }).fill(target!.display_name);
  await page.getByRole("button", { name: "Search" }).click();
  const row = page
    .getByTestId("vendors-table")
    .getByRole("row", { name: new RegExp(target!.display_name) })
    .first();
  await expect(row).toBeVisible();
  await row.getByRole("button", { name: "Terminate", exact: true }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByTestId("stand-down-effect")).toHaveText(
    /upcoming jobs are offered to other pros at once and their clients are told by text/,
  );
  await shot(page, "admin-terminate-dialog");
  await dialog.getByRole("textbox").last().fill("Repeated no-shows, confirmed by phone");
  await dialog.getByRole("button", { name: "Terminate", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("status").filter({ hasText: "Terminate: done." })).toBeVisible();

  // The open dashboard disconnects at once and does not come back.
  // (the pill says Offline once the socket closes, then "Not live" once the dashboard rereads the setup rule)
  await expect(pro.getByTestId("live-status").or(pro.getByTestId("setup-not-live"))).toHaveText(
    /^(Offline|Not live)$/,
    {
      timeout: 5_000,
    },
  );

  // The job went back to the market, and its customer was told.
  const [job] = d1(
    `SELECT vendor_id, service_order_status_id FROM service_orders WHERE service_order_id = ${target!.service_order_id}`,
  );
  expect(job).toEqual({ vendor_id: null, service_order_status_id: 10 });
  const texts = d1(
    `SELECT body FROM outbox WHERE "to" = (SELECT phone FROM users WHERE user_id = ${target!.user_id}) ORDER BY id DESC LIMIT 3`,
  ) as { body: string }[];
  expect(texts.some((t) => /can no longer do your .* offering it to other pros/.test(t.body))).toBe(true);

  // The pro's next action is refused with the catalogue's message; the dashboard says the same as the profile.
  const next = await pro.request.put("/api/vendor/me/description", {
    headers: { origin: BASE_URL },
    data: { description: "Still here" },
  });
  expect(next.status()).toBe(403);
  expect(((await next.json()) as { error: { code: string } }).error.code).toBe("VENDOR_TERMINATED");
  await pro.reload();
  const notice = pro.getByTestId("account-state-notice");
  await expect(notice).toContainText("Your account is closed");
  await expect(notice).toContainText("upcoming jobs were offered to other pros");
  // A closed account is not live: the setup rule says so, and the pill has no "yet" (no step brings it back).
  await expect(pro.getByTestId("setup-not-live")).toHaveText("Not live");
  await expect(pro.getByText("until it's active again")).toHaveCount(0);
  await shot(pro, "terminated-pro-dashboard");
  await pro.goto("/business/profile");
  await expect(pro.getByTestId("account-status")).toContainText("upcoming jobs were offered to other pros");
  await expect(pro.getByRole("button", { name: /Resume my account|Pause my account/ })).toHaveCount(0);
  await proContext.close();
});
