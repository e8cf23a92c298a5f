import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { JOB_CHECKLIST } from "../../../../domain/job-actions";
import { ServiceOrderStatus } from "../../../../domain/order-status";
import { noisy, scene } from "../../../../tests/fixtures/pictures";
import { isoBmff, matroska } from "../../../../tests/fixtures/videos";
import { CARDS, count, key, outboxTo, saveCard, vendorPhone } from "../../../checkout/test-fixtures";
import { png } from "../../../uploads/test-encoders";
import { acceptedJob, JOB_START, MIN, photoForm } from "../../../jobs/test-fixtures";
import { Client } from "../../../test-utils";

const ALL = JOB_CHECKLIST.map((i) => i.id);

async function withPhotos(j: Awaited<ReturnType<typeof acceptedJob>>) {
  expect((await j.vendor.post("/api/vendor/me/job", photoForm(j.soId, "before", png(scene(120, 90))))).status).toBe(
    200,
  );
  expect((await j.vendor.post("/api/vendor/me/job", photoForm(j.soId, "after", png(noisy(60, 40, 3))))).status).toBe(
    200,
  );
}

async function status(soId: number) {
  return (await env.DB.prepare("SELECT service_order_status_id AS s FROM service_orders WHERE service_order_id = ?")
    .bind(soId)
    .first<{ s: number }>())!.s;
}

describe("completing a job", () => {
  it("refuses before the appointment, without pictures and with the checklist short; then completes, pays and asks to rate", async () => {
    const j = await acceptedJob();
    const early = await j.vendor.post("/api/vendor/me/complete-job-validate", { service_order_id: j.soId });
    expect(early.status).toBe(409);
    expect(early.body.error).toEqual({
      code: "FAILED_VENDOR_JOB_COMPLETION",
      message: "This job cannot be completed at this time.",
    });
    j.vendor.now = JOB_START + 70 * MIN;
    const noPhotos = await j.vendor.post("/api/vendor/me/job/complete", { service_order_id: j.soId, checklist: ALL });
    expect(noPhotos.body.error.code).toBe("JOB_PHOTOS_MISSING");
    await withPhotos(j);
    const ready = await j.vendor.post("/api/vendor/me/complete-job-validate", { service_order_id: j.soId });
    expect(ready.status).toBe(200);
    expect(ready.body.data).toMatchObject({ before: 1, after: 1, missing: ALL });
    const short = await j.vendor.post("/api/vendor/me/job/complete", {
      service_order_id: j.soId,
      checklist: ALL.slice(1),
    });
    expect(short.status).toBe(422);
    expect(short.body.error.code).toBe("COMPLETE_JOB_ERROR");
    expect(await status(j.soId)).toBe(ServiceOrderStatus.SCHEDULED);
    expect(
      (await j.other.post("/api/vendor/me/job/complete", { service_order_id: j.soId, checklist: ALL })).status,
    ).toBe(404);

    const done = await j.vendor.post("/api/vendor/me/job/complete", { service_order_id: j.soId, checklist: ALL });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data).toMatchObject({
      service_order_id: j.soId,
      service_order_status_id: ServiceOrderStatus.COMPLETED,
      payout_cents: 6300,
      rating_requested: true,
    });
    expect(await status(j.soId)).toBe(ServiceOrderStatus.COMPLETED);
    expect(
      await count("SELECT count(*) AS n FROM vendor_earnings WHERE ref = ? AND amount_cents = 6300", `job:${j.soId}`),
    ).toBe(1);
    expect(await count("SELECT completed_jobs AS n FROM vendors WHERE vendor_id = ?", j.w.vendorIds[0])).toBe(1);
    expect((await outboxTo(j.phone)).join("\n")).toMatch(/Rate your professional: .*\/account\/orders\?rate=/);
    // The customer's next visit opens the rating request (redirect code 2).
    j.customer.now = JOB_START + 2 * 60 * MIN;
    const redirect = await j.customer.get("/api/account/user/getRedirect");
    expect(redirect.body.data).toMatchObject({ redirect: 2, service_order_id: j.soId });

    // Repeating answers the same and pays once.
    const again = await j.vendor.post("/api/vendor/me/job/complete", { service_order_id: j.soId, checklist: ALL });
    expect(again.body.data).toMatchObject({ replayed: true, service_order_status_id: ServiceOrderStatus.COMPLETED });
    expect(await count("SELECT count(*) AS n FROM vendor_earnings WHERE ref = ?", `job:${j.soId}`)).toBe(1);
  });

  it("does not complete a cancelled job, and 20 racing completions close it once", async () => {
    const cancelled = await acceptedJob();
    await env.DB.prepare("UPDATE service_orders SET service_order_status_id = ? WHERE service_order_id = ?")
      .bind(ServiceOrderStatus.CANCELLED, cancelled.soId)
      .run();
    cancelled.vendor.now = JOB_START + 70 * MIN;
    const res = await cancelled.vendor.post("/api/vendor/me/job/complete", {
      service_order_id: cancelled.soId,
      checklist: ALL,
    });
    expect(res.body.error.code).toBe("FAILED_VENDOR_JOB_COMPLETION");

    const j = await acceptedJob();
    await withPhotos(j);
    j.vendor.now = JOB_START + 70 * MIN;
    const replies = await Promise.all(
      Array.from({ length: 20 }, () =>
        j.vendor.post("/api/vendor/me/job/complete", { service_order_id: j.soId, checklist: ALL }),
      ),
    );
    expect(replies.every((r) => r.status === 200)).toBe(true);
    expect(await count("SELECT count(*) AS n FROM vendor_earnings WHERE ref = ?", `job:${j.soId}`)).toBe(1);
    expect(await count("SELECT completed_jobs AS n FROM vendors WHERE vendor_id = ?", j.w.vendorIds[0])).toBe(1);
  });
});

