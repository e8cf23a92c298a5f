import { describe, expect, it } from "vitest";
import { ServiceOrderStatus } from "../../domain/order-status";
import { auditRowsFor } from "../admin/test-fixtures";
import { CARDS, count, outboxTo, payIntent } from "../checkout/test-fixtures";
import { Client } from "../test-utils";
import { connectWorld } from "./test-fixtures";
import { signedInAdmin } from "../admin/test-fixtures";
import { syncJobEarnings } from "../payouts/pay";
import { env } from "cloudflare:test";
import { T0 } from "../test-utils";

const reason = "Agreed with the hotel";

async function scheduled() {
  const w = await connectWorld();
  const res = await w.world.vendorClient.post("/api/vendor/me/vendor-connect-schedule", {
    connect_request_id: w.id,
    sessions: 2,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { ...w, soid: res.body.data.service_order_id as number };
}

const linkIn = (texts: string[]) => {
  const m = /https?:\/\/\S+\?cpid=([\w-]+)&vid=(\d+)/.exec(texts.join("\n"));
  expect(m).not.toBeNull();
  return { cpid: m![1]!, vid: Number(m![2]) };
};

describe("POST /api/connect/admin/requests/:id/invoice", () => {
  it("prices the job within limits and sends one pay link, audited once; the business pays it by card", async () => {
    const { staff, id, soid, phone, world } = await scheduled();
    const path = `/api/connect/admin/requests/${id}/invoice`;
    // List price: 2 sessions x $150.00 = $300.00; an invoice is $150.00 to $900.00.
    for (const amount_cents of [14_999, 90_001]) {
      const out = await staff.post(path, { amount_cents, reason });
      expect(out.status).toBe(400);
      expect(out.body.error.code).toBe("STAFF_CHARGE_OUT_OF_LIMITS");
    }
    expect((await staff.post(path, { amount_cents: 12.5 })).status).toBe(400);
    expect(await auditRowsFor("connect_request", id)).toHaveLength(1); // the assignment only

    const replies = await Promise.all(
      Array.from({ length: 20 }, () => staff.post(path, { amount_cents: 36_000, reason })),
    );
    // One link is made and sent; the others lost the race (409) or found it just sent (200, already_sent).
    const sent = replies.filter((r) => r.status === 200 && !r.body.data.already_sent);
    expect(sent).toHaveLength(1);
    for (const r of replies.filter((r) => r.status !== 200)) expect(r.body.error.code).toBe("STAFF_ACTION_NOT_ALLOWED");
    for (const r of replies.filter((r) => r.status === 200)) {
      expect(r.body.data.pay_link_id).toBe(sent[0]!.body.data.pay_link_id);
    }
    expect(sent[0]!.body.data).toMatchObject({ amount_cents: 36_000, texted: true, emailed: true });
    expect(await count("SELECT count(*) AS n FROM pay_links WHERE service_order_id = ?", soid)).toBe(1);
    expect(await count("SELECT count(*) AS n FROM outbox WHERE \"to\" = ? AND body LIKE '%your invoice%'", phone)).toBe(
      1,
    );
    expect((await auditRowsFor("connect_request", id)).map((r) => r.action)).toEqual([
      "connect_request.assign",
      "connect_request.invoice",
    ]);
    expect(
      await count("SELECT count(*) AS n FROM pay_links WHERE service_order_id = ? AND status = 'open'", soid),
    ).toBe(1);
    expect(
      await count(
        "SELECT count(*) AS n FROM service_orders WHERE service_order_id = ? AND price_cents = 36000 AND vendor_payout_cents = 25200",
        soid,
      ),
    ).toBe(1);
    expect(
      await count(
        "SELECT count(*) AS n FROM outbox WHERE channel = 'email' AND \"to\" = 'events@harbor.example' AND body LIKE '%$360.00%'",
      ),
    ).toBeGreaterThan(0);

    // A new invoice replaces the open link (the old one stops working).
    const first = linkIn(await outboxTo(phone));
    const second = await staff.post(path, { amount_cents: 30_000, reason });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const payer = new Client();
    expect((await payer.get(`/api/pay/secure?cpid=${first.cpid}&vid=${first.vid}`)).status).toBe(410);
    const link = linkIn((await outboxTo(phone)).slice(-1));
    expect(link.vid).toBe(world.vendorId);
    const page = await payer.get(`/api/pay/secure?cpid=${link.cpid}&vid=${link.vid}`);
    expect(page.body.data).toMatchObject({ money_amount_cents: 30_000, service_order_id: soid, connect_tip: 1 });

    // Unpaid until the business pays; with a tip for the pro.
    let queue = await staff.get("/api/connect/admin/requests?status=scheduled");
    const row = () => queue.body.data.items.find((r: { connect_request_id: number }) => r.connect_request_id === id);
    expect(row()).toMatchObject({ invoiced: true, paid: false, price_cents: 30_000 });
    const intent = await payer.post("/api/pay/secure/intent", {
      cpid: link.cpid,
      vid: link.vid,
      charge_amount: "320",
      tip: "20",
    });
    expect(intent.status, JSON.stringify(intent.body)).toBe(200);
    await payIntent(intent.body.data.payment_intent.id, CARDS.ok);
    const paid = await payer.post("/api/pay/secure/confirm", { payment_intent_id: intent.body.data.payment_intent.id });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    queue = await staff.get("/api/connect/admin/requests?status=scheduled");
    expect(row()).toMatchObject({ invoiced: true, paid: true });
    expect(await count("SELECT count(*) AS n FROM tips WHERE service_order_id = ? AND amount_cents = 2000", soid)).toBe(
      1,
    );
    // Paid: no further invoice.
    expect((await staff.post(path, { amount_cents: 30_000, reason })).status).toBe(409);
  });

  it("refuses an unscheduled request, non-staff, and works with the pro's connect charge", async () => {
    const { staff, id, soid, world, phone } = await scheduled();
    const other = await connectWorld();
    expect(
      (await other.staff.post(`/api/connect/admin/requests/${other.id}/invoice`, { amount_cents: 20_000 })).status,
    ).toBe(409);
    expect(
      (await world.vendorClient.post(`/api/connect/admin/requests/${id}/invoice`, { amount_cents: 20_000 })).status,
    ).toBe(403);
    expect((await staff.post(`/api/connect/admin/requests/999999999/invoice`, { amount_cents: 20_000 })).status).toBe(
      404,
    );

    // The pro adds a charge to the connect job once it has started: no card on file, so the business gets a link to
    // approve it (docs/decisions/116).
    const start = await env.DB.prepare(
      "SELECT promised_arrival_time AS t FROM service_orders WHERE service_order_id = ?",
    )
      .bind(soid)
      .first<{ t: number }>();
    const clock = world.vendorClient.now;
    world.vendorClient.now = start!.t + 10 * 60_000;
    const charge = await world.vendorClient.post("/api/vendor/me/add-charge-connect", {
      service_order_id: soid,
      amount_cents: 2500,
      description: "Extra towels",
      idempotencyKey: `extra-charge-${soid}`,
    });
    expect(charge.status, JSON.stringify(charge.body)).toBe(200);
    expect(charge.body.data).toMatchObject({ kind: "add_charge", status: "awaiting_approval", amount_cents: 2500 });
    expect((await outboxTo(phone)).join("\n")).toMatch(/cpid=/);
    expect(
      (
        await world.vendorClient.post("/api/vendor/me/add-charge", {
          service_order_id: soid,
          amount_cents: 2500,
          description: "Extra towels",
          idempotencyKey: `other-charge-${soid}`,
        })
      ).body.error.code,
    ).toBe("JOB_ACTION_NOT_ALLOWED");
    world.vendorClient.now = clock;

    // Completed like any job: the pro earns their share of the invoiced price; the price then stays.
    expect(
      (await staff.post(`/api/connect/admin/requests/${id}/invoice`, { amount_cents: 40_000, reason })).status,
    ).toBe(200);
    const { client: admin } = await signedInAdmin();
    const done = await admin.post(`/api/admin/jobs/${soid}/complete`, { reason: "Hotel confirmed the event ran" });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    await syncJobEarnings(env.DB, world.vendorId, T0);
    expect(
      await count("SELECT count(*) AS n FROM vendor_earnings WHERE ref = ? AND amount_cents = 28000", `job:${soid}`),
    ).toBe(1);
    const moved = await staff.post(`/api/connect/admin/requests/${id}/invoice`, { amount_cents: 45_000, reason });
    expect(moved.status).toBe(409);
    const dup = await staff.post(`/api/connect/admin/requests/${id}/invoice`, { amount_cents: 40_000, reason });
    expect(dup.body.data).toMatchObject({ already_sent: true, url: null });
    const resent = await staff.post(`/api/connect/admin/requests/${id}/invoice`, {
      amount_cents: 40_000,
      reason,
      resend: true,
    });
    expect(resent.status, JSON.stringify(resent.body)).toBe(200);
    expect(resent.body.data).toMatchObject({ already_sent: false, texted: true });
    expect(
      await count(
        "SELECT count(*) AS n FROM service_orders WHERE service_order_id = ? AND service_order_status_id = ?",
        soid,
        ServiceOrderStatus.COMPLETED,
      ),
    ).toBe(1);
  });

  it("follows the job when staff move it: no invoice while it waits for a pro", async () => {
    const { staff, id, soid, world } = await scheduled();
    const { client: admin } = await signedInAdmin();
    const moved = await admin.post(`/api/admin/jobs/${soid}/reschedule`, {
      reason: "The hotel moved the event",
      date: "2026-12-01",
      time: "11:00",
      fee: "waived",
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    // The connect job is not offered back to the pro who had it (decision 088).
    expect(moved.body.data.offered_to).not.toContain(world.vendorId);
    const queue = await staff.get("/api/connect/admin/requests?status=scheduled");
    expect(
      queue.body.data.items.find((r: { connect_request_id: number }) => r.connect_request_id === id),
    ).toMatchObject({
      job_status: ServiceOrderStatus.PENDING,
      invoiced: false,
    });
    const invoice = await staff.post(`/api/connect/admin/requests/${id}/invoice`, { amount_cents: 30_000, reason });
    expect(invoice.status).toBe(409);
    expect(await count("SELECT count(*) AS n FROM pay_links WHERE service_order_id = ?", soid)).toBe(0);
  });
});
