import { env } from "cloudflare:test";
import { PDFDocument } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { Client, T0 } from "../test-utils";
import { adminClient, approvedPro, file, groupSlug, png, world, type World } from "./test-fixtures";

/**
 * Licences are reviewed before they unlock a licensed service (decision 121): the staff queue, approve/reject with a
 * comment, the gate on switching a service on, renewals, the file checks, and one licence per group.
 */

let w: World;
let admin: Client;
beforeAll(async () => {
  w = await world();
  admin = await adminClient();
});

function licenceForm(slug: string, body: File, expires = "2031-01-31") {
  const form = new FormData();
  form.append("service_code", slug);
  form.append("expires", expires);
  form.append("file", body);
  return form;
}

const licence = (vendorId: number) =>
  env.DB.prepare("SELECT * FROM vendor_licenses WHERE vendor_id = ? AND service_code_group_id = ?")
    .bind(vendorId, w.massage)
    .first<any>();

async function queueItem(vendorId: number) {
  const res = await admin.get("/api/admin/reviews");
  expect(res.status).toBe(200);
  return (res.body.data.items as any[]).find((i) => i.kind === "license" && i.vendor_id === vendorId);
}

/** A pro whose massage licence lapsed (so a new upload is a first licence, not a renewal). */
async function lapsedPro() {
  const p = await approvedPro(w, admin);
  await env.DB.prepare("UPDATE vendor_licenses SET expires_at = ? WHERE vendor_id = ?")
    .bind(T0 - 1, p.vendorId)
    .run();
  return p;
}

