import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ServiceOrderStatus as S } from "../../../domain/order-status";
import {
  HOUR,
  T0,
  TUE,
  WED,
  at,
  bookJob,
  calendar,
  customer,
  insertJob,
  jobRow,
  lastText,
  vendorWorld,
} from "../../orders/test-fixtures";

/** A customer with a scheduled job on Tuesday 10:00 booked on the vendor's calendar. */
async function scheduled(opts: { status?: number; start?: number } = {}) {
  const w = await vendorWorld();
  const me = await customer("Ava Brooks");
  const job = await insertJob({ userId: me.user_id, world: w, status: opts.status, start: opts.start });
  await bookJob(w, job.soid, job.start);
  return { w, me, soid: job.soid, start: job.start };
}

const ask = (client: any, soid: number, selectedDate: string) =>
  client.post("/api/order/reschedule/", { service_order_id: soid, selectedDate });

describe("POST /api/order/reschedule/", () => {
  it("creates a request with a provisional hold that lasts until the vendor must answer, and texts the vendor", async () => {
    const { w, me, soid } = await scheduled();
    const res = await ask(me.client, soid, `${WED} 15:00`);
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      request_id: expect.any(Number),
      service_order_id: soid,
      status: "pending",
      from: "2026-11-24 10:00",
      selectedDate: "2026-11-25 15:00",
      time_zone: "America/New_York",
      expires_at: new Date(T0 + 24 * HOUR).toISOString(),
      message: "We asked your professional to confirm the new time. We'll text you their answer.",
    });
    // The job keeps its time until the vendor agrees; the new time is held past a cart hold's 15 minutes.
    expect((await jobRow(soid))!.promised_arrival_time).toBe(at(TUE, "10:00"));
    expect(await calendar(w, T0 + 2 * HOUR)).toEqual([
      { kind: "booking", ref: String(soid), start: at(TUE, "10:00") },
      { kind: "hold", ref: "hold", start: at(WED, "15:00") },
    ]);
    expect(await lastText(w.vendorPhone)).toMatch(
      /^Ava asks to move .* \(job #\d+\) from Tue, Nov 24 at 10:00 AM EST to Wed, Nov 25 at 3:00 PM EST\. .*request #\d+/,
    );
    const listed = await me.client.get("/api/orders");
    expect(listed.body.data[0].reschedule_request).toEqual({
      request_id: res.body.data.request_id,
      selectedDate: "2026-11-25 15:00",
      expires_at: new Date(T0 + 24 * HOUR).toISOString(),
    });
  });

  it("can move a job next to its own booking, answers a double click with the same request", async () => {
    const { w, me, soid } = await scheduled();
    const first = await ask(me.client, soid, `${TUE} 10:30`);
    expect(first.status).toBe(201);
    const again = await ask(me.client, soid, `${TUE} 10:30`);
    expect(again.body.data.request_id).toBe(first.body.data.request_id);
    expect((await calendar(w, T0)).filter((b) => b.kind === "hold")).toHaveLength(1);
  });

  it("replaces a pending request with a newer one and lets the old hold go", async () => {
    const { w, me, soid } = await scheduled();
    const first = await ask(me.client, soid, `${WED} 15:00`);
    const second = await ask(me.client, soid, `${WED} 17:00`);
    expect(second.body.data.request_id).not.toBe(first.body.data.request_id);
    const rows = await env.DB.prepare(
      "SELECT status FROM reschedule_requests WHERE service_order_id = ? ORDER BY reschedule_id",
    )
      .bind(soid)
      .all<{ status: string }>();
    expect(rows.results.map((r) => r.status)).toEqual(["cancelled", "pending"]);
    expect((await calendar(w)).filter((b) => b.kind === "hold").map((b) => b.start)).toEqual([at(WED, "17:00")]);
  });

  it("refuses the same time with ERROR_WHILE_ORDER_RESCHEDULE_SAME_TIME", async () => {
    const { me, soid } = await scheduled();
    const res = await ask(me.client, soid, `${TUE} 10:00`);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("ERROR_WHILE_ORDER_RESCHEDULE_SAME_TIME");
  });

  it.each([
    ["completed", S.COMPLETED],
    ["cancelled", S.CANCELLED],
    ["in progress", S.IN_PROGRESS],
  ])("refuses a %s job with ERROR_WHILE_ORDER_RESCHEDULE_SERVICE_DATA", async (_, status) => {
    const w = await vendorWorld();
    const me = await customer();
    const job = await insertJob({ userId: me.user_id, world: w, status });
    const res = await ask(me.client, job.soid, `${WED} 15:00`);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("ERROR_WHILE_ORDER_RESCHEDULE_SERVICE_DATA");
  });

  it("refuses another customer's job and a job without a vendor the same way", async () => {
    const { soid } = await scheduled();
    const stranger = await customer("Stranger Danger");
    expect((await ask(stranger.client, soid, `${WED} 15:00`)).body.error.code).toBe(
      "ERROR_WHILE_ORDER_RESCHEDULE_SERVICE_DATA",
    );
    const w = await vendorWorld();
    const loose = await insertJob({ userId: stranger.user_id, world: w, status: S.PENDING, vendor: false });
    expect((await ask(stranger.client, loose.soid, `${WED} 15:00`)).body.error.code).toBe(
      "ERROR_WHILE_ORDER_RESCHEDULE_SERVICE_DATA",
    );
  });

  it("answers the calendar's refusal with the nearest free time when the vendor is busy then", async () => {
    const { w, me, soid } = await scheduled();
    const other = await insertJob({ userId: me.user_id, world: w, start: at(WED, "15:00") });
    await bookJob(w, other.soid, at(WED, "15:00"));
    const res = await ask(me.client, soid, `${WED} 15:30`);
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: "CART_ITEM_NOT_AVAILABLE", alternative: expect.any(Object) });
    const bad = await ask(me.client, soid, "2026-02-30 10:00");
    expect(bad.body.error).toMatchObject({ code: "INVALID_INPUT", fields: { selectedDate: expect.any(String) } });
  });
});

