import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import {
  catalogueWorld,
  insertCompletedJob,
  insertVendor,
  insertZip,
  north,
  type CatalogueWorld,
} from "../../catalogue/test-fixtures";
import { Client, signUp, T0 } from "../../test-utils";

let w: CatalogueWorld;
beforeAll(async () => {
  w = await catalogueWorld();
});

const list = (body: unknown) => new Client().post("/api/booking/vendors-list", body);
const names = (res: { body: any }) => res.body.data.items.map((v: any) => v.display_name);

describe("POST /api/booking/vendors-list", () => {
  it("finds the vendors whose range reaches a seeded ZIP, nearest first, with their details", async () => {
    const res = await list({ zipCode: "02116", pagination: 1 });
    expect(res.status).toBe(200);
    // Dee Out (12 mi, range 10), the soft-banned, deactivated and restricted vendors are not listed.
    expect(names(res)).toEqual(["Ava Near", "Bea Mid", "Cal Far", "Wes Wide"]);
    expect(res.body.data).toMatchObject({ zipCode: "02116", sort: "distance", page: 1, page_size: 10, more: false });
    const [ava, bea, cal] = res.body.data.items;
    expect(ava).toMatchObject({
      vendor_id: w.vendors.near,
      distance_miles: 1,
      rating: 4.5,
      rating_count: 20,
      is_pro: false,
      photo: expect.stringMatching(/^\/media\/demo\/vendor-\d+\.svg$/),
      // Cheapest main service: Deep Tissue at its base price (the add-on does not count).
      starting_price_cents: 11000,
    });
    // A vendor's services: popular first, then order_rank descending (docs/product.md section 9); the disabled one is gone.
    expect(ava.services).toEqual([
      { service_id: w.services.swedish, description: "Swedish Massage", price_cents: 12000, is_popular: true },
      { service_id: w.services.hotStones, description: "Hot Stones Add-On", price_cents: 2500, is_popular: false },
      { service_id: w.services.deepTissue, description: "Deep Tissue Massage", price_cents: 11000, is_popular: false },
    ]);
    expect(bea).toMatchObject({ distance_miles: 5, is_pro: true, rating: 4.9, starting_price_cents: 5500 });
    expect(bea.services[0]).toMatchObject({ service_id: w.services.swedish, price_cents: 11000 });
    // A rejected photo is not shown; a disabled offer is not listed.
    expect(cal).toMatchObject({ distance_miles: 12, photo: "/assets/user.svg" });
    expect(cal.services.map((s: any) => s.service_id)).toEqual([w.services.pedicure]);
  });

  it("filters by service or category and sorts by price, rating or reviews", async () => {
    const swedish = await list({ zipCode: "02116", serviceId: w.services.swedish, sort: "price" });
    expect(swedish.body.data.items.map((v: any) => [v.display_name, v.starting_price_cents])).toEqual([
      ["Bea Mid", 11000],
      ["Ava Near", 12000],
    ]);
    expect(names(await list({ zipCode: "02116", scgid: w.groups.nails }))).toEqual(["Bea Mid", "Cal Far"]);
    expect(names(await list({ zipCode: "02116", sort: "rating" }))).toEqual([
      "Bea Mid",
      "Cal Far",
      "Ava Near",
      "Wes Wide",
    ]);
    expect(names(await list({ zipCode: "02116", sort: "reviews" }))).toEqual([
      "Cal Far",
      "Ava Near",
      "Bea Mid",
      "Wes Wide",
    ]);
  });

  it("answers an empty page for a service nobody in range offers, or a ZIP without vendors", async () => {
    const blowout = await list({ zipCode: "02116", serviceId: w.services.blowout });
    expect(blowout.status).toBe(200);
    expect(blowout.body.data).toMatchObject({ items: [], more: false });
    expect((await list({ zipCode: "10118" })).body.data.items).toEqual([]);
  });

  it("pages 10 at a time", async () => {
    // Twelve vendors around Anchorage, 0.1 to 1.2 miles from 99501.
    for (let i = 1; i <= 12; i++) {
      await insertVendor({
        name: `Anchorage ${String(i).padStart(2, "0")}`,
        ...north(61.2169, -149.8767, i / 10),
        range_miles: 5,
        tz: "America/Anchorage",
        offers: [{ service_id: w.services.pedicure }],
      });
    }
    const first = await list({ zipCode: "99501", pagination: 1 });
    expect(first.body.data.items).toHaveLength(10);
    expect(first.body.data.more).toBe(true);
    expect(first.body.data.items[0].display_name).toBe("Anchorage 01");
    const second = await list({ zipCode: "99501", pagination: 2 });
    expect(names(second)).toEqual(["Anchorage 11", "Anchorage 12"]);
    expect(second.body.data.more).toBe(false);
  });

  it("refuses unknown services and categories, bad ZIPs and malformed filters", async () => {
    expect((await list({ zipCode: "02116", serviceId: 987654 })).body.error.code).toBe("NOT_FOUND");
    expect((await list({ zipCode: "02116", serviceId: w.services.retired })).body.error.code).toBe("NOT_FOUND");
    expect((await list({ zipCode: "02116", scgid: 987654 })).body.error.code).toBe("NOT_FOUND");
    expect((await list({ zipCode: "9" })).body.error.code).toBe("INVALID_ADDRESS");
    for (const body of [
      {},
      { zipCode: "02116", sort: "cheapest" },
      { zipCode: "02116", pagination: 0 },
      { zipCode: "02116", serviceId: "1" },
    ]) {
      const res = await list(body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("INVALID_INPUT");
    }
  });
});

describe("GET /api/booking/vendorService", () => {
  const get = (qs: string, client = new Client()) => client.get(`/api/booking/vendorService?${qs}`);

  it("answers the profile and the services at area prices, popular first then order_rank", async () => {
    const res = await get(`zipCode=02116&vendorId=${w.vendors.mid}&view=0`);
    expect(res.status).toBe(200);
    expect(res.body.data.vendor).toMatchObject({
      vendor_id: w.vendors.mid,
      display_name: "Bea Mid",
      is_pro: true,
      rating: 4.9,
      rating_count: 8,
      distance_miles: 5,
      serves_zip: true,
    });
    expect(res.body.data.services.map((s: any) => [s.description, s.price_cents, s.vendor_price_cents])).toEqual([
      ["Swedish Massage", 12000, 11000],
      ["Gel Manicure", 5500, 5500],
    ]);
    expect(res.body.data.rows).toBeUndefined();
  });

  it("shows a vendor to a ZIP out of range, with that ZIP's prices", async () => {
    const res = await get(`zipCode=10118&vendorId=${w.vendors.near}`);
    expect(res.body.data.vendor.serves_zip).toBe(false);
    expect(res.body.data.vendor.distance_miles).toBeGreaterThan(150);
    expect(res.body.data.services.map((s: any) => [s.description, s.price_cents])).toEqual([
      ["Swedish Massage", 9900],
      ["Hot Stones Add-On", 2500],
      ["Deep Tissue Massage", 11000],
    ]);
  });

  it("view=1 adds the availability rows: hours, jobs, services, time off, vendor counts and attachment", async () => {
    // A place of its own (a made-up ZIP in Montana) so the vendor counts are this test's alone.
    await insertZip({
      zip: "59998",
      city: "Testville",
      state: "MT",
      latitude: 47,
      longitude: -110,
      time_zone: "America/Denver",
    });
    await insertVendor({
      name: "Std Neighbour",
      ...north(47, -110, 3),
      range_miles: 10,
      offers: [{ service_id: w.services.gelMani }],
    });
    const p = north(47, -110, 30);
    const vendorId = await insertVendor({
      name: "Cal Endar",
      ...p,
      range_miles: 40,
      is_pro: true,
      tz: "America/Denver",
      available_setting: '{"weekly":{"mon":[["09:00","12:00"]],"sat":"bad"}}',
      offers: [{ service_id: w.services.pedicure }],
    });
    const customer = new Client();
    const { profile } = await signUp(customer);
    await insertCompletedJob({ vendor_id: vendorId, service_id: w.services.pedicure, user_id: profile.user_id });
    const jobStart = T0 + 2 * 86_400_000; // 2026-11-24 15:00 UTC = 08:00 in Denver
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO vendor_busy (vendor_id, starts_at, ends_at, kind, ref_id, is_connect, updated_at) VALUES (?, ?, ?, 'booking', 'so-1', 0, ?)",
      ).bind(vendorId, jobStart, jobStart + 90 * 60_000, T0),
      env.DB.prepare(
        "INSERT INTO vendor_busy (vendor_id, starts_at, ends_at, kind, ref_id, is_connect, updated_at) VALUES (?, ?, ?, 'time_off', 't-1', 0, ?)",
      ).bind(vendorId, jobStart + 86_400_000, jobStart + 86_400_000 + 120 * 60_000, T0),
      // Past busy time and a lapsed hold are left out.
      env.DB.prepare(
        "INSERT INTO vendor_busy (vendor_id, starts_at, ends_at, kind, ref_id, is_connect, updated_at) VALUES (?, ?, ?, 'booking', 'so-0', 0, ?)",
      ).bind(vendorId, T0 - 86_400_000, T0 - 82_800_000, T0),
      env.DB.prepare(
        "INSERT INTO vendor_busy (vendor_id, starts_at, ends_at, kind, ref_id, is_connect, expires_at, updated_at) VALUES (?, ?, ?, 'hold', 'h-1', 0, ?, ?)",
      ).bind(vendorId, jobStart, jobStart + 3_600_000, T0 - 1, T0),
    ]);

    const res = await get(`zipCode=59998&vendorId=${vendorId}&view=1`, customer);
    expect(res.status).toBe(200);
    const common = { vendor_id: vendorId, vendor_attached: 1, pro_vendor_count: 1, standard_vendor_count: 1 };
    const rows = res.body.data.rows;
    expect(rows.map((r: any) => [r.type, r.f1, r.f2])).toEqual([
      [0, "mon 09:00", 180],
      [1, "2026-11-24 08:00", 90],
      [2, expect.stringMatching(/^SVC-\d+$/), 60],
      [3, "2026-11-25 08:00", 120],
    ]);
    for (const r of rows) expect(r).toMatchObject(common);
    expect(rows[2].sc_vid).toBe(w.services.pedicure);

    const anonymous = await get(`zipCode=59998&vendorId=${vendorId}&view=1`);
    expect(anonymous.body.data.rows[0].vendor_attached).toBe(0);
  });

  it("refuses unknown or hidden vendors, bad ids and views, and bad ZIPs", async () => {
    expect((await get("zipCode=02116&vendorId=987654")).body.error.code).toBe("NOT_FOUND");
    expect((await get(`zipCode=02116&vendorId=${w.vendors.softBanned}`)).body.error.code).toBe("NOT_FOUND");
    expect((await get(`zipCode=02116&vendorId=${w.vendors.deactivated}`)).body.error.code).toBe("NOT_FOUND");
    expect((await get("zipCode=02116&vendorId=abc")).body.error.code).toBe("INVALID_INPUT");
    expect((await get(`zipCode=02116&vendorId=${w.vendors.near}&view=2`)).body.error.code).toBe("INVALID_INPUT");
    expect((await get(`zipCode=ABCDE&vendorId=${w.vendors.near}`)).body.error.code).toBe("INVALID_ADDRESS");
  });
});

