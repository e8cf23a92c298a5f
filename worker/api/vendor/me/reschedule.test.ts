import { env, SELF } from "cloudflare:test";
import type { VendorLiveEvent } from "../../../../schema/payloads/vendor-live";
import { ORIGIN } from "../../../test-utils";
import { describe, expect, it } from "vitest";
import { ServiceOrderStatus as S } from "../../../../domain/order-status";
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
} from "../../../orders/test-fixtures";

/** A customer's scheduled job on Tuesday 10:00, booked on the vendor's calendar. */
async function scheduled(opts: { status?: number } = {}) {
  const w = await vendorWorld();
  const me = await customer("Ava Brooks");
  const job = await insertJob({ userId: me.user_id, world: w, status: opts.status });
  await bookJob(w, job.soid, job.start);
  return { w, me, soid: job.soid, start: job.start };
}

const propose = (client: any, soid: number, selectedDate: unknown, reason?: string) =>
  client.post("/api/vendor/me/reschedule", { service_order_id: soid, selectedDate, reason });
const answer = (client: any, request_id: unknown, accept: unknown) =>
  client.post("/api/order/reschedule/answer", { request_id, accept });

async function statuses(soid: number) {
  const rows = await env.DB.prepare(
    "SELECT requested_by, status FROM reschedule_requests WHERE service_order_id = ? ORDER BY reschedule_id",
  )
    .bind(soid)
    .all<{ requested_by: string; status: string }>();
  return rows.results.map((r) => `${r.requested_by}:${r.status}`);
}

