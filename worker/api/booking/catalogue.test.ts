import { beforeAll, describe, expect, it } from "vitest";
import {
  BOSTON,
  catalogueWorld,
  insertCompletedJob,
  insertCustomService,
  insertTestimonial,
  insertZip,
  north,
  type CatalogueWorld,
} from "../../catalogue/test-fixtures";
import { Client, signUp, T0 } from "../../test-utils";

let w: CatalogueWorld;
beforeAll(async () => {
  w = await catalogueWorld();
});

const ids = (list: Array<{ service_id: number }>) => list.map((s) => s.service_id);

describe("POST /api/booking/serviceAndCategory", () => {
  it("lists the services available in the ZIP with area prices, non-surcharge first then order_rank", async () => {
    const res = await new Client().post("/api/booking/serviceAndCategory/", { zipCode: "2116", isUserData: false });
    expect(res.status).toBe(200);
    const { zipCode, services, category, customSC } = res.body.data;
    expect(zipCode).toBe("02116");
    const s = w.services;
    // Blowout is only offered by vendors that are out of range, soft-banned, deactivated or restricted;
    // the retired service is disabled.
    expect(ids(services)).toEqual([s.swedish, s.deepTissue, s.gelMani, s.pedicure, s.hotStones]);
    const swedish = services[0];
    expect(swedish).toMatchObject({
      description: "Swedish Massage",
      price_cents: 12000,
      discount_cents: 1000,
      category_name: "Massage",
    });
    expect(services[1]).toMatchObject({ description: "Deep Tissue Massage", price_cents: 11000 });
    expect(category.map((g: any) => [g.name, g.display_order, g.service_count])).toEqual([
      ["Massage", 1, 3],
      ["Nails", 2, 2],
      ["Hair", 5, 0],
      ["Gift Cards", 90, 0],
    ]);
    expect(customSC).toEqual([]);
  });

  it("uses the base price outside any price area", async () => {
    // 02139 is in the Boston area; 00501 (no area, no vendors) has nothing available.
    const cambridge = await new Client().post("/api/booking/serviceAndCategory", { zipCode: "02139" });
    expect(cambridge.body.data.services.find((x: any) => x.service_id === w.services.swedish).price_cents).toBe(12000);
    const far = await new Client().post("/api/booking/serviceAndCategory", { zipCode: 501 });
    expect(far.status).toBe(200);
    expect(far.body.data).toMatchObject({ zipCode: "00501", services: [] });
  });

  it("shows category 10100 only to a signed-in customer asking for user data", async () => {
    const anon = await new Client().post("/api/booking/serviceAndCategory", { zipCode: "02116", isUserData: true });
    expect(anon.body.data.category.map((g: any) => g.service_code_group_id)).not.toContain(10100);
    const customer = new Client();
    await signUp(customer);
    const mine = await customer.post("/api/booking/serviceAndCategory", { zipCode: "02116", isUserData: 1 });
    expect(mine.body.data.category[0]).toMatchObject({ service_code_group_id: 10100, name: "Completed Orders" });
  });

  it("refuses a bad or unknown ZIP with INVALID_ADDRESS and a malformed body with INVALID_INPUT", async () => {
    for (const zipCode of ["abcde", "123456", "00000", "99999"]) {
      const res = await new Client().post("/api/booking/serviceAndCategory", { zipCode });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("INVALID_ADDRESS");
    }
    for (const body of [{}, { zipCode: ["02116"] }, { zipCode: "02116", isUserData: "maybe" }]) {
      const res = await new Client().post("/api/booking/serviceAndCategory", body);
      expect(res.body.error.code).toBe("INVALID_INPUT");
    }
  });
});

