import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ServiceOrderStatus } from "../../../../domain/order-status";
import { busyRows, calendarOf } from "../../../calendar/test-fixtures";
import { bookedJob, customer, key, outboxTo, vendorClient, world } from "../../../checkout/test-fixtures";
import { Client, T0 } from "../../../test-utils";

async function job(soId: number) {
  return env.DB.prepare(
    "SELECT vendor_id, service_order_status_id, vendor_payout_cents FROM service_orders WHERE service_order_id = ?",
  )
    .bind(soId)
    .first<{ vendor_id: number | null; service_order_status_id: number; vendor_payout_cents: number }>();
}

async function offers(soId: number) {
  const { results } = await env.DB.prepare(
    "SELECT vendor_id, status FROM job_offers WHERE service_order_id = ? ORDER BY vendor_id",
  )
    .bind(soId)
    .all<{ vendor_id: number; status: string }>();
  return results;
}

describe("POST /api/vendor/me/jobs/accept", () => {
  it("offers an 'any pro' job to every free vendor in range; of two racing vendors exactly one wins", async () => {
    const w = await world({ vendors: 2 });
    const { soId, phone } = await bookedJob(w, null);
    expect((await offers(soId)).map((o) => o.vendor_id).sort()).toEqual([...w.vendorIds].sort());
    // The vendor that held the time during checkout has it booked until someone accepts.
    const holder = (await env.DB.prepare("SELECT hold_vendor_id AS v FROM checkout_items WHERE service_order_id = ?")
      .bind(soId)
      .first<{ v: number }>())!.v;
    expect(await busyRows(holder)).toMatchObject([{ kind: "booking", ref_id: String(soId) }]);

    const [a, b] = await Promise.all(w.vendorIds.map(vendorClient));
    const replies = await Promise.all([
      a!.post("/api/vendor/me/jobs/accept", { service_order_id: soId }),
      b!.post("/api/vendor/me/jobs/accept", { service_order_id: soId }),
    ]);
    const won = replies.filter((r) => r.status === 200);
    const lost = replies.filter((r) => r.status === 409);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0]!.body.error).toEqual({
      code: "FAILED_VENDOR_JOB_ACCEPT",
      message: "Sorry, this job is no longer available.",
      fields: { service_order_id: "Another pro accepted this job." },
    });
    const winner = won[0]!.body.data[0].vendor_id as number;
    const loser = w.vendorIds.find((v) => v !== winner)!;
    expect(won[0]!.body).toMatchObject({
      message: "Job accepted. It's on your calendar.",
      data: [{ service_order_id: soId, service_order_status_id: ServiceOrderStatus.SCHEDULED, vendor_id: winner }],
    });

    expect(await job(soId)).toEqual({
      vendor_id: winner,
      service_order_status_id: ServiceOrderStatus.SCHEDULED,
      vendor_payout_cents: 6300,
    });
    expect(await offers(soId)).toEqual(
      [
        { vendor_id: winner, status: "accepted" },
        { vendor_id: loser, status: "lost" },
      ].sort((x, y) => x.vendor_id - y.vendor_id),
    );
    // The winner's calendar has the booking; the loser's has nothing left (its hold, or the checkout's
    // booking when the loser held the time, was released).
    expect(await busyRows(winner)).toMatchObject([{ kind: "booking", ref_id: String(soId) }]);
    expect(await calendarOf(loser).listBusy({ vendorId: loser, now: T0 })).toEqual([]);
    expect((await outboxTo(phone)).join("\n")).toMatch(/accepted your/);

    // The winner accepting again gets the same answer; the loser trying again still loses.
    const winnerClient = winner === w.vendorIds[0] ? a! : b!;
    expect((await winnerClient.post("/api/vendor/me/jobs/accept", { service_order_id: soId })).status).toBe(200);
    const loserClient = winner === w.vendorIds[0] ? b! : a!;
    expect((await loserClient.post("/api/vendor/me/jobs/accept", { service_order_id: soId })).status).toBe(409);
  });

  it("moves an 'any pro' booking from the vendor that held the time to the one who accepts", async () => {
    const w = await world({ vendors: 2 });
    const { soId } = await bookedJob(w, null);
    const holder = (await env.DB.prepare("SELECT hold_vendor_id AS v FROM checkout_items WHERE service_order_id = ?")
      .bind(soId)
      .first<{ v: number }>())!.v;
    const other = w.vendorIds.find((v) => v !== holder)!;
    const res = await (await vendorClient(other)).post("/api/vendor/me/jobs/accept", { service_order_id: soId });
    expect(res.status).toBe(200);
    expect(await busyRows(other)).toMatchObject([{ kind: "booking", ref_id: String(soId) }]);
    expect(await busyRows(holder)).toEqual([]);
    expect(await offers(soId)).toEqual(
      [
        { vendor_id: other, status: "accepted" },
        { vendor_id: holder, status: "lost" },
      ].sort((x, y) => x.vendor_id - y.vendor_id),
    );
  });

  it("offers a chosen vendor's job to that vendor only, whose acceptance keeps the checkout booking", async () => {
    const w = await world({ vendors: 2 });
    const { soId } = await bookedJob(w, w.vendorIds[0]!);
    expect(await offers(soId)).toEqual([{ vendor_id: w.vendorIds[0], status: "offered" }]);
    const other = await vendorClient(w.vendorIds[1]!);
    expect((await other.post("/api/vendor/me/jobs/accept", { service_order_id: soId })).status).toBe(409);
    const chosen = await vendorClient(w.vendorIds[0]!);
    const res = await chosen.post("/api/vendor/me/jobs/accept", { service_order_id: soId });
    expect(res.status).toBe(200);
    expect((await job(soId))!.vendor_id).toBe(w.vendorIds[0]);
    expect(await busyRows(w.vendorIds[0]!)).toMatchObject([{ kind: "booking", ref_id: String(soId) }]);
  });

  it("refuses a vendor whose own calendar is no longer free, and leaves the job to the others", async () => {
    const w = await world({ vendors: 2 });
    const { soId } = await bookedJob(w, null);
    const [first, second] = w.vendorIds as [number, number];
    // The first vendor takes time off over the job.
    await calendarOf(first).addTimeOff(
      { vendorId: first, ref: "off-1", start: Date.UTC(2026, 10, 24, 14), end: Date.UTC(2026, 10, 24, 18), now: T0 },
      key("off"),
    );
    const refused = await (await vendorClient(first)).post("/api/vendor/me/jobs/accept", { service_order_id: soId });
    expect(refused.status).toBe(409);
    expect((await job(soId))!.vendor_id).toBeNull();
    const taken = await (await vendorClient(second)).post("/api/vendor/me/jobs/accept", { service_order_id: soId });
    expect(taken.status).toBe(200);
  });

  it("refuses offers that expired, unknown jobs, non-vendors and bad input", async () => {
    const w = await world();
    const { soId } = await bookedJob(w, null);
    const vendor = await vendorClient(w.vendorId);
    vendor.now = Date.UTC(2026, 10, 24, 14); // 09:00 on the day: within 90 minutes of the 10:00 job
    expect((await vendor.post("/api/vendor/me/jobs/accept", { service_order_id: soId })).status).toBe(409);
    vendor.now = T0;
    expect((await vendor.post("/api/vendor/me/jobs/accept", { service_order_id: 99_999_999 })).status).toBe(409);
    expect((await vendor.post("/api/vendor/me/jobs/accept", { service_order_id: "x" })).status).toBe(400);
    const { client } = await customer();
    expect((await client.post("/api/vendor/me/jobs/accept", { service_order_id: soId })).status).toBe(403);
    expect((await new Client().post("/api/vendor/me/jobs/accept", { service_order_id: soId })).status).toBe(401);
  });
});