describe("POST /api/vendor/me/reschedule", () => {
  it("on consent moves the booking onto the new time, updates the job and texts the customer", async () => {
    const { w, me, soid } = await scheduled();
    const req = (await ask(me.client, soid, `${WED} 15:00`)).body.data;
    w.vendorClient.now = T0 + HOUR;
    const res = await w.vendorClient.post("/api/vendor/me/reschedule", { request_id: req.request_id, accept: true });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      request_id: req.request_id,
      status: "accepted",
      selectedDate: "2026-11-25 15:00",
      message: "The new time is confirmed. We let your client know.",
    });
    expect(await jobRow(soid)).toMatchObject({ promised_arrival_time: at(WED, "15:00"), scheduled_status: 1 });
    expect(await calendar(w, T0 + HOUR)).toEqual([{ kind: "booking", ref: String(soid), start: at(WED, "15:00") }]);
    expect(await lastText(me.phone)).toMatch(/confirmed the new time: .* is now Wed, Nov 25 at 3:00 PM EST/);
    // Answering the same way again answers the same; the other way is refused.
    const again = await w.vendorClient.post("/api/vendor/me/reschedule", { request_id: req.request_id, accept: 1 });
    expect(again.body.data.status).toBe("accepted");
    const flip = await w.vendorClient.post("/api/vendor/me/reschedule", { request_id: req.request_id, accept: false });
    expect(flip.body.error.code).toBe("FAILED_VENDOR_SCHEDULE_ACCEPT");
  });

  it("on refusal releases the provisional hold, keeps the job and texts the customer", async () => {
    const { w, me, soid } = await scheduled();
    const req = (await ask(me.client, soid, `${WED} 15:00`)).body.data;
    const res = await w.vendorClient.post("/api/vendor/me/reschedule", { request_id: req.request_id, accept: false });
    expect(res.body.data).toMatchObject({
      status: "declined",
      message: "You declined the new time. We let your client know.",
    });
    expect((await jobRow(soid))!.promised_arrival_time).toBe(at(TUE, "10:00"));
    expect(await calendar(w)).toEqual([{ kind: "booking", ref: String(soid), start: at(TUE, "10:00") }]);
    expect(await lastText(me.phone)).toMatch(
      /can't make Wed, Nov 25 at 3:00 PM EST\. Your .* stays at Tue, Nov 24 at 10:00 AM EST\./,
    );
  });

  it("answers FAILED_VENDOR_SCHEDULE_ACCEPT for a request that lapsed, is another vendor's, or does not exist", async () => {
    const { w, me, soid } = await scheduled();
    const req = (await ask(me.client, soid, `${WED} 15:00`)).body.data;
    const other = await vendorWorld();
    const theirs = await other.vendorClient.post("/api/vendor/me/reschedule", {
      request_id: req.request_id,
      accept: true,
    });
    expect(theirs.status).toBe(409);
    expect(theirs.body.error.code).toBe("FAILED_VENDOR_SCHEDULE_ACCEPT");
    const missing = await w.vendorClient.post("/api/vendor/me/reschedule", { request_id: 99_999_999, accept: true });
    expect(missing.body.error.code).toBe("FAILED_VENDOR_SCHEDULE_ACCEPT");
    w.vendorClient.now = T0 + 25 * HOUR;
    const late = await w.vendorClient.post("/api/vendor/me/reschedule", { request_id: req.request_id, accept: true });
    expect(late.body.error.code).toBe("FAILED_VENDOR_SCHEDULE_ACCEPT");
    expect((await jobRow(soid))!.promised_arrival_time).toBe(at(TUE, "10:00"));
  });

  it("lists the requests waiting for the vendor and refuses customers", async () => {
    const { w, me, soid } = await scheduled();
    const req = (await ask(me.client, soid, `${WED} 15:00`)).body.data;
    const list = await w.vendorClient.get("/api/vendor/me/reschedule-requests");
    expect(list.body.data.map((r: any) => r.request_id)).toEqual([req.request_id]);
    const asCustomer = await me.client.post("/api/vendor/me/reschedule", { request_id: req.request_id, accept: true });
    expect(asCustomer.status).toBe(403);
  });

  it("refuses a request whose job was cancelled meanwhile, leaving the calendar clean", async () => {
    const { w, me, soid } = await scheduled();
    const req = (await ask(me.client, soid, `${WED} 15:00`)).body.data;
    expect((await me.client.post("/api/order/cancel", { service_order_id: soid })).status).toBe(200);
    const res = await w.vendorClient.post("/api/vendor/me/reschedule", { request_id: req.request_id, accept: true });
    expect(res.body.error.code).toBe("FAILED_VENDOR_SCHEDULE_ACCEPT");
    expect(await calendar(w)).toEqual([]);
  });
});
