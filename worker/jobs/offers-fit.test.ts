import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { makeVendor } from "../calendar/test-fixtures";
import { CARDS, contact, customer, key, payIntent, vendorClient, world, type World } from "../checkout/test-fixtures";
import { Client, T0 } from "../test-utils";
import { advanceOffers, OFFER_ROUND_MS } from "./offer-rounds";

/**
 * Offers only for times the pro works and is free (docs/decisions/129-offers-fit-the-pros-time.md). T0 is
 * Sunday 2026-11-22 10:00 New York; the jobs are the next Sunday (2026-11-29) and Monday (2026-11-30).
 */

const SUN = "2026-11-29";
const MON = "2026-11-30";
const WEEKDAYS_9_TO_5 = {
  mon: [["09:00", "17:00"]],
  tue: [["09:00", "17:00"]],
  wed: [["09:00", "17:00"]],
  thu: [["09:00", "17:00"]],
  fri: [["09:00", "17:00"]],
  sat: [["09:00", "17:00"]],
};

/** A paid "any pro" job on `date` at `time`, through the real checkout. */
async function anyProJob(w: World, date: string, time: string): Promise<number> {
  const { client } = await customer();
  const add = await client.post("/api/booking/service-add-cart", {
    zipCode: w.zip,
    serviceId: w.serviceId,
    vendorId: null,
    selectedDate: `${date} ${time}`,
    idempotencyKey: key("add"),
  });
  if (add.status !== 201) throw new Error(`add to cart failed: ${JSON.stringify(add.body)}`);
  const charge = await client.post("/api/checkout/charge-stripe", contact(w));
  await payIntent(charge.body.data.payment_intent.id, CARDS.ok);
  const done = await client.post("/api/checkout/completeOrder", {
    idempotencyKey: key("done"),
    order_id: charge.body.data.order_id,
  });
  if (done.status !== 201) throw new Error(`completeOrder: ${JSON.stringify(done.body)}`);
  return done.body.data.order.jobs[0].service_order_id as number;
}

async function offeredTo(soId: number): Promise<number[]> {
  const { results } = await env.DB.prepare(
    "SELECT vendor_id FROM job_offers WHERE service_order_id = ? AND status = 'offered' ORDER BY vendor_id",
  )
    .bind(soId)
    .all<{ vendor_id: number }>();
  return results.map((r) => r.vendor_id);
}

async function dashboardOffers(pro: Client): Promise<number[]> {
  const res = await pro.post("/api/vendor/me/main-details", {});
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.data[5] as Array<{ service_order_id: number }>).map((o) => o.service_order_id);
}

/** Two pros near one ZIP: one works every day, Maya works Monday to Saturday 09:00-17:00 ("Not working" Sunday). */
async function market() {
  const w = await world({ vendors: 1 });
  const zip = await env.DB.prepare("SELECT latitude, longitude FROM zipcodes WHERE zip = ?")
    .bind(w.zip)
    .first<{ latitude: number; longitude: number }>();
  const maya = await makeVendor({
    near: zip!,
    miles: 2,
    setting: { weekly: WEEKDAYS_9_TO_5, same_day: true, holidays: "skip" },
    offers: [{ serviceId: w.serviceId }],
  });
  return { w, other: w.vendorId, maya, mayaClient: await vendorClient(maya) };
}

describe("offers only for times the pro works and is free", () => {
  it("does not offer a pro a Sunday job when their calendar says Sunday is not working, and offers a Monday one in hours", async () => {
    const { w, other, maya, mayaClient } = await market();
    const sunday = await anyProJob(w, SUN, "10:00");
    expect(await offeredTo(sunday)).toEqual([other]);
    expect(await dashboardOffers(mayaClient)).not.toContain(sunday);

    const monday = await anyProJob(w, MON, "10:00");
    expect(await offeredTo(monday)).toEqual([other, maya].sort((a, b) => a - b));
    expect(await dashboardOffers(mayaClient)).toContain(monday);
  });

  it("stops showing an offer the pro's new hours no longer cover; accepting it says why and takes it off their list", async () => {
    const { w, other, maya, mayaClient } = await market();
    const monday = await anyProJob(w, MON, "10:00");
    expect(await offeredTo(monday)).toContain(maya);
    // Maya marks Monday "Not working" after the offer was made.
    const hours = await mayaClient.post("/api/vendor/me/calendar/settings", {
      available_setting: {
        weekly: { ...WEEKDAYS_9_TO_5, mon: [] },
        same_day: true,
        holidays: "skip",
      },
    });
    expect(hours.status, JSON.stringify(hours.body)).toBe(200);
    expect(await dashboardOffers(mayaClient)).not.toContain(monday);

    const refused = await mayaClient.post("/api/vendor/me/jobs/accept", { service_order_id: monday });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({
      code: "FAILED_VENDOR_JOB_ACCEPT",
      message: "Sorry, this job is no longer available.",
      fields: { service_order_id: "This job is on a day your calendar says you're not working." },
    });
    // Her offer is closed as a pass; the other pro still has theirs and takes the job.
    expect(await offeredTo(monday)).toEqual([other]);
    const otherClient = await vendorClient(other);
    expect((await otherClient.post("/api/vendor/me/jobs/accept", { service_order_id: monday })).status).toBe(200);
  });

  it("tells a pro who was beaten to a job that another pro accepted it, and that a cancelled job was cancelled", async () => {
    const { w, other, maya, mayaClient } = await market();
    const monday = await anyProJob(w, MON, "11:00");
    expect(await offeredTo(monday)).toEqual([other, maya].sort((a, b) => a - b));
    const otherClient = await vendorClient(other);
    expect((await otherClient.post("/api/vendor/me/jobs/accept", { service_order_id: monday })).status).toBe(200);
    const late = await mayaClient.post("/api/vendor/me/jobs/accept", { service_order_id: monday });
    expect(late.status).toBe(409);
    expect(late.body.error.fields).toEqual({ service_order_id: "Another pro accepted this job." });

    const cancelled = await anyProJob(w, MON, "14:00");
    await env.DB.prepare(
      "UPDATE service_orders SET service_order_status_id = 50, updated_at = ? WHERE service_order_id = ?",
    )
      .bind(T0, cancelled)
      .run();
    const gone = await mayaClient.post("/api/vendor/me/jobs/accept", { service_order_id: cancelled });
    expect(gone.status).toBe(409);
    expect(gone.body.error.fields).toEqual({ service_order_id: "This job was cancelled." });
  });

  it("leaves out of the last call a pro whose hours no longer cover the job", async () => {
    const { w, other, maya, mayaClient } = await market();
    const monday = await anyProJob(w, MON, "10:00");
    expect(await offeredTo(monday)).toEqual([other, maya].sort((a, b) => a - b));
    const hours = await mayaClient.post("/api/vendor/me/calendar/settings", {
      available_setting: {
        weekly: { ...WEEKDAYS_9_TO_5, mon: [["13:00", "17:00"]] },
        same_day: true,
        holidays: "skip",
      },
    });
    expect(hours.status).toBe(200);
    // The round lapses with nobody new to offer: the last call reopens the other pro's offer only.
    const progress = await advanceOffers(env, monday, T0 + OFFER_ROUND_MS + 1000);
    expect("next" in progress).toBe(true);
    expect(await offeredTo(monday)).toEqual([other]);
  });
});
