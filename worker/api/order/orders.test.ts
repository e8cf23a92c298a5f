import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ServiceOrderStatus as S } from "../../../domain/order-status";
import { Client } from "../../test-utils";
import { HOUR, T0, TUE, WED, at, customer, insertJob, jobRow, vendorWorld } from "../../orders/test-fixtures";

const images = JSON.stringify({ before: ["b1.jpg"], after: ["a1.jpg", "a2.jpg"], testimonial: ["t1.jpg"] });

describe("GET /api/orders", () => {
  it("lists the customer's open jobs, status 30 first, then by time, with service, vendor, price and local time", async () => {
    const w = await vendorWorld();
    const me = await customer();
    const later = await insertJob({ userId: me.user_id, world: w, start: at(WED, "09:00"), price: 12_000 });
    const sooner = await insertJob({ userId: me.user_id, world: w, start: at(TUE, "14:30"), status: S.PENDING });
    const now = await insertJob({ userId: me.user_id, world: w, start: at(WED, "18:00"), status: S.IN_PROGRESS });
    await insertJob({ userId: me.user_id, world: w, status: S.COMPLETED });
    await insertJob({ userId: me.user_id, world: w, status: S.CANCELLED });
    const other = await customer("Someone Else");
    await insertJob({ userId: other.user_id, world: w });

    const res = await me.client.get("/api/orders");
    expect(res.status).toBe(200);
    expect(res.body.data.map((o: any) => o.service_order_id)).toEqual([now.soid, sooner.soid, later.soid]);
    expect(res.body.data[2]).toEqual({
      added_charges: [],
      service_order_id: later.soid,
      order_id: later.orderId,
      service_order_status_id: S.SCHEDULED,
      scheduled_status: 1,
      promised_arrival_time: "2026-11-25 09:00",
      promised_arrival_at: "2026-11-25T14:00:00.000Z",
      time_zone: "America/New_York",
      job_minutes: 60,
      is_connect: false,
      service: { service_id: w.serviceId, service_code: w.serviceCode, description: expect.any(String), image: null },
      vendor: { vendor_id: w.vendorId, name: w.vendorName, photo: expect.stringMatching(/^\/media\/demo\//) },
      price_cents: 12_000,
      address: `1 Test St, Testville, NY ${w.zip}`,
      zipcode: w.zip,
      reschedule_request: null,
      vendor_proposal: null,
      visit: {
        stage: "accepted",
        on_the_way_at: null,
        arrived_at: null,
        started_at: null,
        distance_miles: null,
        eta_at: null,
        pro_rating: null,
        pro_rating_count: 0,
      },
      chosen_pro: null,
      can_reschedule: true,
      can_cancel: true,
    });
    expect(res.body.data[0].can_reschedule).toBe(false);
  });

  it("narrows the list to a ZIP and ignores a value that is not a ZIP", async () => {
    const w = await vendorWorld();
    const me = await customer();
    const here = await insertJob({ userId: me.user_id, world: w });
    await insertJob({ userId: me.user_id, world: w, zipcode: "99501" });
    expect((await me.client.get(`/api/orders?zipCode=${w.zip}`)).body.data.map((o: any) => o.service_order_id)).toEqual(
      [here.soid],
    );
    expect((await me.client.get("/api/orders?zipCode=abc")).body.data).toHaveLength(2);
  });

  it("answers an empty list for a customer without jobs and 401 signed out", async () => {
    const me = await customer();
    expect((await me.client.get("/api/orders")).body).toEqual({ data: [] });
    const anon = await new Client().get("/api/orders");
    expect(anon.status).toBe(401);
    expect(anon.body.error.code).toBe("INVALID_SESSION");
  });
});

describe("POST /api/order/complete", () => {
  it("pages completed jobs 20 at a time, newest first, with image entries, completion time and rating", async () => {
    const w = await vendorWorld();
    const me = await customer();
    const ids: number[] = [];
    for (let i = 0; i < 21; i++) {
      const j = await insertJob({
        userId: me.user_id,
        world: w,
        status: S.COMPLETED,
        start: T0 - (i + 2) * 24 * HOUR,
        completionTime: T0 - (i + 2) * 24 * HOUR + HOUR,
        jobImages: i === 0 ? images : undefined,
      });
      ids.push(j.soid);
    }
    await insertJob({ userId: me.user_id, world: w });
    const first = await me.client.post("/api/order/complete", { zipCode: w.zip, pagination: 1 });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ page: 1, page_size: 20, more: true });
    expect(first.body.data.items).toHaveLength(20);
    expect(first.body.data.items[0]).toMatchObject({
      service_order_id: ids[0],
      service_order_status_id: S.COMPLETED,
      completion_time: new Date(T0 - 2 * 24 * HOUR + HOUR).toISOString(),
      promised_arrival_time: "2026-11-20 10:00",
      job_images: [
        { type: 0, file: "t1.jpg" },
        { type: 1, file: "a1.jpg" },
        { type: 1, file: "a2.jpg" },
        { type: 2, file: "b1.jpg" },
      ],
      job_image: "b1.jpg",
      vendor_rating: null,
      vendor: { vendor_id: w.vendorId, name: w.vendorName },
    });
    const second = await me.client.post("/api/order/complete", { zipCode: w.zip, pagination: 2 });
    expect(second.body.data).toMatchObject({ page: 2, more: false });
    expect(second.body.data.items.map((o: any) => o.service_order_id)).toEqual([ids[20]]);
  });

  it("types a before picture 1 when it is the only kind", async () => {
    const w = await vendorWorld();
    const me = await customer();
    await insertJob({
      userId: me.user_id,
      world: w,
      status: S.COMPLETED,
      jobImages: JSON.stringify({ before: ["only.jpg"], after: [], testimonial: [] }),
    });
    const res = await me.client.post("/api/order/complete", {});
    expect(res.body.data.items[0].job_images).toEqual([{ type: 1, file: "only.jpg" }]);
  });

  it("refuses a page below 1", async () => {
    const me = await customer();
    const res = await me.client.post("/api/order/complete", { pagination: 0 });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("INVALID_INPUT");
  });
});

