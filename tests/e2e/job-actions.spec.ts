import { expect, test } from "@playwright/test";
import { encode } from "fast-png";
import { flat, noisy, scene } from "../fixtures/pictures";
import type { Pixels } from "../../domain/image-quality";
import { d1, DEMO, logInWithModal, shot } from "./helpers";

function pngFile(name: string, p: Pixels) {
  return {
    name,
    mimeType: "image/png",
    buffer: Buffer.from(encode({ ...p, data: p.data as Uint8Array, channels: 4, depth: 8 })),
  };
}

test("the pro uploads before and after pictures (flat grey refused), ticks the checklist and completes; the client is asked to rate", async ({
  browser,
}) => {
  // Maya's scheduled job with Ava, moved to have started an hour ago.
  const [job] = d1(
    `SELECT so.service_order_id AS id FROM service_orders so JOIN users u ON u.user_id = so.user_id
     WHERE so.vendor_id = 1 AND so.service_order_status_id = 20 AND u.email = 'ava@example.com'
     ORDER BY so.promised_arrival_time LIMIT 1`,
  );
  const id = Number(job!.id);
  d1(`UPDATE service_orders SET promised_arrival_time = ${Date.now() - 60 * 60_000} WHERE service_order_id = ${id}`);

  const pro = await browser.newPage();
  await pro.goto("/");
  await logInWithModal(pro, DEMO.vendor.phone);
  await pro.goto(`/business/jobs/${id}`);
  const panel = pro.getByTestId("job-actions");
  await expect(panel).toBeVisible();

  const before = panel.getByTestId("photos-before");
  await before.locator('input[type="file"]').setInputFiles(pngFile("grey.png", flat(200, 150, [128, 128, 128])));
  await expect(before.getByRole("alert")).toContainText("too dark, blurry or plain");
  await before.locator('input[type="file"]').setInputFiles(pngFile("before.png", scene(240, 180)));
  await expect(before.getByRole("img")).toHaveCount(1);
  const after = panel.getByTestId("photos-after");
  // A phone-sized photo (5 MP, over the 2048 x 2048 the server decodes): the page scales it down before sending.
  await after.locator('input[type="file"]').setInputFiles(pngFile("after.png", enlarge(noisy(100, 75, 42), 26)));
  await expect(after.getByRole("img")).toHaveCount(1);

  const complete = panel.getByRole("button", { name: "Complete job" });
  await expect(complete).toBeDisabled();
  for (const box of await panel.getByRole("checkbox").all()) await box.check();
  await complete.click();
  await expect(panel.getByText("This job is complete.")).toBeVisible();
  await shot(pro, "job-actions-completed");

  const client = await browser.newPage();
  await client.goto("/");
  await logInWithModal(client, DEMO.customer.phone);
  const rating = client.getByRole("dialog", { name: /^Rate / });
  await expect(rating).toBeVisible();
  await shot(client, "job-actions-rating-request");
});

/** Each pixel as a k x k block: a large picture whose detail survives being scaled down. */
function enlarge(p: Pixels, k: number): Pixels {
  const width = p.width * k;
  const height = p.height * k;
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const from = (Math.floor(y / k) * p.width + Math.floor(x / k)) * 4;
      data.set(p.data.subarray(from, from + 4), (y * width + x) * 4);
    }
  }
  return { width, height, data };
}
