import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ServiceOrderStatus } from "../../../domain/order-status";
import { Client, makeVendor, promote, signUp, T0 } from "../../test-utils";
import { pngBytes } from "../../uploads/test-images";

/** A real PNG of about `size` bytes (the upload is decoded before it is accepted). */
function png(size: number, seed = 1): File {
  return new File([pngBytes(size, seed) as Uint8Array<ArrayBuffer>], "me.png", { type: "image/png" });
}

function form(file: File): FormData {
  const f = new FormData();
  f.set("file", file);
  return f;
}

describe("PUT /api/account/user/profile", () => {
  it("updates name, email, address and ZIP and answers the profile as data[0]", async () => {
    const client = new Client();
    await signUp(client);
    const res = await client.put("/api/account/user/profile", {
      name: "  Ava  Brooks ",
      email: "Ava.New@Example.com",
      address: "350 5th Ave, New York, NY 10118",
      zipcode: "10118",
    });
    expect(res.status).toBe(200);
    expect(res.body.data[0]).toMatchObject({
      name: "Ava  Brooks",
      email: "ava.new@example.com",
      address: "350 5th Ave, New York, NY 10118",
      zipcode: "10118",
    });
  });

  it("refuses a phone change, a bad email, a taken email and a bad ZIP", async () => {
    const other = await signUp(new Client());
    const client = new Client();
    const me = await signUp(client);
    expect((await client.put("/api/account/user/profile", { phone: "212-555-0199" })).body.error.code).toBe(
      "FAIL_TO_PHONE_CHANGE_CONTACT_SUPPORT",
    );
    // Sending one's own phone (in any format) is not a change.
    expect((await client.put("/api/account/user/profile", { phone: me.phone.slice(2) })).status).toBe(200);
    expect((await client.put("/api/account/user/profile", { email: "nope" })).body.error.code).toBe(
      "INVALID_EMAIL_ADDRESS",
    );
    const taken = await client.put("/api/account/user/profile", { email: other.email });
    expect(taken.body.error.code).toBe("USER_ALREADY_EXISTS");
    const zip = await client.put("/api/account/user/profile", { zipcode: "1234" });
    expect(zip.body.error.code).toBe("INVALID_INPUT");
    expect(zip.body.error.fields.zipcode).toBe("Use a 5 digit ZIP code.");
  });

  it("needs a session", async () => {
    const res = await new Client().put("/api/account/user/profile", { name: "Nobody" });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe("INVALID_SESSION");
  });
});

describe("PUT /api/account/user/profile-picture", () => {
  it("stores a PNG in the media bucket and points the profile photo at it", async () => {
    const client = new Client();
    const { profile } = await signUp(client);
    const file = png(2048);
    const res = await client.put("/api/account/user/profile-picture", form(file));
    expect(res.status).toBe(200);
    const photo: string = res.body.data[0].photo;
    expect(photo).toMatch(new RegExp(`^/media/u/${profile.user_id}/[0-9a-f-]{36}\\.png$`));
    const object = await env.MEDIA.get(photo.replace("/media/", ""));
    expect(object?.httpMetadata?.contentType).toBe("image/png");
    expect(object?.size).toBe(file.size);
  });

  it("refuses files that are not images by content, whatever their name says", async () => {
    const client = new Client();
    await signUp(client);
    const fake = new File([new TextEncoder().encode("<script>alert(1)</script>")], "me.png", { type: "image/png" });
    const res = await client.put("/api/account/user/profile-picture", form(fake));
    expect(res.status).toBe(415);
    expect(res.body.error.code).toBe("FILE_FORMAT_NOT_ALLOWED");
  });

  it("refuses pictures over 5 MB and the same picture twice within 3 days", async () => {
    const client = new Client();
    await signUp(client);
    const big = await client.put("/api/account/user/profile-picture", form(png(5 * 1024 * 1024 + 1)));
    expect(big.status).toBe(413);
    expect(big.body.error.code).toBe("FILE_TOO_LARGE");

    expect((await client.put("/api/account/user/profile-picture", form(png(1000, 7)))).status).toBe(200);
    client.now = T0 + 2 * 24 * 3600 * 1000;
    expect((await client.put("/api/account/user/profile-picture", form(png(1000, 7)))).body.error.code).toBe(
      "FILE_DUPLICATE",
    );
    client.now = T0 + 3 * 24 * 3600 * 1000 + 1;
    expect((await client.put("/api/account/user/profile-picture", form(png(1000, 7)))).status).toBe(200);
  });

  it("answers INVALID_INPUT without a file", async () => {
    const client = new Client();
    await signUp(client);
    const res = await client.put("/api/account/user/profile-picture", new FormData());
    expect(res.body.error.code).toBe("INVALID_INPUT");
  });
});