describe("PUT /api/order/complete (rating)", () => {
  async function completed(approvedOthers: number[] = []) {
    const w = await vendorWorld();
    const me = await customer();
    for (const r of approvedOthers) {
      const other = await insertJob({ userId: me.user_id, world: w, status: S.COMPLETED });
      await env.DB.prepare(
        "UPDATE service_orders SET vendor_rating = ?, rating_approved = 1, rated_at = ? WHERE service_order_id = ?",
      )
        .bind(r, T0, other.soid)
        .run();
    }
    const job = await insertJob({ userId: me.user_id, world: w, status: S.COMPLETED, completionTime: T0 - HOUR });
    return { w, me, soid: job.soid };
  }

  const vendorFigures = (vendorId: number) =>
    env.DB.prepare("SELECT rating_avg_x100, rating_count FROM vendors WHERE vendor_id = ?").bind(vendorId).first();

  it("rates the customer's completed job once, answers success and updates the vendor's average and count", async () => {
    const { w, me, soid } = await completed([5, 4]);
    const res = await me.client.put("/api/order/complete", {
      service_order_id: soid,
      vendor_rating: 5,
      vendor_rating_notes: "  Wonderful, on time!  ",
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      data: {
        service_order_id: soid,
        vendor_rating: 5,
        vendor_rating_notes: "Wonderful, on time!",
        rating_approved: true,
        message: "Thank you for your feedback!",
      },
    });
    expect(await vendorFigures(w.vendorId)).toEqual({ rating_avg_x100: 467, rating_count: 3 });
    const again = await me.client.put("/api/order/complete", { service_order_id: soid, vendor_rating: 4 });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("ALREADY_RATED");
    expect((await jobRow(soid))!.vendor_rating).toBe(5);
  });

  it("refuses a 3 without a comment with 'Comment is required', and no stars with 'Rating is required'", async () => {
    const { me, soid } = await completed();
    const noComment = await me.client.put("/api/order/complete", { service_order_id: soid, vendor_rating: 3 });
    expect(noComment.status).toBe(400);
    expect(noComment.body.error).toEqual({
      code: "COMMENT_REQUIRED",
      message: "Comment is required",
      fields: { vendor_rating_notes: "Comment is required" },
    });
    const noStars = await me.client.put("/api/order/complete", { service_order_id: soid, vendor_rating_notes: "fine" });
    expect(noStars.body.error).toMatchObject({ code: "RATING_REQUIRED", message: "Rating is required" });
    const short = await me.client.put("/api/order/complete", {
      service_order_id: soid,
      vendor_rating: 5,
      vendor_rating_notes: " ok!  ",
    });
    expect(short.body.error).toMatchObject({
      code: "COMMENT_TOO_SHORT",
      message: "Comment must be at least 6 characters.",
    });
    expect((await jobRow(soid))!.vendor_rating).toBeNull();
  });

  it("holds a low rating for approval: stored, but not counted in the vendor's figures", async () => {
    const { w, me, soid } = await completed([5]);
    const res = await me.client.put("/api/order/complete", {
      service_order_id: soid,
      vendor_rating: 2,
      vendor_rating_notes: "Arrived 40 minutes late.",
    });
    expect(res.body.data.rating_approved).toBe(false);
    expect(await vendorFigures(w.vendorId)).toEqual({ rating_avg_x100: 500, rating_count: 1 });
  });

  it("refuses another customer's job, a job not completed, and an unknown one", async () => {
    const { soid } = await completed();
    const stranger = await customer("Stranger Danger");
    const theirs = await stranger.client.put("/api/order/complete", { service_order_id: soid, vendor_rating: 5 });
    expect(theirs.status).toBe(404);
    const w = await vendorWorld();
    const open = await insertJob({ userId: stranger.user_id, world: w });
    const early = await stranger.client.put("/api/order/complete", { service_order_id: open.soid, vendor_rating: 5 });
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe("RATING_NOT_AVAILABLE");
  });

  it("clears the post-login review prompt (redirect code 2)", async () => {
    const { me, soid } = await completed();
    const before = await me.client.get("/api/account/user/getRedirect");
    expect(before.body.data).toMatchObject({ redirect: 2, service_order_id: soid });
    await me.client.put("/api/order/complete", { service_order_id: soid, vendor_rating: 4 });
    const after = await me.client.get("/api/account/user/getRedirect");
    expect(after.body.data.redirect).not.toBe(2);
  });
});

