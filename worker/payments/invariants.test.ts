import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ServiceOrderStatus } from "../../domain/order-status";
import { CARDS, key, saveCard } from "../checkout/test-fixtures";
import { acceptedJob, JOB_START, MIN } from "../jobs/test-fixtures";
import { T0 } from "../test-utils";
import { moneyInvariantViolations, type MoneyViolation } from "./invariants";

/**
 * The money invariant check (worker/payments/invariants.ts) over this file's database: after the flows that move
 * money on a job (added charges within and beyond the policy, a pro's refund, a staff-free cancellation) it finds
 * nothing; each rule finds the breach it is about when one is written behind the code's back.
 */
const rules = (v: MoneyViolation[]) => [...new Set(v.map((x) => x.rule))].sort();

async function flows() {
  // Added charges racing past the cap, a pro's partial refund, then a job cancelled with an added charge on it.
  const a = await acceptedJob();
  await saveCard(a.customerUserId, CARDS.ok);
  a.vendor.now = JOB_START + 15 * MIN;
  const charges = await Promise.all(
    Array.from({ length: 20 }, () =>
      a.vendor.post("/api/vendor/me/add-charge", {
        service_order_id: a.soId,
        amount_cents: 700,
        description: "Extra product",
        idempotencyKey: key("c"),
      }),
    ),
  );
  for (const c of charges) expect(c.status, JSON.stringify(c.body)).toBe(200);
  const refund = await a.vendor.post("/api/vendor/me/issue-refund", {
    service_order_id: a.soId,
    amount_cents: 2000,
    reason: "Started late",
    idempotencyKey: key("r"),
  });
  expect(refund.status, JSON.stringify(refund.body)).toBe(200);

  const b = await acceptedJob();
  await saveCard(b.customerUserId, CARDS.ok);
  b.vendor.now = JOB_START + 15 * MIN;
  const added = await b.vendor.post("/api/vendor/me/add-charge", {
    service_order_id: b.soId,
    amount_cents: 1000,
    description: "Extra product",
    idempotencyKey: key("c"),
  });
  expect(added.body.data.status).toBe("succeeded");
  b.customer.now = T0;
  expect((await b.customer.post("/api/order/cancel", { service_order_id: b.soId })).status).toBe(200);
  return { a, b };
}

describe("the money invariants", () => {
  it("hold after added charges, refunds and a cancellation", async () => {
    await flows();
    expect(await moneyInvariantViolations(env.DB)).toEqual([]);
  });

  it("find each breach written behind the code's back", async () => {
    const { a, b } = await flows();
    // An auto charge over the cap, and a charge marked approved with no paid link.
    await env.DB.prepare(
      `INSERT INTO job_adjustments (service_order_id, vendor_id, kind, amount_cents, description, status, consent,
         idempotency_key, created_at, updated_at)
       VALUES (?1, ?2, 'add_charge', 5000, 'x', 'succeeded', 'auto', ?3, ?4, ?4),
              (?1, ?2, 'add_charge', 100, 'y', 'succeeded', 'customer', ?5, ?4, ?4)`,
    )
      .bind(a.soId, a.w.vendorIds[0], key("over"), T0, key("unapproved"))
      .run();
    // A refund over its payment.
    const pi = await env.DB.prepare(
      "SELECT payment_intent_id AS id FROM orders o JOIN service_orders so ON so.order_id = o.order_id WHERE so.service_order_id = ?",
    )
      .bind(a.soId)
      .first<{ id: string }>();
    await env.DB.prepare(
      `INSERT INTO refunds (payment_intent_id, service_order_id, amount_cents, status, idempotency_key, created_at)
       VALUES (?, ?, 1000000, 'succeeded', ?, ?)`,
    )
      .bind(pi!.id, a.soId, key("refund"), T0)
      .run();
    // A payout larger than the pro ever earned.
    await env.DB.prepare(
      `INSERT INTO payouts (vendor_id, amount_cents, kind, status, idempotency_key, created_at)
       VALUES (?, 99999999, 'instant', 'paid', ?, ?)`,
    )
      .bind(b.w.vendorIds[0], key("payout"), T0)
      .run();
    // The cancelled job still holding its pro's time.
    await env.DB.prepare(
      `INSERT INTO vendor_busy (vendor_id, starts_at, ends_at, kind, ref_id, is_connect, updated_at)
       VALUES (?, ?, ?, 'booking', ?, 0, ?)`,
    )
      .bind(b.w.vendorIds[0], JOB_START, JOB_START + 60 * MIN, String(b.soId), T0)
      .run();
    // A refunded added charge whose pro share was never reversed.
    await env.DB.prepare(
      `UPDATE job_adjustments SET refund_status = 'succeeded' WHERE service_order_id = ? AND kind = 'add_charge'
         AND status = 'succeeded' AND consent = 'auto' AND amount_cents = 700
         AND adjustment_id = (SELECT min(adjustment_id) FROM job_adjustments WHERE service_order_id = ? AND amount_cents = 700 AND status = 'succeeded')`,
    )
      .bind(a.soId, a.soId)
      .run();
    const found = await moneyInvariantViolations(env.DB);
    expect(rules(found)).toEqual([
      "added-charge-refund",
      "approved-charge",
      "auto-charge-cap",
      "calendar-released",
      "payout-over-earnings",
      "refund-over-charge",
    ]);
    expect(found.find((v) => v.rule === "auto-charge-cap")).toMatchObject({ ref: `so:${a.soId}` });
    expect(found.find((v) => v.rule === "calendar-released")?.detail).toMatch(
      new RegExp(`job ${b.soId} is closed \\(status ${ServiceOrderStatus.CANCELLED}\\)`),
    );
  });
});
