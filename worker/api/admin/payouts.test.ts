import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { auditRowsFor, signedInAdmin } from "../../admin/test-fixtures";
import { customer, insertJob, vendorWorld } from "../../orders/test-fixtures";
import { T0 } from "../../test-utils";

const reason = "Client added a second colour";

describe("POST /api/admin/payouts/jobs/:id/adjust", () => {
  it("moves a job's payout within the limits, once per request, audited; outside them PRICE_ADJUST_FAILED", async () => {
    const world = await vendorWorld();
    const ava = await customer();
    const job = await insertJob({ userId: ava.user_id, world, price: 10_000 });
    await env.DB.prepare("UPDATE service_orders SET vendor_payout_cents = 6000 WHERE service_order_id = ?")
      .bind(job.soid)
      .run();
    const { client } = await signedInAdmin();
    const path = `/api/admin/payouts/jobs/${job.soid}/adjust`;
    const tooHigh = await client.post(path, { payout_cents: 10_001, reason });
    expect(tooHigh.status).toBe(400);
    expect(tooHigh.body.error.code).toBe("PRICE_ADJUST_FAILED");
    expect((await client.post(path, { payout_cents: 70.5, reason })).body.error.code).toBe("INVALID_INPUT");
    const ok = await client.post(path, { payout_cents: 7000, reason });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toEqual({ service_order_id: job.soid, vendor_payout_cents: 7000, delta_cents: 1000 });
    expect((await client.post(path, { payout_cents: 7000, reason })).body.error.code).toBe("PRICE_ADJUST_FAILED");
    const rows = await auditRowsFor("service_order", job.soid);
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]!.before_value!)).toEqual({ vendor_payout_cents: 6000 });
  });

  it("adds an adjustment line when the job's earning line exists", async () => {
    const world = await vendorWorld();
    const ava = await customer();
    const job = await insertJob({ userId: ava.user_id, world, price: 10_000 });
    await env.DB.batch([
      env.DB.prepare("UPDATE service_orders SET vendor_payout_cents = 6000 WHERE service_order_id = ?").bind(job.soid),
      env.DB.prepare(
        "INSERT INTO vendor_earnings (vendor_id, service_order_id, kind, amount_cents, ref, created_at) VALUES (?, ?, 'job', 6000, ?, ?)",
      ).bind(world.vendorId, job.soid, `job:${job.soid}`, T0),
    ]);
    const { client } = await signedInAdmin();
    expect(
      (await client.post(`/api/admin/payouts/jobs/${job.soid}/adjust`, { payout_cents: 5500, reason })).status,
    ).toBe(200);
    const lines = await env.DB.prepare(
      "SELECT kind, amount_cents FROM vendor_earnings WHERE service_order_id = ? ORDER BY earning_id",
    )
      .bind(job.soid)
      .all();
    expect(lines.results).toEqual([
      { kind: "job", amount_cents: 6000 },
      { kind: "adjustment", amount_cents: -500 },
    ]);
    const list = await client.get("/api/admin/payouts?status=paid");
    expect(list.status).toBe(200);
    expect((await client.get("/api/admin/payouts?status=lost")).status).toBe(400);
  });
});
