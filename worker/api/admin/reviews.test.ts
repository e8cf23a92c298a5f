import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ServiceOrderStatus } from "../../../domain/order-status";
import { auditRowsFor, signedInAdmin } from "../../admin/test-fixtures";
import { MASK, outboxBody } from "../../adapters/sms";
import { customer, insertJob, vendorWorld } from "../../orders/test-fixtures";
import { freshPhone, T0 } from "../../test-utils";
import { applicantMessage } from "../../vendors/application-review";

const reason = "Staff decision for the test";

const phoneOf = new Map<number, string>();

async function textsTo(phone: string): Promise<string[]> {
  const { results } = await env.DB.prepare('SELECT body FROM outbox WHERE "to" = ? ORDER BY id')
    .bind(phone)
    .all<{ body: string }>();
  return results.map((r) => r.body);
}

async function application(name = "Applicant") {
  const phone = freshPhone();
  const row = await env.DB.prepare(
    `INSERT INTO vendor_applications (name, phone, email, zipcode, service_groups, created_at)
     VALUES (?, ?, ?, '10001', '[1]', ?) RETURNING application_id`,
  )
    .bind(name, phone, `${phone.slice(2)}@example.com`, T0)
    .first<{ application_id: number }>();
  phoneOf.set(row!.application_id, phone);
  return row!.application_id;
}

async function ratedJob(stars: number) {
  const world = await vendorWorld();
  const ava = await customer();
  const job = await insertJob({
    userId: ava.user_id,
    world,
    status: ServiceOrderStatus.COMPLETED,
    start: T0 - 7_200_000,
  });
  await env.DB.prepare(
    "UPDATE service_orders SET vendor_rating = ?, vendor_rating_notes = 'Arrived late and rushed', rated_at = ?, rating_approved = 0 WHERE service_order_id = ?",
  )
    .bind(stars, T0, job.soid)
    .run();
  return { world, soid: job.soid };
}

describe("application decisions", () => {
  it("rejects, silently rejects or ignores a submitted application once", async () => {
    const { client } = await signedInAdmin();
    const a = await application("Reject Me");
    const b = await application("Silent Me");
    const c = await application("Ignore Me");
    expect((await client.post(`/api/admin/applications/${a}/reject`, { reason })).body.data.status).toBe("rejected");
    expect((await client.post(`/api/admin/applications/${b}/silent-reject`, { reason })).body.data.status).toBe(
      "silently_rejected",
    );
    expect((await client.post(`/api/admin/applications/${c}/ignore`, { reason })).body.data.status).toBe("ignored");
    expect((await client.post(`/api/admin/applications/${a}/ignore`, { reason })).status).toBe(409);
    expect((await client.post("/api/admin/applications/999999999/reject", { reason })).status).toBe(404);
    for (const [id, action] of [
      [a, "application.reject"],
      [b, "application.silent_reject"],
      [c, "application.ignore"],
    ] as const) {
      const rows = await auditRowsFor("vendor_application", id);
      expect(rows.map((r) => r.action)).toEqual([action]);
    }
    // Each applicant is texted the decision, except the silent rejection (docs/decisions/128).
    expect(await textsTo(phoneOf.get(a)!)).toEqual([applicantMessage("rejected")]);
    expect(await textsTo(phoneOf.get(b)!)).toEqual([]);
    expect(await textsTo(phoneOf.get(c)!)).toEqual([applicantMessage("ignored")]);
    expect(applicantMessage("ignored")).toMatch(/welcome to apply again/);
    const list = await client.get("/api/admin/applications?status=silently_rejected&q=Silent%20Me");
    expect(list.body.data.items.map((r: { application_id: number }) => r.application_id)).toEqual([b]);
    expect((await client.get("/api/admin/applications?status=nope")).status).toBe(400);
  });
});

describe("licence and photo reviews", () => {
  it("approves, or rejects with a comment the pro sees, only a pending item", async () => {
    const world = await vendorWorld();
    await env.DB.prepare("UPDATE vendors SET license_status = 'pending', photo_status = 'pending' WHERE vendor_id = ?")
      .bind(world.vendorId)
      .run();
    const { client } = await signedInAdmin();
    const path = `/api/admin/reviews/${world.vendorId}`;
    expect((await client.post(`${path}/photo`, { decision: "reject", comment: "" })).status).toBe(400);
    expect(
      (await client.post(`${path}/photo`, { decision: "reject", comment: "Show your face, no sunglasses" })).status,
    ).toBe(200);
    expect((await client.post(`${path}/photo`, { decision: "approve" })).status).toBe(409);
    // Licences are decided per group (worker/vendors/licence-review.test.ts); the old vendor-wide path is gone.
    expect((await client.post(`${path}/license`, { decision: "approve" })).status).toBe(400);
    const row = await env.DB.prepare("SELECT photo_status, review_note FROM vendors WHERE vendor_id = ?")
      .bind(world.vendorId)
      .first();
    expect(row).toEqual({ photo_status: "rejected", review_note: "Show your face, no sunglasses" });
    expect((await auditRowsFor("vendor", world.vendorId)).map((r) => r.action)).toEqual(["vendor.photo_reject"]);
  });
});

