import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ServiceOrderStatus } from "../../../domain/order-status";
import { MAX_ORDER_LIVE_SOCKETS, type OrderLiveEvent } from "../../../schema/payloads/order-live";
import { bookedJob, outboxTo, vendorClient, world } from "../../checkout/test-fixtures";
import { acceptedJob, JOB_START, MIN } from "../../jobs/test-fixtures";
import { Client, ORIGIN } from "../../test-utils";

/** Opens the customer's order socket and collects what it receives. */
async function openLive(client: Client, headers: Record<string, string> = {}) {
  const res = await SELF.fetch(`${ORIGIN}/api/orders/live`, {
    headers: { Upgrade: "websocket", cookie: client.cookie ?? "", "x-test-now": String(client.now), ...headers },
  });
  const ws = res.webSocket;
  const events: OrderLiveEvent[] = [];
  if (ws) {
    ws.accept();
    ws.addEventListener("message", (e) => {
      if (typeof e.data === "string" && e.data !== "pong") events.push(JSON.parse(e.data) as OrderLiveEvent);
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

const changed = (events: OrderLiveEvent[], stage: string) =>
  events.find((e) => e.type === "order.changed" && e.stage === stage);

async function visitOf(client: Client, soId: number) {
  const list = await client.get("/api/orders");
  expect(list.status).toBe(200);
  return (list.body.data as Array<{ service_order_id: number; visit: Record<string, unknown> | null }>).find(
    (o) => o.service_order_id === soId,
  )!.visit!;
}

const step = (pro: Client, soId: number, s: string) =>
  pro.post("/api/vendor/me/visit-step", { service_order_id: soId, step: s });

describe("GET /api/orders/live", () => {
  it("refuses visitors (401), plain requests (426) and other sites (403)", async () => {
    expect((await openLive(new Client())).res.status).toBe(401);
    const job = await acceptedJob();
    expect((await job.customer.get("/api/orders/live")).status).toBe(426);
    expect((await openLive(job.customer, { origin: "https://evil.example" })).res.status).toBe(403);
    const ok = await openLive(job.customer, { origin: ORIGIN });
    expect(ok.res.status).toBe(101);
    expect(await waitFor(() => ok.events.find((e) => e.type === "hello"))).toBeTruthy();
    ok.ws!.close();
  });

  it("takes the visit from finding a pro to accepted, on the way, arrived and in progress, each pushed at once", async () => {
    const w = await world({ vendors: 1 });
    const { soId, client } = await bookedJob(w, null);
    const live = await openLive(client);
    await waitFor(() => live.events.find((e) => e.type === "hello"));
    expect((await visitOf(client, soId)).stage).toBe("finding_pro");

    const pro = await vendorClient(w.vendorId);
    expect((await pro.post("/api/vendor/me/jobs/accept", { service_order_id: soId })).status).toBe(200);
    expect(await waitFor(() => changed(live.events, "accepted"))).toMatchObject({ service_order_id: soId });
    const accepted = await client.get("/api/orders");
    const card = accepted.body.data.find((o: { service_order_id: number }) => o.service_order_id === soId);
    expect(card.vendor.name).toBeTruthy();
    expect(card.visit).toMatchObject({ stage: "accepted", pro_rating_count: 0 });

    pro.now = JOB_START - 40 * MIN;
    const away = await step(pro, soId, "on_the_way");
    expect(away.status).toBe(200);
    expect(await waitFor(() => changed(live.events, "on_the_way"))).toMatchObject({ service_order_id: soId });
    const travelling = await visitOf(client, soId);
    expect(travelling.stage).toBe("on_the_way");
    // The distance from the pro's base (1 mile from the ZIP's centre in the fixture) and its estimate.
    expect(travelling.distance_miles).toBeGreaterThan(0);
    expect(Date.parse(travelling.eta_at as string)).toBeGreaterThan(pro.now);

    pro.now += 20 * MIN;
    expect((await step(pro, soId, "arrived")).status).toBe(200);
    await waitFor(() => changed(live.events, "arrived"));
    expect(await visitOf(client, soId)).toMatchObject({ stage: "arrived", distance_miles: null, eta_at: null });

    pro.now += 5 * MIN;
    expect((await step(pro, soId, "started")).status).toBe(200);
    await waitFor(() => changed(live.events, "in_progress"));
    expect((await visitOf(client, soId)).stage).toBe("in_progress");
    live.ws!.close();
  });

  it("pushes to the job's own customer only", async () => {
    const a = await acceptedJob();
    const b = await acceptedJob();
    const liveA = await openLive(a.customer);
    const liveB = await openLive(b.customer);
    await waitFor(() => liveA.events.find((e) => e.type === "hello"));
    await waitFor(() => liveB.events.find((e) => e.type === "hello"));
    a.vendor.now = JOB_START - 30 * MIN;
    expect((await step(a.vendor, a.soId, "on_the_way")).status).toBe(200);
    await waitFor(() => changed(liveA.events, "on_the_way"));
    await new Promise((r) => setTimeout(r, 100));
    expect(liveB.events.map((e) => e.type)).toEqual(["hello"]);
    // B's list knows nothing of A's job.
    expect(
      (await b.customer.get("/api/orders")).body.data.map((o: { service_order_id: number }) => o.service_order_id),
    ).toEqual([b.soId]);
    liveA.ws!.close();
    liveB.ws!.close();
  });

  it("resyncs after a drop: a step marked while the page was offline is in the list the reconnect reads", async () => {
    const job = await acceptedJob();
    const first = await openLive(job.customer);
    await waitFor(() => first.events.find((e) => e.type === "hello"));
    first.ws!.close();
    job.vendor.now = JOB_START - 30 * MIN;
    expect((await step(job.vendor, job.soId, "on_the_way")).status).toBe(200);
    const again = await openLive(job.customer);
    expect(await waitFor(() => again.events.find((e) => e.type === "hello"))).toBeTruthy();
    expect((await visitOf(job.customer, job.soId)).stage).toBe("on_the_way");
    again.ws!.close();
  });

  it(`accepts at most ${MAX_ORDER_LIVE_SOCKETS} open pages per customer, even when ${MAX_ORDER_LIVE_SOCKETS * 20} race in`, async () => {
    const job = await acceptedJob();
    const all = await Promise.all(Array.from({ length: MAX_ORDER_LIVE_SOCKETS * 20 }, () => openLive(job.customer)));
    expect(all.filter((l) => l.res.status === 101)).toHaveLength(MAX_ORDER_LIVE_SOCKETS);
    const refused = all.find((l) => l.res.status !== 101)!;
    expect(refused.res.status).toBe(429);
    expect(((await refused.res.json()) as { error: { code: string } }).error.code).toBe("LIVE_TOO_MANY_SOCKETS");
    for (const l of all) l.ws?.close();
  });
});

describe("POST /api/vendor/me/visit-step", () => {
  it("lets only the assigned pro mark a step", async () => {
    const job = await acceptedJob();
    job.other.now = JOB_START - 30 * MIN;
    expect((await step(job.other, job.soId, "on_the_way")).status).toBe(404);
    expect(
      (await job.customer.post("/api/vendor/me/visit-step", { service_order_id: job.soId, step: "on_the_way" })).status,
    ).toBe(403);
    expect(
      (await job.vendor.post("/api/vendor/me/visit-step", { service_order_id: job.soId, step: "flying" })).status,
    ).toBe(400);
  });

  it("keeps the order: not too early, not arrived before on the way (unless within 30 minutes), not started before arrived", async () => {
    const job = await acceptedJob();
    job.vendor.now = JOB_START - 4 * 60 * MIN;
    expect((await step(job.vendor, job.soId, "on_the_way")).body.error.code).toBe("VISIT_TOO_EARLY");
    job.vendor.now = JOB_START - 45 * MIN;
    expect((await step(job.vendor, job.soId, "arrived")).body.error.code).toBe("VISIT_STEP_OUT_OF_ORDER");
    expect((await step(job.vendor, job.soId, "started")).body.error.code).toBe("VISIT_STEP_OUT_OF_ORDER");
    job.vendor.now = JOB_START - 25 * MIN;
    expect((await step(job.vendor, job.soId, "arrived")).status).toBe(200);
    // Once arrived, "on the way" is behind them.
    expect((await step(job.vendor, job.soId, "on_the_way")).body.error.code).toBe("VISIT_STEP_OUT_OF_ORDER");
  });

  it("refuses every step once the job is completed or cancelled", async () => {
    for (const status of [ServiceOrderStatus.COMPLETED, ServiceOrderStatus.CANCELLED]) {
      const job = await acceptedJob();
      await env.DB.prepare("UPDATE service_orders SET service_order_status_id = ? WHERE service_order_id = ?")
        .bind(status, job.soId)
        .run();
      job.vendor.now = JOB_START - 10 * MIN;
      const r = await step(job.vendor, job.soId, "on_the_way");
      expect(r.status).toBe(409);
      expect(r.body.error.code).toBe("VISIT_JOB_CLOSED");
    }
  });

  it("texts a customer who is not looking, once, and not one whose page is open and visible", async () => {
    const away = await acceptedJob();
    away.vendor.now = JOB_START - 30 * MIN;
    // 20 racing taps: one step, one text.
    const taps = await Promise.all(Array.from({ length: 20 }, () => step(away.vendor, away.soId, "on_the_way")));
    expect(taps.every((t) => t.status === 200)).toBe(true);
    expect(taps.filter((t) => t.body.data.texted)).toHaveLength(1);
    expect((await outboxTo(away.phone)).filter((b) => /is on the way/.test(b))).toHaveLength(1);

    const looking = await acceptedJob();
    const live = await openLive(looking.customer);
    await waitFor(() => live.events.find((e) => e.type === "hello"));
    looking.vendor.now = JOB_START - 30 * MIN;
    expect((await step(looking.vendor, looking.soId, "on_the_way")).body.data.texted).toBe(false);
    expect((await outboxTo(looking.phone)).filter((b) => /is on the way/.test(b))).toHaveLength(0);
    // The tab goes to the background: "arrived" is texted (and still pushed to the open page).
    live.ws!.send("hidden");
    await new Promise((r) => setTimeout(r, 50));
    looking.vendor.now += 20 * MIN;
    expect((await step(looking.vendor, looking.soId, "arrived")).body.data.texted).toBe(true);
    await waitFor(() => changed(live.events, "arrived"));
    expect((await outboxTo(looking.phone)).filter((b) => /has arrived/.test(b))).toHaveLength(1);
    live.ws!.close();
  });
});

describe("POST /api/vendor/me/visit-location", () => {
  it("takes the position only while on the way, shows only distance and estimate, and deletes it at the start", async () => {
    const job = await acceptedJob();
    const live = await openLive(job.customer);
    await waitFor(() => live.events.find((e) => e.type === "hello"));
    const zip = (await env.DB.prepare("SELECT latitude, longitude FROM zipcodes WHERE zip = ?")
      .bind(job.w.zip)
      .first<{ latitude: number; longitude: number }>())!;
    const here = { service_order_id: job.soId, latitude: zip.latitude + 0.05, longitude: zip.longitude + 0.01 };
    job.vendor.now = JOB_START - 30 * MIN;
    const early = await job.vendor.post("/api/vendor/me/visit-location", here);
    expect(early.body.error.code).toBe("VISIT_NOT_ON_THE_WAY");
    expect((await job.other.post("/api/vendor/me/visit-location", here)).status).toBe(404);
    expect((await job.vendor.post("/api/vendor/me/visit-location", { ...here, latitude: 91 })).status).toBe(400);

    await step(job.vendor, job.soId, "on_the_way");
    job.vendor.now += 30_000;
    const shared = await job.vendor.post("/api/vendor/me/visit-location", here);
    expect(shared.status).toBe(200);
    const eta = await waitFor(() => live.events.find((e) => e.type === "order.eta"));
    expect(eta).toMatchObject({ service_order_id: job.soId, distance_miles: 3.5 });
    const list = await job.customer.get("/api/orders");
    const text = JSON.stringify(list.body);
    expect(text).not.toContain(String(here.latitude));
    expect(text).not.toContain(String(here.longitude));
    expect((await visitOf(job.customer, job.soId)).distance_miles).toBe(3.5);

    job.vendor.now += 10 * MIN;
    await step(job.vendor, job.soId, "arrived");
    expect((await job.vendor.post("/api/vendor/me/visit-location", here)).body.error.code).toBe("VISIT_NOT_ON_THE_WAY");
    job.vendor.now += MIN;
    await step(job.vendor, job.soId, "started");
    const row = await env.DB.prepare(
      "SELECT located_lat, located_lng, located_at FROM visit_progress WHERE service_order_id = ?",
    )
      .bind(job.soId)
      .first();
    expect(row).toEqual({ located_lat: null, located_lng: null, located_at: null });
    live.ws!.close();
  });
});