describe("POST /api/users/me/services", () => {
  it("lists the ZIP's services with the customer's booking history", async () => {
    const customer = new Client();
    const { profile } = await signUp(customer);
    await insertCompletedJob({
      vendor_id: w.vendors.near,
      service_id: w.services.deepTissue,
      user_id: profile.user_id,
      rated_at: T0 - 1000,
    });
    await insertCompletedJob({
      vendor_id: w.vendors.near,
      service_id: w.services.deepTissue,
      user_id: profile.user_id,
      rated_at: T0,
    });
    const res = await customer.post("/api/users/me/services", { zip: "02116" });
    expect(res.status).toBe(200);
    expect(ids(res.body.data)).toEqual([
      w.services.swedish,
      w.services.deepTissue,
      w.services.gelMani,
      w.services.pedicure,
      w.services.hotStones,
    ]);
    const deep = res.body.data.find((s: any) => s.service_id === w.services.deepTissue);
    expect(deep).toMatchObject({ times_booked: 2, last_booked_at: new Date(T0 - 82_800_000).toISOString() });
    expect(res.body.data[0]).toMatchObject({ times_booked: 0, last_booked_at: null, price_cents: 12000 });
  });

  it("needs a session, a ZIP and a known ZIP", async () => {
    expect((await new Client().post("/api/users/me/services", { zip: "02116" })).body.error.code).toBe(
      "INVALID_SESSION",
    );
    const customer = new Client();
    await signUp(customer);
    expect((await customer.post("/api/users/me/services", {})).body.error.code).toBe("INVALID_INPUT");
    const unknown = await customer.post("/api/users/me/services", { zip: "99998" });
    expect(unknown.body.error).toMatchObject({ code: "INVALID_ADDRESS", fields: { zip: expect.any(String) } });
  });
});

describe("GET /api/booking/customService", () => {
  it("pages the category's custom services for the ZIP's area, 10 a page, area offers first", async () => {
    const local = await insertCustomService({
      group: w.groups.hair,
      name: "Bridal Updo (Boston)",
      price_cents: 25000,
      area_id: w.areaId,
    });
    for (let i = 0; i < 10; i++) {
      await insertCustomService({
        group: w.groups.hair,
        name: `Everywhere Style ${String(i).padStart(2, "0")}`,
        price_cents: 5000 + i,
      });
    }
    await insertCustomService({ group: w.groups.hair, name: "Switched Off", price_cents: 1, enable: false });
    await insertCustomService({ group: w.groups.nails, name: "Other Category", price_cents: 1 });

    const first = await new Client().get(
      `/api/booking/customService/?zipCode=02116&serviceGroupId=${w.groups.hair}&pagination=1`,
    );
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      zipCode: "02116",
      serviceGroupId: w.groups.hair,
      page: 1,
      page_size: 10,
      more: true,
    });
    expect(first.body.data.items).toHaveLength(10);
    expect(first.body.data.items[0]).toMatchObject({
      custom_service_id: local,
      name: "Bridal Updo (Boston)",
      price_cents: 25000,
    });
    const second = await new Client().get(
      `/api/booking/customService?zipCode=02116&serviceGroupId=${w.groups.hair}&pagination=2`,
    );
    expect(second.body.data.items.map((x: any) => x.name)).toEqual(["Everywhere Style 09"]);
    expect(second.body.data.more).toBe(false);

    // Outside the area only the everywhere offers remain; the first page is the default.
    const ny = await new Client().get(`/api/booking/customService?zipCode=10118&serviceGroupId=${w.groups.hair}`);
    expect(ny.body.data.items.map((x: any) => x.name)).not.toContain("Bridal Updo (Boston)");
    expect(ny.body.data.items).toHaveLength(10);
  });

  it("refuses an unknown category, a bad ZIP and bad paging", async () => {
    expect(
      (await new Client().get("/api/booking/customService?zipCode=02116&serviceGroupId=999999")).body.error.code,
    ).toBe("NOT_FOUND");
    expect(
      (await new Client().get(`/api/booking/customService?zipCode=0&serviceGroupId=${w.groups.hair}`)).body.error.code,
    ).toBe("INVALID_ADDRESS");
    for (const qs of [
      "zipCode=02116",
      `zipCode=02116&serviceGroupId=${w.groups.hair}&pagination=0`,
      "zipCode=02116&serviceGroupId=x",
    ]) {
      expect((await new Client().get(`/api/booking/customService?${qs}`)).body.error.code).toBe("INVALID_INPUT");
    }
  });
});

