import { env } from "cloudflare:test";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import { jobCandidates } from "../checkout/job-candidates";
import { at, customer, TUE, vendorWorld } from "../orders/test-fixtures";
import { T0 } from "../test-utils";
import { switchOffUnlicensedServices } from "./licence-expiry";

/**
 * GET /api/vendor/me/setup and the Live rule (domain/vendors/setup.ts) against the offer code itself
 * (worker/checkout/job-candidates.ts jobCandidates): in every state below, the dashboard says Live exactly when the
 * pro is among the candidates of a job they could do.
 */

async function liveAndOffered(world: Awaited<ReturnType<typeof vendorWorld>>, userId: number) {
  const setup = await world.vendorClient.get("/api/vendor/me/setup");
  expect(setup.status).toBe(200);
  const zip = (await env.DB.prepare("SELECT * FROM zipcodes WHERE zip = ?").bind(world.zip).first())!;
  const [candidates] = await jobCandidates(
    drizzle(env.DB),
    zip as never,
    userId,
    [
      {
        serviceId: world.serviceId,
        start: at(TUE, "12:00"),
        minutes: 60,
        isConnect: false,
        holdId: "none",
        holdVendorId: -1,
        chosenVendorId: null,
        hint: null,
      },
    ],
    T0,
  );
  return {
    live: setup.body.data.live as boolean,
    offered: candidates!.includes(world.vendorId),
    body: setup.body.data,
  };
}

const sql = (query: string, ...args: unknown[]) =>
  env.DB.prepare(query)
    .bind(...args)
    .run();

describe("GET /api/vendor/me/setup", () => {
  it("lists the steps with where each is done, and says Live for a pro who is offered jobs", async () => {
    const world = await vendorWorld();
    const client = await customer();
    const { live, offered, body } = await liveAndOffered(world, client.user_id);
    expect(offered).toBe(true);
    expect(live).toBe(true);
    expect(body.not_live_because).toEqual([]);
    // The fixture's pro has no agreement, no payout account; the photo is approved.
    const open = body.items.filter((i: { done: boolean }) => !i.done).map((i: { key: string }) => i.key);
    expect(open).toEqual(["agreement", "payouts"]);
    expect(body.complete).toBe(false);
    expect(body.items.find((i: { key: string }) => i.key === "services").href).toBe("/business/services");
  });

  it("agrees with the offer code when a step is undone", async () => {
    const client = await customer();
    const cases: Array<[string, (w: Awaited<ReturnType<typeof vendorWorld>>) => Promise<unknown>, string | null]> = [
      [
        "service switched off",
        (w) => sql("UPDATE vendor_services SET enabled = 0 WHERE vendor_id = ?", w.vendorId),
        "services",
      ],
      [
        "restricted by staff",
        (w) => sql("UPDATE vendor_services SET restricted_at = ? WHERE vendor_id = ?", T0, w.vendorId),
        "services",
      ],
      [
        "no working hours",
        (w) => sql(`UPDATE vendors SET available_setting = '{"weekly":{}}' WHERE vendor_id = ?`, w.vendorId),
        "hours",
      ],
      [
        "no service area",
        (w) => sql("UPDATE vendors SET latitude = NULL, longitude = NULL WHERE vendor_id = ?", w.vendorId),
        "area",
      ],
      [
        "paused by the pro",
        (w) => sql("UPDATE vendors SET status = 'deactivated', deactivated_by = 'pro' WHERE vendor_id = ?", w.vendorId),
        null,
      ],
      ["soft-banned", (w) => sql("UPDATE vendors SET soft_banned = 1 WHERE vendor_id = ?", w.vendorId), null],
      [
        "licence missing (after the licence sweep)",
        async (w) => {
          await sql(
            "UPDATE service_code_groups SET license_required = 1 WHERE service_code_group_id = (SELECT service_code_group_id FROM services WHERE service_id = ?)",
            w.serviceId,
          );
          await switchOffUnlicensedServices(env.DB, T0);
        },
        "services",
      ],
    ];
    for (const [name, undo, reason] of cases) {
      const world = await vendorWorld();
      await undo(world);
      const { live, offered, body } = await liveAndOffered(world, client.user_id);
      expect({ name, live, offered }).toEqual({ name, live: false, offered: false });
      if (reason) expect(body.not_live_because, name).toContain(reason);
    }
  });

  it("marks the licence step undone while a licensed service's licence waits for staff", async () => {
    const world = await vendorWorld();
    await sql(
      "UPDATE service_code_groups SET license_required = 1 WHERE service_code_group_id = (SELECT service_code_group_id FROM services WHERE service_id = ?)",
      world.serviceId,
    );
    await sql("UPDATE vendor_services SET enabled = 0 WHERE vendor_id = ?", world.vendorId);
    const body = (await world.vendorClient.get("/api/vendor/me/setup")).body.data;
    expect(body.items.find((i: { key: string }) => i.key === "licences")).toMatchObject({
      done: false,
      href: "/business/licences",
    });
    expect(body.live).toBe(false);
  });

  it("is for pros only", async () => {
    const client = await customer();
    expect((await client.client.get("/api/vendor/me/setup")).status).toBe(403);
  });
});
