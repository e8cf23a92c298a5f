import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { flat, noisy, scene } from "../../../../tests/fixtures/pictures";
import { jpeg, png } from "../../../uploads/test-encoders";
import { acceptedJob, photoForm } from "../../../jobs/test-fixtures";
import { Client, ORIGIN, promote, signUp } from "../../../test-utils";

describe("POST /api/vendor/me/job (job pictures)", () => {
  it("stores a real picture and answers the job's before, after and testimonial lists", async () => {
    const { soId, vendor } = await acceptedJob();
    const res = await vendor.post("/api/vendor/me/job", photoForm(soId, "before", png(scene(160, 120))));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      service_order_id: soId,
      after: [],
      testimonial: [],
      message: "Picture saved.",
    });
    expect(res.body.data.before).toHaveLength(1);
    const served = await vendor.get(res.body.data.before[0].replace(/^/, ""));
    expect(served.status).toBe(200);
    const row = await env.DB.prepare(
      "SELECT kind, image_hash, service_order_id FROM uploads WHERE service_order_id = ?",
    )
      .bind(soId)
      .first<{ kind: string; image_hash: string }>();
    expect(row).toMatchObject({ kind: "job_before", service_order_id: soId });
    expect(row!.image_hash).toMatch(/^[0-9a-f]{16}$/);
  });

  it("answers -1 for a bad format, -3 for a flat grey picture and -4 for the same picture again", async () => {
    const { soId, vendor } = await acceptedJob();
    const gif = new TextEncoder().encode("GIF89a....................");
    const bad = await vendor.post("/api/vendor/me/job", photoForm(soId, "before", gif, "x.png"));
    expect(bad.status).toBe(415);
    expect(bad.body.error).toMatchObject({ code: "FILE_FORMAT_NOT_ALLOWED", fields: { result: "-1" } });
    const grey = await vendor.post(
      "/api/vendor/me/job",
      photoForm(soId, "before", jpeg(flat(200, 150, [128, 128, 128]))),
    );
    expect(grey.status).toBe(422);
    expect(grey.body.error).toMatchObject({ code: "FILE_LOW_QUALITY", fields: { result: "-3" } });
    const picture = scene(200, 150);
    expect((await vendor.post("/api/vendor/me/job", photoForm(soId, "before", jpeg(picture)))).status).toBe(200);
    // The same picture as PNG: another file, the same hash.
    const again = await vendor.post("/api/vendor/me/job", photoForm(soId, "after", png(picture)));
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: "FILE_DUPLICATE", fields: { result: "-4" } });
  });

  it("keeps another pro, a customer and a visitor out", async () => {
    const { soId, other, customer } = await acceptedJob();
    const form = () => photoForm(soId, "before", png(noisy(40, 30, 1)));
    const res = await other.post("/api/vendor/me/job", form());
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("NOT_FOUND");
    expect((await customer.post("/api/vendor/me/job", form())).status).toBe(403);
    expect((await new Client().post("/api/vendor/me/job", form())).status).toBe(401);
  });

  it(
    "of 100 pictures sent at once (the limit x 20), keeps exactly 5 and refuses the rest with ERROR_LIMIT_UPLOADS",
    {
      timeout: 60_000,
    },
    async () => {
      const { soId, vendor } = await acceptedJob();
      const replies = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          vendor.post("/api/vendor/me/job", photoForm(soId, "after", png(noisy(48, 36, 100 + i)))),
        ),
      );
      expect(replies.filter((r) => r.status === 200)).toHaveLength(5);
      const refused = replies.filter((r) => r.status !== 200);
      expect(refused.every((r) => r.body.error.code === "ERROR_LIMIT_UPLOADS")).toBe(true);
      const row = await env.DB.prepare(
        "SELECT json_array_length(job_images, '$.after') AS n FROM service_orders WHERE service_order_id = ?",
      )
        .bind(soId)
        .first<{ n: number }>();
      expect(row!.n).toBe(5);
      const stored = await env.DB.prepare(
        "SELECT count(*) AS n FROM uploads WHERE service_order_id = ? AND deleted_at IS NULL",
      )
        .bind(soId)
        .first<{ n: number }>();
      expect(stored!.n).toBe(5);
    },
  );

  it("replaces and removes a picture with /update-photo", async () => {
    const { soId, vendor } = await acceptedJob();
    const first = await vendor.post("/api/vendor/me/job", photoForm(soId, "testimonial", png(noisy(40, 30, 7))));
    const form = photoForm(soId, "testimonial", png(noisy(40, 30, 8)));
    form.set("index", "0");
    const replaced = await vendor.post("/api/vendor/me/update-photo", form);
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(replaced.body.data.testimonial).toHaveLength(1);
    expect(replaced.body.data.testimonial[0]).not.toBe(first.body.data.testimonial[0]);
    const remove = new FormData();
    remove.set("service_order_id", String(soId));
    remove.set("type", "testimonial");
    remove.set("index", "0");
    const removed = await vendor.post("/api/vendor/me/update-photo", remove);
    expect(removed.body.data.testimonial).toEqual([]);
    remove.set("index", "3");
    expect((await vendor.post("/api/vendor/me/update-photo", remove)).status).toBe(404);
  });
});

describe("GET /media/u/... for job pictures (issue 20)", () => {
  it("serves a before picture only to the job's customer, its pro and staff, with private caching", async () => {
    // At the client's own clock, as its other requests: its session was made then (tests pass on any date).
    const seenAs = (who: Client) => ({ "x-test-now": String(who.now), ...(who.cookie ? { cookie: who.cookie } : {}) });
    const { soId, vendor, other, customer } = await acceptedJob();
    const res = await vendor.post("/api/vendor/me/job", photoForm(soId, "before", png(scene(160, 120))));
    expect(res.status).toBe(200);
    const url: string = res.body.data.before[0];
    const staff = new Client();
    const s = await signUp(staff, { name: "Photo Staff" });
    await promote(s.profile.user_id, { groups: "12,50" });
    for (const who of [vendor, customer, staff]) {
      const seen = await SELF.fetch(`${ORIGIN}${url}`, { headers: seenAs(who) });
      expect(seen.status).toBe(200);
      expect(seen.headers.get("cache-control")).toBe("private, no-cache");
      await seen.arrayBuffer();
    }
    for (const who of [other, new Client()]) {
      const refused = await SELF.fetch(`${ORIGIN}${url}`, { headers: seenAs(who) });
      expect(refused.status).toBe(404);
      expect(((await refused.json()) as any).error.code).toBe("NOT_FOUND");
    }
  });
});