describe("GET /api/account/user/getRedirect", () => {
  async function orderFor(
    userId: number,
    vendorId: number,
    status: number,
    at: { arrival: number; completed?: number },
  ) {
    const order = await env.DB.prepare(
      `INSERT INTO orders (user_id, status, subtotal_cents, total_cents, address, zipcode, time_zone, idempotency_key, created_at, updated_at)
       VALUES (?, 'confirmed', 9000, 9000, '1 Main St, New York, NY 10001', '10001', 'America/New_York', ?, ?, ?) RETURNING order_id`,
    )
      .bind(userId, crypto.randomUUID(), T0, T0)
      .first<{ order_id: number }>();
    const service = await env.DB.prepare("SELECT service_id FROM services LIMIT 1").first<{ service_id: number }>();
    await env.DB.prepare(
      `INSERT INTO service_orders (order_id, user_id, vendor_id, service_id, service_order_status_id, promised_arrival_time,
         job_minutes, address, zipcode, time_zone, completion_time, price_cents, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, 60, '1 Main St', '10001', 'America/New_York', ?, 9000, ?, ?)`,
    )
      .bind(order!.order_id, userId, vendorId, service!.service_id, status, at.arrival, at.completed ?? null, T0, T0)
      .run();
  }

  it("answers 0 with no destination for a new customer", async () => {
    const client = new Client();
    await signUp(client);
    expect((await client.get("/api/account/user/getRedirect")).body.data).toEqual({ redirect: 0, destination: null });
  });

  it("answers 2 with the job to rate after a completed unrated job, and 1 for a booking today", async () => {
    await ensureService();
    const vendorClient = new Client();
    const vendorUser = await signUp(vendorClient, { name: "Pro Nails" });
    const vendorId = await makeVendor(vendorUser.profile.user_id, { name: "Nails by Pro" });
    expect((await vendorClient.get("/api/account/user/getRedirect")).body.data.destination).toBe("/business");

    const client = new Client();
    const { profile } = await signUp(client);
    await orderFor(profile.user_id, vendorId, ServiceOrderStatus.SCHEDULED, { arrival: T0 + 3 * 3600_000 });
    expect((await client.get("/api/account/user/getRedirect")).body.data).toEqual({ redirect: 1, destination: null });

    await orderFor(profile.user_id, vendorId, ServiceOrderStatus.COMPLETED, {
      arrival: T0 - 86_400_000,
      completed: T0 - 80_000_000,
    });
    const res = await client.get("/api/account/user/getRedirect");
    expect(res.body.data).toMatchObject({ redirect: 2, vendor_name: "Nails by Pro", destination: null });
    expect(res.body.data.service_order_id).toEqual(expect.any(Number));
  });

  it("sends staff to their areas", async () => {
    const connect = new Client();
    const c = await signUp(connect);
    await promote(c.profile.user_id, { groups: "31" });
    expect((await connect.get("/api/account/user/getRedirect")).body.data.destination).toBe("/connect/admin");
    const admin = new Client();
    const a = await signUp(admin);
    await promote(a.profile.user_id, { groups: "31,50" });
    expect((await admin.get("/api/account/user/getRedirect")).body.data.destination).toBeNull();
    expect((await admin.get("/api/account/user/getRedirect?saved=1")).body.data.destination).toBe("/admin");
  });
});

/** A category and a service so jobs can reference one (tests start from the bare migrations). */
async function ensureService() {
  await env.DB.batch([
    env.DB.prepare(
      "INSERT OR IGNORE INTO service_code_groups (service_code_group_id, name, slug, display_order) VALUES (1, 'Nails', 'nails', 1)",
    ),
    env.DB.prepare(
      `INSERT OR IGNORE INTO services (service_id, service_code, slug, description, service_code_group_id, duration_minutes, base_price_cents)
       VALUES (1, 'NAIL-MANI', 'classic-manicure', 'Classic Manicure', 1, 45, 4500)`,
    ),
  ]);
}

describe("GET /media/u/...", () => {
  it("serves an uploaded photo with its type and 404s for anything else", async () => {
    const client = new Client();
    await signUp(client);
    const photo: string = (await client.put("/api/account/user/profile-picture", form(png(512, 3)))).body.data[0].photo;
    const res = await new Client().get(photo);
    expect(res.status).toBe(200);
    const missing = await new Client().get("/media/u/1/00000000-0000-0000-0000-000000000000.png");
    expect(missing.status).toBe(404);
    expect((await new Client().get("/media/u/../secrets")).status).toBe(404);
  });
});
