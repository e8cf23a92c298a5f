import { env } from "cloudflare:test";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import { ServiceOrderStatus } from "../../domain/order-status";
import { DEV_LOCAL_WEBHOOK_SECRET, paymentsFromEnv } from "../adapters/payments";
import { signWebhookPayload } from "../adapters/payments/signature";
import { unique } from "../adapters/payments/test-helpers";
import { auditRowsFor, signedInAdmin, staffClients } from "../admin/test-fixtures";
import { customer, HOUR, insertJob, vendorWorld } from "../orders/test-fixtures";
import { payView } from "../payouts/pay";
import { Client, T0 } from "../test-utils";

/**
 * Disputes end to end in workerd (docs/decisions/148-disputes.md): the local processor's disputing card, the
 * webhook's checks (signature, once, in order), the pro's pay, and the staff routes (roles, validation, audit).
 */

const NOW_S = Math.floor(T0 / 1000);
const port = (now = T0) => paymentsFromEnv(env, drizzle(env.DB), now);

async function disputingCharge(input: { userId: number; purpose: "tip" | "order"; ref: string; amount: number }) {
  const p = port();
  const user = await env.DB.prepare("SELECT user_id, email, name, phone FROM users WHERE user_id = ?")
    .bind(input.userId)
    .first<{ user_id: number; email: string; name: string; phone: string }>();
  const customerId = await p.ensureCustomer(user!);
  const pm = await p.tokenizeLocalCard!(
    { number: "4000000000000259", exp_month: 12, exp_year: 2030, cvc: "123", postal_code: "10001" },
    customerId,
  );
  const pi = await p.createIntent({
    amount_cents: input.amount,
    customer_id: customerId,
    payment_method_id: pm.id,
    confirm: true,
    description: "Disputed",
    metadata: { purpose: input.purpose, ref: input.ref },
    idempotency_key: unique("dispute-charge"),
  });
  return pi;
}

async function disputeOf(pi: string) {
  return env.DB.prepare("SELECT * FROM disputes WHERE payment_intent_id = ?").bind(pi).first<{
    id: string;
    status: string;
    amount_cents: number;
    service_order_id: number | null;
    vendor_id: number | null;
    user_id: number | null;
    funds_withdrawn: number;
    evidence_submitted_at: number | null;
  }>();
}

async function payLines(disputeId: string) {
  const { results } = await env.DB.prepare(
    "SELECT vendor_id, service_order_id, kind, amount_cents, ref FROM vendor_earnings WHERE ref LIKE ? ORDER BY earning_id",
  )
    .bind(`dispute:${disputeId}:%`)
    .all<{ vendor_id: number; service_order_id: number; kind: string; amount_cents: number; ref: string }>();
  return results;
}

async function notices(vendorId: number) {
  const { results } = await env.DB.prepare(
    "SELECT message, dedupe_key, texted_at FROM notifications WHERE vendor_id = ? AND dedupe_key LIKE 'dispute:%' ORDER BY id",
  )
    .bind(vendorId)
    .all<{ message: string; dedupe_key: string; texted_at: number | null }>();
  return results;
}

async function completedTipJob() {
  const world = await vendorWorld();
  const buyer = await customer();
  const job = await insertJob({
    userId: buyer.user_id,
    world,
    status: ServiceOrderStatus.COMPLETED,
    start: T0 - 3 * HOUR,
  });
  return { world, buyer, job };
}

function settle(id: string, outcome: "won" | "lost", now = T0 + HOUR) {
  return new Client().call("POST", `/__test/local-disputes/${id}/${outcome}`, undefined, { "x-test-now": String(now) });
}

function disputeEvent(type: string, object: Record<string, unknown>, createdS: number, id = unique("evt")) {
  return JSON.stringify({ id, object: "event", type, created: createdS, data: { object } });
}

async function sendEvent(payload: string, signature?: string) {
  return new Client().post("/api/stripe/webhook", payload, {
    "content-type": "application/json",
    "stripe-signature": signature ?? (await signWebhookPayload(payload, DEV_LOCAL_WEBHOOK_SECRET, NOW_S)),
  });
}

