import { env, runDurableObjectAlarm } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { localToInstant } from "../../domain/calendar/time";
import { CHOSEN_PRO_CONFIRM_MS } from "../../domain/offer-rules";
import { ServiceOrderStatus } from "../../domain/order-status";
import { busyRows, calendarOf, TZ } from "../calendar/test-fixtures";
import { bookedJob, outboxTo, TUE, vendorClient, world } from "../checkout/test-fixtures";
import { runScheduled } from "../cron";
import { T0 } from "../test-utils";

/**
 * A job whose pro the customer chose (docs/decisions/122-chosen-pro-confirms-in-hours.md): the pro's decline
 * frees their time, opens the job to the other pros and tells the customer at once; a pro who stays silent
 * past their confirm window does the same on the next cron tick (or the watching object's alarm).
 */

const MIN = 60_000;
const START = localToInstant(TUE, "10:00", TZ);

const offers = async (soId: number) =>
  (
    await env.DB.prepare(
      "SELECT vendor_id, status, expires_at FROM job_offers WHERE service_order_id = ? ORDER BY vendor_id",
    )
      .bind(soId)
      .all<{ vendor_id: number; status: string; expires_at: number }>()
  ).results;

const jobRow = (soId: number) =>
  env.DB.prepare("SELECT vendor_id, service_order_status_id FROM service_orders WHERE service_order_id = ?")
    .bind(soId)
    .first<{ vendor_id: number | null; service_order_status_id: number }>();

/** The job's booking as the pro's own calendar object and D1's search projection see it. */
async function bookedOn(vendorId: number, soId: number) {
  const own = await calendarOf(vendorId).listBusy({ vendorId, now: T0 });
  const projected = await busyRows(vendorId);
  return {
    object: own.some((b) => b.kind === "booking" && b.ref === String(soId)),
    projection: projected.some((r) => r.kind === "booking" && r.ref_id === String(soId)),
  };
}

