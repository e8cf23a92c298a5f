import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { Client, roleClients, signUp } from "../../test-utils";
import { messageFor } from "../../../domain/messages";
import { flat, scene } from "../../../tests/fixtures/pictures";
import { jpeg, png as pngOf } from "../../uploads/test-encoders";
import {
  adminClient,
  applicationForm,
  approvedPro,
  file,
  photo,
  png,
  world,
  type World,
} from "../../vendors/test-fixtures";

let w: World;
let admin: Client;
beforeAll(async () => {
  w = await world();
  admin = await adminClient();
});

async function applicant() {
  const c = new Client();
  const s = await signUp(c, { name: "Applicant" });
  return { c, userId: s.profile.user_id as number };
}

const setStatus = (id: number, status: string) =>
  env.DB.prepare("UPDATE vendor_applications SET status = ? WHERE application_id = ?").bind(status, id).run();

describe("POST /api/vendor/create", () => {
  it("lists the groups one can apply for, with which need a licence", async () => {
    const res = await new Client().get("/api/vendor/apply-options");
    expect(res.status).toBe(200);
    const massage = res.body.data.groups.find((g: any) => g.service_code_group_id === w.massage);
    expect(massage).toMatchObject({ name: "Massage", license_required: true });
  });

  it("takes an application with a licence and photo; the applicant sees it in review", async () => {
    const { c } = await applicant();
    const res = await c.post("/api/vendor/create", applicationForm(w));
    expect(res.status).toBe(201);
    expect(res.body.data.state).toBe("in_review");
    const row = await env.DB.prepare("SELECT * FROM vendor_applications WHERE application_id = ?")
      .bind(res.body.data.application_id)
      .first<any>();
    expect(row).toMatchObject({ status: "submitted", radius_miles: 10, license_state: "OR", experience_years: 6 });
    expect(row.license_upload_id).toBeGreaterThan(0);
    expect(row.photo_upload_id).toBeGreaterThan(0);
    const key = await env.DB.prepare("SELECT key FROM uploads WHERE upload_id = ?")
      .bind(row.license_upload_id)
      .first<any>();
    expect(key.key).toMatch(/^private\//);
    const mine = await c.get("/api/vendor/application");
    expect(mine.body.data.application).toMatchObject({ state: "in_review" });
  });

  it("needs a signed-in user", async () => {
    const res = await new Client().post("/api/vendor/create", applicationForm(w));
    expect(res.status).toBe(401);
  });

  it("answers missing fields with the fields named", async () => {
    const { c } = await applicant();
    const res = await c.post("/api/vendor/create", applicationForm(w, { name: "", photo: null, agreement: null }));
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("VENDOR_APPLICATION_MISSING_FIELDS");
    expect(Object.keys(res.body.error.fields)).toEqual(expect.arrayContaining(["name", "photo", "agreement"]));
    const none = await env.DB.prepare("SELECT count(*) AS n FROM vendor_applications WHERE name = ''").first<any>();
    expect(none.n).toBe(0);
  });

  it("refuses a licensed service without a licence, but not an unlicensed one", async () => {
    const { c } = await applicant();
    const res = await c.post("/api/vendor/create", applicationForm(w, { license: null }));
    expect(res.body.error.code).toBe("VENDOR_APPLICATION_MISSING_LICENSE");
    const nails = await c.post(
      "/api/vendor/create",
      applicationForm(w, { license: null, license_number: "", service_groups: String(w.nails) }),
    );
    expect(nails.status).toBe(201);
  });

  it("refuses an invalid file (not an image, or a photo too small)", async () => {
    const { c } = await applicant();
    const text = file(new TextEncoder().encode("not an image at all") as Uint8Array<ArrayBuffer>, "x.png");
    const bad = await c.post("/api/vendor/create", applicationForm(w, { photo: text }));
    expect(bad.status).toBe(415);
    expect(bad.body.error.code).toBe("VENDOR_APPLICATION_INVALID_FILE");
    expect(bad.body.error.fields).toMatchObject({ result: "-1" });
    const tiny = await c.post("/api/vendor/create", applicationForm(w, { photo: file(png(80, 80), "me.png") }));
    expect(tiny.body.error.code).toBe("VENDOR_APPLICATION_INVALID_FILE");
  });

  it("runs the docs/product.md section 5 image check on the photo's decoded pixels (-1 to -4)", async () => {
    const { c, userId } = await applicant();
    const jpg = (bytes: Uint8Array) => file(bytes as Uint8Array<ArrayBuffer>, "me.jpg", "image/jpeg");
    const refused = async (photoFile: File) => {
      const res = await c.post("/api/vendor/create", applicationForm(w, { photo: photoFile }));
      expect(res.body.error?.code).toBe("VENDOR_APPLICATION_INVALID_FILE");
      return res.body.error.fields as Record<string, string>;
    };
    // A PNG header with nothing decodable behind it: the header names a format, the pixels are not there.
    const header = new Uint8Array(2000);
    header.set(png(8, 8).subarray(0, 33));
    expect(await refused(file(header, "me.png"))).toMatchObject({ result: "-1" });
    // Flat grey (no brightness variation) and a smooth gradient (no edges) are low quality.
    expect(await refused(jpg(jpeg(flat(400, 400, [128, 128, 128]))))).toMatchObject({
      result: "-3",
      photo: messageFor("FILE_LOW_QUALITY"),
    });
    expect(await refused(jpg(jpeg(scene(400, 400, { gradientOnly: true }))))).toMatchObject({ result: "-3" });
    // A real picture that is too small is refused with the size named.
    expect((await refused(jpg(photo(120, 120)))).photo).toContain("200 x 200");
    // A picture with shapes (not noise, whose tiny averages a JPEG re-encode reshuffles).
    const pixels = scene(300, 300);
    const kept = jpeg(pixels);
    expect((await c.post("/api/vendor/create", applicationForm(w, { photo: jpg(kept) }))).status).toBe(201);
    const stored = await env.DB.prepare(
      "SELECT image_hash FROM uploads WHERE owner_user_id = ? AND kind = 'profile_photo'",
    )
      .bind(userId)
      .first<{ image_hash: string }>();
    expect(stored?.image_hash).toMatch(/^[0-9a-f]{16}$/);
    // The same picture re-encoded (PNG instead of JPEG) is still the same picture: a duplicate (-4).
    await env.DB.prepare("UPDATE vendor_applications SET status = 'ignored' WHERE user_id = ?").bind(userId).run();
    expect(await refused(file(pngOf(pixels) as Uint8Array<ArrayBuffer>, "me.png"))).toMatchObject({ result: "-4" });
    expect((await c.post("/api/vendor/create", applicationForm(w, { photo: jpg(photo(300, 300)) }))).status).toBe(201);
  });

  it("refuses an unknown ZIP and a bad radius", async () => {
    const { c } = await applicant();
    expect((await c.post("/api/vendor/create", applicationForm(w, { zipcode: "99999" }))).body.error.code).toBe(
      "INVALID_ADDRESS",
    );
    const radius = await c.post("/api/vendor/create", applicationForm(w, { radius_miles: "80" }));
    expect(radius.body.error.fields).toHaveProperty("radius_miles");
  });

  it("follows the application states: rejected is final, silent rejection looks in review, ignored may reapply", async () => {
    const { c } = await applicant();
    const first = await c.post("/api/vendor/create", applicationForm(w));
    const id = first.body.data.application_id;
    expect((await c.post("/api/vendor/create", applicationForm(w))).body.error.code).toBe("VENDOR_APPLICATION_PENDING");

    await setStatus(id, "silently_rejected");
    expect((await c.get("/api/vendor/application")).body.data.application.state).toBe("in_review");
    expect((await c.post("/api/vendor/create", applicationForm(w))).body.error.code).toBe("VENDOR_APPLICATION_PENDING");

    await setStatus(id, "ignored");
    expect((await c.get("/api/vendor/application")).body.data.application.state).toBe("closed_can_reapply");
    const again = await c.post("/api/vendor/create", applicationForm(w));
    expect(again.status).toBe(201);

    await setStatus(again.body.data.application_id, "rejected");
    expect((await c.get("/api/vendor/application")).body.data.application.state).toBe("rejected");
    const closed = await c.post("/api/vendor/create", applicationForm(w));
    expect(closed.status).toBe(403);
    expect(closed.body.error.code).toBe("VENDOR_APPLICATION_CLOSED");
  }, 30_000);

  it("keeps at most one application in review under 20 parallel submissions", async () => {
    const { c, userId } = await applicant();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => c.post("/api/vendor/create", applicationForm(w))),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.every((r) => r.status === 201 || r.body.error.code === "VENDOR_APPLICATION_PENDING")).toBe(true);
    const n = await env.DB.prepare("SELECT count(*) AS n FROM vendor_applications WHERE user_id = ?")
      .bind(userId)
      .first<any>();
    expect(n.n).toBe(1);
  }, 30_000);
});

