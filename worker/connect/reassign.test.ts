import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BRAND_NAME } from "../../domain/brand";
import { ServiceOrderStatus } from "../../domain/order-status";
import { auditRowsFor } from "../admin/test-fixtures";
import { calendarOf } from "../calendar/test-fixtures";
import { CARDS, count, outboxTo, payIntent } from "../checkout/test-fixtures";
import { vendorWorld } from "../orders/test-fixtures";
import { Client, T0 } from "../test-utils";
import { connectWorld, secondPro, START } from "./test-fixtures";

/** A request the first pro scheduled (2 x 60 min from START), and a second pro who offers the service. */
async function scheduledWorld() {
  const w = await connectWorld();
  const res = await w.world.vendorClient.post("/api/vendor/me/vendor-connect-schedule", {
    connect_request_id: w.id,
    sessions: 2,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const b = await secondPro(w.serviceId);
  return { ...w, b, soid: res.body.data.service_order_id as number };
}

const reassign = (staff: Client, id: number, vendor_id: number) =>
  staff.post(`/api/connect/admin/requests/${id}/reassign`, { vendor_id, reason: "The pro is unwell" });

async function bookingsOf(vendorId: number, soid: number) {
  const busy = await calendarOf(vendorId).listBusy({ vendorId, now: T0 });
  return busy.filter((e) => e.ref === String(soid));
}

async function jobVendor(soid: number) {
  const row = await env.DB.prepare("SELECT vendor_id FROM service_orders WHERE service_order_id = ?")
    .bind(soid)
    .first<{ vendor_id: number }>();
  return row!.vendor_id;
}

describe("POST /api/connect/admin/requests/:id/reassign", () => {
  it("moves the scheduled job to a free pro: one booking moves, one audit row, both pros and the business texted", async () => {
    const { world, staff, id, soid, b, phone } = await scheduledWorld();
    const replies = await Promise.all(Array.from({ length: 10 }, () => reassign(staff, id, b.vendorId)));
    // A double click: the move is made once; the calls that read it already moved are told so (400).
    for (const r of replies) expect([200, 400], JSON.stringify(r.body)).toContain(r.status);
    const ok = replies.filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThan(0);
    expect(ok[0]!.body.data).toMatchObject({
      connect_request_id: id,
      status: "scheduled",
      service_order_id: soid,
      vendor_id: b.vendorId,
      previous_vendor_id: world.vendorId,
    });
    expect(await jobVendor(soid)).toBe(b.vendorId);
    const audits = (await auditRowsFor("connect_request", id)).filter((a) => a.action === "connect_request.reassign");
    expect(audits).toHaveLength(1);
    expect(JSON.parse(String(audits[0]!.before_value))).toEqual({ vendor_id: world.vendorId });
    expect(JSON.parse(String(audits[0]!.after_value))).toEqual({ vendor_id: b.vendorId });

    // The new pro's calendar has the job for all of its length (connect); the old pro's time is free.
    const moved = await bookingsOf(b.vendorId, soid);
    expect(moved).toHaveLength(1);
    expect(moved[0]).toMatchObject({ kind: "booking", start: START, end: START + 120 * 60_000, isConnect: true });
    expect(await bookingsOf(world.vendorId, soid)).toEqual([]);
    expect(
      await count(
        "SELECT count(*) AS n FROM vendor_busy WHERE vendor_id = ? AND kind = 'booking' AND ref_id = ?",
        world.vendorId,
        String(soid),
      ),
    ).toBe(0);
    expect((await outboxTo(world.vendorPhone)).filter((t) => t.includes("moved to another pro"))).toHaveLength(1);
    expect((await outboxTo(b.vendorPhone)).filter((t) => t.includes("It is on your calendar"))).toHaveLength(1);
    expect((await outboxTo(phone)).filter((t) => t.includes("is now with"))).toHaveLength(1);

    // The queue shows the new pro; the new pro's dashboard has the job, the old one's does not.
    const queue = await staff.get("/api/connect/admin/requests?status=scheduled");
    expect(
      queue.body.data.items.find((r: { connect_request_id: number }) => r.connect_request_id === id),
    ).toMatchObject({ vendor_id: b.vendorId, vendor_name: ok[0]!.body.data.vendor_name });
    const upcoming = async (c: Client) =>
      ((await c.post("/api/vendor/me/main-details", {})).body.data[1] as Array<{ service_order_id: number }>).map(
        (j) => j.service_order_id,
      );
    expect(await upcoming(b.vendorClient)).toContain(soid);
    expect(await upcoming(world.vendorClient)).not.toContain(soid);
    // The old pro's job page says staff moved it, instead of "not found"; the new pro's page is the job.
    const oldPage = await world.vendorClient.get(`/api/vendor/me/jobs/${soid}/actions`);
    expect(oldPage.status).toBe(410);
    expect(oldPage.body.error.code).toBe("JOB_MOVED_BY_STAFF");
    expect((await b.vendorClient.get(`/api/vendor/me/jobs/${soid}/actions`)).status).toBe(200);

    // The same pro again is refused; back to the first pro works (their time was freed).
    const same = await reassign(staff, id, b.vendorId);
    expect(same.status).toBe(400);
    expect(same.body.error.fields.vendor_id).toMatch(/already with this pro/);
    const back = await reassign(staff, id, world.vendorId);
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(await jobVendor(soid)).toBe(world.vendorId);
    expect(await bookingsOf(b.vendorId, soid)).toEqual([]);
    expect(await bookingsOf(world.vendorId, soid)).toHaveLength(1);
  });

  it("the old pro reads staff's message on their dashboard and by text, never the staff note", async () => {
    const { world, staff, id, b } = await scheduledWorld();
    const res = await staff.post(`/api/connect/admin/requests/${id}/reassign`, {
      vendor_id: b.vendorId,
      reason: "Staff only: pro flagged 4410",
      pro_message: "The business asked for a pro who speaks Spanish",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const notes = (await world.vendorClient.get("/api/vendor/me/notification")).body.data[0] as { message: string }[];
    const moved = notes.filter((n) => n.message.includes("moved to another pro"));
    expect(moved).toHaveLength(1);
    expect(moved[0]!.message).toContain("The business asked for a pro who speaks Spanish");
    const texts = await outboxTo(world.vendorPhone);
    expect(texts.filter((t) => t.includes("moved to another pro"))).toEqual([`${BRAND_NAME}: ${moved[0]!.message}`]);
    for (const t of texts) expect(t).not.toContain("4410");
  });

  it("a pro who is not free: CONNECT_PRO_NOT_FREE, nothing written, the old pro keeps it; once free, it moves", async () => {
    const { world, staff, id, soid, b } = await scheduledWorld();
    const off = `off-move-${id}`;
    await calendarOf(b.vendorId).addTimeOff(
      { vendorId: b.vendorId, ref: off, start: START + 30 * 60_000, end: START + 60 * 60_000, now: T0 },
      off,
    );
    const refused = await reassign(staff, id, b.vendorId);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("CONNECT_PRO_NOT_FREE");
    expect(refused.body.error.fields.vendor_id).toMatch(/isn't free on .*overlaps it/);
    expect(await jobVendor(soid)).toBe(world.vendorId);
    expect(await bookingsOf(world.vendorId, soid)).toHaveLength(1);
    expect(await bookingsOf(b.vendorId, soid)).toEqual([]);
    expect((await auditRowsFor("connect_request", id)).map((a) => a.action)).not.toContain("connect_request.reassign");
    expect((await outboxTo(world.vendorPhone)).filter((t) => t.includes("moved to another pro"))).toHaveLength(0);

    await calendarOf(b.vendorId).removeTimeOff({ vendorId: b.vendorId, ref: off, now: T0 }, `${off}:rm`);
    const moved = await reassign(staff, id, b.vendorId);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await jobVendor(soid)).toBe(b.vendorId);
  });

  it("refuses a request not scheduled, a job started, completed or cancelled, and a pro who can't take it", async () => {
    const unscheduled = await connectWorld();
    const c = await secondPro(unscheduled.serviceId);
    expect((await reassign(unscheduled.staff, unscheduled.id, c.vendorId)).status).toBe(409);
    expect((await reassign(unscheduled.staff, 999_999_999, c.vendorId)).status).toBe(404);

    const { staff, id, soid, b, world } = await scheduledWorld();
    const stranger = await vendorWorld();
    const notOffering = await reassign(staff, id, stranger.vendorId);
    expect(notOffering.status).toBe(400);
    expect(notOffering.body.error.fields.vendor_id).toMatch(/can't take/);
    await env.DB.prepare("UPDATE vendors SET soft_banned = 1 WHERE vendor_id = ?").bind(b.vendorId).run();
    expect((await reassign(staff, id, b.vendorId)).status).toBe(400);
    await env.DB.prepare("UPDATE vendors SET soft_banned = 0 WHERE vendor_id = ?").bind(b.vendorId).run();
    expect((await staff.post(`/api/connect/admin/requests/${id}/reassign`, { vendor_id: "x" })).status).toBe(400);
    expect((await world.vendorClient.post(`/api/connect/admin/requests/${id}/reassign`, { vendor_id: 1 })).status).toBe(
      403,
    );

    for (const state of [ServiceOrderStatus.IN_PROGRESS, ServiceOrderStatus.COMPLETED, ServiceOrderStatus.CANCELLED]) {
      await env.DB.prepare("UPDATE service_orders SET service_order_status_id = ? WHERE service_order_id = ?")
        .bind(state, soid)
        .run();
      const r = await reassign(staff, id, b.vendorId);
      expect(r.status, String(state)).toBe(409);
      expect(r.body.error.code).toBe("STAFF_ACTION_NOT_ALLOWED");
    }
    await env.DB.prepare("UPDATE service_orders SET service_order_status_id = ? WHERE service_order_id = ?")
      .bind(ServiceOrderStatus.SCHEDULED, soid)
      .run();
    // Its start has passed: too late to hand over.
    const late = new Client();
    late.cookie = staff.cookie;
    late.now = START;
    expect((await reassign(late, id, b.vendorId)).status).toBe(409);
    expect(await jobVendor(soid)).toBe(world.vendorId);
    expect(await bookingsOf(b.vendorId, soid)).toEqual([]);
    expect((await auditRowsFor("connect_request", id)).map((a) => a.action)).not.toContain("connect_request.reassign");
  });

  it("two staff moving it to two pros at once: one wins, the other pro's calendar is left free", async () => {
    const { staff, id, soid, b, serviceId } = await scheduledWorld();
    const c = await secondPro(serviceId);
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) => reassign(staff, id, i % 2 ? b.vendorId : c.vendorId)),
    );
    const winners = new Set(replies.filter((r) => r.status === 200).map((r) => r.body.data.vendor_id as number));
    expect(winners.size).toBe(1);
    const winner = [...winners][0]!;
    const loser = winner === b.vendorId ? c.vendorId : b.vendorId;
    expect(await jobVendor(soid)).toBe(winner);
    expect(await bookingsOf(winner, soid)).toHaveLength(1);
    expect(await bookingsOf(loser, soid)).toEqual([]);
    expect(
      (await auditRowsFor("connect_request", id)).filter((a) => a.action === "connect_request.reassign"),
    ).toHaveLength(1);
  });

  it("an invoice sent before the move can still be paid", async () => {
    const { staff, id, soid, b, phone } = await scheduledWorld();
    const sent = await staff.post(`/api/connect/admin/requests/${id}/invoice`, { amount_cents: 30_000 });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect((await reassign(staff, id, b.vendorId)).status).toBe(200);
    const m = /\?cpid=([\w-]+)&vid=(\d+)/.exec((await outboxTo(phone)).join("\n"))!;
    const payer = new Client();
    const intent = await payer.post("/api/pay/secure/intent", { cpid: m[1], vid: Number(m[2]), charge_amount: "300" });
    expect(intent.status, JSON.stringify(intent.body)).toBe(200);
    await payIntent(intent.body.data.payment_intent.id, CARDS.ok);
    const paid = await payer.post("/api/pay/secure/confirm", { payment_intent_id: intent.body.data.payment_intent.id });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(await jobVendor(soid)).toBe(b.vendorId);
  });
});