describe("held ratings", () => {
  it("lists a 2-star rating for any admin; only a team lead or manager decides, once", async () => {
    const { world, soid } = await ratedJob(2);
    const admin = await signedInAdmin("50");
    const manager = await signedInAdmin("70");
    const list = await admin.client.get("/api/admin/ratings");
    expect(list.status).toBe(200);
    expect((await admin.client.post(`/api/admin/ratings/${soid}/approve`, { reason })).status).toBe(403);
    const ok = await manager.client.post(`/api/admin/ratings/${soid}/approve`, { reason });
    expect(ok.status).toBe(200);
    const vendor = await env.DB.prepare("SELECT rating_count, rating_avg_x100 FROM vendors WHERE vendor_id = ?")
      .bind(world.vendorId)
      .first();
    expect(vendor).toEqual({ rating_count: 1, rating_avg_x100: 200 });
    expect((await manager.client.post(`/api/admin/ratings/${soid}/reject`, { reason })).status).toBe(409);
    const rows = await auditRowsFor("service_order", soid);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: "rating.approve", actor_user_id: manager.user_id });
  });

  it("a rejected rating never counts", async () => {
    const { world, soid } = await ratedJob(1);
    const lead = await signedInAdmin("60");
    expect((await lead.client.post(`/api/admin/ratings/${soid}/reject`, { reason })).status).toBe(200);
    const vendor = await env.DB.prepare("SELECT rating_count FROM vendors WHERE vendor_id = ?")
      .bind(world.vendorId)
      .first<{ rating_count: number }>();
    expect(vendor!.rating_count).toBe(0);
    const list = await lead.client.get("/api/admin/ratings?page=1");
    expect(list.body.data.items.some((r: { service_order_id: number }) => r.service_order_id === soid)).toBe(false);
  });
});

describe("audit log", () => {
  it("lists staff actions newest first, filtered by action prefix and target; no route changes it", async () => {
    const world = await vendorWorld();
    const { client, user_id } = await signedInAdmin();
    await client.post(`/api/admin/vendors/${world.vendorId}/deactivate`, { reason });
    await client.post(`/api/admin/vendors/${world.vendorId}/reactivate`, { reason });
    const res = await client.get(`/api/admin/audit?action=vendor.&target_type=vendor&target_id=${world.vendorId}`);
    expect(res.status).toBe(200);
    expect(res.body.data.items.map((r: { action: string }) => r.action)).toEqual([
      "vendor.reactivate",
      "vendor.deactivate",
    ]);
    expect(res.body.data.items[0]).toMatchObject({
      actor_user_id: user_id,
      reason,
      before_value: { status: "deactivated" },
      after_value: { status: "active" },
    });
    const id = res.body.data.items[0].id;
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      const r = await client.call(method, `/api/admin/audit/${id}`, { reason: "tamper" });
      expect(r.status).toBe(404);
    }
    expect((await client.get("/api/admin/audit?action=DROP%20TABLE")).status).toBe(400);
  });
});

describe("SMS outbox masking", () => {
  it("masks a one-time code with a real provider and keeps it with the local adapter", () => {
    const body = "123456 is your code. Don't share it.";
    expect(outboxBody("twilio", body, "123456")).toBe(`${MASK} is your code. Don't share it.`);
    expect(outboxBody("local", body, "123456")).toBe(body);
    expect(outboxBody("twilio", "Your pro is on the way")).toBe("Your pro is on the way");
  });

  it("shows older provider-sent codes masked and says which provider sends", async () => {
    const phone = freshPhone();
    await env.DB.prepare(
      `INSERT INTO outbox (channel, "to", body, status, provider, created_at) VALUES ('sms', ?, '654321 is your code', 'sent', 'twilio', ?)`,
    )
      .bind(phone, T0)
      .run();
    const { client } = await signedInAdmin();
    const res = await client.get(`/api/admin/outbox?to=${encodeURIComponent(phone)}`);
    expect(res.body.data[0].body).toBe(`${MASK} is your code`);
    expect(res.body.meta).toEqual({ provider: "local" });
  });
});