describe("GET /api/booking/search", () => {
  it("matches names, categories and descriptions case-insensitively, best first", async () => {
    const res = await new Client().get("/api/booking/search/?zipCode=02116&searchTerm=MASSAGES");
    expect(res.status).toBe(200);
    expect(res.body.data.searchTerm).toBe("MASSAGES");
    // Names first (by order_rank among equals), then the category's add-on, then the manicure whose
    // description mentions a massage.
    expect(res.body.data.services.map((s: any) => s.description)).toEqual([
      "Swedish Massage",
      "Deep Tissue Massage",
      "Hot Stones Add-On",
      "Gel Manicure",
    ]);
    expect(res.body.data.categories.map((g: any) => g.name)).toEqual(["Massage"]);

    const nails = await new Client().get("/api/booking/search?zipCode=02116&searchTerm=nail");
    expect(nails.body.data.services.map((s: any) => s.description)).toEqual(["Gel Manicure", "Classic Pedicure"]);
  });

  it("does not return services unavailable in the ZIP", async () => {
    const res = await new Client().get("/api/booking/search?zipCode=02116&searchTerm=blowout");
    expect(res.body.data.services).toEqual([]);
    expect(res.body.data.categories).toEqual([]);
  });

  it("needs a term longer than 2 characters", async () => {
    for (const term of ["ab", "  a  ", ""]) {
      const res = await new Client().get(`/api/booking/search?zipCode=02116&searchTerm=${encodeURIComponent(term)}`);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: "INVALID_INPUT", fields: { searchTerm: expect.any(String) } });
    }
    expect((await new Client().get("/api/booking/search?zipCode=02116")).body.error.code).toBe("INVALID_INPUT");
    expect((await new Client().get("/api/booking/search?zipCode=1&searchTerm=massage")).body.error.code).toBe(
      "INVALID_ADDRESS",
    );
  });
});

describe("GET /api/booking/featured", () => {
  it("answers the popular services with discounts, their categories and the category list", async () => {
    const res = await new Client().get(`/api/booking/featured?zipCode=02116&scgid=${w.groups.hair}`);
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.services.map((s: any) => [s.description, s.discount_cents])).toEqual([
      ["Swedish Massage", 1000],
      ["Classic Pedicure", 0],
    ]);
    expect(d.distinct_scg).toEqual([
      { service_code_group_id: w.groups.massage, name: "Massage" },
      { service_code_group_id: w.groups.nails, name: "Nails" },
    ]);
    expect(d.distinct_sscg).toEqual({
      [w.groups.massage]: [{ service_id: w.services.swedish, description: "Swedish Massage" }],
      [w.groups.nails]: [{ service_id: w.services.pedicure, description: "Classic Pedicure" }],
    });
    // The chosen category (Hair, display order 5) is listed with display order 3.
    expect(d.category.map((g: any) => [g.name, g.display_order])).toEqual([
      ["Massage", 1],
      ["Nails", 2],
      ["Hair", 3],
      ["Gift Cards", 90],
    ]);
  });

  it("lists 10100 on request, and refuses an unknown category or ZIP", async () => {
    const shown = await new Client().get("/api/booking/featured?zipCode=02116&showCompleted=1");
    expect(shown.body.data.category[0].service_code_group_id).toBe(10100);
    expect((await new Client().get("/api/booking/featured?zipCode=02116&scgid=424242")).body.error.code).toBe(
      "NOT_FOUND",
    );
    expect((await new Client().get("/api/booking/featured?zipCode=nope")).body.error.code).toBe("INVALID_ADDRESS");
    expect((await new Client().get("/api/booking/featured?zipCode=02116&showCompleted=yes")).body.error.code).toBe(
      "INVALID_INPUT",
    );
  });
});

