import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ServiceOrderStatus } from "../../domain/order-status";
import { auditRowsFor } from "../admin/test-fixtures";
import { calendarOf, settingsOf } from "../calendar/test-fixtures";
import { count } from "../checkout/test-fixtures";
import { vendorWorld } from "../orders/test-fixtures";
import { Client, ORIGIN, signUp, T0 } from "../test-utils";
import { connectWorld, secondPro, START } from "./test-fixtures";

const schedule = (client: Client, id: number, sessions = 3) =>
  client.post("/api/vendor/me/vendor-connect-schedule", { connect_request_id: id, sessions });

describe("POST /api/vendor/me/vendor-connect-schedule", () => {
  it("books the request as one connect job on the pro's calendar, once under 20 parallel calls", async () => {
    const { world, staff, id, phone } = await connectWorld();
    const replies = await Promise.all(Array.from({ length: 20 }, () => schedule(world.vendorClient, id)));
    for (const r of replies) expect(r.status, JSON.stringify(r.body)).toBe(200);
    const soids = new Set(replies.map((r) => r.body.data.service_order_id));
    expect(soids.size).toBe(1);
    const soid = [...soids][0] as number;
    expect(replies[0]!.body.data).toMatchObject({
      status: "scheduled",
      job_minutes: 180,
      sessions: 3,
      promised_arrival_time: "2026-11-30 14:00",
      is_connect: true,
    });

    const job = await env.DB.prepare(
      `SELECT vendor_id, service_order_status_id AS s, is_connect, job_minutes, promised_arrival_time AS t, price_cents,
              vendor_payout_cents, customer_notes FROM service_orders WHERE service_order_id = ?`,
    )
      .bind(soid)
      .first<Record<string, number | string>>();
    expect(job).toMatchObject({
      vendor_id: world.vendorId,
      s: ServiceOrderStatus.SCHEDULED,
      is_connect: 1,
      job_minutes: 180,
      t: START,
      price_cents: 45_000,
      vendor_payout_cents: 31_500,
    });
    expect(String(job!.customer_notes)).toMatch(/Harbor Hotel, 12 people/);
    expect(await count("SELECT count(*) AS n FROM orders WHERE idempotency_key = ?", `connect:r${id}`)).toBe(1);
    expect(
      await count(
        "SELECT count(*) AS n FROM service_orders WHERE order_id IN (SELECT order_id FROM orders WHERE idempotency_key = ?)",
        `connect:r${id}`,
      ),
    ).toBe(1);

    // One booking on the calendar object, for all of its length, marked connect; no hold left over.
    const busy = await calendarOf(world.vendorId).listBusy({ vendorId: world.vendorId, now: T0 });
    const bookings = busy.filter((b) => b.kind === "booking" && b.ref === String(soid));
    expect(bookings).toHaveLength(1);
    expect(bookings[0]).toMatchObject({ start: START, end: START + 180 * 60_000, isConnect: true });
    expect(busy.filter((b) => b.kind === "hold")).toHaveLength(0);
    expect(
      await count(
        "SELECT count(*) AS n FROM vendor_busy WHERE vendor_id = ? AND kind = 'booking' AND ref_id = ? AND is_connect = 1",
        world.vendorId,
        String(soid),
      ),
    ).toBe(1);

    // The pro's dashboard lists it with the other jobs; the assigned list no longer does.
    const details = await world.vendorClient.post("/api/vendor/me/main-details", {});
    const upcoming = details.body.data[1] as Array<{ service_order_id: number; is_connect: boolean; name: string }>;
    expect(upcoming.find((j) => j.service_order_id === soid)).toMatchObject({ is_connect: true, name: "Business" });
    expect((await world.vendorClient.get("/api/vendor/me/connect-requests")).body.data).toEqual([]);

    // Connect staff see it scheduled, unpaid; the business was texted.
    const queue = await staff.get("/api/connect/admin/requests?status=scheduled");
    expect(
      queue.body.data.items.find((r: { connect_request_id: number }) => r.connect_request_id === id),
    ).toMatchObject({
      status: "scheduled",
      service_order_id: soid,
      price_cents: 45_000,
      paid: false,
    });
    expect(
      await count("SELECT count(*) AS n FROM outbox WHERE \"to\" = ? AND body LIKE '%is confirmed with%'", phone),
    ).toBe(1);
    // A scheduled request is not cancelled from the queue (its job is staff's job tools' now).
    const cancel = await staff.post(`/api/connect/admin/requests/${id}/cancel`, { reason: "Client called it off" });
    expect(cancel.status).toBe(409);
    // The request is the pro's only: a later retry answers the same job.
    const again = await schedule(world.vendorClient, id, 2);
    expect(again.body.data.service_order_id).toBe(soid);
  });

  it("a conflict answers the calendar's code and writes nothing; after it clears, it books", async () => {
    const { world, id } = await connectWorld();
    await calendarOf(world.vendorId).addTimeOff(
      { vendorId: world.vendorId, ref: `off-${id}`, start: START + 60 * 60_000, end: START + 90 * 60_000, now: T0 },
      `off-${id}`,
    );
    const refused = await schedule(world.vendorClient, id);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("CART_ITEM_NOT_AVAILABLE");
    expect(await count("SELECT count(*) AS n FROM orders WHERE idempotency_key = ?", `connect:r${id}`)).toBe(0);
    const row = await env.DB.prepare(
      "SELECT status, service_order_id FROM connect_requests WHERE connect_request_id = ?",
    )
      .bind(id)
      .first();
    expect(row).toEqual({ status: "assigned", service_order_id: null });
    // The same try again is refused again; once the pro frees the time, it books.
    expect((await schedule(world.vendorClient, id)).body.error.code).toBe("CART_ITEM_NOT_AVAILABLE");
    await calendarOf(world.vendorId).removeTimeOff(
      { vendorId: world.vendorId, ref: `off-${id}`, now: T0 },
      `off-${id}:rm`,
    );
    const booked = await schedule(world.vendorClient, id);
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    expect(booked.body.data.job_minutes).toBe(180);
  });

  it("counts the connect job for all of its length in the pro's conflict checks (docs/product.md section 9)", async () => {
    const { world, id } = await connectWorld();
    expect((await schedule(world.vendorClient, id)).status).toBe(200); // 14:00 to 17:00
    // A 60-minute job at 17:30: 30 minutes after the connect job ends, inside the 60-minute padding.
    const after = START + 210 * 60_000;
    const hold = async (vendorId: number, start: number, minutes: number, key: string) => {
      const settings = await settingsOf(vendorId);
      const answer = await calendarOf(vendorId).placeHold({
        settings,
        now: T0,
        start,
        durationMinutes: minutes,
        idempotencyKey: key,
      });
      return answer.ok;
    };
    const refused = await hold(world.vendorId, after, 60, `after-connect-${id}`);
    expect(refused).toBe(false);
    // The same three hours as an ordinary job count for 60% (14:00 to 15:48): 17:30 is free.
    const other = await vendorWorld();
    expect(await hold(other.vendorId, START, 180, `plain-${id}`)).toBe(true);
    expect(await hold(other.vendorId, after, 60, `after-plain-${id}`)).toBe(true);
  });

  it("only the assigned pro, only vendors, and valid sessions", async () => {
    const { id } = await connectWorld();
    const other = await vendorWorld();
    const stranger = await schedule(other.vendorClient, id);
    expect(stranger.status).toBe(404);
    const customer = new Client();
    await signUp(customer, { name: "Just A Customer" });
    expect((await schedule(customer, id)).status).toBe(403);
    expect((await schedule(new Client(), id)).status).toBe(401);
    const { world, id: id2 } = await connectWorld();
    expect((await schedule(world.vendorClient, id2, 0)).status).toBe(400);
    expect((await schedule(world.vendorClient, id2, 9)).status).toBe(400);
    expect(
      (await world.vendorClient.post("/api/vendor/me/vendor-connect-schedule", { connect_request_id: "x" })).status,
    ).toBe(400);
    expect(await auditRowsFor("connect_request", id2)).toHaveLength(1);
  });
});