describe("a licence upload waits for staff", () => {
  it("is queued with its file, unlocks nothing until approved; staff approve it (audited, the pro is texted)", async () => {
    const { pro, vendorId } = await lapsedPro();
    const slug = await groupSlug(w.massage);
    const up = await pro.post("/api/vendor/me/do-upload", licenceForm(slug, file(png(300, 200), "l.png")));
    expect(up.status).toBe(200);
    expect(up.body.data.licenses[0]).toMatchObject({ valid: false, license: { status: "pending" } });
    // Pending unlocks nothing: the service cannot be switched on.
    const refused = await pro.put(`/api/service/${w.massageServices[0]}/status`, { enable: true });
    expect(refused.body.error.code).toBe("LICENSE_REQUIRED");

    const item = await queueItem(vendorId);
    expect(item).toMatchObject({ renewal: false, group_id: w.massage, file_type: "image" });
    const preview = await admin.get(item.file_url);
    expect(preview.status).toBe(200);
    // The file is staff-only.
    expect((await pro.get(item.file_url)).status).toBe(403);
    expect((await new Client().get(item.file_url)).status).toBe(401);

    const ok = await admin.post(`/api/admin/reviews/${vendorId}/license/${w.massage}`, {
      decision: "approve",
      comment: "Checked with the state board.",
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ status: "approved", valid: true });
    expect((await pro.put(`/api/service/${w.massageServices[0]}/status`, { enable: true })).status).toBe(200);
    const audit = await env.DB.prepare(
      "SELECT reason FROM audit_log WHERE action = 'vendor.license_approve' AND target_id = ?",
    )
      .bind(String(vendorId))
      .all<any>();
    expect(audit.results).toEqual([{ reason: "Checked with the state board." }]);
    expect(await queueItem(vendorId)).toBeUndefined();
    // Decided once: a second decision is refused.
    const again = await admin.post(`/api/admin/reviews/${vendorId}/license/${w.massage}`, {
      decision: "reject",
      comment: "Too late now",
    });
    expect(again.body.error.code).toBe("STAFF_ACTION_NOT_ALLOWED");
  });

  it("a rejection carries the comment to the pro (noticed and texted) and keeps the services off", async () => {
    const { pro, vendorId } = await lapsedPro();
    const slug = await groupSlug(w.massage);
    await pro.post("/api/vendor/me/do-upload", licenceForm(slug, file(png(300, 200), "l.png")));
    const short = await admin.post(`/api/admin/reviews/${vendorId}/license/${w.massage}`, {
      decision: "reject",
      comment: "no",
    });
    expect(short.status).toBe(400);
    const rejected = await admin.post(`/api/admin/reviews/${vendorId}/license/${w.massage}`, {
      decision: "reject",
      comment: "The picture is blurred; send a sharp one.",
    });
    expect(rejected.status).toBe(200);
    expect(await licence(vendorId)).toMatchObject({
      status: "rejected",
      review_note: "The picture is blurred; send a sharp one.",
    });
    const list = await pro.get("/api/vendor/me/license");
    expect(list.body.data.licenses[0].license.review_note).toBe("The picture is blurred; send a sharp one.");
    const phone = await env.DB.prepare(
      "SELECT u.phone FROM vendors v JOIN users u ON u.user_id = v.user_id WHERE v.vendor_id = ?",
    )
      .bind(vendorId)
      .first<{ phone: string }>();
    const texts = await env.DB.prepare('SELECT body FROM outbox WHERE "to" = ?')
      .bind(phone!.phone)
      .all<{ body: string }>();
    expect(texts.results.some((t) => t.body.includes("The picture is blurred"))).toBe(true);
    expect((await pro.put(`/api/service/${w.massageServices[0]}/status`, { enable: true })).body.error.code).toBe(
      "LICENSE_REQUIRED",
    );
  });

  it("a renewal under review keeps the current valid licence and its services on; approving it moves it in", async () => {
    const { pro, vendorId } = await approvedPro(w, admin);
    const slug = await groupSlug(w.massage);
    expect((await pro.put(`/api/service/${w.massageServices[0]}/status`, { enable: true })).status).toBe(200);
    const before = await licence(vendorId);
    const up = await pro.post(
      "/api/vendor/me/do-upload",
      licenceForm(slug, file(png(300, 200), "r.png"), "2032-05-31"),
    );
    expect(up.body.data.licenses[0]).toMatchObject({
      valid: true,
      license: { status: "approved" },
      renewal: { status: "pending" },
    });
    expect((await pro.put(`/api/service/${w.massageServices[1]}/status`, { enable: true })).status).toBe(200);
    expect(await queueItem(vendorId)).toMatchObject({ renewal: true, current_expires_at: before.expires_at });
    const ok = await admin.post(`/api/admin/reviews/${vendorId}/license/${w.massage}`, { decision: "approve" });
    expect(ok.status).toBe(200);
    const after = await licence(vendorId);
    expect(after).toMatchObject({ status: "approved", renewal_upload_id: null });
    expect(after.expires_at).toBeGreaterThan(before.expires_at);
  });

  it("staff deciding the same licence 20 times at once decide it once", async () => {
    const { pro, vendorId } = await lapsedPro();
    await pro.post("/api/vendor/me/do-upload", licenceForm(await groupSlug(w.massage), file(png(300, 200), "l.png")));
    const all = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        admin.post(
          `/api/admin/reviews/${vendorId}/license/${w.massage}`,
          i % 2 ? { decision: "approve" } : { decision: "reject", comment: "Please send it again." },
        ),
      ),
    );
    expect(all.filter((r) => r.status === 200)).toHaveLength(1);
    const audit = await env.DB.prepare(
      "SELECT count(*) AS n FROM audit_log WHERE action LIKE 'vendor.license_%' AND target_id = ?",
    )
      .bind(String(vendorId))
      .first<{ n: number }>();
    expect(audit!.n).toBe(1);
  });
});

describe("licence files must really be images or PDFs", () => {
  it("refuses a PNG header followed by HTML and a truncated JPEG; takes a real PDF and shows it as one", async () => {
    const { pro, vendorId } = await lapsedPro();
    const slug = await groupSlug(w.massage);
    const html = new TextEncoder().encode("<html><script>alert(1)</script></html>".repeat(20));
    const fake = new Uint8Array(8 + html.length);
    fake.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    fake.set(html, 8);
    const r1 = await pro.post("/api/vendor/me/do-upload", licenceForm(slug, file(fake, "l.png")));
    expect(r1.body.error.code).toBe("FILE_FORMAT_NOT_ALLOWED");
    const { jpeg } = await import("../uploads/test-encoders");
    const { randomPixels } = await import("./test-fixtures");
    const whole = jpeg(randomPixels(200, 200));
    const cut = whole.slice(0, Math.floor(whole.length / 2)) as Uint8Array<ArrayBuffer>;
    const r2 = await pro.post("/api/vendor/me/do-upload", licenceForm(slug, file(cut, "l.jpg", "image/jpeg")));
    expect(r2.body.error.code).toBe("FILE_FORMAT_NOT_ALLOWED");
    const fakePdf = new TextEncoder().encode("%PDF-1.7\n<html>not a pdf</html>".padEnd(200, " "));
    const r3 = await pro.post(
      "/api/vendor/me/do-upload",
      licenceForm(slug, file(fakePdf as Uint8Array<ArrayBuffer>, "l.pdf", "application/pdf")),
    );
    expect(r3.body.error.code).toBe("FILE_FORMAT_NOT_ALLOWED");
    expect(await queueItem(vendorId)).toBeUndefined();

    const doc = await PDFDocument.create();
    doc.addPage().drawText("State licence LMT-1");
    const pdf = (await doc.save()) as Uint8Array<ArrayBuffer>;
    const r4 = await pro.post("/api/vendor/me/do-upload", licenceForm(slug, file(pdf, "l.pdf", "application/pdf")));
    expect(r4.status).toBe(200);
    const item = await queueItem(vendorId);
    expect(item.file_type).toBe("pdf");
    const served = await admin.get(item.file_url);
    expect(served.status).toBe(200);
  });
});

