import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ServiceOrderStatus } from "../../../../domain/order-status";
import { auditRowsFor, signedInAdmin } from "../../../admin/test-fixtures";
import {
  CARDS,
  count,
  customer,
  key,
  outboxTo,
  payIntent,
  saveCard,
  vendorPhone,
} from "../../../checkout/test-fixtures";
import { acceptedJob, JOB_START, MIN, type AcceptedJob } from "../../../jobs/test-fixtures";
import { moneyInvariantViolations } from "../../../payments/invariants";
import { Client } from "../../../test-utils";

/**
 * Added charges need the customer's consent beyond a small policy (docs/decisions/116). The job of the fixtures
 * is $90 at 10:00 New York (JOB_START), 60 minutes: its cap for charges without asking is $18 in total.
 */
const HOUR = 60 * MIN;
const CAP = 1800;

async function startedJob(card: string | null = CARDS.ok): Promise<AcceptedJob> {
  const j = await acceptedJob();
  if (card) await saveCard(j.customerUserId, card);
  j.vendor.now = JOB_START + 15 * MIN;
  return j;
}

const charge = (j: AcceptedJob, amount_cents: number, description = "Paraffin hand treatment") =>
  j.vendor.post("/api/vendor/me/add-charge", {
    service_order_id: j.soId,
    amount_cents,
    description,
    idempotencyKey: key("c"),
  });

/** What was taken from the customer's card for added charges on the job. */
const charged = (soId: number) =>
  count(
    `SELECT coalesce(sum(amount_cents), 0) AS n FROM payment_intents WHERE purpose = 'add_charge' AND status = 'succeeded'
     AND ref IN (SELECT 'job_adjustment:' || adjustment_id FROM job_adjustments WHERE service_order_id = ?)`,
    soId,
  );

const linkOf = (texts: string[]) => {
  const m = /https?:\/\/\S+\?cpid=([\w-]+)&vid=(\d+)/.exec(texts.at(-1) ?? "");
  expect(m, texts.at(-1)).not.toBeNull();
  return { cpid: m![1]!, vid: Number(m![2]) };
};

async function complete(soId: number, at: number) {
  await env.DB.prepare(
    "UPDATE service_orders SET service_order_status_id = ?, completion_time = ? WHERE service_order_id = ?",
  )
    .bind(ServiceOrderStatus.COMPLETED, at, soId)
    .run();
}