describe("POST /api/vendor/me/issue-refund", () => {
  it("refunds part, then the rest, never more than was paid for the job, against the pro's pay", async () => {
    const j = await acceptedJob();
    const part = await j.vendor.post("/api/vendor/me/issue-refund", {
      service_order_id: j.soId,
      amount_cents: 2000,
      reason: "Shorter session",
      idempotencyKey: key("refund"),
    });
    expect(part.status, JSON.stringify(part.body)).toBe(200);
    expect(part.body.data).toMatchObject({ kind: "refund", amount_cents: 2000, status: "succeeded" });
    const tooMuch = await j.vendor.post("/api/vendor/me/issue-refund", {
      service_order_id: j.soId,
      amount_cents: 9000,
      reason: "Everything",
      idempotencyKey: key("refund"),
    });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.error.code).toBe("PAYMENT_NOT_REFUNDABLE");
    const rest = await j.vendor.post("/api/vendor/me/issue-refund", {
      service_order_id: j.soId,
      reason: "Everything else",
      idempotencyKey: key("refund"),
    });
    expect(rest.body.data).toMatchObject({ amount_cents: 9450 - 2000, status: "succeeded" });
    const none = await j.vendor.post("/api/vendor/me/issue-refund", {
      service_order_id: j.soId,
      reason: "Again",
      idempotencyKey: key("refund"),
    });
    expect(none.body.error.code).toBe("PAYMENT_NOT_REFUNDABLE");
    expect(await count("SELECT sum(amount_cents) AS n FROM refunds WHERE service_order_id = ?", j.soId)).toBe(9450);
    expect(
      await count(
        "SELECT sum(amount_cents) AS n FROM vendor_earnings WHERE service_order_id = ? AND kind = 'adjustment'",
        j.soId,
      ),
    ).toBe(-(1400 + 5215));
    expect((await outboxTo(j.phone)).join("\n")).toMatch(/refunded \$20\.00/);
    const other = await j.other.post("/api/vendor/me/issue-refund", {
      service_order_id: j.soId,
      reason: "Not mine",
      idempotencyKey: key("refund"),
    });
    expect(other.status).toBe(404);
  });

  it("makes one refund of 20 identical requests sent at once", async () => {
    const j = await acceptedJob();
    const body = { service_order_id: j.soId, amount_cents: 1500, reason: "Late start", idempotencyKey: key("same") };
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => j.vendor.post("/api/vendor/me/issue-refund", body)),
    );
    expect(replies.every((r) => r.status === 200)).toBe(true);
    expect(new Set(replies.map((r) => r.body.data.adjustment_id)).size).toBe(1);
    expect(await count("SELECT count(*) AS n FROM refunds WHERE service_order_id = ?", j.soId)).toBe(1);
    expect(await count("SELECT count(*) AS n FROM job_adjustments WHERE service_order_id = ?", j.soId)).toBe(1);
    const retry = await j.vendor.post("/api/vendor/me/issue-refund", body);
    expect(retry.body.data).toMatchObject({ status: "succeeded", amount_cents: 1500 });
  });

  it("of 20 different full refunds at once, refunds the job once", async () => {
    const j = await acceptedJob();
    const replies = await Promise.all(
      Array.from({ length: 20 }, () =>
        j.vendor.post("/api/vendor/me/issue-refund", {
          service_order_id: j.soId,
          reason: "All",
          idempotencyKey: key("k"),
        }),
      ),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    expect(await count("SELECT sum(amount_cents) AS n FROM refunds WHERE service_order_id = ?", j.soId)).toBe(9450);
  });
});