describe("GET /api/testimonials and /api/testimonials2", () => {
  let ids: Record<string, number>;
  beforeAll(async () => {
    const s = w.services;
    ids = {
      swLow: await insertTestimonial({
        service_id: s.swedish,
        display_order: 1,
        json_data: `{"scgid":${w.groups.massage}}`,
      }),
      swHigh: await insertTestimonial({
        service_id: s.swedish,
        display_order: 9,
        name: null,
        vendor_id: w.vendors.near,
        promised_arrival_time: Date.UTC(2026, 6, 4, 14, 0),
        json_data: `{"scgid":${w.groups.massage}}`,
        job_images: '{"before":["/b1.jpg"],"after":["/a1.jpg"],"testimonial":["/t1.jpg"]}',
      }),
      swMid: await insertTestimonial({
        service_id: s.swedish,
        display_order: 5,
        json_data: `{"scgid":${w.groups.nails}}`,
        job_images: '{"before":["/only-before.jpg"]}',
      }),
      swHidden: await insertTestimonial({ service_id: s.swedish, display_order: 50, published: false }),
      pedi: await insertTestimonial({
        service_id: s.pedicure,
        display_order: 3,
        service_code_group_id: w.groups.nails,
        json_data: "not json",
      }),
      gel: await insertTestimonial({ service_id: s.gelMani, display_order: 7 }),
    };
  });

  it("answers at most 2 per service by display_order descending, with Guest names and parsed pictures", async () => {
    const res = await new Client().get(`/api/testimonials?serviceId=${w.services.swedish}`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((t: any) => t.testimonial_id)).toEqual([ids.swHigh, ids.swMid]);
    expect(res.body.data[0]).toMatchObject({
      name: "Guest",
      scgid: w.groups.massage,
      job_images: [
        { type: 0, file: "/t1.jpg" },
        { type: 1, file: "/a1.jpg" },
        { type: 2, file: "/b1.jpg" },
      ],
      job_image: "/b1.jpg",
      promised_arrival_time: "2026-07-04 10:00",
    });
    expect(res.body.data[1]).toMatchObject({
      job_images: [{ type: 1, file: "/only-before.jpg" }],
      promised_arrival_time: null,
    });
  });

  it("puts the one of the current category first", async () => {
    const res = await new Client().get(`/api/testimonials?serviceId=${w.services.swedish}&scgid=${w.groups.nails}`);
    expect(res.body.data.map((t: any) => t.testimonial_id)).toEqual([ids.swMid, ids.swHigh]);
  });

  it("lists two per service across services without a serviceId; empty for a service without any", async () => {
    const all = await new Client().get("/api/testimonials");
    expect(all.body.data.map((t: any) => t.testimonial_id)).toEqual([ids.swHigh, ids.gel, ids.swMid, ids.pedi]);
    const none = await new Client().get(`/api/testimonials?serviceId=${w.services.deepTissue}`);
    expect(none.body.data).toEqual([]);
  });

  it("testimonials2 answers one category across its services", async () => {
    const res = await new Client().get(`/api/testimonials2?scgid=${w.groups.nails}`);
    expect(res.status).toBe(200);
    // The gel and pedicure ones by their service's category, swMid by its json_data; unreadable json_data is no error.
    expect(res.body.data.map((t: any) => t.testimonial_id)).toEqual([ids.gel, ids.swMid, ids.pedi]);
    const led = await new Client().get(`/api/testimonials2?scgid=${w.groups.nails}&serviceId=${w.services.pedicure}`);
    expect(led.body.data[0].testimonial_id).toBe(ids.pedi);
  });

  it("refuses unknown services and categories, and bad ids", async () => {
    expect((await new Client().get("/api/testimonials?serviceId=999999")).body.error.code).toBe("NOT_FOUND");
    expect((await new Client().get("/api/testimonials2?scgid=999999")).body.error.code).toBe("NOT_FOUND");
    expect((await new Client().get("/api/testimonials2")).body.error.code).toBe("INVALID_INPUT");
    expect((await new Client().get("/api/testimonials?serviceId=-1")).body.error.code).toBe("INVALID_INPUT");
  });
});

describe("area rules", () => {
  it("reaches a ZIP only a wide-range vendor serves, and nothing beyond that range", async () => {
    // Wes Wide sits 30 miles north of 02116 with a 50-mile range and offers Deep Tissue only.
    const p40 = north(BOSTON.lat, BOSTON.lng, 40);
    const p85 = north(BOSTON.lat, BOSTON.lng, 85);
    await insertZip({ zip: "01998", city: "Fortymile", state: "MA", latitude: p40.lat, longitude: p40.lng });
    await insertZip({ zip: "01997", city: "Eightyfive", state: "NH", latitude: p85.lat, longitude: p85.lng });
    const at40 = await new Client().post("/api/booking/serviceAndCategory", { zipCode: "01998" });
    // No price area there: the base price applies.
    expect(at40.body.data.services.map((s: any) => [s.service_id, s.price_cents])).toEqual([
      [w.services.deepTissue, 11000],
    ]);
    const at85 = await new Client().post("/api/booking/serviceAndCategory", { zipCode: "01997" });
    expect(at85.body.data.services).toEqual([]);
  });
});