describe("POST /api/vendor/me/reschedule { service_order_id, selectedDate }: the pro proposes", () => {
  it("holds the new time, keeps the job where it is, texts the customer and shows the proposal in My Orders", async () => {
    const { w, me, soid } = await scheduled();
    const res = await propose(w.vendorClient, soid, `${WED} 15:00`, "my car is in the shop");
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toEqual({
      request_id: expect.any(Number),
      service_order_id: soid,
      status: "pending",
      from: "2026-11-24 10:00",
      selectedDate: "2026-11-25 15:00",
      time_zone: "America/New_York",
      expires_at: new Date(T0 + 24 * HOUR).toISOString(),
      message: "We asked your client to confirm the new time. We'll let you know their answer.",
    });
    expect((await jobRow(soid))!.promised_arrival_time).toBe(at(TUE, "10:00"));
    expect(await calendar(w, T0 + HOUR)).toEqual([
      { kind: "booking", ref: String(soid), start: at(TUE, "10:00") },
      { kind: "hold", ref: "hold", start: at(WED, "15:00") },
    ]);
    expect(await lastText(me.phone)).toMatch(
      /asks to move your .* from Tue, Nov 24 at 10:00 AM EST to Wed, Nov 25 at 3:00 PM EST \(my car is in the shop\)\. Approve or keep your time by .*: https?:\/\/[^ ]+\/account\/orders$/,
    );
    const listed = (await me.client.get("/api/orders")).body.data[0];
    expect(listed.vendor_proposal).toEqual({
      request_id: res.body.data.request_id,
      selectedDate: "2026-11-25 15:00",
      expires_at: new Date(T0 + 24 * HOUR).toISOString(),
      reason: "my car is in the shop",
    });
    // A customer's own request is a separate field; the pro's proposal is not one.
    expect(listed.reschedule_request).toBeNull();
  });

  it("answers twenty identical proposals with one request and one hold", async () => {
    const { w, soid } = await scheduled();
    const all = await Promise.all(Array.from({ length: 20 }, () => propose(w.vendorClient, soid, `${WED} 15:00`)));
    for (const r of all) expect([200, 201]).toContain(r.status);
    expect(new Set(all.map((r) => r.body.data.request_id)).size).toBe(1);
    expect(await statuses(soid)).toEqual(["vendor:pending"]);
    expect((await calendar(w)).filter((b) => b.kind === "hold")).toHaveLength(1);
  });

  it("replaces a pending customer request (a counter-proposal) and the customer's new request replaces it", async () => {
    const { w, me, soid } = await scheduled();
    expect(
      (await me.client.post("/api/order/reschedule/", { service_order_id: soid, selectedDate: `${WED} 12:00` })).status,
    ).toBe(201);
    expect((await propose(w.vendorClient, soid, `${WED} 15:00`)).status).toBe(201);
    expect(await statuses(soid)).toEqual(["customer:cancelled", "vendor:pending"]);
    expect((await calendar(w)).filter((b) => b.kind === "hold").map((b) => b.start)).toEqual([at(WED, "15:00")]);
    expect(
      (await me.client.post("/api/order/reschedule/", { service_order_id: soid, selectedDate: `${WED} 17:00` })).status,
    ).toBe(201);
    expect(await statuses(soid)).toEqual(["customer:cancelled", "vendor:cancelled", "customer:pending"]);
    expect((await calendar(w)).filter((b) => b.kind === "hold").map((b) => b.start)).toEqual([at(WED, "17:00")]);
  });

  it("refuses another pro's job with NOT_FOUND, customers with 403, and bad input with INVALID_INPUT", async () => {
    const { w, me, soid } = await scheduled();
    const other = await vendorWorld();
    const theirs = await propose(other.vendorClient, soid, `${WED} 15:00`);
    expect(theirs.status).toBe(404);
    expect(theirs.body.error.code).toBe("NOT_FOUND");
    expect((await propose(me.client, soid, `${WED} 15:00`)).status).toBe(403);
    for (const bad of ["2026-11-25T15:00", "2026-02-30 10:00", 12, "", null]) {
      const r = await propose(w.vendorClient, soid, bad);
      expect(r.status, String(bad)).toBe(400);
      expect(r.body.error.code).toBe("INVALID_INPUT");
    }
    const noId = await w.vendorClient.post("/api/vendor/me/reschedule", { selectedDate: `${WED} 15:00` });
    expect(noId.body.error).toMatchObject({ code: "INVALID_INPUT", fields: { service_order_id: expect.any(String) } });
    expect((await w.vendorClient.post("/api/vendor/me/reschedule", [])).status).toBe(400);
  });

  it("refuses the same time, a time the pro is busy, and a job that cannot move", async () => {
    const { w, me, soid } = await scheduled();
    expect((await propose(w.vendorClient, soid, `${TUE} 10:00`)).body.error.code).toBe(
      "ERROR_WHILE_ORDER_RESCHEDULE_SAME_TIME",
    );
    const other = await insertJob({ userId: me.user_id, world: w, start: at(WED, "15:00") });
    await bookJob(w, other.soid, at(WED, "15:00"));
    const busy = await propose(w.vendorClient, soid, `${WED} 15:30`);
    expect(busy.status).toBe(409);
    expect(busy.body.error).toMatchObject({ code: "CART_ITEM_NOT_AVAILABLE", alternative: expect.any(Object) });
    // The job itself can move next to its own booking.
    expect((await propose(w.vendorClient, soid, `${TUE} 10:30`)).status).toBe(201);
    for (const status of [S.COMPLETED, S.CANCELLED, S.IN_PROGRESS]) {
      const job = await insertJob({ userId: me.user_id, world: w, status });
      expect((await propose(w.vendorClient, job.soid, `${WED} 19:00`)).body.error.code, String(status)).toBe(
        "JOB_ACTION_NOT_ALLOWED",
      );
    }
    const started = await scheduled();
    started.w.vendorClient.now = at(TUE, "10:05");
    expect((await propose(started.w.vendorClient, started.soid, `${WED} 15:00`)).body.error.code).toBe(
      "JOB_ACTION_NOT_ALLOWED",
    );
  });

  it("answers FAILED_VENDOR_RESCHEDULE when the pro tries to confirm their own proposal: the customer must consent", async () => {
    const { w, soid } = await scheduled();
    const p = (await propose(w.vendorClient, soid, `${WED} 15:00`)).body.data;
    const res = await w.vendorClient.post("/api/vendor/me/reschedule", { request_id: p.request_id, accept: true });
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({
      code: "FAILED_VENDOR_RESCHEDULE",
      message: "Please get the customer's consent before rescheduling.",
    });
    expect((await jobRow(soid))!.promised_arrival_time).toBe(at(TUE, "10:00"));
    expect(await statuses(soid)).toEqual(["vendor:pending"]);
  });
});

/** Opens the pro's dashboard socket and collects what it receives. */
async function openLive(client: any) {
  const res = await SELF.fetch(`${ORIGIN}/api/vendor/me/live`, {
    headers: { Upgrade: "websocket", cookie: client.cookie ?? "", "x-test-now": String(client.now) },
  });
  const ws = res.webSocket!;
  const events: VendorLiveEvent[] = [];
  ws.accept();
  ws.addEventListener("message", (e) => {
    if (typeof e.data === "string" && e.data !== "pong") events.push(JSON.parse(e.data) as VendorLiveEvent);
  });
  return { ws, events };
}