describe("the local processor's disputing card (4000 0000 0000 0259)", () => {
  it("succeeds, opens a dispute linked to the job, holds the pro's share, and a won dispute gives it back", async () => {
    const { world, buyer, job } = await completedTipJob();
    const pi = await disputingCharge({ userId: buyer.user_id, purpose: "tip", ref: String(job.soid), amount: 2_500 });
    expect(pi.status).toBe("succeeded");

    const dispute = (await disputeOf(pi.id))!;
    expect(dispute).toMatchObject({
      status: "needs_response",
      amount_cents: 2_500,
      service_order_id: job.soid,
      vendor_id: world.vendorId,
      user_id: buyer.user_id,
      funds_withdrawn: 1,
    });
    // A tip is the pro's in full, so all of it is held back, once, and the pro is told (dashboard and text).
    expect(await payLines(dispute.id)).toEqual([
      expect.objectContaining({ vendor_id: world.vendorId, kind: "dispute", amount_cents: -2_500 }),
    ]);
    const held = await notices(world.vendorId);
    expect(held).toHaveLength(1);
    expect(held[0]!.message).toContain("$25.00 of your pay is held back");
    expect(held[0]!.texted_at).not.toBeNull();
    // The pro sees the line on their pay screen, against the job.
    const pay = await payView(env.DB, world.vendorId, T0);
    expect(pay.jobs.find((j) => j.service_order_id === job.soid)).toMatchObject({ dispute_cents: -2_500 });

    const won = await settle(dispute.id, "won");
    expect(won.status).toBe(200);
    expect((await disputeOf(pi.id))!.status).toBe("won");
    expect((await disputeOf(pi.id))!.funds_withdrawn).toBe(0);
    const lines = await payLines(dispute.id);
    expect(lines.map((l) => l.amount_cents)).toEqual([-2_500, 2_500]);
    expect((await notices(world.vendorId)).map((n) => n.dedupe_key.split(":")[2])).toEqual(["held", "restored"]);
    const after = await payView(env.DB, world.vendorId, T0 + HOUR);
    expect(after.jobs.find((j) => j.service_order_id === job.soid)).toMatchObject({ dispute_cents: 0 });

    // Settling again changes nothing; the other outcome is refused.
    expect((await settle(dispute.id, "won")).status).toBe(200);
    expect(await payLines(dispute.id)).toHaveLength(2);
  });

  it("a lost dispute keeps the pro's share taken back, split over an order's jobs by their prices", async () => {
    const world = await vendorWorld();
    const buyer = await customer();
    const job = await insertJob({
      userId: buyer.user_id,
      world,
      status: ServiceOrderStatus.COMPLETED,
      start: T0 - 5 * HOUR,
      price: 6_000,
      siblingPrices: [4_000],
    });
    const pi = await disputingCharge({
      userId: buyer.user_id,
      purpose: "order",
      ref: String(job.orderId),
      amount: 10_000,
    });
    const dispute = (await disputeOf(pi.id))!;
    expect(dispute.service_order_id).toBe(job.soid);
    // 70 % of each job's part: 6,000 → 4,200 and 4,000 → 2,800.
    expect((await payLines(dispute.id)).map((l) => [l.service_order_id, l.amount_cents])).toEqual([
      [job.soid, -4_200],
      [job.siblingIds[0], -2_800],
    ]);
    expect((await settle(dispute.id, "lost")).status).toBe(200);
    expect((await payLines(dispute.id)).map((l) => l.amount_cents)).toEqual([-4_200, -2_800]);
    const kinds = (await notices(world.vendorId)).map((n) => n.dedupe_key.split(":")[2]);
    expect(kinds.filter((k) => k === "lost")).toHaveLength(2);
    const available = await env.DB.prepare(
      "SELECT coalesce(sum(amount_cents), 0) AS s FROM vendor_earnings WHERE vendor_id = ? AND payout_id IS NULL",
    )
      .bind(world.vendorId)
      .first<{ s: number }>();
    expect(available!.s).toBe(-7_000);
  });

  it("any other card opens no dispute", async () => {
    const { buyer, job } = await completedTipJob();
    const p = port();
    const user = await env.DB.prepare("SELECT user_id, email, name, phone FROM users WHERE user_id = ?")
      .bind(buyer.user_id)
      .first<{ user_id: number; email: string; name: string; phone: string }>();
    const customerId = await p.ensureCustomer(user!);
    const pm = await p.tokenizeLocalCard!(
      { number: "4242424242424242", exp_month: 12, exp_year: 2030, cvc: "123", postal_code: "10001" },
      customerId,
    );
    const pi = await p.createIntent({
      amount_cents: 900,
      customer_id: customerId,
      payment_method_id: pm.id,
      confirm: true,
      description: "Tip",
      metadata: { purpose: "tip", ref: String(job.soid) },
      idempotency_key: unique("tip"),
    });
    expect(pi.status).toBe("succeeded");
    expect(await disputeOf(pi.id)).toBeNull();
  });
});