describe("POST /api/booking/vendorServiceSub", () => {
  const sub = (body: unknown) => new Client().post("/api/booking/vendorServiceSub", body);

  it("answers the service at the vendor's price with the add-ons the vendor offers in its category", async () => {
    const res = await sub({ zipCode: "02116", vendorId: w.vendors.near, serviceId: w.services.swedish });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      zipCode: "02116",
      vendor_id: w.vendors.near,
      service: { service_id: w.services.swedish, price_cents: 12000, vendor_price_cents: 12000 },
    });
    expect(res.body.data.options.map((o: any) => [o.service_id, o.vendor_price_cents])).toEqual([
      [w.services.hotStones, 2500],
    ]);
  });

  it("answers no options when the vendor offers no add-on", async () => {
    const res = await sub({ zipCode: "02116", vendorId: w.vendors.mid, serviceId: w.services.swedish });
    expect(res.body.data.service.vendor_price_cents).toBe(11000);
    expect(res.body.data.options).toEqual([]);
  });

  it("refuses a service the vendor does not offer or a ZIP out of range with ITEM_NOT_AVAILABLE", async () => {
    const notOffered = await sub({ zipCode: "02116", vendorId: w.vendors.near, serviceId: w.services.gelMani });
    expect(notOffered.status).toBe(409);
    expect(notOffered.body.error.code).toBe("ITEM_NOT_AVAILABLE");
    const outOfRange = await sub({ zipCode: "10118", vendorId: w.vendors.near, serviceId: w.services.swedish });
    expect(outOfRange.body.error).toMatchObject({
      code: "ITEM_NOT_AVAILABLE",
      fields: { zipCode: expect.any(String) },
    });
  });

  it("refuses unknown vendors and services and malformed bodies", async () => {
    expect((await sub({ zipCode: "02116", vendorId: 987654, serviceId: w.services.swedish })).body.error.code).toBe(
      "NOT_FOUND",
    );
    expect(
      (await sub({ zipCode: "02116", vendorId: w.vendors.near, serviceId: w.services.retired })).body.error.code,
    ).toBe("NOT_FOUND");
    expect((await sub({ zipCode: "02116", vendorId: w.vendors.near })).body.error.code).toBe("INVALID_INPUT");
    expect((await sub({ zipCode: "02116", vendorId: 1.5, serviceId: 1 })).body.error.code).toBe("INVALID_INPUT");
  });
});