describe("POST /api/vendor/me/add-charge", () => {
  it("charges the saved card off-session with a receipt, idempotently", async () => {
    const j = await acceptedJob();
    await saveCard(j.customerUserId, CARDS.ok);
    j.vendor.now = JOB_START + 20 * MIN;
    const body = {
      service_order_id: j.soId,
      amount_cents: 1500,
      description: "Paraffin hand treatment",
      idempotencyKey: key("c"),
    };
    const res = await j.vendor.post("/api/vendor/me/add-charge", body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      kind: "add_charge",
      status: "succeeded",
      consent: "auto",
      amount_cents: 1500,
    });
    const again = await j.vendor.post("/api/vendor/me/add-charge", body);
    expect(again.body.data.adjustment_id).toBe(res.body.data.adjustment_id);
    expect(
      await count(
        "SELECT count(*) AS n FROM payment_intents WHERE purpose = 'add_charge' AND ref = ? AND status = 'succeeded'",
        `job_adjustment:${res.body.data.adjustment_id}`,
      ),
    ).toBe(1);
    expect(
      await count(
        "SELECT count(*) AS n FROM vendor_earnings WHERE ref = ? AND amount_cents = 1050",
        `add-charge:${res.body.data.adjustment_id}`,
      ),
    ).toBe(1);
    expect((await outboxTo(j.phone)).join("\n")).toMatch(
      /Receipt: \$15\.00 for Paraffin hand treatment.*Dispute it: https?:\/\/\S+\/account\/orders\?service_order_id=/,
    );
    // A connect-only route refuses a marketplace job.
    expect(
      (await j.vendor.post("/api/vendor/me/add-charge-connect", { ...body, idempotencyKey: key("c") })).body.error.code,
    ).toBe("JOB_ACTION_NOT_ALLOWED");
  });

  it("texts a link to approve when the card needs 3-D Secure", async () => {
    const j = await acceptedJob();
    await saveCard(j.customerUserId, CARDS.threeDS);
    j.vendor.now = JOB_START + 20 * MIN;
    const res = await j.vendor.post("/api/vendor/me/add-charge", {
      service_order_id: j.soId,
      amount_cents: 1200,
      description: "Extra product",
      idempotencyKey: key("c"),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ status: "awaiting_approval", consent: "customer" });
    expect((await outboxTo(j.phone)).join("\n")).toMatch(/Approve or decline: https?:\/\/[^ ]+\?cpid=/);
    const bad = await j.vendor.post("/api/vendor/me/add-charge", {
      service_order_id: j.soId,
      amount_cents: 10,
      description: "x",
      idempotencyKey: key("c"),
    });
    expect(bad.status).toBe(400);
  });
});