describe("the chosen pro declines", () => {
  it("frees their time, offers the job to the next pros at once and texts the customer a way out", async () => {
    const w = await world({ vendors: 2 });
    const [chosen, other] = w.vendorIds as [number, number];
    const { soId, phone, client } = await bookedJob(w, chosen);
    expect(await bookedOn(chosen, soId)).toEqual({ object: true, projection: true });
    expect((await offers(soId)).map((o) => o.vendor_id)).toEqual([chosen]);

    const pro = await vendorClient(chosen);
    const res = await pro.post("/api/vendor/me/offers/decline", { service_order_id: soId });
    expect(res.status, JSON.stringify(res.body)).toBe(200);

    expect(await bookedOn(chosen, soId)).toEqual({ object: false, projection: false });
    expect(await jobRow(soId)).toEqual({ vendor_id: null, service_order_status_id: ServiceOrderStatus.PENDING });
    const after = await offers(soId);
    expect(after.find((o) => o.vendor_id === chosen)!.status).toBe("declined");
    expect(after.find((o) => o.vendor_id === other)).toMatchObject({ status: "offered" });
    const text = (await outboxTo(phone)).at(-1)!;
    expect(text).toMatch(/can't take your/);
    expect(text).toContain(`https://glow.test/account/orders?so=${soId}`);

    // The order shows what happened, and cancelling is free in full.
    const list = await client.get("/api/orders");
    const mine = (list.body.data as Array<Record<string, any>>).find((o) => o.service_order_id === soId)!;
    expect(mine.chosen_pro).toMatchObject({ vendor_id: chosen, state: "declined" });
    const policy = await client.get(`/api/order/cancel-policy?service_order_id=${soId}`);
    expect(policy.body.data).toMatchObject({ window: "free", fee_cents: 0 });
    expect(policy.body.data.refund_cents).toBe(policy.body.data.paid_cents);

    // The next pro takes it on their own calendar.
    const next = await vendorClient(other);
    expect((await next.post("/api/vendor/me/jobs/accept", { service_order_id: soId })).status).toBe(200);
    expect(await bookedOn(other, soId)).toEqual({ object: true, projection: true });
    expect(await bookedOn(chosen, soId)).toEqual({ object: false, projection: false });
  });

  it("gives one outcome to 10 accepts and 10 declines of the same offer at once", async () => {
    const w = await world({ vendors: 2 });
    const [chosen] = w.vendorIds as [number, number];
    const { soId, phone } = await bookedJob(w, chosen);
    const pro = await vendorClient(chosen);
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        pro.post(i % 2 ? "/api/vendor/me/offers/decline" : "/api/vendor/me/jobs/accept", { service_order_id: soId }),
      ),
    );
    const declined = replies.filter((r, i) => i % 2 === 1 && r.status === 200).length;
    const accepted = replies.filter((r, i) => i % 2 === 0 && r.status === 200).length;
    const job = await jobRow(soId);
    const texts = (await outboxTo(phone)).filter((t) => /can't take your/.test(t));
    if (declined > 0) {
      expect([declined, accepted, texts.length]).toEqual([1, 0, 1]);
      expect(job!.vendor_id).toBeNull();
      expect(await bookedOn(chosen, soId)).toEqual({ object: false, projection: false });
    } else {
      expect([declined, accepted, texts.length]).toEqual([0, 10, 0]);
      expect(job).toEqual({ vendor_id: chosen, service_order_status_id: ServiceOrderStatus.SCHEDULED });
      expect(await bookedOn(chosen, soId)).toEqual({ object: true, projection: true });
    }
    expect(replies.filter((r) => r.status !== 200).every((r) => r.body.error.code === "FAILED_VENDOR_JOB_ACCEPT")).toBe(
      true,
    );
  });

  it("gives 20 parallel declines one decline, one text and one freed booking", async () => {
    const w = await world({ vendors: 2 });
    const [chosen] = w.vendorIds as [number, number];
    const { soId, phone } = await bookedJob(w, chosen);
    const pro = await vendorClient(chosen);
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => pro.post("/api/vendor/me/offers/decline", { service_order_id: soId })),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    expect((await outboxTo(phone)).filter((t) => /can't take your/.test(t))).toHaveLength(1);
    expect(await bookedOn(chosen, soId)).toEqual({ object: false, projection: false });
  });
});

describe("the chosen pro's confirm window", () => {
  it("is 2 hours; a lapse is told to the customer on the next cron tick and the job opens to the others", async () => {
    const w = await world({ vendors: 2 });
    const [chosen, other] = w.vendorIds as [number, number];
    const { soId, phone, client } = await bookedJob(w, chosen);
    const [offer] = await offers(soId);
    expect(offer!.expires_at).toBe(T0 + CHOSEN_PRO_CONFIRM_MS);

    // The order and the confirmation name the pro and the time they confirm by.
    const list = await client.get("/api/orders");
    const mine = (list.body.data as Array<Record<string, any>>).find((o) => o.service_order_id === soId)!;
    expect(mine.chosen_pro).toMatchObject({
      vendor_id: chosen,
      state: "waiting",
      confirm_by: new Date(T0 + CHOSEN_PRO_CONFIRM_MS).toISOString(),
    });
    expect(typeof mine.chosen_pro.name).toBe("string");

    // Before the window closes the tick changes nothing.
    await runScheduled(env, T0 + CHOSEN_PRO_CONFIRM_MS - MIN);
    expect((await offers(soId)).map((o) => o.status)).toEqual(["offered"]);

    await runScheduled(env, T0 + CHOSEN_PRO_CONFIRM_MS + MIN);
    const after = await offers(soId);
    expect(after.find((o) => o.vendor_id === chosen)!.status).toBe("expired");
    expect(after.find((o) => o.vendor_id === other)!.status).toBe("offered");
    expect(await bookedOn(chosen, soId)).toEqual({ object: false, projection: false });
    const texts = (await outboxTo(phone)).filter((t) => /hasn't confirmed/.test(t));
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain(`https://glow.test/account/orders?so=${soId}`);

    // A second tick and the watching object's alarm tell nobody twice.
    await runScheduled(env, T0 + CHOSEN_PRO_CONFIRM_MS + 2 * MIN);
    await runDurableObjectAlarm(calendarOf(chosen));
    expect((await outboxTo(phone)).filter((t) => /hasn't confirmed/.test(t))).toHaveLength(1);

    // The other pro takes it.
    const next = await vendorClient(other);
    next.now = T0 + CHOSEN_PRO_CONFIRM_MS + 3 * MIN;
    expect((await next.post("/api/vendor/me/jobs/accept", { service_order_id: soId })).status).toBe(200);
  });

  it("lets the chosen pro take it on the last call after their window lapsed, on their own calendar again", async () => {
    const w = await world({ vendors: 1 });
    const chosen = w.vendorId;
    const { soId } = await bookedJob(w, chosen);
    const lapse = T0 + CHOSEN_PRO_CONFIRM_MS + MIN;
    await runScheduled(env, lapse);
    // Nobody else is near: the round finds no new pro, so the chosen pro gets a last call until the cut-off.
    expect(await offers(soId)).toEqual([{ vendor_id: chosen, status: "offered", expires_at: START - 90 * MIN }]);
    expect(await bookedOn(chosen, soId)).toEqual({ object: false, projection: false });
    const pro = await vendorClient(chosen);
    pro.now = lapse + MIN;
    const res = await pro.post("/api/vendor/me/jobs/accept", { service_order_id: soId });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await bookedOn(chosen, soId)).toEqual({ object: true, projection: true });
  });

  it("shows the chosen pro and their confirm-by time on the order confirmation", async () => {
    const w = await world({ vendors: 1 });
    const { order } = await bookedJob(w, w.vendorId);
    const name = await env.DB.prepare("SELECT display_name AS n FROM vendors WHERE vendor_id = ?")
      .bind(w.vendorId)
      .first<{ n: string }>();
    expect(order.jobs[0]).toMatchObject({
      vendor_id: null,
      chosen_vendor_id: w.vendorId,
      chosen_vendor_name: name!.n,
      confirm_by: new Date(T0 + CHOSEN_PRO_CONFIRM_MS).toISOString(),
    });
  });
});