describe("the added-charge policy", () => {
  it("takes at most the job's cap without asking under 50 parallel charges with distinct keys; the rest go to the customer", async () => {
    const j = await startedJob();
    const answers = await Promise.all(Array.from({ length: 50 }, () => charge(j, 300, "Extra product")));
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(200);
    const auto = answers.filter((a) => a.body.data.status === "succeeded");
    const asked = answers.filter((a) => a.body.data.status === "awaiting_approval");
    // $18 / $3 = 6 charges fit; every other one became a request and took nothing.
    expect(auto.length).toBe(CAP / 300);
    expect(asked.length).toBe(50 - CAP / 300);
    for (const a of auto) expect(a.body.data.consent).toBe("auto");
    for (const a of asked) expect(a.body.data.consent).toBe("customer");
    expect(await charged(j.soId)).toBe(CAP);
    expect(
      await count("SELECT count(*) AS n FROM pay_links WHERE service_order_id = ? AND status = 'open'", j.soId),
    ).toBe(asked.length);
    // The pro's view says nothing is left to charge without asking.
    const view = await j.vendor.get(`/api/vendor/me/jobs/${j.soId}/actions`);
    expect(view.body.data.add_charge_limits).toMatchObject({ cap_cents: CAP, auto_left_cents: 0 });
    expect(await moneyInvariantViolations(env.DB)).toEqual([]);
  });

  it("sends the whole charge for approval when it does not fit, and charges what fits", async () => {
    const j = await startedJob();
    expect((await charge(j, 1000)).body.data.status).toBe("succeeded");
    const view = await j.vendor.get(`/api/vendor/me/jobs/${j.soId}/actions`);
    expect(view.body.data.add_charge_limits).toMatchObject({ cap_cents: CAP, auto_left_cents: 800 });
    const over = await charge(j, 900, "Second treatment");
    expect(over.status, JSON.stringify(over.body)).toBe(200);
    expect(over.body.data).toMatchObject({ status: "awaiting_approval", consent: "customer" });
    expect(over.body.message).toMatch(/needs your client's approval/);
    expect((await outboxTo(j.phone)).at(-1)).toMatch(
      /asks \$9\.00 for Second treatment.*Nothing is charged unless you approve/,
    );
    expect((await charge(j, 800)).body.data.status).toBe("succeeded");
    expect(await charged(j.soId)).toBe(CAP);
  });

  it("charges without asking until 24 hours after completion, and asks the customer after that", async () => {
    const j = await startedJob();
    const done = JOB_START + 50 * MIN;
    await complete(j.soId, done);
    j.vendor.now = done + 23 * HOUR;
    expect((await charge(j, 500)).body.data.status).toBe("succeeded");
    j.vendor.now = done + 25 * HOUR;
    const late = await charge(j, 500);
    expect(late.body.data).toMatchObject({ status: "awaiting_approval", consent: "customer" });
    // More than 30 days after the job ended: too late even to ask (the completion is moved back rather than the
    // clock forward, which would end the pro's session).
    await complete(j.soId, j.vendor.now - 30 * 24 * HOUR - 1);
    expect((await charge(j, 500)).body.error.code).toBe("ADD_CHARGE_NOT_ALLOWED");
    expect(await charged(j.soId)).toBe(500);
  });

  it("refuses a job that has not started, and a cancelled, suspended or pending one, writing nothing", async () => {
    const j = await startedJob();
    j.vendor.now = JOB_START - MIN;
    const early = await charge(j, 500);
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe("ADD_CHARGE_NOT_ALLOWED");
    j.vendor.now = JOB_START + 15 * MIN;
    for (const status of [ServiceOrderStatus.CANCELLED, ServiceOrderStatus.SUSPENDED, ServiceOrderStatus.PENDING]) {
      await env.DB.prepare("UPDATE service_orders SET service_order_status_id = ? WHERE service_order_id = ?")
        .bind(status, j.soId)
        .run();
      expect((await charge(j, 500)).body.error.code).toBe("ADD_CHARGE_NOT_ALLOWED");
    }
    expect(await count("SELECT count(*) AS n FROM job_adjustments WHERE service_order_id = ?", j.soId)).toBe(0);
    expect(await count("SELECT count(*) AS n FROM pay_links WHERE service_order_id = ?", j.soId)).toBe(0);
  });
});

describe("a charge the customer approves or declines", () => {
  it("takes nothing until the customer pays the texted link, then settles it as approved", async () => {
    const j = await startedJob();
    const res = await charge(j, 4000, "Extra 30 minutes");
    expect(res.body.data.status).toBe("awaiting_approval");
    expect(await charged(j.soId)).toBe(0);
    const ref = linkOf(await outboxTo(j.phone));
    const payer = new Client();
    const page = await payer.get(`/api/pay/secure?cpid=${ref.cpid}&vid=${ref.vid}`);
    expect(page.body.data).toMatchObject({ money_amount_cents: 4000, declinable: 1 });
    const intent = await payer.post("/api/pay/secure/intent", { ...ref, charge_amount: "40.00" });
    expect(intent.status, JSON.stringify(intent.body)).toBe(200);
    const pi = intent.body.data.payment_intent.id;
    expect((await payIntent(pi, CARDS.ok)).status).toBe("succeeded");
    expect((await payer.post("/api/pay/secure/confirm", { payment_intent_id: pi })).status).toBe(200);
    const row = await env.DB.prepare("SELECT status, consent FROM job_adjustments WHERE adjustment_id = ?")
      .bind(res.body.data.adjustment_id)
      .first();
    expect(row).toEqual({ status: "succeeded", consent: "customer" });
    // Approved charges do not use up the cap for charges without asking.
    expect((await charge(j, CAP)).body.data.status).toBe("succeeded");
    expect(await moneyInvariantViolations(env.DB)).toEqual([]);
  });

  it("lets the customer decline: nothing is taken, the link closes and the pro is told once", async () => {
    const j = await startedJob();
    const res = await charge(j, 4000, "Extra 30 minutes");
    const ref = linkOf(await outboxTo(j.phone));
    const payer = new Client();
    const declines = await Promise.all(Array.from({ length: 20 }, () => payer.post("/api/pay/secure/decline", ref)));
    expect(declines.filter((d) => d.status === 200).length).toBeGreaterThanOrEqual(1);
    for (const d of declines) expect([200, 410]).toContain(d.status);
    const row = await env.DB.prepare("SELECT status FROM job_adjustments WHERE adjustment_id = ?")
      .bind(res.body.data.adjustment_id)
      .first();
    expect(row).toEqual({ status: "declined" });
    expect((await payer.get(`/api/pay/secure?cpid=${ref.cpid}&vid=${ref.vid}`)).status).toBe(410);
    expect((await payer.post("/api/pay/secure/intent", { ...ref, charge_amount: "40.00" })).status).toBe(410);
    const proTexts = (await outboxTo(await vendorPhone(j.w.vendorIds[0]!))).filter((t) =>
      /declined the \$40\.00/.test(t),
    );
    expect(proTexts.length).toBe(1);
    const view = await j.vendor.get(`/api/vendor/me/jobs/${j.soId}/actions`);
    expect(view.body.data.adjustments[0]).toMatchObject({ status: "declined" });
    expect(await charged(j.soId)).toBe(0);
    // A tip link cannot be "declined".
    expect((await payer.post("/api/pay/secure/decline", { cpid: "x".repeat(43), vid: ref.vid })).status).toBe(410);
    expect((await payer.post("/api/pay/secure/decline", { cpid: ref.cpid })).status).toBe(400);
  });
});

describe("the customer's receipt, order and dispute", () => {
  it("shows every added charge on the order and lets the customer dispute a paid one with a reason", async () => {
    const j = await startedJob();
    const paid = await charge(j, 1200, "Paraffin hand treatment");
    await charge(j, 4000, "Extra 30 minutes");
    expect((await outboxTo(j.phone)).join("\n")).toMatch(/Receipt: \$12\.00 for Paraffin hand treatment.*Dispute it:/);
    j.customer.now = JOB_START + 30 * MIN;
    const orders = await j.customer.get("/api/orders");
    const job = orders.body.data.find((o: { service_order_id: number }) => o.service_order_id === j.soId);
    expect(job.added_charges.map((c: { amount_cents: number; status: string }) => [c.amount_cents, c.status])).toEqual([
      [4000, "awaiting_approval"],
      [1200, "succeeded"],
    ]);
    expect(job.added_charges[1].may_dispute).toBe(true);
    expect(job.added_charges[0].may_dispute).toBe(false);

    const id = paid.body.data.adjustment_id;
    const short = await j.customer.post("/api/order/added-charge/dispute", { adjustment_id: id, reason: "no" });
    expect(short.status).toBe(400);
    const stranger = await customer();
    expect(
      (await stranger.client.post("/api/order/added-charge/dispute", { adjustment_id: id, reason: "Not asked for" }))
        .status,
    ).toBe(404);
    const awaiting = job.added_charges[0].adjustment_id;
    expect(
      (await j.customer.post("/api/order/added-charge/dispute", { adjustment_id: awaiting, reason: "Not asked for" }))
        .body.error.code,
    ).toBe("ADDED_CHARGE_NOT_DISPUTABLE");
    const ok = await j.customer.post("/api/order/added-charge/dispute", {
      adjustment_id: id,
      reason: "I never asked for this",
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data).toMatchObject({ dispute_reason: "I never asked for this", may_dispute: false });

    // Staff see it among the disputed charges, and refund it once under 20 parallel requests, audited once.
    const staff = await signedInAdmin();
    const list = await staff.client.get("/api/admin/added-charges?disputed=1");
    expect(list.status).toBe(200);
    const item = list.body.data.items.find((i: { adjustment_id: number }) => i.adjustment_id === id);
    expect(item).toMatchObject({ dispute_reason: "I never asked for this", may_refund: true, job_cap_cents: CAP });
    expect((await j.customer.get("/api/admin/added-charges")).status).toBe(403);
    expect((await staff.client.post(`/api/admin/added-charges/${id}/refund`, { reason: "x" })).status).toBe(400);
    const refunds = await Promise.all(
      Array.from({ length: 20 }, () =>
        staff.client.post(`/api/admin/added-charges/${id}/refund`, { reason: "Customer disputed it" }),
      ),
    );
    for (const r of refunds) expect([200, 409], JSON.stringify(r.body)).toContain(r.status);
    expect(
      await count("SELECT count(*) AS n FROM refunds WHERE idempotency_key LIKE ?", `%job-adjustment:${id}:%`),
    ).toBe(1);
    expect(
      await count("SELECT sum(amount_cents) AS n FROM vendor_earnings WHERE ref = ?", `add-charge-refund:${id}`),
    ).toBe(-840);
    expect((await auditRowsFor("job_adjustment", id)).map((r) => r.action)).toEqual(["added_charge.refund"]);
    const again = await staff.client.post(`/api/admin/added-charges/${id}/refund`, { reason: "Customer disputed it" });
    expect(again.body.data?.refund_status ?? again.body.error.code).toBe("succeeded");
    expect(await moneyInvariantViolations(env.DB)).toEqual([]);
  });
});

describe("a cancelled job gives its added charges back", () => {
  it("refunds a paid added charge and withdraws one waiting for approval with a free cancellation", async () => {
    // An added charge made before the policy (or by a pro whose clock ran ahead): the customer then cancels
    // within the free window. Before decision 116 the cancellation kept the $20.
    const j = await startedJob();
    const paid = await j.vendor.post("/api/vendor/me/add-charge", {
      service_order_id: j.soId,
      amount_cents: 1500,
      description: "Extra product",
      idempotencyKey: key("c"),
    });
    expect(paid.body.data.status).toBe("succeeded");
    const asked = await charge(j, 4000, "Extra 30 minutes");
    const ref = linkOf(await outboxTo(j.phone));
    j.customer.now = JOB_START - 48 * HOUR;
    const res = await j.customer.post("/api/order/cancel", { service_order_id: j.soId });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rows = await env.DB.prepare(
      "SELECT adjustment_id, status, refund_status FROM job_adjustments WHERE service_order_id = ? ORDER BY adjustment_id",
    )
      .bind(j.soId)
      .all();
    expect(rows.results).toEqual([
      { adjustment_id: paid.body.data.adjustment_id, status: "succeeded", refund_status: "succeeded" },
      { adjustment_id: asked.body.data.adjustment_id, status: "withdrawn", refund_status: "none" },
    ]);
    expect(
      await count(
        "SELECT coalesce(sum(amount_cents), 0) AS n FROM refunds WHERE idempotency_key = ?",
        `job-adjustment:${paid.body.data.adjustment_id}:charge-refund`,
      ),
    ).toBe(1500);
    expect((await new Client().get(`/api/pay/secure?cpid=${ref.cpid}&vid=${ref.vid}`)).status).toBe(410);
    // A repeated cancellation call refunds nothing more.
    await j.customer.post("/api/order/cancel", { service_order_id: j.soId });
    expect(
      await count(
        "SELECT count(*) AS n FROM vendor_earnings WHERE ref = ?",
        `add-charge-refund:${paid.body.data.adjustment_id}`,
      ),
    ).toBe(1);
    expect(await moneyInvariantViolations(env.DB)).toEqual([]);
  });
});
