import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { addItem, bookedJob, contact, count, customer, vendorClient, world } from "../../../checkout/test-fixtures";

/** Books one job with the world's vendor, writing `notes` at checkout; answers its id. */
async function bookWithNotes(notes: unknown) {
  const w = await world();
  const { soId } = await bookedJob(w, w.vendorId, "10:00", { notes });
  return { w, soId };
}

async function dashboardJob(vendorId: number, soId: number) {
  const pro = await vendorClient(vendorId);
  const res = await pro.post("/api/vendor/me/main-details", {});
  expect(res.status).toBe(200);
  const [, upcoming, , , , offers] = res.body.data as [unknown, any[], unknown, unknown, unknown, any[]];
  return {
    pro,
    offer: offers.find((o) => o.service_order_id === soId),
    job: upcoming.find((j) => j.service_order_id === soId),
  };
}

describe("the customer's notes for the pro", () => {
  it("travel from checkout to the job, cleaned, and the pro sees them only once the job is theirs", async () => {
    const { w, soId } = await bookWithNotes("  Gate code 4512 \r\n\r\n\r\n Dog is friendly\u0007 ");
    const stored = await env.DB.prepare(
      "SELECT o.customer_notes AS on_order, so.customer_notes AS on_job FROM service_orders so JOIN orders o ON o.order_id = so.order_id WHERE so.service_order_id = ?",
    )
      .bind(soId)
      .first<{ on_order: string; on_job: string }>();
    expect(stored).toEqual({
      on_order: "Gate code 4512\n\nDog is friendly",
      on_job: "Gate code 4512\n\nDog is friendly",
    });

    const before = await dashboardJob(w.vendorId, soId);
    expect(before.offer).toMatchObject({ service_order_id: soId, notes: null });
    const accepted = await before.pro.post("/api/vendor/me/jobs/accept", { service_order_id: soId });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const after = await dashboardJob(w.vendorId, soId);
    expect(after.job).toMatchObject({ service_order_id: soId, notes: "Gate code 4512\n\nDog is friendly" });
  });

  it("stores nothing for a blank note", async () => {
    const { soId } = await bookWithNotes(" \n\t ");
    expect(
      await count(
        "SELECT count(*) AS n FROM service_orders WHERE service_order_id = ? AND customer_notes IS NULL",
        soId,
      ),
    ).toBe(1);
  });

  it.each([
    ["a note over 500 characters", "x".repeat(501)],
    ["a very long note", "y".repeat(10_000)],
    ["a note that is not text", { text: "hi" }],
  ])("refuses %s with INVALID_INPUT on notes and creates no order", async (_, notes) => {
    const w = await world();
    const { client, userId } = await customer();
    await addItem(client, w, "10:00", w.vendorId);
    const res = await client.post("/api/checkout/charge-stripe", contact(w, { notes }));
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("INVALID_INPUT");
    expect(Object.keys(res.body.error.fields ?? {})).toContain("notes");
    expect(await count("SELECT count(*) AS n FROM orders WHERE user_id = ?", userId)).toBe(0);
  });
});