describe("POST /api/admin/applications/:id/approve", () => {
  it("creates the vendor with reliability 50, its services off, its licence, and links the login", async () => {
    const { pro, vendorId, applicationId } = await approvedPro(w, admin);
    const vendor = await env.DB.prepare("SELECT * FROM vendors WHERE vendor_id = ?").bind(vendorId).first<any>();
    expect(vendor).toMatchObject({ status: "active", reliability: 50, base_zip: "97201", range_miles: 10 });
    expect(vendor.tz).toBe("America/Los_Angeles");
    expect(JSON.parse(vendor.available_setting).weekly.mon).toEqual([["09:00", "17:00"]]);
    const services = await env.DB.prepare("SELECT service_id, enabled FROM vendor_services WHERE vendor_id = ?")
      .bind(vendorId)
      .all<any>();
    expect(services.results.map((s) => s.service_id).sort()).toEqual([...w.massageServices, w.nailService].sort());
    expect(services.results.every((s) => s.enabled === 0)).toBe(true);
    const lic = await env.DB.prepare("SELECT * FROM vendor_licenses WHERE vendor_id = ?").bind(vendorId).all<any>();
    expect(lic.results).toEqual([expect.objectContaining({ service_code_group_id: w.massage, status: "approved" })]);
    expect((await pro.get("/api/vendor/application")).body.data.application.state).toBe("approved");
    // The pro's session now reaches the business tools.
    expect((await pro.get("/api/vendor/me/profile")).status).toBe(200);
    const again = await admin.post(`/api/admin/applications/${applicationId}/approve`);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("APPLICATION_ALREADY_REVIEWED");
  });

  it("creates one vendor when 20 approvals race", async () => {
    const { c, userId } = await applicant();
    const applied = await c.post("/api/vendor/create", applicationForm(w));
    const id = applied.body.data.application_id;
    const results = await Promise.all(
      Array.from({ length: 20 }, () => admin.post(`/api/admin/applications/${id}/approve`)),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    const n = await env.DB.prepare("SELECT count(*) AS n FROM vendors WHERE user_id = ?").bind(userId).first<any>();
    expect(n.n).toBe(1);
  }, 30_000);

  it("is staff only, and answers 404 for an unknown application", async () => {
    const roles = await roleClients();
    expect((await roles.anonymous.post("/api/admin/applications/1/approve")).status).toBe(401);
    expect((await roles.customer.post("/api/admin/applications/1/approve")).status).toBe(403);
    expect((await roles.vendor.post("/api/admin/applications/1/approve")).status).toBe(403);
    expect((await admin.post("/api/admin/applications/999999/approve")).status).toBe(404);
    expect((await admin.post("/api/admin/applications/abc/approve")).status).toBe(400);
  }, 30_000);
});