describe("POST /api/order/service-info", () => {
  it("answers the service, duration, preparation notes, vendor and address of the customer's job", async () => {
    const w = await vendorWorld();
    const me = await customer();
    const job = await insertJob({ userId: me.user_id, world: w, minutes: 90 });
    const res = await me.client.post("/api/order/service-info", { service_order_id: job.soid });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      service_order_id: job.soid,
      promised_arrival_time: "2026-11-24 10:00",
      job_minutes: 90,
      service: { service_id: w.serviceId, duration_minutes: 90, category: expect.stringMatching(/^Group /) },
      prep_notes: [expect.stringMatching(/brings everything/), expect.stringMatching(/well-lit/)],
      vendor: { vendor_id: w.vendorId, name: w.vendorName },
      address: `1 Test St, Testville, NY ${w.zip}`,
    });
  });

  it("does not show another customer's job, and validates the id", async () => {
    const w = await vendorWorld();
    const me = await customer();
    const job = await insertJob({ userId: me.user_id, world: w });
    const other = await customer("Other Person");
    expect((await other.client.post("/api/order/service-info", { service_order_id: job.soid })).status).toBe(404);
    expect((await me.client.post("/api/order/service-info", { service_order_id: "x" })).body.error.code).toBe(
      "INVALID_INPUT",
    );
  });
});

describe("POST /api/order/customer-vendor-exclude", () => {
  it("excludes the vendor of the customer's job, once, by job or by vendor", async () => {
    const w = await vendorWorld();
    const me = await customer();
    const job = await insertJob({ userId: me.user_id, world: w, status: S.COMPLETED });
    const res = await me.client.post("/api/order/customer-vendor-exclude", { service_order_id: job.soid });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      vendor_id: w.vendorId,
      excluded: true,
      message: "We won't match you with this professional again.",
    });
    expect((await me.client.post("/api/order/customer-vendor-exclude", { vendor_id: w.vendorId })).status).toBe(200);
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM customer_vendor_exclusions WHERE user_id = ?")
      .bind(me.user_id)
      .first<{ n: number }>();
    expect(rows!.n).toBe(1);
  });

  it("refuses a vendor the customer never had a job with, and an empty body", async () => {
    const w = await vendorWorld();
    const me = await customer();
    const res = await me.client.post("/api/order/customer-vendor-exclude", { vendor_id: w.vendorId });
    expect(res.status).toBe(404);
    expect((await me.client.post("/api/order/customer-vendor-exclude", {})).body.error.code).toBe("INVALID_INPUT");
  });
});