describe("a request offered to several pros", () => {
  it("goes to the first pro who schedules it; the others find it no longer available", async () => {
    const { world, staff, id, serviceId } = await connectWorld({ assign: false });
    const b = await secondPro(serviceId);
    const path = `/api/connect/admin/requests/${id}/offer`;
    expect((await staff.post(path, { vendor_ids: [world.vendorId] })).status).toBe(400);
    const stranger = await vendorWorld();
    const refused = await staff.post(path, { vendor_ids: [world.vendorId, stranger.vendorId] });
    expect(refused.status).toBe(400);
    expect(await auditRowsFor("connect_request", id)).toHaveLength(0);
    const offers = await Promise.all(
      Array.from({ length: 20 }, () => staff.post(path, { vendor_ids: [world.vendorId, b.vendorId] })),
    );
    expect(offers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(await auditRowsFor("connect_request", id)).toHaveLength(1);
    for (const pro of [world, b]) {
      const mine = await pro.vendorClient.get("/api/vendor/me/connect-requests");
      expect(mine.body.data).toMatchObject([{ connect_request_id: id, shared: true }]);
    }
    expect((await schedule(stranger.vendorClient, id)).status).toBe(404);

    // Both pros race, ten calls each: one pro gets it, once.
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) => schedule((i % 2 ? b : world).vendorClient, id, 1).then((r) => ({ i, r }))),
    );
    const winners = new Set(replies.filter(({ r }) => r.status === 200).map(({ i }) => i % 2));
    expect(winners.size).toBe(1);
    const winner = [...winners][0] === 1 ? b : world;
    const loser = winner === b ? world : b;
    for (const { i, r } of replies) {
      if ((i % 2 === 1 ? b : world) === loser) expect(r.body.error.code).toBe("FAILED_VENDOR_SCHEDULE_ACCEPT");
    }
    const soid = replies.find(({ r }) => r.status === 200)!.r.body.data.service_order_id;
    expect(
      await count(
        "SELECT count(*) AS n FROM service_orders WHERE service_order_id = ? AND vendor_id = ?",
        soid,
        winner.vendorId,
      ),
    ).toBe(1);
    expect(await count("SELECT count(*) AS n FROM orders WHERE idempotency_key = ?", `connect:r${id}`)).toBe(1);
    const loserBusy = await calendarOf(loser.vendorId).listBusy({ vendorId: loser.vendorId, now: T0 });
    expect(loserBusy).toEqual([]);
    const statuses = await env.DB.prepare(
      "SELECT vendor_id, status FROM connect_request_offers WHERE connect_request_id = ? ORDER BY vendor_id",
    )
      .bind(id)
      .all<{ vendor_id: number; status: string }>();
    expect(Object.fromEntries(statuses.results.map((o) => [o.vendor_id, o.status]))).toEqual({
      [winner.vendorId]: "won",
      [loser.vendorId]: "lost",
    });
    expect((await loser.vendorClient.get("/api/vendor/me/connect-requests")).body.data).toEqual([]);
    expect(
      await count(
        "SELECT count(*) AS n FROM outbox WHERE \"to\" = ? AND body LIKE '%no longer available%'",
        loser.vendorPhone,
      ),
    ).toBe(1);
    const queue = await staff.get("/api/connect/admin/requests?status=scheduled");
    expect(
      queue.body.data.items.find((r: { connect_request_id: number }) => r.connect_request_id === id),
    ).toMatchObject({
      vendor_id: winner.vendorId,
      status: "scheduled",
    });
  });
});