async function waitFor<T>(probe: () => T | undefined, ms = 2_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = probe();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe("POST /api/order/reschedule/answer: the customer's consent", () => {
  it("pushes the answer to the pro's open dashboard: job.rescheduled on approval, job.changed on refusal", async () => {
    const { w, me, soid } = await scheduled();
    const live = await openLive(w.vendorClient);
    const p = (await propose(w.vendorClient, soid, `${WED} 15:00`)).body.data;
    await waitFor(() => live.events.find((e) => e.type === "job.changed"));
    expect((await answer(me.client, p.request_id, true)).status).toBe(200);
    const moved = await waitFor(() => live.events.find((e) => e.type === "job.rescheduled"));
    expect(moved).toMatchObject({ service_order_id: soid });
    // And the dashboard's resync sees the job at its new time.
    const details = await w.vendorClient.get(`/api/vendor/me/reschedule-times?service_order_id=${soid}`);
    expect(details.body.data.current).toBe("2026-11-25 15:00");
    live.ws.close();

    const b = await scheduled();
    const live2 = await openLive(b.w.vendorClient);
    const q = (await propose(b.w.vendorClient, b.soid, `${WED} 15:00`)).body.data;
    live2.events.length = 0;
    expect((await answer(b.me.client, q.request_id, false)).status).toBe(200);
    expect(await waitFor(() => live2.events.find((e) => e.type === "job.changed"))).toMatchObject({
      service_order_id: b.soid,
    });
    live2.ws.close();
  });

  it("approving moves the booking on the pro's calendar and the job, and texts the pro", async () => {
    const { w, me, soid } = await scheduled();
    const p = (await propose(w.vendorClient, soid, `${WED} 15:00`)).body.data;
    me.client.now = T0 + HOUR;
    const res = await answer(me.client, p.request_id, true);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      request_id: p.request_id,
      status: "accepted",
      selectedDate: "2026-11-25 15:00",
      message: "Your appointment is moved to the new time. We let your professional know.",
    });
    expect(await jobRow(soid)).toMatchObject({ promised_arrival_time: at(WED, "15:00"), scheduled_status: 1 });
    expect(await calendar(w, T0 + HOUR)).toEqual([{ kind: "booking", ref: String(soid), start: at(WED, "15:00") }]);
    expect(await lastText(w.vendorPhone)).toMatch(/^Ava approved the new time: .* is now Wed, Nov 25 at 3:00 PM EST\./);
    const listed = (await me.client.get("/api/orders")).body.data[0];
    expect(listed).toMatchObject({ promised_arrival_time: "2026-11-25 15:00", vendor_proposal: null });
    // The same answer again answers the same; the other answer is refused.
    expect((await answer(me.client, p.request_id, "1")).body.data.status).toBe("accepted");
    const flip = await answer(me.client, p.request_id, false);
    expect(flip.status).toBe(409);
    expect(flip.body.error.code).toBe("RESCHEDULE_PROPOSAL_GONE");
  });

  it("refusing keeps the job and its booking, releases the held time and texts the pro", async () => {
    const { w, me, soid } = await scheduled();
    const p = (await propose(w.vendorClient, soid, `${WED} 15:00`)).body.data;
    const res = await answer(me.client, p.request_id, false);
    expect(res.body.data).toMatchObject({
      status: "declined",
      message: "You kept your time. We let your professional know.",
    });
    expect((await jobRow(soid))!.promised_arrival_time).toBe(at(TUE, "10:00"));
    expect(await calendar(w)).toEqual([{ kind: "booking", ref: String(soid), start: at(TUE, "10:00") }]);
    expect(await lastText(w.vendorPhone)).toMatch(
      /^Ava kept the original time: .* stays at Tue, Nov 24 at 10:00 AM EST\./,
    );
  });

  it("twenty concurrent approvals move the job once", async () => {
    const { w, me, soid } = await scheduled();
    const p = (await propose(w.vendorClient, soid, `${WED} 15:00`)).body.data;
    const all = await Promise.all(Array.from({ length: 20 }, () => answer(me.client, p.request_id, true)));
    const ok = all.filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const r of all) if (r.status !== 200) expect(r.body.error.code).toBe("RESCHEDULE_PROPOSAL_GONE");
    expect(await statuses(soid)).toEqual(["vendor:accepted"]);
    expect(await calendar(w)).toEqual([{ kind: "booking", ref: String(soid), start: at(WED, "15:00") }]);
  });

  it("reaches only the caller's own proposals: another customer, a customer request and an unknown id are NOT_FOUND", async () => {
    const { w, me, soid } = await scheduled();
    const p = (await propose(w.vendorClient, soid, `${WED} 15:00`)).body.data;
    const stranger = await customer("Stranger Danger");
    const theirs = await answer(stranger.client, p.request_id, true);
    expect(theirs.status).toBe(404);
    expect(theirs.body.error.code).toBe("NOT_FOUND");
    expect((await answer(me.client, 99_999_999, true)).status).toBe(404);
    const mine = await scheduled();
    const own = (
      await mine.me.client.post("/api/order/reschedule/", { service_order_id: mine.soid, selectedDate: `${WED} 15:00` })
    ).body.data;
    // A customer cannot approve their own request: it waits for the pro.
    expect((await answer(mine.me.client, own.request_id, true)).status).toBe(404);
    // The pro cannot call the customer's route.
    expect((await answer(w.vendorClient, p.request_id, true)).status).toBe(404);
    expect((await jobRow(soid))!.promised_arrival_time).toBe(at(TUE, "10:00"));
    for (const bad of [{ request_id: "x", accept: true }, { request_id: p.request_id, accept: "maybe" }, {}]) {
      const r = await me.client.post("/api/order/reschedule/answer", bad);
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe("INVALID_INPUT");
    }
    expect(
      (await new (me.client.constructor as any)().post("/api/order/reschedule/answer", { request_id: 1, accept: true }))
        .status,
    ).toBe(401);
  });

  it("answers RESCHEDULE_PROPOSAL_GONE for a lapsed, replaced or cancelled proposal and leaves the calendar clean", async () => {
    const { w, me, soid } = await scheduled();
    const p = (await propose(w.vendorClient, soid, `${WED} 15:00`)).body.data;
    me.client.now = T0 + 25 * HOUR;
    expect((await answer(me.client, p.request_id, true)).body.error.code).toBe("RESCHEDULE_PROPOSAL_GONE");
    expect((await jobRow(soid))!.promised_arrival_time).toBe(at(TUE, "10:00"));

    const b = await scheduled();
    const first = (await propose(b.w.vendorClient, b.soid, `${WED} 15:00`)).body.data;
    await propose(b.w.vendorClient, b.soid, `${WED} 17:00`);
    expect((await answer(b.me.client, first.request_id, true)).body.error.code).toBe("RESCHEDULE_PROPOSAL_GONE");

    const c = await scheduled();
    const q = (await propose(c.w.vendorClient, c.soid, `${WED} 15:00`)).body.data;
    expect((await c.me.client.post("/api/order/cancel", { service_order_id: c.soid })).status).toBe(200);
    expect((await answer(c.me.client, q.request_id, true)).body.error.code).toBe("RESCHEDULE_PROPOSAL_GONE");
    expect(await calendar(c.w)).toEqual([]);
  });
});

