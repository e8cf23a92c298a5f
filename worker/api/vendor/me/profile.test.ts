import { env } from "cloudflare:test";
import { PDFDocument } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { Client, roleClients, T0 } from "../../../test-utils";
import { runLicenceChecks, switchOffUnlicensedServices } from "../../../vendors/licence-expiry";
import {
  adminClient,
  approvedPro,
  file,
  groupSlug,
  INSIDE,
  MOVED,
  OUTSIDE,
  photo,
  png,
  world,
  type World,
} from "../../../vendors/test-fixtures";
import { flat, scene } from "../../../../tests/fixtures/pictures";
import { jpeg, png as pngOf } from "../../../uploads/test-encoders";

let w: World;
let admin: Client;
let pro: Client;
let vendorId: number;
let roles: Awaited<ReturnType<typeof roleClients>>;
beforeAll(async () => {
  w = await world();
  admin = await adminClient();
  ({ pro, vendorId } = await approvedPro(w, admin));
  roles = await roleClients();
});

const vendorRow = (id: number) => env.DB.prepare("SELECT * FROM vendors WHERE vendor_id = ?").bind(id).first<any>();
const search = (zip: string) => new Client().post("/api/booking/vendors-list", { zipCode: zip, pagination: 1 });
const listed = async (zip: string) => ((await search(zip)).body.data.items as any[]).map((v) => v.vendor_id);

describe("vendor profile routes: roles", () => {
  it("answers 401 signed out and 403 to a customer on every route", async () => {
    const paths: Array<[string, string, unknown?]> = [
      ["GET", "/api/vendor/me/profile"],
      ["GET", "/api/vendor/me/license"],
      ["POST", "/api/vendor/me/remove-upload", { service_code: "x" }],
      ["PUT", "/api/vendor/me/description", { description: "x" }],
      ["POST", "/api/vendor/me/status", { status: "active" }],
      ["GET", "/api/vendor/me/download-agreement"],
      ["POST", "/api/vendor/me/sign-agreement", { version: "x" }],
      ["POST", "/api/vendor/me/serviceRange", { zipcode: "97202", radius_miles: 5 }],
      ["POST", "/api/vendor/me/vendor-request", { service_code: "x" }],
      ["GET", "/api/services"],
      ["PUT", "/api/service/1/status", { enable: true }],
      ["POST", "/api/service/save", { service_id: 1, option_groups: [] }],
    ];
    for (const [method, path, body] of paths) {
      expect((await roles.anonymous.call(method, path, body)).status, path).toBe(401);
      expect((await roles.customer.call(method, path, body)).status, path).toBe(403);
    }
  }, 30_000);
});

