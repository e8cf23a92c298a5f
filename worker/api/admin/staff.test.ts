import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { Client, freshPhone, makeVendor, promote, signUp, T0 } from "../../test-utils";

describe("GET /api/admin/outbox", () => {
  it("shows staff the texts sent, newest first, filtered by phone in any format", async () => {
    const admin = new Client();
    const a = await signUp(admin);
    await promote(a.profile.user_id, { groups: "50" });
    const phone = freshPhone();
    await new Client().post("/api/accounts", {
      name: "Outbox Person",
      phone,
      email: `${phone.slice(2)}@example.com`,
      password: "a long secret",
    });
    const pretty = `(${phone.slice(2, 5)}) ${phone.slice(5, 8)}-${phone.slice(8)}`;
    const res = await admin.get(`/api/admin/outbox?to=${encodeURIComponent(pretty)}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]).toMatchObject({ channel: "sms", to: phone, status: "queued", provider: "local" });
    expect(res.body.data[0].body).toMatch(/^\d{6} is your Glow At Home code to confirm your phone\./);
    expect(res.body.data[0].created_at).toBe(new Date(T0).toISOString());
    expect((await admin.get("/api/admin/outbox?limit=0")).body.error.code).toBe("INVALID_INPUT");
    expect((await admin.get("/api/admin/outbox?limit=abc")).body.error.code).toBe("INVALID_INPUT");
  });
});

describe("GET /api/vendor/me/notification", () => {
  it("answers [list, [{ stat }], service areas] with the spec's ordering", async () => {
    const vendor = new Client();
    const v = await signUp(vendor);
    await env.DB.prepare(
      "INSERT OR IGNORE INTO zipcodes (zip, city, state, state_name, latitude, longitude, time_zone) VALUES ('10001', 'New York', 'NY', 'New York', 40.75, -73.99, 'America/New_York')",
    ).run();
    const vendorId = await makeVendor(v.profile.user_id, { baseZip: "10001" });
    const insert = (persistence: number, severity: number, ts: number, dismissed: number | null, message: string) =>
      env.DB.prepare(
        "INSERT INTO notifications (vendor_id, persistence, severity, message, timestamp, dismissed_at) VALUES (?, ?, ?, ?, ?, ?)",
      )
        .bind(vendorId, persistence, severity, message, ts, dismissed)
        .run();
    await insert(0, 1, T0, null, "low");
    await insert(1, 0, T0, T0, "pinned but read");
    await insert(0, 3, T0 - 1, null, "urgent");
    await insert(1, 0, T0 - 5, null, "pinned");
    const res = await vendor.get("/api/vendor/me/notification");
    expect(res.status).toBe(200);
    const [list, stat, areas] = res.body.data;
    expect(list.map((n: { message: string }) => n.message)).toEqual(["pinned", "pinned but read", "urgent", "low"]);
    expect(stat).toEqual([{ stat: 3 }]);
    expect(areas).toEqual([{ name: "New York", city: "New York", state_name: "New York" }]);
  });
});

describe("POST /api/admin/jobs/:id/complete", () => {
  async function acceptedJob(status = 20) {
    const vendorClient = new Client();
    const v = await signUp(vendorClient);
    const vendorId = await makeVendor(v.profile.user_id);
    const customer = await signUp(new Client());
    await env.DB.batch([
      env.DB.prepare(
        "INSERT OR IGNORE INTO service_code_groups (service_code_group_id, name, slug, display_order) VALUES (1, 'Nails', 'nails', 1)",
      ),
      env.DB.prepare(
        "INSERT OR IGNORE INTO services (service_id, service_code, slug, description, service_code_group_id, duration_minutes, base_price_cents) VALUES (1, 'NAIL-MANI', 'classic-manicure', 'Classic Manicure', 1, 45, 4500)",
      ),
    ]);
    const order = await env.DB.prepare(
      `INSERT INTO orders (user_id, status, subtotal_cents, total_cents, address, zipcode, time_zone, idempotency_key, created_at, updated_at)
       VALUES (?, 'confirmed', 4500, 4500, '1 Main St, New York, NY 10001', '10001', 'America/New_York', ?, ?, ?) RETURNING order_id`,
    )
      .bind(customer.profile.user_id, crypto.randomUUID(), T0, T0)
      .first<{ order_id: number }>();
    const job = await env.DB.prepare(
      `INSERT INTO service_orders (order_id, user_id, vendor_id, service_id, service_order_status_id, promised_arrival_time, job_minutes, address, zipcode, time_zone, price_cents, created_at, updated_at)
       VALUES (?, ?, ?, 1, ?, ?, 45, '1 Main St', '10001', 'America/New_York', 4500, ?, ?) RETURNING service_order_id`,
    )
      .bind(order!.order_id, customer.profile.user_id, vendorId, status, T0 + 3_600_000, T0, T0)
      .first<{ service_order_id: number }>();
    return { vendorId, jobId: job!.service_order_id };
  }

  it("closes an accepted job once, counts it for the vendor and records who did it and why", async () => {
    const admin = new Client();
    const a = await signUp(admin);
    await promote(a.profile.user_id, { groups: "50" });
    const { vendorId, jobId } = await acceptedJob();
    const reason = { reason: "Vendor's phone died after the visit; customer confirmed by phone." };
    const done = await admin.post(`/api/admin/jobs/${jobId}/complete`, reason);
    expect(done.status).toBe(200);
    expect(done.body.data).toEqual({ service_order_id: jobId, service_order_status_id: 40 });
    const again = await admin.post(`/api/admin/jobs/${jobId}/complete`, reason);
    expect(again.body.error.code).toBe("FAILED_VENDOR_JOB_COMPLETION");
    const vendor = await env.DB.prepare("SELECT completed_jobs FROM vendors WHERE vendor_id = ?")
      .bind(vendorId)
      .first<{ completed_jobs: number }>();
    expect(vendor!.completed_jobs).toBe(1);
    const audit = await env.DB.prepare(
      "SELECT actor_user_id, action, details FROM audit_log WHERE target_type = 'service_order' AND target_id = ?",
    )
      .bind(String(jobId))
      .all();
    expect(audit.results).toEqual([
      { actor_user_id: a.profile.user_id, action: "job.complete", details: JSON.stringify(reason) },
    ]);
  });

  it("refuses jobs nobody accepted, unknown jobs, a missing reason and non-admins", async () => {
    const admin = new Client();
    const a = await signUp(admin);
    await promote(a.profile.user_id, { groups: "50" });
    const { jobId } = await acceptedJob(10);
    const reason = { reason: "Customer confirmed the visit." };
    expect((await admin.post(`/api/admin/jobs/${jobId}/complete`, reason)).body.error.code).toBe(
      "FAILED_VENDOR_JOB_COMPLETION",
    );
    expect((await admin.post("/api/admin/jobs/999999/complete", reason)).body.error.code).toBe("NOT_FOUND");
    expect((await admin.post("/api/admin/jobs/abc/complete", reason)).body.error.code).toBe("INVALID_INPUT");
    expect((await admin.post(`/api/admin/jobs/${jobId}/complete`, { reason: "" })).body.error.code).toBe(
      "INVALID_INPUT",
    );
    const customer = new Client();
    await signUp(customer);
    expect((await customer.post(`/api/admin/jobs/${jobId}/complete`, reason)).status).toBe(403);
  });
});