describe("GET reschedule-times: the free times the picker shows", () => {
  it("leaves the job's own booking and its pending proposal out, for the pro and for the customer", async () => {
    const { w, me, soid } = await scheduled();
    const before = await w.vendorClient.get(`/api/vendor/me/reschedule-times?service_order_id=${soid}`);
    expect(before.status).toBe(200);
    expect(before.body.data).toMatchObject({ service_order_id: soid, current: "2026-11-24 10:00", pending: null });
    const tue = before.body.data.days.find((d: any) => d.date === TUE);
    // The job's own hour is free to move within.
    expect(tue.times).toEqual(expect.arrayContaining(["10:00", "10:30"]));
    const p = (await propose(w.vendorClient, soid, `${WED} 15:00`)).body.data;
    const after = await me.client.get(`/api/order/reschedule-times?service_order_id=${soid}`);
    expect(after.status).toBe(200);
    expect(after.body.data.pending).toEqual({
      request_id: p.request_id,
      requested_by: "vendor",
      selectedDate: "2026-11-25 15:00",
      expires_at: new Date(T0 + 24 * HOUR).toISOString(),
    });
    expect(after.body.data.days.find((d: any) => d.date === WED).times).toContain("15:00");
  });

  it("reaches only one's own job", async () => {
    const { me, soid } = await scheduled();
    const other = await vendorWorld();
    expect((await other.vendorClient.get(`/api/vendor/me/reschedule-times?service_order_id=${soid}`)).status).toBe(404);
    const stranger = await customer("Stranger Danger");
    expect((await stranger.client.get(`/api/order/reschedule-times?service_order_id=${soid}`)).status).toBe(404);
    expect((await me.client.get("/api/order/reschedule-times?service_order_id=abc")).status).toBe(400);
    expect((await me.client.get(`/api/vendor/me/reschedule-times?service_order_id=${soid}`)).status).toBe(403);
    const w = await vendorWorld();
    const done = await insertJob({ userId: me.user_id, world: w, status: S.COMPLETED });
    expect((await me.client.get(`/api/order/reschedule-times?service_order_id=${done.soid}`)).body.error.code).toBe(
      "ERROR_WHILE_ORDER_RESCHEDULE_SERVICE_DATA",
    );
  });
});