describe("services: list, enable, options", () => {
  it("lists the pro's services with prices, licence state and options", async () => {
    const res = await pro.get("/api/services");
    expect(res.status).toBe(200);
    const byId = new Map(res.body.data.services.map((s: any) => [s.service_id, s]));
    expect(byId.get(w.nailService)).toMatchObject({
      name: "Manicure",
      price_cents: 4500,
      enabled: false,
      license_ok: true,
    });
    expect(byId.get(w.massageServices[0])).toMatchObject({
      license_required: true,
      license_ok: true,
      option_groups: [],
    });
  });

  it("another pro's list does not show this pro's services, and cannot switch them", async () => {
    const other = await roles.vendor.get("/api/services");
    expect(other.body.data.services).toEqual([]);
    const res = await roles.vendor.put(`/api/service/${w.nailService}/status`, { enable: true });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("SERVICE_NOT_APPROVED");
  });

  it("enables and disables a service; the body's service_id must match", async () => {
    const on = await pro.put(`/api/service/${w.nailService}/status`, { enable: true, service_id: w.nailService });
    expect(on.status).toBe(200);
    expect(on.body.data.service.enabled).toBe(true);
    const mismatch = await pro.put(`/api/service/${w.nailService}/status`, { enable: true, service_id: 1 });
    expect(mismatch.status).toBe(400);
    const bad = await pro.put(`/api/service/${w.nailService}/status`, { enable: "yes" });
    expect(bad.body.error.code).toBe("INVALID_INPUT");
  });

  const groups = (n: number, choices: number) =>
    Array.from({ length: n }, (_, g) => ({
      title: `Group ${g + 1}`,
      choices: Array.from({ length: choices }, (_, i) => ({ label: `Choice ${i + 1}` })),
    }));

  it("saves options at the limits (11 groups of 10) and refuses 12 groups or 11 choices", async () => {
    const ok = await pro.post("/api/service/save", {
      service_id: w.nailService,
      message: " Bring a towel ",
      option_groups: groups(11, 10),
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.service.option_groups).toHaveLength(11);
    expect(ok.body.data.service.message).toBe("Bring a towel");
    const twelve = await pro.post("/api/service/save", { service_id: w.nailService, option_groups: groups(12, 1) });
    expect(twelve.body.error.code).toBe("OPTION_GROUPS_LIMIT");
    const eleven = await pro.post("/api/service/save", { service_id: w.nailService, option_groups: groups(1, 11) });
    expect(eleven.body.error.code).toBe("OPTIONS_PER_GROUP_LIMIT");
    const empty = await pro.post("/api/service/save", { service_id: w.nailService, option_groups: groups(1, 0) });
    expect(empty.body.error.code).toBe("OPTION_CHOICE_REQUIRED");
    const blank = await pro.post("/api/service/save", {
      service_id: w.nailService,
      option_groups: [{ title: "Polish", choices: [{ label: "  " }] }],
    });
    expect(blank.body.error.code).toBe("OPTION_FIELDS_REQUIRED");
    const stored = (await pro.get("/api/services")).body.data.services.find((s: any) => s.service_id === w.nailService);
    expect(stored.option_groups).toHaveLength(11);
  });
});

describe("licences", () => {
  it("lists, renews, and removes a licence; removal switches the licensed services off", async () => {
    const slug = await groupSlug(w.massage);
    const list = await pro.get("/api/vendor/me/license");
    expect(list.body.data.licenses).toEqual([
      expect.objectContaining({
        service_code: slug,
        valid: true,
        license: expect.objectContaining({ status: "approved" }),
      }),
    ]);
    expect((await pro.put(`/api/service/${w.massageServices[0]}/status`, { enable: true })).status).toBe(200);

    const form = new FormData();
    form.append("service_code", slug);
    form.append("expires", "2029-01-31");
    form.append("file", file(png(500, 300), "renewal.png"));
    const renewed = await pro.post("/api/vendor/me/do-upload", form);
    expect(renewed.status).toBe(200);
    // A renewal of a valid licence waits for staff beside it; the current one keeps the services on (decision 121).
    expect(renewed.body.data.licenses[0]).toMatchObject({
      valid: true,
      license: { status: "approved" },
      renewal: { status: "pending" },
    });

    const bad = new FormData();
    bad.append("service_code", slug);
    bad.append("expires", "2020-01-01");
    bad.append("file", file(png(), "old.png"));
    expect((await pro.post("/api/vendor/me/do-upload", bad)).body.error.fields).toHaveProperty("expires");

    const removed = await pro.post("/api/vendor/me/remove-upload", { service_code: slug });
    expect(removed.status).toBe(200);
    expect(removed.body.data.licenses[0]).toMatchObject({ license: null, valid: false });
    const services = (await pro.get("/api/services")).body.data.services;
    expect(services.find((s: any) => s.service_id === w.massageServices[0])).toMatchObject({
      enabled: false,
      license_ok: false,
    });
    const refused = await pro.put(`/api/service/${w.massageServices[0]}/status`, { enable: true });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("LICENSE_REQUIRED");
    expect((await pro.post("/api/vendor/me/remove-upload", { service_code: slug })).status).toBe(404);
  });

  it("an expired licence stops the service from being enabled", async () => {
    const { pro: p2, vendorId: v2 } = await approvedPro(w, admin);
    await env.DB.prepare("UPDATE vendor_licenses SET expires_at = ? WHERE vendor_id = ?")
      .bind(T0 - 1, v2)
      .run();
    const res = await p2.put(`/api/service/${w.massageServices[1]}/status`, { enable: true });
    expect(res.body.error.code).toBe("LICENSE_REQUIRED");
  });

  it("the cron switches off a service once its licence expires, so search stops showing it", async () => {
    const { pro: p4, vendorId: v4 } = await approvedPro(w, admin);
    expect((await p4.put(`/api/service/${w.massageServices[0]}/status`, { enable: true })).status).toBe(200);
    expect((await p4.put(`/api/service/${w.nailService}/status`, { enable: true })).status).toBe(200);
    const swedish = { zipCode: INSIDE, pagination: 1, serviceId: w.massageServices[0] };
    const near = async () =>
      ((await new Client().post("/api/booking/vendors-list", swedish)).body.data.items as any[]).map(
        (v) => v.vendor_id,
      );
    expect(await near()).toContain(v4);
    const expiry = (
      await env.DB.prepare("SELECT expires_at FROM vendor_licenses WHERE vendor_id = ?").bind(v4).first<any>()
    ).expires_at as number;
    expect(await switchOffUnlicensedServices(env.DB, expiry - 1)).toBe(0);
    expect(await switchOffUnlicensedServices(env.DB, expiry)).toBeGreaterThanOrEqual(1);
    expect(await switchOffUnlicensedServices(env.DB, expiry)).toBe(0);
    expect(await near()).not.toContain(v4);
    const services = (await p4.get("/api/services")).body.data.services as any[];
    expect(services.find((s) => s.service_id === w.nailService).enabled).toBe(true);
  });
});

describe("agreement", () => {
  it("downloads a real PDF with the pro's name and date, and signing records the version", async () => {
    const res = await pro.call("GET", "/api/vendor/me/download-agreement");
    expect(res.status).toBe(200);
    const raw = await (
      await import("cloudflare:test")
    ).SELF.fetch("https://glow.test/api/vendor/me/download-agreement", {
      headers: { cookie: pro.cookie!, "x-test-now": String(T0) },
    });
    expect(raw.headers.get("content-type")).toBe("application/pdf");
    const bytes = new Uint8Array(await raw.arrayBuffer());
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(1);
    expect(doc.getAuthor()).toMatch(/^Pat Pro/);
    const text = new TextDecoder("latin1").decode(bytes);
    expect(text).toContain("Independent Professional Agreement");
    expect(text).toContain("Date: 2026-11-22");
    expect(text).toContain("Not signed yet");

    const version = raw.headers.get("x-agreement-version")!;
    expect((await pro.post("/api/vendor/me/sign-agreement", { version: "1999-01" })).body.error.code).toBe(
      "AGREEMENT_VERSION_CHANGED",
    );
    const signed = await pro.post("/api/vendor/me/sign-agreement", { version });
    expect(signed.status).toBe(200);
    expect((await pro.get("/api/vendor/me/profile")).body.data).toMatchObject({
      agreement: true,
      agreement_version: version,
    });
    const after = await SELFtext(pro);
    expect(after).toContain("Signed electronically by Pat Pro");
  });
});

async function SELFtext(c: Client) {
  const { SELF } = await import("cloudflare:test");
  const r = await SELF.fetch("https://glow.test/api/vendor/me/download-agreement", {
    headers: { cookie: c.cookie!, "x-test-now": String(T0) },
  });
  return new TextDecoder("latin1").decode(await r.arrayBuffer());
}

describe("description and status", () => {
  it("saves the description and refuses one too long", async () => {
    expect((await pro.put("/api/vendor/me/description", { description: "  Calm, careful, on time. " })).status).toBe(
      200,
    );
    expect((await vendorRow(vendorId)).description).toBe("Calm, careful, on time.");
    const long = await pro.put("/api/vendor/me/description", { description: "x".repeat(1001) });
    expect(long.body.error.code).toBe("INVALID_INPUT");
  });

  it("deactivates (gone from search) and reactivates; a terminated account cannot", async () => {
    await pro.put(`/api/service/${w.nailService}/status`, { enable: true });
    expect(await listed(INSIDE)).toContain(vendorId);
    expect((await pro.post("/api/vendor/me/status", { status: "deactivated" })).status).toBe(200);
    expect(await listed(INSIDE)).not.toContain(vendorId);
    expect((await pro.post("/api/vendor/me/status", { status: "active" })).body.data.status).toBe("active");
    expect(await listed(INSIDE)).toContain(vendorId);
    expect((await pro.post("/api/vendor/me/status", { status: "terminated" })).body.error.code).toBe("INVALID_INPUT");
    const { pro: p3, vendorId: v3 } = await approvedPro(w, admin);
    await env.DB.prepare("UPDATE vendors SET status = 'terminated' WHERE vendor_id = ?").bind(v3).run();
    const res = await p3.post("/api/vendor/me/status", { status: "active" });
    expect(res.status).toBe(403);
    expect((await vendorRow(v3)).status).toBe("terminated");
  });
});

describe("service range", () => {
  it("moves the range and search follows at once; refuses a too-similar range and an invalid place", async () => {
    await pro.put(`/api/service/${w.nailService}/status`, { enable: true });
    expect(await listed(OUTSIDE)).not.toContain(vendorId);
    const same = await pro.post("/api/vendor/me/serviceRange", { zipcode: "97201", radius_miles: 10 });
    expect(same.body.error.code).toBe("SERVICE_RANGE_ERROR");
    const invalid = await pro.post("/api/vendor/me/serviceRange", { zipcode: "99999", radius_miles: 20 });
    expect(invalid.body.error.code).toBe("SERVICE_RANGE_ERROR");
    const nowhere = await pro.post("/api/vendor/me/serviceRange", { address: "nowhere at all", radius_miles: 20 });
    expect(nowhere.body.error.code).toBe("SERVICE_RANGE_ERROR");
    expect((await pro.post("/api/vendor/me/serviceRange", { zipcode: "97201", radius_miles: 0 })).status).toBe(400);

    const wider = await pro.post("/api/vendor/me/serviceRange", {
      address: "1 Main St, Portland, OR 97204",
      radius_miles: 30,
    });
    expect(wider.status).toBe(200);
    expect(wider.body.data).toMatchObject({ base_zip: MOVED, range_miles: 30 });
    expect(await listed(OUTSIDE)).toContain(vendorId);
    expect((await vendorRow(vendorId)).base_zip).toBe(MOVED);

    const smaller = await pro.post("/api/vendor/me/serviceRange", { zipcode: "97201", radius_miles: 4 });
    expect(smaller.status).toBe(200);
    expect(await listed(INSIDE)).not.toContain(vendorId);
  });
});

describe("service requests", () => {
  it("asks for a group once, withdraws it, and refuses a group already offered", async () => {
    const extra = await env.DB.prepare(
      "INSERT INTO service_code_groups (name, slug) VALUES ('Brows', 'brows-test') RETURNING service_code_group_id",
    ).first<any>();
    const asked = await pro.post("/api/vendor/me/vendor-request", { service_code: "brows-test" });
    expect(asked.status).toBe(201);
    expect(
      asked.body.data.groups.find((g: any) => g.service_code_group_id === extra.service_code_group_id),
    ).toMatchObject({
      requested: true,
      approved: false,
    });
    expect((await pro.post("/api/vendor/me/vendor-request", { service_code: "brows-test" })).status).toBe(409);
    const offered = await pro.post("/api/vendor/me/vendor-request", { service_code: await groupSlug(w.nails) });
    expect(offered.body.error.code).toBe("SERVICE_REQUEST_EXISTS");
    expect((await pro.post("/api/vendor/me/vendor-request-remove", { service_code: "brows-test" })).status).toBe(200);
    expect((await pro.post("/api/vendor/me/vendor-request-remove", { service_code: "brows-test" })).status).toBe(404);
    expect((await pro.post("/api/vendor/me/vendor-request", { service_code: "nope" })).status).toBe(404);
  });

  it("keeps one pending request under 20 parallel asks", async () => {
    await env.DB.prepare("INSERT INTO service_code_groups (name, slug) VALUES ('Lashes', 'lashes-test')").run();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => pro.post("/api/vendor/me/vendor-request", { service_code: "lashes-test" })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    const n = await env.DB.prepare(
      "SELECT count(*) AS n FROM vendor_service_requests r JOIN service_code_groups g USING (service_code_group_id) WHERE g.slug = 'lashes-test' AND status = 'pending'",
    ).first<any>();
    expect(n.n).toBe(1);
  }, 30_000);
});

describe("a pro's profile picture (PUT /account/user/profile-picture)", () => {
  const upload = (c: Client, bytes: Uint8Array, name = "me.jpg", type = "image/jpeg") => {
    const form = new FormData();
    form.set("file", new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
    return c.put("/api/account/user/profile-picture", form);
  };

  it("runs the docs/product.md section 5 image check on the decoded pixels for a pro (-1, -3, -4) and keeps the picture's hash", async () => {
    const { pro: me } = await approvedPro(w, admin);
    const truncated = photo(300, 300).slice(0, 400);
    const broken = await upload(me, truncated);
    expect(broken.body.error).toMatchObject({ code: "FILE_FORMAT_NOT_ALLOWED", fields: { result: "-1" } });
    const grey = await upload(me, jpeg(flat(400, 400, [90, 90, 90])));
    expect(grey.status).toBe(422);
    expect(grey.body.error).toMatchObject({ code: "FILE_LOW_QUALITY", fields: { result: "-3" } });
    const small = await upload(me, photo(150, 150));
    expect(small.body.error).toMatchObject({ code: "FILE_LOW_QUALITY", fields: { result: "-3" } });

    // A picture with shapes (not noise, whose tiny averages a JPEG re-encode reshuffles).
    const pixels = scene(320, 320);
    const ok = await upload(me, jpeg(pixels));
    expect(ok.status).toBe(200);
    const userId = ok.body.data[0].user_id as number;
    const row = await env.DB.prepare("SELECT image_hash FROM uploads WHERE owner_user_id = ? AND key LIKE ?")
      .bind(userId, `%${String(ok.body.data[0].photo).split("/").pop()}`)
      .first<{ image_hash: string }>();
    expect(row?.image_hash).toMatch(/^[0-9a-f]{16}$/);
    // The same picture as a PNG has other bytes but the same pixels: a duplicate by its perceptual hash.
    const again = await upload(me, pngOf(pixels), "me.png", "image/png");
    expect(again.body.error).toMatchObject({ code: "FILE_DUPLICATE", fields: { result: "-4" } });
    me.now = T0 + 3 * 24 * 3600 * 1000 + 1;
    expect((await upload(me, pngOf(pixels), "me.png", "image/png")).status).toBe(200);
  });

  it("leaves a customer's avatar to the structural check only (decision 085)", async () => {
    const grey = await upload(roles.customer, jpeg(flat(400, 400, [90, 90, 90])));
    expect(grey.status).toBe(200);
  });
});

describe("licence notices (cron)", () => {
  const notices = async (c: Client) =>
    ((await c.get("/api/vendor/me/notification")).body.data[0] as any[]).filter((n) =>
      String(n.message).includes("licence"),
    );
  const texts = async (phone: string) =>
    (
      await env.DB.prepare('SELECT body FROM outbox WHERE channel = ? AND "to" = ? ORDER BY id')
        .bind("sms", phone)
        .all<{ body: string }>()
    ).results.map((r) => r.body);

  it("warns 14 days ahead, then tells the pro once (notice and text) when the lapse switches services off", async () => {
    const { pro: p5, vendorId: v5 } = await approvedPro(w, admin);
    const phone = (await p5.get("/api/account/user/profile")).body.data[0].phone as string;
    expect((await p5.put(`/api/service/${w.massageServices[0]}/status`, { enable: true })).status).toBe(200);
    const expiry = (
      await env.DB.prepare("SELECT expires_at FROM vendor_licenses WHERE vendor_id = ?").bind(v5).first<any>()
    ).expires_at as number;
    const day = 24 * 3600 * 1000;
    const before = (await texts(phone)).length;

    await runLicenceChecks(env, expiry - 20 * day);
    expect(await notices(p5)).toHaveLength(0);

    // 14 days ahead: one warning, one text, however often the cron runs (also several runs at once).
    await runLicenceChecks(env, expiry - 13 * day);
    await Promise.all([1, 2, 3, 4, 5].map(() => runLicenceChecks(env, expiry - 13 * day + 1)));
    const warned = await notices(p5);
    expect(warned).toHaveLength(1);
    expect(warned[0]).toMatchObject({ severity: 1, dismissed: false });
    expect(warned[0].message).toContain("expires on June 30, 2028");
    expect((await texts(phone)).slice(before)).toEqual([expect.stringContaining("expires on June 30, 2028")]);

    // The lapse: services off, one urgent notice the dashboard lists, one text, once.
    await runLicenceChecks(env, expiry);
    await Promise.all([1, 2, 3, 4, 5].map(() => runLicenceChecks(env, expiry + 1)));
    const after = await notices(p5);
    expect(after).toHaveLength(2);
    expect(after[0]).toMatchObject({ severity: 2, persistence: 1, dismissed: false });
    expect(after[0].message).toContain("expired on June 30, 2028");
    expect(after[0].message).toContain("switched off");
    const sent = (await texts(phone)).slice(before);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toContain("expired on June 30, 2028");
    const services = (await p5.get("/api/services")).body.data.services as any[];
    expect(services.find((s) => s.service_id === w.massageServices[0]).enabled).toBe(false);

    // Another pro sees none of it.
    expect(await notices(pro)).not.toEqual(expect.arrayContaining([expect.objectContaining({ id: after[0].id })]));

    // A renewed licence resolves both notices.
    const form = new FormData();
    form.append("service_code", await groupSlug(w.massage));
    form.append("expires", "2029-06-30");
    form.append("file", file(png(500, 300), "renewal.png"));
    expect((await p5.post("/api/vendor/me/do-upload", form)).status).toBe(200);
    expect((await notices(p5)).every((n) => n.dismissed)).toBe(true);
    await runLicenceChecks(env, expiry + 4);
    expect((await texts(phone)).slice(before)).toHaveLength(2);
  });

  it("says a rejected licence was not accepted", async () => {
    const { pro: p6, vendorId: v6 } = await approvedPro(w, admin);
    expect((await p6.put(`/api/service/${w.massageServices[1]}/status`, { enable: true })).status).toBe(200);
    await env.DB.prepare("UPDATE vendor_licenses SET status = 'rejected' WHERE vendor_id = ?").bind(v6).run();
    await runLicenceChecks(env, T0);
    await runLicenceChecks(env, T0 + 1);
    const list = await notices(p6);
    expect(list).toHaveLength(1);
    expect(list[0].message).toContain("licence was not accepted");
  });
});

describe("the pro's photo in the business area (PUT /api/vendor/me/photo; issue 21)", () => {
  const upload = (c: Client, bytes: Uint8Array, path = "/api/vendor/me/photo") => {
    const form = new FormData();
    form.set("file", new File([bytes as Uint8Array<ArrayBuffer>], "me.png", { type: "image/png" }));
    return c.put(path, form);
  };

  it("starts from the application's photo, and choosing that picture again is not 'uploaded recently'", async () => {
    const pixels = scene(320, 320);
    const { pro: me } = await approvedPro(w, admin, {
      photo: file(jpeg(pixels) as Uint8Array<ArrayBuffer>, "me.jpg", "image/jpeg"),
    });
    const profile = (await me.get("/api/vendor/me/profile")).body.data;
    expect(profile.photo).toMatch(/^\/media\/u\//);
    expect(profile.photo_status).toBe("approved");
    // The account shows the same starting photo.
    expect((await me.get("/api/account/user/profile")).body.data[0].photo).toBe(profile.photo);

    // The same picture, re-encoded as the browser's shrink does: other bytes, same pixels, a day later.
    me.now = T0 + 24 * 3600 * 1000;
    const again = await upload(me, pngOf(pixels));
    expect(again.status).toBe(200);
    expect(again.body.data.photo).not.toBe(profile.photo);
    expect(again.body.data.photo).toMatch(/^\/media\/u\//);
    // The account's avatar follows the pro's photo.
    expect((await me.get("/api/account/user/profile")).body.data[0].photo).toBe(again.body.data.photo);

    // Any other repeat is still refused: the photo just set, sent again.
    const repeat = await upload(me, pngOf(pixels));
    expect(repeat.body.error).toMatchObject({ code: "FILE_DUPLICATE", fields: { result: "-4" } });
  });

  it("runs the profile picture's checks and is a profile edit the account policy governs", async () => {
    const { pro: me, vendorId: id } = await approvedPro(w, admin);
    const grey = await upload(me, jpeg(flat(400, 400, [90, 90, 90])));
    expect(grey.body.error).toMatchObject({ code: "FILE_LOW_QUALITY", fields: { result: "-3" } });
    expect((await me.put("/api/vendor/me/photo", "not a form", { "content-type": "text/plain" })).body.error.code).toBe(
      "INVALID_INPUT",
    );
    await env.DB.prepare("UPDATE vendors SET status = 'terminated' WHERE vendor_id = ?").bind(id).run();
    const refused = await upload(me, pngOf(scene(300, 300)));
    expect(refused.body.error.code).toBe("VENDOR_TERMINATED");
    expect((await upload(roles.customer, pngOf(scene(300, 300)))).status).toBe(403);
  });
});
