import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ServiceOrderStatus as S } from "../../../domain/order-status";
import { customer, insertJob, lastText, vendorWorld } from "../../orders/test-fixtures";
import { Client } from "../../test-utils";

async function booked(status?: number) {
  const w = await vendorWorld();
  const me = await customer("Ava Brooks");
  const job = await insertJob({ userId: me.user_id, world: w, status });
  return { w, me, soid: job.soid };
}

describe("POST /api/sms/vendor/", () => {
  it("texts the job's vendor with the customer's first name and the job, never the customer's number", async () => {
    const { w, me, soid } = await booked();
    const res = await me.client.post("/api/sms/vendor/", { service_order_id: soid, message: "  Gate code is 1234  " });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      code: 200,
      sent: true,
      service_order_id: soid,
      message: "Your message was sent. Replies come to you by text message.",
    });
    const text = await lastText(w.vendorPhone);
    expect(text).toMatch(
      /^Ava \(.*, Tue, Nov 24 at 10:00 AM EST, job #\d+\): Gate code is 1234 - Reply from your dashboard\.$/,
    );
    expect(text).not.toContain(me.phone.slice(2));
    expect((await me.client.post("/api/sms/vendor", { service_order_id: soid, message: "Thanks" })).status).toBe(200);
  });

  it("refuses another customer's job, a cancelled job, an empty message and a signed-out caller", async () => {
    const { me, soid } = await booked();
    const other = await customer("Other Person");
    expect((await other.client.post("/api/sms/vendor/", { service_order_id: soid, message: "hi" })).status).toBe(404);
    const cancelled = await booked(S.CANCELLED);
    expect(
      (await cancelled.me.client.post("/api/sms/vendor/", { service_order_id: cancelled.soid, message: "hi" })).status,
    ).toBe(404);
    expect((await me.client.post("/api/sms/vendor/", { service_order_id: soid, message: "   " })).body.error.code).toBe(
      "INVALID_INPUT",
    );
    expect((await new Client().post("/api/sms/vendor/", { service_order_id: soid, message: "hi" })).status).toBe(401);
  });

  it("limits a customer to 10 messages in 10 minutes", async () => {
    const { me, soid } = await booked();
    for (let i = 0; i < 10; i++) {
      expect((await me.client.post("/api/sms/vendor/", { service_order_id: soid, message: `m${i}` })).status).toBe(200);
    }
    const res = await me.client.post("/api/sms/vendor/", { service_order_id: soid, message: "one more" });
    expect(res.status).toBe(429);
    expect(res.body.error.code).toBe("FAIL_TOO_SOON_SINCE_LAST");
  });

  it("answers MESSAGE_FAILED when the SMS port fails", async () => {
    const { me, soid } = await booked();
    // The local adapter never fails to send; a failing outbox write (forced by a trigger) stands in for a
    // provider failure: sendSms throws and the message counts as not sent.
    await env.DB.prepare(
      "CREATE TRIGGER IF NOT EXISTS outbox_fail_test BEFORE INSERT ON outbox WHEN NEW.body LIKE '%FAIL-ME%' BEGIN SELECT RAISE(ABORT, 'down'); END",
    ).run();
    try {
      const res = await me.client.post("/api/sms/vendor/", { service_order_id: soid, message: "FAIL-ME please" });
      expect(res.status).toBe(502);
      expect(res.body.error).toEqual({
        code: "MESSAGE_FAILED",
        message: "Your message could not be sent. Please refresh the page and try again.",
      });
    } finally {
      await env.DB.prepare("DROP TRIGGER IF EXISTS outbox_fail_test").run();
    }
  });
});

describe("POST /api/sms/vendor2/", () => {
  it("texts a vendor the customer has booked, about the latest job with them", async () => {
    const { w, me } = await booked();
    const res = await me.client.post("/api/sms/vendor2/", {
      vendor_id: w.vendorId,
      message: "Are you free next week?",
    });
    expect(res.status).toBe(200);
    expect(await lastText(w.vendorPhone)).toMatch(/Are you free next week\?/);
  });

  it("refuses a vendor the customer never booked", async () => {
    const { me } = await booked();
    const stranger = await vendorWorld();
    const res = await me.client.post("/api/sms/vendor2/", { vendor_id: stranger.vendorId, message: "hello" });
    expect(res.status).toBe(404);
  });
});
