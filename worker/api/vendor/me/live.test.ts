import { env, runDurableObjectAlarm, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { localToInstant } from "../../../../domain/calendar/time";
import { ServiceOrderStatus } from "../../../../domain/order-status";
import type { VendorLiveEvent } from "../../../../schema/payloads/vendor-live";
import { busyRows, calendarOf, TZ } from "../../../calendar/test-fixtures";
import { bookedJob, customer, key, outboxTo, vendorClient, world } from "../../../checkout/test-fixtures";
import { OFFER_ROUND_MS } from "../../../jobs/offer-rounds";
import { Client, ORIGIN, T0 } from "../../../test-utils";

const MIN = 60_000;
const TUE = "2026-11-24";

/** Opens the vendor's dashboard socket and collects what it receives. */
async function openLive(client: Client, headers: Record<string, string> = {}) {
  const res = await SELF.fetch(`${ORIGIN}/api/vendor/me/live`, {
    headers: { Upgrade: "websocket", cookie: client.cookie ?? "", "x-test-now": String(client.now), ...headers },
  });
  const ws = res.webSocket;
  const events: VendorLiveEvent[] = [];
  if (ws) {
    ws.accept();
    ws.addEventListener("message", (e) => {
      if (typeof e.data === "string" && e.data !== "pong") events.push(JSON.parse(e.data) as VendorLiveEvent);
    });
  }
  return { res, ws, events };
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

const holderOf = async (soId: number) =>
  (await env.DB.prepare("SELECT hold_vendor_id AS v FROM checkout_items WHERE service_order_id = ?")
    .bind(soId)
    .first<{ v: number }>())!.v;

const jobRow = (soId: number) =>
  env.DB.prepare(
    "SELECT vendor_id, service_order_status_id, scheduled_status FROM service_orders WHERE service_order_id = ?",
  )
    .bind(soId)
    .first<{ vendor_id: number | null; service_order_status_id: number; scheduled_status: number }>();

const offerRows = async (soId: number) =>
  (
    await env.DB.prepare(
      "SELECT vendor_id, status, expires_at FROM job_offers WHERE service_order_id = ? ORDER BY vendor_id",
    )
      .bind(soId)
      .all<{ vendor_id: number; status: string; expires_at: number | null }>()
  ).results;

describe("GET /api/vendor/me/live", () => {
  it("refuses visitors (401), customers (403) and plain requests (426)", async () => {
    expect((await openLive(new Client())).res.status).toBe(401);
    const { client } = await customer();
    expect((await openLive(client)).res.status).toBe(403);
    const w = await world();
    const pro = await vendorClient(w.vendorId);
    expect((await pro.get("/api/vendor/me/live")).status).toBe(426);
    expect((await openLive(pro, { origin: "https://evil.example" })).res.status).toBe(403);
  });

  it("pushes a new offer the moment the order is paid, and takes it away when another pro accepts", async () => {
    const w = await world({ vendors: 2 });
    const [a, b] = await Promise.all(w.vendorIds.map(vendorClient));
    const live = await openLive(a!);
    expect(live.res.status).toBe(101);
    await waitFor(() => live.events.find((e) => e.type === "hello"));

    const { soId } = await bookedJob(w, null);
    const offer = await waitFor(() => live.events.find((e) => e.type === "offer.new"));
    expect(offer).toMatchObject({ type: "offer.new", service_order_id: soId });

    expect((await b!.post("/api/vendor/me/jobs/accept", { service_order_id: soId })).status).toBe(200);
    const gone = await waitFor(() => live.events.find((e) => e.type === "offer.gone"));
    expect(gone).toMatchObject({ service_order_id: soId, reason: "taken" });
    live.ws!.close();
  });

  it("ignores a message it does not understand and keeps the socket open", async () => {
    const w = await world();
    const pro = await vendorClient(w.vendorId);
    const live = await openLive(pro);
    live.ws!.send("{not json");
    live.ws!.send("ping");
    const { soId } = await bookedJob(w, w.vendorId);
    expect(await waitFor(() => live.events.find((e) => e.type === "offer.new"))).toMatchObject({
      service_order_id: soId,
    });
    live.ws!.close();
  });
});

describe("job offers over time", () => {
  it("lapses a round, offers it again until the cut-off, then cancels and refunds in full", async () => {
    const w = await world({ vendors: 2 });
    const { soId, phone } = await bookedJob(w, null);
    const holder = await holderOf(soId);
    const first = await offerRows(soId);
    expect(first.every((o) => o.status === "offered" && o.expires_at === T0 + OFFER_ROUND_MS)).toBe(true);

    // The round lapses: nobody new is free, so everyone offered before gets a last call until the cut-off.
    const cutoff = localToInstant(TUE, "10:00", TZ) - 90 * MIN;
    await calendarOf(holder).listBusy({ vendorId: holder, now: T0 + OFFER_ROUND_MS + MIN });
    await runDurableObjectAlarm(calendarOf(holder));
    const again = await offerRows(soId);
    expect(again.map((o) => [o.status, o.expires_at])).toEqual(again.map(() => ["offered", cutoff]));

    // Past the cut-off nobody has taken it: cancelled, refunded, the customer told, the time freed.
    await calendarOf(holder).listBusy({ vendorId: holder, now: cutoff + MIN });
    await runDurableObjectAlarm(calendarOf(holder));
    expect((await jobRow(soId))!.service_order_status_id).toBe(ServiceOrderStatus.CANCELLED);
    expect((await offerRows(soId)).every((o) => o.status === "expired")).toBe(true);
    const refund = await env.DB.prepare(
      "SELECT refund_cents, fee_cents, refund_status FROM order_cancellations WHERE service_order_id = ?",
    )
      .bind(soId)
      .first<{ refund_cents: number; fee_cents: number; refund_status: string }>();
    expect(refund).toMatchObject({ fee_cents: 0, refund_status: "succeeded" });
    expect(refund!.refund_cents).toBeGreaterThan(0);
    expect((await outboxTo(phone)).at(-1)).toMatch(/no pro was available/);
    expect((await busyRows(holder)).filter((r) => r.ref_id === String(soId))).toEqual([]);
  });

  it("leaves an accepted job alone when its round comes due", async () => {
    const w = await world({ vendors: 2 });
    const { soId } = await bookedJob(w, null);
    const holder = await holderOf(soId);
    const pro = await vendorClient(w.vendorIds[0]!);
    expect((await pro.post("/api/vendor/me/jobs/accept", { service_order_id: soId })).status).toBe(200);
    await calendarOf(holder).listBusy({ vendorId: holder, now: T0 + OFFER_ROUND_MS + MIN });
    await runDurableObjectAlarm(calendarOf(holder));
    expect(await jobRow(soId)).toMatchObject({
      vendor_id: w.vendorIds[0],
      service_order_status_id: ServiceOrderStatus.SCHEDULED,
    });
  });

  it("gives one job to exactly one of 50 pros accepting at once", async () => {
    const w = await world({ vendors: 1 });
    const { soId } = await bookedJob(w, null);
    const others = await world({ vendors: 49 });
    const pros = [w.vendorId, ...others.vendorIds];
    // Every pro holds an open offer (the fixture's other world is elsewhere; offers are what accept checks).
    await env.DB.prepare(
      "INSERT OR IGNORE INTO job_offers (service_order_id, vendor_id, status, offered_at, expires_at) SELECT ?, value, 'offered', ?, ? FROM json_each(?)",
    )
      .bind(soId, T0, T0 + OFFER_ROUND_MS, JSON.stringify(pros))
      .run();
    const clients = await Promise.all(pros.map(vendorClient));
    const replies = await Promise.all(
      clients.map((c) => c.post("/api/vendor/me/jobs/accept", { service_order_id: soId })),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    const refused = replies.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(49);
    expect(refused.every((r) => r.body.error.code === "FAILED_VENDOR_JOB_ACCEPT")).toBe(true);
  });
});

describe("POST /api/vendor/me/schedule/accept and /decline", () => {
  it("confirms an accepted job's schedule once; a stale or foreign request is no longer available", async () => {
    const w = await world({ vendors: 2 });
    const { soId } = await bookedJob(w, w.vendorIds[0]!);
    const [mine, other] = await Promise.all(w.vendorIds.map(vendorClient));
    expect((await mine!.post("/api/vendor/me/jobs/accept", { service_order_id: soId })).status).toBe(200);
    expect((await other!.post("/api/vendor/me/schedule/accept", { service_order_id: soId })).body.error.code).toBe(
      "FAILED_VENDOR_SCHEDULE_ACCEPT",
    );
    const ok = await mine!.post("/api/vendor/me/schedule/accept", { service_order_id: soId });
    expect(ok.status).toBe(200);
    expect((await jobRow(soId))!.scheduled_status).toBe(1);
    const again = await mine!.post("/api/vendor/me/schedule/accept", { service_order_id: soId });
    expect(again.body.error).toEqual({
      code: "FAILED_VENDOR_SCHEDULE_ACCEPT",
      message: "This request is no longer available.",
    });
    expect((await mine!.post("/api/vendor/me/schedule/accept", { service_order_id: "x" })).status).toBe(400);
  });

  it("gives back an unconfirmed job without penalty more than a day ahead, and the job is offered again", async () => {
    const w = await world({ vendors: 2 });
    const { soId } = await bookedJob(w, null);
    const holder = await holderOf(soId);
    const [a] = await Promise.all(w.vendorIds.map(vendorClient));
    expect((await a!.post("/api/vendor/me/jobs/accept", { service_order_id: soId })).status).toBe(200);
    const before = await env.DB.prepare("SELECT reliability FROM vendors WHERE vendor_id = ?")
      .bind(w.vendorIds[0])
      .first<{ reliability: number }>();
    const declined = await a!.post("/api/vendor/me/schedule/decline", { service_order_id: soId });
    expect(declined.body).toMatchObject({ code: 200, message: 2 });
    expect(await jobRow(soId)).toMatchObject({ vendor_id: null, service_order_status_id: ServiceOrderStatus.PENDING });
    const after = await env.DB.prepare("SELECT reliability FROM vendors WHERE vendor_id = ?")
      .bind(w.vendorIds[0])
      .first<{ reliability: number }>();
    expect(after!.reliability).toBe(before!.reliability);
    expect((await busyRows(w.vendorIds[0]!)).filter((r) => r.ref_id === String(soId))).toEqual([]);
    // The holder's alarm runs the next round: the other pro gets it again.
    await runDurableObjectAlarm(calendarOf(holder));
    const offers = await offerRows(soId);
    expect(offers.find((o) => o.vendor_id === w.vendorIds[1])!.status).toBe("offered");
    expect(offers.find((o) => o.vendor_id === w.vendorIds[0])!.status).toBe("declined");
    const stale = await a!.post("/api/vendor/me/schedule/decline", { service_order_id: soId });
    expect(stale.body.error.code).toBe("FAILED_VENDOR_SCHEDULE_DECLINED");
  });
});

describe("time off", () => {
  it("adds, moves and deletes time off through the calendar; search stops offering it at once", async () => {
    const w = await world();
    const pro = await vendorClient(w.vendorId);
    const added = await pro.post("/api/vendor/me/calendar/time-off", {
      start: `${TUE} 09:00`,
      end: `${TUE} 12:00`,
      note: "Dentist",
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const id = added.body.data.id as number;
    expect(added.body.data).toEqual({ id, start: `${TUE} 09:00`, end: `${TUE} 12:00`, note: "Dentist" });
    expect(await busyRows(w.vendorId)).toMatchObject([{ kind: "time_off", ref_id: String(id) }]);
    const { client } = await customer();
    const refused = await client.post("/api/booking/service-add-cart", {
      zipCode: w.zip,
      serviceId: w.serviceId,
      vendorId: w.vendorId,
      selectedDate: `${TUE} 10:00`,
      idempotencyKey: key("add"),
    });
    expect(refused.body.error.code).toBe("CART_ITEM_NOT_AVAILABLE");

    const moved = await pro.put(`/api/vendor/me/calendar/time-off/${id}`, {
      start: `${TUE} 14:00`,
      end: `${TUE} 15:00`,
    });
    expect(moved.body.data).toMatchObject({ start: `${TUE} 14:00`, end: `${TUE} 15:00` });
    expect((await pro.call("DELETE", `/api/vendor/me/calendar/time-off/${id}`)).body.data).toEqual({ deleted: true });
    expect(await busyRows(w.vendorId)).toEqual([]);
    expect((await pro.call("DELETE", `/api/vendor/me/calendar/time-off/${id}`)).status).toBe(404);
  });

  it("refuses time off over an accepted job, bad times, and another pro's time off", async () => {
    const w = await world({ vendors: 2 });
    const { soId } = await bookedJob(w, w.vendorIds[0]!);
    const [mine, other] = await Promise.all(w.vendorIds.map(vendorClient));
    expect((await mine!.post("/api/vendor/me/jobs/accept", { service_order_id: soId })).status).toBe(200);
    const over = await mine!.post("/api/vendor/me/calendar/time-off", { start: `${TUE} 09:00`, end: `${TUE} 12:00` });
    expect(over.status).toBe(409);
    expect(over.body.error.code).toBe("TIME_OFF_OVERLAPS_JOB");
    expect(
      (await env.DB.prepare("SELECT count(*) AS n FROM vendor_time_off WHERE vendor_id = ?")
        .bind(w.vendorIds[0])
        .first<{ n: number }>())!.n,
    ).toBe(0);
    for (const bad of [
      { start: `${TUE} 12:00`, end: `${TUE} 09:00` },
      { start: "2026-11-01 09:00", end: "2026-11-01 10:00" },
      { start: "tomorrow", end: `${TUE} 09:00` },
      [],
    ]) {
      const res = await mine!.post("/api/vendor/me/calendar/time-off", bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    const theirs = await other!.post("/api/vendor/me/calendar/time-off", {
      start: `${TUE} 15:00`,
      end: `${TUE} 16:00`,
    });
    expect(theirs.status).toBe(201);
    expect((await mine!.call("DELETE", `/api/vendor/me/calendar/time-off/${theirs.body.data.id}`)).status).toBe(404);
    expect(
      (await mine!.put(`/api/vendor/me/calendar/time-off/abc`, { start: `${TUE} 15:00`, end: `${TUE} 16:00` })).status,
    ).toBe(404);
    const { client } = await customer();
    expect(
      (await client.post("/api/vendor/me/calendar/time-off", { start: `${TUE} 15:00`, end: `${TUE} 16:00` })).status,
    ).toBe(403);
  });
});

describe("GET /api/vendor/me/live limits (issue 20)", () => {
  it("keeps at most 5 sockets per pro: of 100 opened at once (the limit x 20), 5 upgrade, 95 answer 429", async () => {
    const w = await world();
    const pro = await vendorClient(w.vendorId);
    const opened = await Promise.all(Array.from({ length: 100 }, () => openLive(pro)));
    const upgraded = opened.filter((o) => o.res.status === 101);
    expect(upgraded).toHaveLength(5);
    const refused = opened.filter((o) => o.res.status !== 101);
    expect(refused.every((o) => o.res.status === 429)).toBe(true);
    const body = (await refused[0]!.res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("LIVE_TOO_MANY_SOCKETS");
    // Closing one makes room for another.
    upgraded[0]!.ws!.close(1000, "bye");
    let again = await openLive(pro);
    for (let i = 0; again.res.status !== 101 && i < 50; i++) {
      await again.res.body?.cancel();
      await new Promise((r) => setTimeout(r, 20));
      again = await openLive(pro);
    }
    expect(again.res.status).toBe(101);
    for (const o of [...upgraded.slice(1), again]) o.ws!.close(1000, "bye");
  });

  it("compares the origin by scheme, host and port; Origin: null is 403 without a crash", async () => {
    const w = await world();
    const pro = await vendorClient(w.vendorId);
    for (const origin of ["null", "http://glow.test", "https://glow.test:8443", "not a url", "https://evil.example"]) {
      const o = await openLive(pro, { origin });
      expect(o.res.status, origin).toBe(403);
      expect(((await o.res.json()) as { error: { code: string } }).error.code).toBe("FORBIDDEN");
    }
    const ok = await openLive(pro, { origin: ORIGIN });
    expect(ok.res.status).toBe(101);
    ok.ws!.close(1000, "bye");
  });
});
