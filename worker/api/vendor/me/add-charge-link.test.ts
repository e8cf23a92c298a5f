import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { CARDS, count, key, outboxTo, payIntent, saveCard } from "../../../checkout/test-fixtures";
import { acceptedJob, JOB_START, MIN } from "../../../jobs/test-fixtures";
import { Client } from "../../../test-utils";

/** An added charge that needed 3-D Secure, so the customer got a link instead of a charge. */
async function chargeSentAsLink(amount = 1200) {
  const j = await acceptedJob();
  await saveCard(j.customerUserId, CARDS.threeDS);
  j.vendor.now = JOB_START + 20 * MIN;
  const res = await j.vendor.post("/api/vendor/me/add-charge", {
    service_order_id: j.soId,
    amount_cents: amount,
    description: "Extra product",
    idempotencyKey: key("c"),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.data.status).toBe("awaiting_approval");
  const text = (await outboxTo(j.phone)).find((t) => t.includes("cpid="))!;
  const url = new URL(/https?:\/\/\S+/.exec(text)![0]);
  return {
    j,
    adjustmentId: res.body.data.adjustment_id as number,
    ref: { cpid: url.searchParams.get("cpid")!, vid: Number(url.searchParams.get("vid")) },
  };
}

const earning = (adjustmentId: number) =>
  env.DB.prepare("SELECT vendor_id, service_order_id, kind, amount_cents FROM vendor_earnings WHERE ref = ?")
    .bind(`add-charge:${adjustmentId}`)
    .all<{ vendor_id: number; service_order_id: number; kind: string; amount_cents: number }>();

describe("an added charge paid through its payment link", () => {
  it("settles the adjustment and writes the pro's earning line once, as a direct charge does", async () => {
    const { j, adjustmentId, ref } = await chargeSentAsLink(1200);
    const payer = new Client();
    expect((await earning(adjustmentId)).results).toEqual([]);

    const intent = await payer.post("/api/pay/secure/intent", { ...ref, charge_amount: "12.00" });
    expect(intent.status, JSON.stringify(intent.body)).toBe(200);
    const pi = intent.body.data.payment_intent;
    // Not paid yet: confirming is refused and nothing is earned.
    expect((await payer.post("/api/pay/secure/confirm", { payment_intent_id: pi.id })).body.error.code).toBe(
      "CHARGE_ERROR",
    );
    expect((await earning(adjustmentId)).results).toEqual([]);

    expect((await payIntent(pi.id, CARDS.ok)).status).toBe("succeeded");
    // The payer's page and a webhook-driven retry may both confirm, at once.
    const confirms = await Promise.all(
      Array.from({ length: 10 }, () => payer.post("/api/pay/secure/confirm", { payment_intent_id: pi.id })),
    );
    for (const r of confirms) expect(r.status, JSON.stringify(r.body)).toBe(200);

    expect((await earning(adjustmentId)).results).toEqual([
      { vendor_id: j.w.vendorIds[0], service_order_id: j.soId, kind: "add_charge", amount_cents: 840 },
    ]);
    const adj = await env.DB.prepare("SELECT status, payment_intent_id FROM job_adjustments WHERE adjustment_id = ?")
      .bind(adjustmentId)
      .first<{ status: string; payment_intent_id: string }>();
    expect(adj).toEqual({ status: "succeeded", payment_intent_id: pi.id });
    // One earning line for the job's added charges, whatever the number of confirmations.
    expect(
      await count(
        "SELECT count(*) AS n FROM vendor_earnings WHERE ref LIKE 'add-charge:%' AND service_order_id = ?",
        j.soId,
      ),
    ).toBe(1);
    // The link is closed.
    expect((await payer.get(`/api/pay/secure?cpid=${ref.cpid}&vid=${ref.vid}`)).status).toBe(410);
    // The pro's dashboard says the client approved and paid it, once whatever the number of confirmations.
    const notices = await env.DB.prepare("SELECT message FROM notifications WHERE vendor_id = ? AND dedupe_key = ?")
      .bind(j.w.vendorIds[0], `paid:${pi.id}`)
      .all<{ message: string }>();
    expect(notices.results.map((n) => n.message)).toEqual([
      expect.stringContaining("approved and paid the added charge of $12.00"),
    ]);
  });

  it("earns the pro's share of the charge only, when the payer adds a tip on the link", async () => {
    const { j, adjustmentId, ref } = await chargeSentAsLink(2000);
    const payer = new Client();
    const intent = await payer.post("/api/pay/secure/intent", { ...ref, charge_amount: "25.00", tip: "5" });
    expect(intent.status, JSON.stringify(intent.body)).toBe(200);
    const pi = intent.body.data.payment_intent;
    expect((await payIntent(pi.id, CARDS.ok)).status).toBe("succeeded");
    expect((await payer.post("/api/pay/secure/confirm", { payment_intent_id: pi.id })).status).toBe(200);
    // 70 % of the $20 charge; the $5 tip is the tips flow's, in full.
    expect((await earning(adjustmentId)).results).toEqual([
      { vendor_id: j.w.vendorIds[0], service_order_id: j.soId, kind: "add_charge", amount_cents: 1400 },
    ]);
  });
});