describe("an application asks for one licence per licensed group", () => {
  it("one massage licence does not approve hair: both are required, each for its own group", async () => {
    const { insertGroup, insertService } = await import("../catalogue/test-fixtures");
    const hairId = await insertGroup({ name: "Hair" });
    await env.DB.prepare("UPDATE service_code_groups SET license_required = 1 WHERE service_code_group_id = ?")
      .bind(hairId)
      .run();
    await insertService({ group: hairId, description: "Cut", base_price_cents: 5000 });
    const pro = new Client();
    const { signUp } = await import("../test-utils");
    await signUp(pro, { name: "Two Groups" });
    const { applicationForm } = await import("./test-fixtures");
    const missing = await pro.post(
      "/api/vendor/create",
      applicationForm(w, { service_groups: `${w.massage},${hairId}` }),
    );
    expect(missing.body.error.code).toBe("VENDOR_APPLICATION_MISSING_LICENSE");
    expect(missing.body.error.fields).toHaveProperty(`license_${w.massage}`);

    const form = applicationForm(w, { service_groups: `${w.massage},${hairId}`, license: null });
    for (const [id, n] of [
      [w.massage, "LMT-1"],
      [hairId, "COS-2"],
    ] as const) {
      form.append(`license_${id}`, file(png(300, 200), `l${id}.png`));
      form.append(`license_number_${id}`, n);
      form.append(`license_state_${id}`, "OR");
      form.append(`license_expires_${id}`, "2031-06-30");
    }
    const applied = await pro.post("/api/vendor/create", form);
    expect(applied.status).toBe(201);
    const id = applied.body.data.application_id;
    const listed = (await admin.get("/api/admin/applications")).body.data.items.find(
      (a: any) => a.application_id === id,
    );
    expect(listed.licenses.map((l: any) => l.group_id).sort()).toEqual([w.massage, hairId].sort());
    expect(listed).toMatchObject({ radius_miles: 10, experience_years: 6 });
    expect((await admin.get(listed.photo_url)).status).toBe(200);
    expect((await admin.get(listed.licenses[0].file_url)).status).toBe(200);

    const approved = await admin.post(`/api/admin/applications/${id}/approve`, { reason: "All documents checked" });
    expect(approved.status).toBe(200);
    const rows = await env.DB.prepare(
      "SELECT service_code_group_id, upload_id FROM vendor_licenses WHERE vendor_id = ?",
    )
      .bind(approved.body.data.vendor_id)
      .all<any>();
    expect(new Set(rows.results.map((r: any) => r.upload_id)).size).toBe(2);
    const audit = await env.DB.prepare(
      "SELECT reason FROM audit_log WHERE action = 'application.approve' AND target_id = ?",
    )
      .bind(String(id))
      .first<any>();
    expect(audit).toEqual({ reason: "All documents checked" });
    const note = await env.DB.prepare("SELECT review_notes, phone FROM vendor_applications WHERE application_id = ?")
      .bind(id)
      .first<any>();
    expect(note.review_notes).toBe("All documents checked");
    const texted = await env.DB.prepare('SELECT body FROM outbox WHERE "to" = ? ORDER BY id DESC LIMIT 1')
      .bind(note.phone)
      .first<any>();
    expect(texted.body).toContain("approved");
  });
});