function videoForm(soId: number, bytes: Uint8Array, name = "clip.mp4") {
  const form = new FormData();
  form.set("service_order_id", String(soId));
  form.set("file", new File([bytes.slice().buffer as ArrayBuffer], name));
  return form;
}

describe("POST /api/vendor/me/customer-unreachable", () => {
  it("waits 30 minutes, needs a real video of at most 60 s, then closes the job with a no-show fee", async () => {
    const j = await acceptedJob();
    const clip = isoBmff({ brand: "isom", timescale: 1000, duration: 42_000 });
    j.vendor.now = JOB_START + 29 * MIN;
    expect((await j.vendor.post("/api/vendor/me/customer-unreachable", videoForm(j.soId, clip))).body.error.code).toBe(
      "CUSTOMER_UNREACHABLE_TOO_EARLY",
    );
    j.vendor.now = JOB_START + 31 * MIN;
    const renamed = await j.vendor.post(
      "/api/vendor/me/customer-unreachable",
      videoForm(j.soId, png(noisy(20, 20, 1))),
    );
    expect(renamed.status).toBe(415);
    expect(renamed.body.error).toMatchObject({ code: "VIDEO_FORMAT_NOT_ALLOWED", fields: { result: "-1" } });
    const long = matroska({ docType: "webm", durationMs: 61_000 });
    expect((await j.vendor.post("/api/vendor/me/customer-unreachable", videoForm(j.soId, long))).body.error.code).toBe(
      "VIDEO_TOO_LONG",
    );
    expect((await j.other.post("/api/vendor/me/customer-unreachable", videoForm(j.soId, clip))).status).toBe(404);

    const res = await j.vendor.post("/api/vendor/me/customer-unreachable", videoForm(j.soId, clip));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      service_order_status_id: ServiceOrderStatus.CANCELLED,
      video_duration_ms: 42_000,
      fee_cents: 4500,
      refund_cents: 9450 - 4500,
    });
    expect(await status(j.soId)).toBe(ServiceOrderStatus.CANCELLED);
    expect(await count("SELECT sum(amount_cents) AS n FROM refunds WHERE service_order_id = ?", j.soId)).toBe(4950);
    expect(await count("SELECT amount_cents AS n FROM vendor_earnings WHERE ref = ?", `no-show:${j.soId}`)).toBe(3150);
    expect((await outboxTo(j.phone)).join("\n")).toMatch(/couldn't reach you.*\$45\.00 no-show fee/s);
    const again = await j.vendor.post("/api/vendor/me/customer-unreachable", videoForm(j.soId, clip));
    expect(again.body.data).toMatchObject({ replayed: true, fee_cents: 4500 });
    expect(await count("SELECT count(*) AS n FROM refunds WHERE service_order_id = ?", j.soId)).toBe(1);
  });
});