describe("taking a request back", () => {
  it("returns an assigned or offered request to the queue; its pros can no longer schedule it", async () => {
    const { world, staff, id, serviceId } = await connectWorld();
    const release = (reason = "The pro can't make that time") =>
      staff.post(`/api/connect/admin/requests/${id}/release`, { reason });
    expect((await staff.post(`/api/connect/admin/requests/${id}/release`, { reason: "no" })).status).toBe(400);
    const replies = await Promise.all(Array.from({ length: 20 }, () => release()));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    expect((await auditRowsFor("connect_request", id)).map((r) => r.action)).toEqual([
      "connect_request.assign",
      "connect_request.release",
    ]);
    expect((await schedule(world.vendorClient, id)).status).toBe(404);
    expect(
      await count(
        "SELECT count(*) AS n FROM outbox WHERE \"to\" = ? AND body LIKE '%no longer available%'",
        world.vendorPhone,
      ),
    ).toBe(1);

    // Offered to two pros, taken back, offered again to the same pros: it works, and one of them schedules it.
    const b = await secondPro(serviceId);
    const offer = () =>
      staff.post(`/api/connect/admin/requests/${id}/offer`, { vendor_ids: [world.vendorId, b.vendorId] });
    expect((await offer()).status).toBe(200);
    expect((await release()).status).toBe(200);
    expect((await schedule(b.vendorClient, id)).body.error.code).toBe("FAILED_VENDOR_SCHEDULE_ACCEPT");
    expect((await offer()).status).toBe(200);
    const done = await schedule(b.vendorClient, id, 1);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    // A scheduled request is not taken back.
    expect((await release()).status).toBe(409);
  });
});

describe("the pro's open dashboard", () => {
  it("hears when a request is assigned to them or taken back", async () => {
    const { world, staff, id } = await connectWorld({ assign: false });
    const res = await SELF.fetch(`${ORIGIN}/api/vendor/me/live`, {
      headers: { Upgrade: "websocket", cookie: world.vendorClient.cookie ?? "", "x-test-now": String(T0) },
    });
    const ws = res.webSocket!;
    const events: Array<{ type: string; connect_request_id?: number }> = [];
    ws.accept();
    ws.addEventListener("message", (e) => {
      if (typeof e.data === "string" && e.data !== "pong") events.push(JSON.parse(e.data));
    });
    const heard = async (n: number) => {
      const until = Date.now() + 2_000;
      while (events.filter((e) => e.type === "connect.request").length < n) {
        if (Date.now() > until) throw new Error("no connect.request event");
        await new Promise((r) => setTimeout(r, 10));
      }
    };
    expect((await staff.post(`/api/connect/admin/requests/${id}/assign`, { vendor_id: world.vendorId })).status).toBe(
      200,
    );
    await heard(1);
    expect(events.find((e) => e.type === "connect.request")).toMatchObject({ connect_request_id: id });
    expect(
      (await staff.post(`/api/connect/admin/requests/${id}/release`, { reason: "Client moved the date" })).status,
    ).toBe(200);
    await heard(2);
    ws.close();
  });
});
