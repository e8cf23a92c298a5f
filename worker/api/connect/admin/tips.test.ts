import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { signedInAdmin } from "../../../admin/test-fixtures";
import { customer, insertJob, vendorWorld } from "../../../orders/test-fixtures";
import { T0 } from "../../../test-utils";

async function tip(soid: number, vendorId: number, cents: number, source: string, status = "succeeded") {
  await env.DB.prepare(
    "INSERT INTO tips (service_order_id, vendor_id, amount_cents, source, status, created_at) VALUES (?, ?, ?, ?, ?, ?)",
  )
    .bind(soid, vendorId, cents, source, status, T0)
    .run();
}

describe("GET /api/connect/admin/tips", () => {
  it("lists tips on business jobs only, filtered by state", async () => {
    const world = await vendorWorld();
    const ava = await customer();
    const business = await insertJob({ userId: ava.user_id, world });
    const home = await insertJob({ userId: ava.user_id, world });
    await env.DB.prepare("UPDATE service_orders SET is_connect = 1 WHERE service_order_id = ?")
      .bind(business.soid)
      .run();
    await tip(business.soid, world.vendorId, 4500, "secure_pay");
    await tip(business.soid, world.vendorId, 900, "secure_pay", "failed");
    await tip(home.soid, world.vendorId, 1200, "customer");
    const { client } = await signedInAdmin("31");
    const all = await client.get("/api/connect/admin/tips");
    expect(all.status).toBe(200);
    const mine = all.body.data.items.filter((t: { service_order_id: number }) =>
      [business.soid, home.soid].includes(t.service_order_id),
    );
    expect(mine.map((t: { amount_cents: number }) => t.amount_cents).sort()).toEqual([4500, 900].sort());
    const ok = await client.get("/api/connect/admin/tips?status=succeeded");
    expect(
      ok.body.data.items.some(
        (t: { service_order_id: number; status: string }) =>
          t.service_order_id === business.soid && t.status === "failed",
      ),
    ).toBe(false);
    expect((await client.get("/api/connect/admin/tips?status=maybe")).body.error.code).toBe("INVALID_INPUT");
  });
});
