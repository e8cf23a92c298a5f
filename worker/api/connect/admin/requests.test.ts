import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { auditRowsFor, signedInAdmin } from "../../../admin/test-fixtures";
import { makeService } from "../../../calendar/test-fixtures";
import { vendorWorld } from "../../../orders/test-fixtures";
import { Client, freshPhone, promote, signUp } from "../../../test-utils";

async function connectWorld() {
  const world = await vendorWorld();
  // The request is at the pro's ZIP, inside their range (decision 123).
  const zip = { zip: world.zip };
  const service = await makeService({ type: 2, minutes: 120, price: 30_000 });
  await env.DB.prepare("INSERT INTO vendor_services (vendor_id, service_id, enabled) VALUES (?, ?, 1)")
    .bind(world.vendorId, service.serviceId)
    .run();
  return { world, zip: zip.zip, serviceId: service.serviceId };
}

const form = (zip: string, serviceId: number) => ({
  business_name: "Harbor Hotel",
  contact_name: "Maya Events",
  phone: freshPhone(),
  email: "events@harbor.example",
  address: "1 Harbor Way",
  zipcode: zip,
  date: "2026-11-30",
  time: "14:00",
  people: 12,
  service_id: serviceId,
  notes: "Chair massage for the sales team",
});

describe("connect requests", () => {
  it("takes a business request, which a connect admin assigns to a pro who then sees it", async () => {
    const { world, zip, serviceId } = await connectWorld();
    const sent = await new Client().post("/api/connect/requests", form(zip, serviceId));
    expect(sent.status).toBe(201);
    const id = sent.body.data.connect_request_id;

    const staff = new Client();
    const s = await signUp(staff, { name: "Connect Staff" });
    await promote(s.profile.user_id, { groups: "31" });
    const queue = await staff.get("/api/connect/admin/requests");
    expect(queue.body.data.items.map((r: { connect_request_id: number }) => r.connect_request_id)).toContain(id);
    const pros = await staff.get(`/api/connect/admin/requests/${id}/pros`);
    expect(pros.body.data.map((p: { vendor_id: number }) => p.vendor_id)).toContain(world.vendorId);
    const assigned = await staff.post(`/api/connect/admin/requests/${id}/assign`, { vendor_id: world.vendorId });
    expect(assigned.status).toBe(200);
    expect((await staff.post(`/api/connect/admin/requests/${id}/assign`, { vendor_id: world.vendorId })).status).toBe(
      409,
    );
    expect(await auditRowsFor("connect_request", id)).toHaveLength(1);

    const mine = await world.vendorClient.get("/api/vendor/me/connect-requests");
    expect(mine.body.data).toMatchObject([
      { connect_request_id: id, business_name: "Harbor Hotel", people: 12, local_time: "2026-11-30 14:00" },
    ]);
    expect(
      (await staff.post(`/api/connect/admin/requests/${id}/cancel`, { reason: "Client called it off" })).status,
    ).toBe(200);
    expect((await world.vendorClient.get("/api/vendor/me/connect-requests")).body.data).toEqual([]);
  });

  it("refuses bad input and a pro who does not offer the service", async () => {
    const { zip, serviceId } = await connectWorld();
    const anon = new Client();
    const bad = await anon.post("/api/connect/requests", { ...form(zip, serviceId), people: 1, email: "nope" });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields)).toEqual(expect.arrayContaining(["people", "email"]));
    expect((await anon.post("/api/connect/requests", { ...form(zip, serviceId), date: "2026-11-22" })).status).toBe(
      400,
    );
    const consumer = await makeService();
    expect((await anon.post("/api/connect/requests", form(zip, consumer.serviceId))).status).toBe(400);
    const sent = await anon.post("/api/connect/requests", form(zip, serviceId));
    const other = await vendorWorld();
    const { client } = await signedInAdmin();
    const res = await client.post(`/api/connect/admin/requests/${sent.body.data.connect_request_id}/assign`, {
      vendor_id: other.vendorId,
    });
    expect(res.status).toBe(400);
    expect(await auditRowsFor("connect_request", sent.body.data.connect_request_id)).toEqual([]);
  });
});
