import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { FAVOURITE_LIMIT } from "../../../domain/visit-plan";
import { makeVendor } from "../../calendar/test-fixtures";
import { customer, T0, vendorWorld } from "../../orders/test-fixtures";
import { Client } from "../../test-utils";

/** /api/account/favourites (docs/decisions/153): mark, unmark, list with next free times, the limit. */

async function extraVendors(count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) ids.push(await makeVendor({ near: { latitude: 40.7, longitude: -74 } }));
  return ids;
}

describe("favourite pros", () => {
  it("marks and unmarks a pro idempotently and lists them with the next free time", async () => {
    const w = await vendorWorld({ minutes: 60 });
    const { client } = await customer();
    expect((await client.get(`/api/account/favourites/${w.vendorId}`)).body.data.favourite).toBe(false);
    for (let i = 0; i < 2; i++) {
      const put = await client.put(`/api/account/favourites/${w.vendorId}`);
      expect(put.status).toBe(200);
      expect(put.body.data).toEqual({ vendor_id: w.vendorId, favourite: true });
    }
    expect((await client.get(`/api/account/favourites/${w.vendorId}`)).body.data.favourite).toBe(true);
    const list = (await client.get("/api/account/favourites")).body.data;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ vendor_id: w.vendorId, display_name: w.vendorName, time_zone: "America/New_York" });
    expect(list[0].next_free).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    // Same-day starts need 90 minutes' notice: the next free time is never sooner.
    expect(list[0].next_free >= "2026-11-22 11:30").toBe(true);

    for (let i = 0; i < 2; i++)
      expect((await client.call("DELETE", `/api/account/favourites/${w.vendorId}`)).status).toBe(200);
    expect((await client.get("/api/account/favourites")).body.data).toEqual([]);
  });

  it("shows only active pros, and refuses to add an inactive or unknown one", async () => {
    const w = await vendorWorld();
    const { client } = await customer();
    await client.put(`/api/account/favourites/${w.vendorId}`);
    await env.DB.prepare("UPDATE vendors SET status = 'deactivated' WHERE vendor_id = ?").bind(w.vendorId).run();
    expect((await client.get("/api/account/favourites")).body.data).toEqual([]);
    const other = await vendorWorld();
    await env.DB.prepare("UPDATE vendors SET status = 'terminated' WHERE vendor_id = ?").bind(other.vendorId).run();
    const refused = await client.put(`/api/account/favourites/${other.vendorId}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("FAVOURITE_PRO_INACTIVE");
    expect((await client.put("/api/account/favourites/999999")).body.error.code).toBe("NOT_FOUND");
  });

  it("validates the id and needs a signed-in customer", async () => {
    const w = await vendorWorld();
    const { client } = await customer();
    for (const bad of ["abc", "0", "-1", "99999999999", "1.5"])
      expect((await client.put(`/api/account/favourites/${bad}`)).status).toBe(400);
    expect((await new Client().put(`/api/account/favourites/${w.vendorId}`)).status).toBe(401);
    expect((await new Client().get("/api/account/favourites")).status).toBe(401);
  });

  it(`keeps at most ${FAVOURITE_LIMIT} favourites when ${FAVOURITE_LIMIT * 20} adds race`, async () => {
    const w = await vendorWorld();
    const ids = [w.vendorId, ...(await extraVendors(2 * FAVOURITE_LIMIT - 1))];
    const { client, user_id } = await customer();
    client.now = T0;
    const replies = await Promise.all(
      Array.from({ length: FAVOURITE_LIMIT * 20 }, (_, i) =>
        client.put(`/api/account/favourites/${ids[i % ids.length]}`),
      ),
    );
    expect(replies.every((r) => r.status === 200 || r.body.error?.code === "FAVOURITES_LIMIT")).toBe(true);
    const count = await env.DB.prepare("SELECT COUNT(*) AS n FROM favourite_pros WHERE user_id = ?")
      .bind(user_id)
      .first<{ n: number }>();
    expect(count!.n).toBe(FAVOURITE_LIMIT);
    const kept = new Set(
      (
        await env.DB.prepare("SELECT vendor_id FROM favourite_pros WHERE user_id = ?")
          .bind(user_id)
          .all<{ vendor_id: number }>()
      ).results.map((r) => r.vendor_id),
    );
    // Once full, a new pro is refused with the limit's message; one already kept is still answered as kept.
    expect((await client.put(`/api/account/favourites/${ids.find((id) => !kept.has(id))}`)).body.error.code).toBe(
      "FAVOURITES_LIMIT",
    );
    expect((await client.put(`/api/account/favourites/${[...kept][0]}`)).status).toBe(200);
    expect((await client.get("/api/account/favourites")).body.data).toHaveLength(FAVOURITE_LIMIT);
  });
});
