import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { Client, freshPhone, makeVendor, promote, signUp, T0 } from "../test-utils";

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
