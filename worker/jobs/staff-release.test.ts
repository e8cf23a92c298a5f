import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ServiceOrderStatus } from "../../domain/order-status";
import { signedInAdmin } from "../admin/test-fixtures";
import { busyRows, calendarOf } from "../calendar/test-fixtures";
import { bookedJob, vendorClient, world } from "../checkout/test-fixtures";
import { T0 } from "../test-utils";

/**
 * A job staff close (complete, suspend) or move leaves no booking behind in the calendar object that held it
 * nor in D1's search projection: the pro's, or for a job no pro accepted, the checkout holder's.
 */

const reason = "Support closed it after a call with the client";

async function bookedOn(vendorId: number, soId: number) {
  const own = await calendarOf(vendorId).listBusy({ vendorId, now: T0 });
  const projected = await busyRows(vendorId);
  return {
    object: own.some((b) => b.kind === "booking" && b.ref === String(soId)),
    projection: projected.some((r) => r.kind === "booking" && r.ref_id === String(soId)),
  };
}

async function acceptedThroughCheckout() {
  const w = await world({ vendors: 2 });
  const { soId } = await bookedJob(w, null);
  const pro = await vendorClient(w.vendorId);
  expect((await pro.post("/api/vendor/me/jobs/accept", { service_order_id: soId })).status).toBe(200);
  const { vendor_id } = (await env.DB.prepare("SELECT vendor_id FROM service_orders WHERE service_order_id = ?")
    .bind(soId)
    .first<{ vendor_id: number }>())!;
  expect(await bookedOn(vendor_id, soId)).toEqual({ object: true, projection: true });
  return { w, soId, vendorId: vendor_id };
}

describe("staff actions free the job's booking", () => {
  it("complete: 20 parallel completes close it once and free the pro's time", async () => {
    const { soId, vendorId } = await acceptedThroughCheckout();
    const { client } = await signedInAdmin();
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => client.post(`/api/admin/jobs/${soId}/complete`, { reason })),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    expect(await bookedOn(vendorId, soId)).toEqual({ object: false, projection: false });
  });

  it("suspend: an accepted job frees the pro's time", async () => {
    const { soId, vendorId } = await acceptedThroughCheckout();
    const { client } = await signedInAdmin();
    const res = await client.post(`/api/admin/jobs/${soId}/suspend`, { reason, fee: "waived" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await bookedOn(vendorId, soId)).toEqual({ object: false, projection: false });
  });

  it("suspend: a job no pro accepted frees the time checkout booked on the pro who held it", async () => {
    const w = await world({ vendors: 1 });
    const { soId } = await bookedJob(w, w.vendorId);
    expect(await bookedOn(w.vendorId, soId)).toEqual({ object: true, projection: true });
    const { client } = await signedInAdmin();
    const res = await client.post(`/api/admin/jobs/${soId}/suspend`, { reason, fee: "waived" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(
      (await env.DB.prepare("SELECT service_order_status_id AS s FROM service_orders WHERE service_order_id = ?")
        .bind(soId)
        .first<{ s: number }>())!.s,
    ).toBe(ServiceOrderStatus.SUSPENDED);
    expect(await bookedOn(w.vendorId, soId)).toEqual({ object: false, projection: false });
  });

  it("reschedule: a job no pro accepted frees its old time on the holder's calendar", async () => {
    const w = await world({ vendors: 1 });
    const { soId } = await bookedJob(w, w.vendorId);
    const { client } = await signedInAdmin();
    const res = await client.post(`/api/admin/jobs/${soId}/reschedule`, {
      reason,
      date: "2026-11-25",
      time: "14:00",
      fee: "waived",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await bookedOn(w.vendorId, soId)).toEqual({ object: false, projection: false });
  });
});