describe("POST /api/booking/vendor/reviews", () => {
  const reviews = (body: unknown) => new Client().post("/api/booking/vendor/reviews", body);
  const PHOTOS = '{"before":["/b.jpg"],"after":["/a.jpg"],"testimonial":[]}';

  beforeAll(async () => {
    // Twelve approved reviews of Bea Mid's Swedish massage, one a minute, the even ones with pictures.
    for (let i = 1; i <= 12; i++) {
      await insertCompletedJob({
        vendor_id: w.vendors.mid,
        service_id: w.services.swedish,
        customer_name: i === 12 ? "Nora Quinn Adams" : `Customer${i}`,
        rating: 5 - (i % 2),
        notes: `Review ${i}`,
        rated_at: T0 + i * 60_000,
        job_images: i % 2 === 0 ? PHOTOS : undefined,
      });
    }
    await insertCompletedJob({
      vendor_id: w.vendors.mid,
      service_id: w.services.gelMani,
      rating: 3,
      notes: "Gel review",
      rated_at: T0 - 60_000,
    });
    await insertCompletedJob({
      vendor_id: w.vendors.mid,
      service_id: w.services.swedish,
      rating: 1,
      notes: "Not approved",
      approved: false,
      rated_at: T0 + 3_600_000,
    });
    await insertCompletedJob({ vendor_id: w.vendors.mid, service_id: w.services.swedish, rating: null });
  });

  it("answers approved ratings newest first, 10 a page, with more when another page exists", async () => {
    const first = await reviews({ vendorId: w.vendors.mid, pagination: 1, serviceZip: "02116", filterType: 0 });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      vendor_id: w.vendors.mid,
      filterType: 0,
      page: 1,
      page_size: 10,
      more: true,
    });
    expect(first.body.data.items.map((r: any) => r.vendor_rating_notes)).toEqual(
      [12, 11, 10, 9, 8, 7, 6, 5, 4, 3].map((i) => `Review ${i}`),
    );
    expect(first.body.data.items[0]).toMatchObject({
      name: "Nora A.",
      vendor_rating: 5,
      service_id: w.services.swedish,
      service_description: "Swedish Massage",
      rated_at: new Date(T0 + 12 * 60_000).toISOString(),
      promised_arrival_time: "2026-11-21 10:12",
      job_images: [
        { type: 1, file: "/a.jpg" },
        { type: 2, file: "/b.jpg" },
      ],
      job_image: "/b.jpg",
    });
    const second = await reviews({ vendorId: w.vendors.mid, pagination: 2 });
    expect(second.body.data.items.map((r: any) => r.vendor_rating_notes)).toEqual([
      "Review 2",
      "Review 1",
      "Gel review",
    ]);
    expect(second.body.data.more).toBe(false);
  });

  it("filters to reviews with photos or to one service", async () => {
    const photos = await reviews({ vendorId: w.vendors.mid, filterType: 1 });
    expect(photos.body.data.items.map((r: any) => r.vendor_rating_notes)).toEqual(
      [12, 10, 8, 6, 4, 2].map((i) => `Review ${i}`),
    );
    const gel = await reviews({ vendorId: w.vendors.mid, serviceId: w.services.gelMani, filterType: 2 });
    expect(gel.body.data.items.map((r: any) => r.vendor_rating_notes)).toEqual(["Gel review"]);
    expect(gel.body.data.items[0].job_image).toBeNull();
  });

  it("answers an empty first page for a vendor without reviews", async () => {
    const res = await reviews({ vendorId: w.vendors.wide });
    expect(res.body.data).toMatchObject({ items: [], page: 1, more: false });
  });

  it("refuses unknown vendors and services, and filter 2 without a service", async () => {
    expect((await reviews({ vendorId: 987654 })).body.error.code).toBe("NOT_FOUND");
    expect((await reviews({ vendorId: w.vendors.softBanned })).body.error.code).toBe("NOT_FOUND");
    expect((await reviews({ vendorId: w.vendors.mid, serviceId: 987654, filterType: 2 })).body.error.code).toBe(
      "NOT_FOUND",
    );
    const noService = await reviews({ vendorId: w.vendors.mid, filterType: 2 });
    expect(noService.body.error).toMatchObject({ code: "INVALID_INPUT", fields: { serviceId: expect.any(String) } });
    for (const body of [{}, { vendorId: w.vendors.mid, filterType: 5 }, { vendorId: String(w.vendors.mid) }]) {
      expect((await reviews(body)).body.error.code).toBe("INVALID_INPUT");
    }
    expect((await reviews({ vendorId: w.vendors.mid, serviceZip: "x" })).body.error.code).toBe("INVALID_ADDRESS");
  });
});
