import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ServiceOrderStatus } from "../../../domain/order-status";
import { auditRowsFor, signedInAdmin } from "../../admin/test-fixtures";
import { makeVendor } from "../../calendar/test-fixtures";
import { at, bookJob, calendar, customer, insertJob, TUE, vendorWorld } from "../../orders/test-fixtures";
import { T0 } from "../../test-utils";

const reason = "Staff decision for the test";

async function vendorRow(id: number) {
  return env.DB.prepare("SELECT status, soft_banned, reliability, payouts_paused FROM vendors WHERE vendor_id = ?")
    .bind(id)
    .first<{ status: string; soft_banned: number; reliability: number; payouts_paused: number }>();
}

describe("staff vendor actions", () => {
  it("deactivates and reactivates with state checks, one audit row per action", async () => {
    const world = await vendorWorld();
    const { client, user_id } = await signedInAdmin();
    const path = `/api/admin/vendors/${world.vendorId}`;
    expect((await client.post(`${path}/reactivate`, { reason })).body.error.code).toBe("STAFF_ACTION_NOT_ALLOWED");
    const off = await client.post(`${path}/deactivate`, { reason });
    expect(off.status).toBe(200);
    expect(off.body.data.status).toBe("deactivated");
    expect((await client.post(`${path}/deactivate`, { reason })).status).toBe(409);
    expect((await client.post(`${path}/reactivate`, { reason })).body.data.status).toBe("active");
    const rows = await auditRowsFor("vendor", world.vendorId);
    expect(rows.map((r) => r.action)).toEqual(["vendor.deactivate", "vendor.reactivate"]);
    expect(rows[0]).toMatchObject({ actor_user_id: user_id, reason });
    expect(JSON.parse(rows[0]!.before_value!)).toEqual({ status: "active" });
    expect(JSON.parse(rows[0]!.after_value!)).toEqual({ status: "deactivated" });
  });

  it("refuses a missing reason and an unknown vendor without writing anything", async () => {
    const world = await vendorWorld();
    const { client } = await signedInAdmin();
    const short = await client.post(`/api/admin/vendors/${world.vendorId}/deactivate`, { reason: "x" });
    expect(short.status).toBe(400);
    expect(short.body.error.code).toBe("INVALID_INPUT");
    expect((await client.post(`/api/admin/vendors/${world.vendorId}/deactivate`, "{")).status).toBe(400);
    expect((await client.post("/api/admin/vendors/999999999/terminate", { reason })).status).toBe(404);
    expect((await vendorRow(world.vendorId))!.status).toBe("active");
    expect(await auditRowsFor("vendor", world.vendorId)).toEqual([]);
  });

  it("soft-bans (reliability 1, no more offers) and resets reliability to 50", async () => {
    const world = await vendorWorld();
    const { client } = await signedInAdmin();
    const path = `/api/admin/vendors/${world.vendorId}`;
    expect((await client.post(`${path}/soft-ban`, { reason })).body.data).toMatchObject({ reliability: 1 });
    expect(await vendorRow(world.vendorId)).toMatchObject({ soft_banned: 1, reliability: 1 });
    expect((await client.post(`${path}/soft-ban`, { reason })).status).toBe(409);
    expect((await client.post(`${path}/reset-reliability`, { reason })).body.data).toMatchObject({ reliability: 50 });
    expect(await vendorRow(world.vendorId)).toMatchObject({ soft_banned: 0, reliability: 50 });
    expect((await client.post(`${path}/reset-reliability`, { reason })).status).toBe(409);
    const rows = await auditRowsFor("vendor", world.vendorId);
    expect(rows.map((r) => r.action)).toEqual(["vendor.soft_ban", "vendor.reset_reliability"]);
    expect(JSON.parse(rows[0]!.before_value!)).toEqual({ soft_banned: false, reliability: 80 });
  });

  it("terminates once: payouts paused, accepted future jobs released and offered to other pros", async () => {
    const world = await vendorWorld();
    const zip = await env.DB.prepare("SELECT latitude, longitude FROM zipcodes WHERE zip = ?")
      .bind(world.zip)
      .first<{ latitude: number; longitude: number }>();
    const other = await makeVendor({ near: zip!, offers: [{ serviceId: world.serviceId }] });
    const banned = await makeVendor({ near: zip!, softBanned: true, offers: [{ serviceId: world.serviceId }] });
    const ava = await customer();
    const future = await insertJob({ userId: ava.user_id, world, start: at(TUE, "10:00") });
    await bookJob(world, future.soid, future.start);
    const past = await insertJob({
      userId: ava.user_id,
      world,
      start: T0 - 3_600_000,
      status: ServiceOrderStatus.COMPLETED,
    });
    const { client } = await signedInAdmin("55");

    const res = await client.post(`/api/admin/vendors/${world.vendorId}/terminate`, { reason });
    expect(res.status).toBe(200);
    expect(res.body.data.reoffered).toEqual({ [future.soid]: [other] });
    expect(await vendorRow(world.vendorId)).toMatchObject({ status: "terminated", payouts_paused: 1 });
    const job = await env.DB.prepare(
      "SELECT vendor_id, service_order_status_id FROM service_orders WHERE service_order_id = ?",
    )
      .bind(future.soid)
      .first();
    expect(job).toEqual({ vendor_id: null, service_order_status_id: ServiceOrderStatus.PENDING });
    const done = await env.DB.prepare("SELECT vendor_id FROM service_orders WHERE service_order_id = ?")
      .bind(past.soid)
      .first<{ vendor_id: number }>();
    expect(done!.vendor_id).toBe(world.vendorId);
    const offers = await env.DB.prepare("SELECT vendor_id, status FROM job_offers WHERE service_order_id = ?")
      .bind(future.soid)
      .all();
    expect(offers.results).toEqual([{ vendor_id: other, status: "offered" }]);
    expect(offers.results.some((o) => o.vendor_id === banned)).toBe(false);
    expect(await calendar(world)).toEqual([]);

    expect((await client.post(`/api/admin/vendors/${world.vendorId}/terminate`, { reason })).status).toBe(409);
    expect((await client.post(`/api/admin/vendors/${world.vendorId}/reset-reliability`, { reason })).status).toBe(409);
    expect((await client.post(`/api/admin/vendors/${world.vendorId}/reactivate`, { reason })).status).toBe(409);
    const rows = await auditRowsFor("vendor", world.vendorId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.action).toBe("vendor.terminate");
    expect(JSON.parse(rows[0]!.details!)).toEqual({ released_jobs: [future.soid] });
  });

  it("terminates exactly once under 20 parallel requests", async () => {
    const world = await vendorWorld();
    const { client } = await signedInAdmin();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => client.post(`/api/admin/vendors/${world.vendorId}/terminate`, { reason })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
    expect(await auditRowsFor("vendor", world.vendorId)).toHaveLength(1);
  });

  it("restricts a service once and deletes a payout account once", async () => {
    const world = await vendorWorld();
    const { client } = await signedInAdmin();
    const path = `/api/admin/vendors/${world.vendorId}`;
    expect((await client.post(`${path}/services/${world.serviceId}/restrict`, { reason })).status).toBe(200);
    expect((await client.post(`${path}/services/${world.serviceId}/restrict`, { reason })).status).toBe(409);
    expect((await client.post(`${path}/services/999999999/restrict`, { reason })).status).toBe(404);
    expect((await client.post(`${path}/payout-account/delete`, { reason })).status).toBe(404);
    await env.DB.prepare(
      "INSERT INTO connected_accounts (vendor_id, provider, account_id, status, payouts_enabled, created_at, updated_at) VALUES (?, 'local', ?, 'active', 1, ?, ?)",
    )
      .bind(world.vendorId, `acct_${world.vendorId}_${Math.random()}`, T0, T0)
      .run();
    expect((await client.post(`${path}/payout-account/delete`, { reason })).status).toBe(200);
    expect((await client.post(`${path}/payout-account/delete`, { reason })).status).toBe(409);
    const detail = await client.get(path);
    expect(detail.body.data.services[0].restricted_at).toBe(T0);
    expect(detail.body.data.payout_account).toMatchObject({ status: "deleted", payouts_enabled: 0 });
    const rows = await auditRowsFor("vendor", world.vendorId);
    expect(rows.map((r) => r.action)).toEqual(["vendor.restrict_service", "vendor.delete_payout_account"]);
  });

  it("finds vendors by name, phone and ZIP, 10 a page", async () => {
    const world = await vendorWorld();
    const { client } = await signedInAdmin();
    const byName = await client.get(`/api/admin/vendors?q=${encodeURIComponent(world.vendorName)}`);
    expect(byName.body.data.items.map((v: { vendor_id: number }) => v.vendor_id)).toEqual([world.vendorId]);
    const digits = world.vendorPhone.slice(2);
    const byPhone = await client.get(`/api/admin/vendors?q=${digits}`);
    expect(byPhone.body.data.items.map((v: { vendor_id: number }) => v.vendor_id)).toContain(world.vendorId);
    await env.DB.prepare("UPDATE vendors SET base_zip = ? WHERE vendor_id = ?").bind(world.zip, world.vendorId).run();
    const byZip = await client.get(`/api/admin/vendors?q=${world.zip}`);
    expect(byZip.body.data.items.map((v: { vendor_id: number }) => v.vendor_id)).toContain(world.vendorId);
    const all = await client.get("/api/admin/vendors?page=1");
    expect(all.body.data.items.length).toBeLessThanOrEqual(10);
    expect(all.body.data.page_size).toBe(10);
    expect((await client.get("/api/admin/vendors?page=0")).status).toBe(400);
  });
});