describe("charge.dispute.* on the webhook", () => {
  async function tipIntent() {
    const { world, buyer, job } = await completedTipJob();
    const p = port();
    const user = await env.DB.prepare("SELECT user_id, email, name, phone FROM users WHERE user_id = ?")
      .bind(buyer.user_id)
      .first<{ user_id: number; email: string; name: string; phone: string }>();
    const customerId = await p.ensureCustomer(user!);
    const pm = await p.tokenizeLocalCard!(
      { number: "4242424242424242", exp_month: 12, exp_year: 2030, cvc: "123", postal_code: "10001" },
      customerId,
    );
    const pi = await p.createIntent({
      amount_cents: 4_000,
      customer_id: customerId,
      payment_method_id: pm.id,
      confirm: true,
      description: "Tip",
      metadata: { purpose: "tip", ref: String(job.soid) },
      idempotency_key: unique("tip"),
    });
    return { world, job, pi };
  }

  const object = (id: string, pi: string, status: string) => ({
    id,
    object: "dispute",
    amount: 4_000,
    payment_intent: pi,
    charge: "ch_x",
    reason: "product_not_received",
    status,
    evidence_details: { due_by: NOW_S + 7 * 86_400 },
  });

  it("refuses a bad signature and writes nothing", async () => {
    const { pi } = await tipIntent();
    const id = unique("dp");
    const payload = disputeEvent("charge.dispute.created", object(id, pi.id, "needs_response"), NOW_S);
    const forged = await signWebhookPayload(payload, "whsec_someone_else", NOW_S);
    const res = await sendEvent(payload, forged);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("WEBHOOK_SIGNATURE_INVALID");
    expect(await disputeOf(pi.id)).toBeNull();
  });

  it("applies an event once, even 20 deliveries at the same time", async () => {
    const { world, pi } = await tipIntent();
    const id = unique("dp");
    const payload = disputeEvent("charge.dispute.created", object(id, pi.id, "needs_response"), NOW_S, unique("evt"));
    const signature = await signWebhookPayload(payload, DEV_LOCAL_WEBHOOK_SECRET, NOW_S);
    const replies = await Promise.all(Array.from({ length: 20 }, () => sendEvent(payload, signature)));
    expect(replies.every((r) => r.status === 200)).toBe(true);
    expect(replies.filter((r) => r.body.duplicate === false)).toHaveLength(1);
    expect(await payLines(id)).toEqual([expect.objectContaining({ amount_cents: -4_000 })]);
    expect(await notices(world.vendorId)).toHaveLength(1);
    const events = await env.DB.prepare(
      "SELECT count(*) AS n FROM webhook_events WHERE type LIKE 'charge.dispute.%' AND id = ?",
    )
      .bind(JSON.parse(payload).id)
      .first<{ n: number }>();
    expect(events!.n).toBe(1);
  });

  it("never moves a dispute back: a late or older event, or anything after it closed", async () => {
    const { pi } = await tipIntent();
    const id = unique("dp");
    await sendEvent(disputeEvent("charge.dispute.created", object(id, pi.id, "needs_response"), NOW_S));
    await sendEvent(disputeEvent("charge.dispute.updated", object(id, pi.id, "under_review"), NOW_S + 60));
    // An older event (made before the one applied) and a newer one of an earlier stage change nothing.
    await sendEvent(disputeEvent("charge.dispute.updated", object(id, pi.id, "needs_response"), NOW_S + 30));
    await sendEvent(disputeEvent("charge.dispute.updated", object(id, pi.id, "needs_response"), NOW_S + 90));
    expect((await disputeOf(pi.id))!.status).toBe("under_review");
    await sendEvent(disputeEvent("charge.dispute.closed", object(id, pi.id, "won"), NOW_S + 120));
    await sendEvent(disputeEvent("charge.dispute.closed", object(id, pi.id, "lost"), NOW_S + 180));
    expect((await disputeOf(pi.id))!.status).toBe("won");
    expect((await payLines(id)).map((l) => l.amount_cents)).toEqual([-4_000, 4_000]);
  });

  it("a dispute reported won before it was reported open holds nothing and gives nothing back", async () => {
    const { pi } = await tipIntent();
    const id = unique("dp");
    await sendEvent(disputeEvent("charge.dispute.closed", object(id, pi.id, "won"), NOW_S + 100));
    await sendEvent(disputeEvent("charge.dispute.created", object(id, pi.id, "needs_response"), NOW_S));
    expect((await disputeOf(pi.id))!.status).toBe("won");
    expect(await payLines(id)).toEqual([]);
  });

  it("an inquiry (warning_*) holds nothing back", async () => {
    const { pi } = await tipIntent();
    const id = unique("dp");
    await sendEvent(disputeEvent("charge.dispute.created", object(id, pi.id, "warning_needs_response"), NOW_S));
    expect((await disputeOf(pi.id))!.status).toBe("warning_needs_response");
    expect(await payLines(id)).toEqual([]);
  });

  it("acknowledges a dispute it cannot read without applying anything", async () => {
    const payload = disputeEvent("charge.dispute.created", { id: unique("dp"), status: "bogus" }, NOW_S);
    const res = await sendEvent(payload);
    expect(res.status).toBe(200);
    expect(res.body.duplicate).toBe(false);
  });
});