describe("texting the customer through the platform", () => {
  it("answers code 200 with 'custom', keeps numbers masked, and refuses other pros", async () => {
    const j = await acceptedJob();
    const res = await j.vendor.post("/api/sms/customer", { service_order_id: j.soId, message: "I'm 5 minutes away." });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      code: 200,
      custom: true,
      message: "Your message was sent. Replies come to you by text message.",
    });
    expect(JSON.stringify(res.body)).not.toContain(j.phone.slice(2));
    expect(res.body.data.customer.phone).toBe(`(***) ***-${j.phone.slice(-4)}`);
    expect((await outboxTo(j.phone)).at(-1)).toMatch(/I'm 5 minutes away\./);
    const two = await j.vendor.post("/api/sms/customer2", { user_id: j.customerUserId, message: "Running late" });
    expect(two.body).toMatchObject({ code: 200, custom: true });
    expect((await j.other.post("/api/sms/customer", { service_order_id: j.soId, message: "hi" })).status).toBe(404);
    expect((await j.customer.post("/api/sms/customer", { service_order_id: j.soId, message: "hi" })).status).toBe(403);
    expect((await new Client().post("/api/sms/customer", { service_order_id: j.soId, message: "hi" })).status).toBe(
      401,
    );
    expect((await j.vendor.post("/api/sms/customer", { service_order_id: j.soId, message: "" })).status).toBe(400);

    const contact = await j.vendor.post("/api/vendor/me/request-contact-info", { service_order_id: j.soId });
    expect(contact.status).toBe(200);
    expect(contact.body.data.customer.phone).toMatch(/^\(\*\*\*\) \*\*\*-\d{4}$/);
    expect((await outboxTo(j.phone)).at(-1)).toMatch(/is trying to reach you/);
    expect((await outboxTo(await vendorPhone(j.w.vendorIds[0]!))).at(-1)).toMatch(/number stays private/);
  });

  it("answers MESSAGE_FAILED when the SMS port fails", async () => {
    const j = await acceptedJob();
    await env.DB.prepare(
      "CREATE TRIGGER IF NOT EXISTS fail_outbox_test BEFORE INSERT ON outbox WHEN NEW.body LIKE '%FAILME%' BEGIN SELECT RAISE(ABORT, 'down'); END",
    ).run();
    const res = await j.vendor.post("/api/sms/customer", { service_order_id: j.soId, message: "FAILME" });
    expect(res.status).toBe(502);
    expect(res.body.error.code).toBe("MESSAGE_FAILED");
  });
});

describe("GET /api/vendor/me/jobs/:id/actions", () => {
  it("shows the panel's data to the job's pro only", async () => {
    const j = await acceptedJob();
    const res = await j.vendor.get(`/api/vendor/me/jobs/${j.soId}/actions`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      service_order_id: j.soId,
      refundable_cents: 9450,
      can: { complete: false, unreachable: false, photos: true },
      checklist: JOB_CHECKLIST.map((i) => ({ id: i.id, label: i.label })),
    });
    expect((await j.other.get(`/api/vendor/me/jobs/${j.soId}/actions`)).status).toBe(404);
    expect((await j.vendor.get(`/api/vendor/me/jobs/abc/actions`)).status).toBe(400);
  });
});

describe("giving a job back", () => {
  it("emergency reschedule: the job goes back to the other pros as a new offer, reliability drops, the customer is told", async () => {
    const j = await acceptedJob();
    const before = await count("SELECT reliability AS n FROM vendors WHERE vendor_id = ?", j.w.vendorIds[0]);
    const res = await j.vendor.post("/api/vendor/me/emergency-reschedule", {
      service_order_id: j.soId,
      reason: "emergency",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ code: 200, message: 1, data: { penalty: 5, offered_to: 1 } });
    const row = await env.DB.prepare(
      "SELECT vendor_id, service_order_status_id AS s FROM service_orders WHERE service_order_id = ?",
    )
      .bind(j.soId)
      .first<{ vendor_id: number | null; s: number }>();
    expect(row).toEqual({ vendor_id: null, s: ServiceOrderStatus.PENDING });
    expect(await count("SELECT reliability AS n FROM vendors WHERE vendor_id = ?", j.w.vendorIds[0])).toBe(before - 5);
    expect(
      await count(
        "SELECT count(*) AS n FROM job_offers WHERE service_order_id = ? AND vendor_id = ? AND status = 'offered'",
        j.soId,
        j.w.vendorIds[1],
      ),
    ).toBe(1);
    expect((await outboxTo(j.phone)).at(-1)).toMatch(/can no longer do your/);
    // The other pro can take it; the first one no longer reaches it.
    const taken = await j.other.post("/api/vendor/me/jobs/accept", { service_order_id: j.soId });
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    expect(
      (await j.vendor.post("/api/vendor/me/emergency-reschedule", { service_order_id: j.soId, reason: "emergency" }))
        .status,
    ).toBe(404);
    // Its page says it is no longer theirs (not "not found", and none of its actions).
    const page = await j.vendor.get(`/api/vendor/me/jobs/${j.soId}/actions`);
    expect(page.status).toBe(410);
    expect(page.body.error.code).toBe("JOB_GIVEN_BACK");
  });

  it("refuses a give-back without a reason (it sets the penalty): nothing changes", async () => {
    const j = await acceptedJob();
    const before = await count("SELECT reliability AS n FROM vendors WHERE vendor_id = ?", j.w.vendorIds[0]);
    for (const path of ["emergency-reschedule", "cannot-provide-service"]) {
      const res = await j.vendor.post(`/api/vendor/me/${path}`, { service_order_id: j.soId });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("INVALID_INPUT");
      expect(res.body.error.fields).toEqual({ reason: "Choose a reason." });
    }
    expect(await count("SELECT reliability AS n FROM vendors WHERE vendor_id = ?", j.w.vendorIds[0])).toBe(before);
    expect(await count("SELECT count(*) AS n FROM job_incidents WHERE service_order_id = ?", j.soId)).toBe(0);
    expect(
      await count(
        "SELECT count(*) AS n FROM service_orders WHERE service_order_id = ? AND vendor_id = ?",
        j.soId,
        j.w.vendorIds[0],
      ),
    ).toBe(1);
    // Another pro's job the pro never gave back is still "not found" for them.
    expect((await j.other.get(`/api/vendor/me/jobs/${j.soId}/actions`)).status).toBe(404);
  });

  it("cannot provide the service: no penalty when the place is unsafe, 10 points otherwise; never after the start", async () => {
    const a = await acceptedJob();
    const before = await count("SELECT reliability AS n FROM vendors WHERE vendor_id = ?", a.w.vendorIds[0]);
    const safe = await a.vendor.post("/api/vendor/me/cannot-provide-service", {
      service_order_id: a.soId,
      reason: "unsafe",
    });
    expect(safe.body).toMatchObject({ code: 200, message: 2, data: { penalty: 0 } });
    expect(await count("SELECT reliability AS n FROM vendors WHERE vendor_id = ?", a.w.vendorIds[0])).toBe(before);
    const b = await acceptedJob();
    const plain = await b.vendor.post("/api/vendor/me/cannot-provide-service", {
      service_order_id: b.soId,
      reason: "not_offered",
    });
    expect(plain.body).toMatchObject({ message: 1, data: { penalty: 10 } });
    const c = await acceptedJob();
    c.vendor.now = JOB_START + MIN;
    expect(
      (await c.vendor.post("/api/vendor/me/cannot-provide-service", { service_order_id: c.soId, reason: "unsafe" }))
        .body.error.code,
    ).toBe("JOB_ACTION_NOT_ALLOWED");
    expect(
      (await c.vendor.post("/api/vendor/me/cannot-provide-service", { service_order_id: c.soId, reason: "bored" }))
        .status,
    ).toBe(400);
  });
});

describe("giving a job back under a race", () => {
  it("takes the penalty once of 20 identical requests", async () => {
    const j = await acceptedJob();
    const before = await count("SELECT reliability AS n FROM vendors WHERE vendor_id = ?", j.w.vendorIds[0]);
    await Promise.all(
      Array.from({ length: 20 }, () =>
        j.vendor.post("/api/vendor/me/emergency-reschedule", { service_order_id: j.soId, reason: "emergency" }),
      ),
    );
    expect(await count("SELECT reliability AS n FROM vendors WHERE vendor_id = ?", j.w.vendorIds[0])).toBe(before - 5);
    expect(await count("SELECT count(*) AS n FROM job_incidents WHERE service_order_id = ?", j.soId)).toBe(1);
  });
});