describe("/api/admin/disputes", () => {
  it("is staff only: visitors, customers, pros and connect admins are refused", async () => {
    const roles = await staffClients();
    for (const client of [roles.anonymous, roles.customer, roles.vendor, roles.connect]) {
      const list = await client.get("/api/admin/disputes");
      expect([401, 403]).toContain(list.status);
      const send = await client.post("/api/admin/disputes/dp_local_abcdefgh/evidence", {
        summary: "The pro did the full pedicure at the address.",
      });
      expect([401, 403]).toContain(send.status);
    }
    for (const client of [roles.admin, roles.teamLead, roles.manager]) {
      expect((await client.get("/api/admin/disputes")).status).toBe(200);
    }
  });

  it("lists open disputes, shows one with its job and pro, and sends evidence once, audited", async () => {
    const { world, buyer, job } = await completedTipJob();
    await env.DB.prepare(
      `UPDATE service_orders SET job_images = ?, completion_checklist = ? WHERE service_order_id = ?`,
    )
      .bind(
        JSON.stringify({ before: ["/media/b.jpg"], after: ["/media/a.jpg"], testimonial: [] }),
        JSON.stringify({ items: ["arrived", "services"] }),
        job.soid,
      )
      .run();
    const pi = await disputingCharge({ userId: buyer.user_id, purpose: "tip", ref: String(job.soid), amount: 1_500 });
    const dispute = (await disputeOf(pi.id))!;
    const staff = await signedInAdmin();

    const list = await staff.client.get("/api/admin/disputes?state=open");
    expect(list.status).toBe(200);
    const row = list.body.data.items.find((d: { id: string }) => d.id === dispute.id);
    expect(row).toMatchObject({ status: "needs_response", amount_cents: 1_500, reason: "fraudulent" });
    expect(row.due_by).toBe(T0 + 7 * 86_400_000);

    const detail = await staff.client.get(`/api/admin/disputes/${dispute.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({
      may_submit: true,
      vendor: { vendor_id: world.vendorId },
      customer: { user_id: buyer.user_id },
      job: { service_order_id: job.soid },
    });
    expect(detail.body.data.photos).toEqual([
      { kind: "before", url: "/media/b.jpg" },
      { kind: "after", url: "/media/a.jpg" },
    ]);
    expect(detail.body.data.checklist).toHaveLength(2);
    expect(detail.body.data.pay_lines).toEqual([expect.objectContaining({ amount_cents: -1_500 })]);

    const body = { summary: "The pro did the full service at the address; photos before and after." };
    const sent = await Promise.all(
      Array.from({ length: 5 }, () => staff.client.post(`/api/admin/disputes/${dispute.id}/evidence`, body)),
    );
    expect(sent.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(1);
    for (const r of sent) if (r.status !== 200) expect(r.body.error.code).toBe("DISPUTE_NOT_OPEN");
    expect((await disputeOf(pi.id))!.status).toBe("under_review");
    const audit = await auditRowsFor("dispute", dispute.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "dispute.submit_evidence", actor_user_id: staff.user_id });
    const local = await env.DB.prepare("SELECT evidence FROM local_disputes WHERE id = ?")
      .bind(dispute.id)
      .first<{ evidence: string }>();
    const evidence = JSON.parse(local!.evidence);
    expect(evidence.product_description).toBe(body.summary);
    expect(evidence.uncategorized_text).toContain("https://glow.test/media/b.jpg");

    const again = await staff.client.post(`/api/admin/disputes/${dispute.id}/evidence`, body);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("DISPUTE_NOT_OPEN");
  });

  it("validates: a bad id, an unknown dispute, a short summary, a bad filter", async () => {
    const staff = await signedInAdmin();
    expect((await staff.client.get("/api/admin/disputes/not-a-dispute")).status).toBe(400);
    const unknown = await staff.client.get("/api/admin/disputes/dp_local_doesnotexist");
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe("NOT_FOUND");
    const short = await staff.client.post("/api/admin/disputes/dp_local_doesnotexist/evidence", { summary: "done" });
    expect(short.status).toBe(400);
    expect((await staff.client.post("/api/admin/disputes/dp_local_doesnotexist/evidence", "{")).status).toBe(400);
    expect((await staff.client.get("/api/admin/disputes?state=maybe")).status).toBe(400);
    expect((await staff.client.get("/api/admin/disputes?page=0")).status).toBe(400);
  });
});
