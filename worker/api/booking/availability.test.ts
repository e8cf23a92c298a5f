import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { localToInstant } from "../../../domain/calendar/time";
import { makeService, makeVendor, makeZip, TZ } from "../../calendar/test-fixtures";
import { Client, T0 } from "../../test-utils";

// T0 is Sunday 2026-11-22 10:00 in New York. Tuesday 2026-11-24 is more than a day ahead (no short-notice
// padding); Thanksgiving is Thursday 2026-11-26.
const TUE = "2026-11-24";
const WEEKDAYS = {
  weekly: {
    mon: [["09:00", "17:00"]],
    tue: [["09:00", "17:00"]],
    wed: [["09:00", "17:00"]],
    thu: [["09:00", "17:00"]],
    fri: [["09:00", "17:00"]],
  },
};
const at = (date: string, time: string) => localToInstant(date, time, TZ);
let keys = 0;

async function booking(vendorId: number, start: number, minutes = 60, ref = `so-${++keys}`) {
  await env.DB.prepare(
    "INSERT INTO vendor_busy (vendor_id, starts_at, ends_at, kind, ref_id, is_connect, expires_at, updated_at) VALUES (?, ?, ?, 'booking', ?, 0, NULL, ?)",
  )
    .bind(vendorId, start, start + minutes * 60_000, ref, T0)
    .run();
}

function data(client: Client, body: unknown) {
  return client.post("/api/booking/getServicesData", body);
}

describe("POST /api/booking/getServicesData processType 1 (one vendor)", () => {
  it("answers the vendor's free times over the horizon from the busy projection, with the service-availability rows", async () => {
    const zip = await makeZip();
    const service = await makeService({ minutes: 60, price: 9000 });
    const other = await makeService({ minutes: 90 });
    const vendorId = await makeVendor({
      near: zip,
      setting: WEEKDAYS,
      offers: [{ serviceId: service.serviceId, priceOverride: 9900 }, { serviceId: other.serviceId }],
    });
    await makeVendor({ near: zip, miles: 3, isPro: true, offers: [{ serviceId: service.serviceId }] });
    await booking(vendorId, at(TUE, "10:00"));
    await env.DB.prepare(
      "INSERT INTO vendor_busy (vendor_id, starts_at, ends_at, kind, ref_id, is_connect, expires_at, updated_at) VALUES (?, ?, ?, 'time_off', '5', 0, NULL, ?)",
    )
      .bind(vendorId, at("2026-11-25", "09:00"), at("2026-11-25", "13:00"), T0)
      .run();

    const res = await data(new Client(), {
      processType: 1,
      zipCode: zip.zip,
      services: [{ serviceId: service.serviceId, vendorId }],
      cart: [],
      filterSOID: 0,
    });
    expect(res.status).toBe(200);
    const [answer] = res.body.data;
    expect(answer).toMatchObject({
      serviceId: service.serviceId,
      vendorId,
      service_code: service.serviceCode,
      totalDuration: 60,
      price_cents: 9900,
      time_zone: TZ,
      same_day_allowed: true,
      holidays_allowed: false,
    });
    expect(answer.days).toHaveLength(89);
    const day = (date: string) => answer.days.find((d: { date: string }) => d.date === date);
    // The 10:00 job counts 36 minutes and needs 60 of padding: 12:00 is the first start after it, and a
    // start from 16:00 on makes a rush-hour drive (+30), which 16:00 still has.
    expect(day(TUE).times).toEqual(["12:00", "12:30", "13:00", "13:30", "14:00", "14:30", "15:00", "15:30", "16:00"]);
    expect(day("2026-11-25").times).toEqual(["13:00", "13:30", "14:00", "14:30", "15:00", "15:30", "16:00"]);
    expect(day("2026-11-26")).toEqual({ date: "2026-11-26", holiday: "Thanksgiving Day", times: [] });
    expect(day("2026-11-22").times).toEqual([]); // Sunday: not working

    const common = { vendor_id: vendorId, standard_vendor_count: 1, pro_vendor_count: 1, vendor_attached: 0 };
    expect(answer.rows).toEqual([
      ...["mon", "tue", "wed", "thu", "fri"].map((d) => ({
        type: 0,
        f1: `${d} 09:00`,
        f2: 480,
        sc_vid: null,
        ...common,
      })),
      { type: 1, f1: "2026-11-24 10:00", f2: 60, sc_vid: null, ...common },
      { type: 2, f1: service.serviceCode, f2: 60, sc_vid: service.serviceId, ...common },
      { type: 2, f1: other.serviceCode, f2: 90, sc_vid: other.serviceId, ...common },
      { type: 3, f1: "2026-11-25 09:00", f2: 240, sc_vid: null, ...common },
    ]);
  });

  it("leaves the caller's own cart hold out (so an item can be moved), but nobody else's", async () => {
    const zip = await makeZip();
    const service = await makeService();
    const vendorId = await makeVendor({ near: zip, setting: WEEKDAYS, offers: [{ serviceId: service.serviceId }] });
    const client = new Client();
    const added = await client.post("/api/booking/service-add-cart", {
      zipCode: zip.zip,
      serviceId: service.serviceId,
      vendorId,
      selectedDate: `${TUE} 12:00`,
      idempotencyKey: `avail-${++keys}-key`,
    });
    expect(added.status).toBe(201);
    const ask = (who: Client, cart: unknown[]) =>
      data(who, { processType: 1, zipCode: zip.zip, services: [{ serviceId: service.serviceId, vendorId }], cart });
    const tuesday = (res: { body: any }) => res.body.data[0].days.find((d: { date: string }) => d.date === TUE).times;
    expect(tuesday(await ask(client, []))).not.toContain("12:00");
    expect(tuesday(await ask(client, [{ cartitemid: added.body.data.cartitemid, vendor_id: vendorId }]))).toContain(
      "12:00",
    );
    // Someone else naming that item gains nothing.
    expect(tuesday(await ask(new Client(), [added.body.data.cartitemid]))).not.toContain("12:00");
  });

  it("marks the vendor attached when the customer booked them before", async () => {
    const zip = await makeZip();
    const service = await makeService();
    const vendorId = await makeVendor({ near: zip, offers: [{ serviceId: service.serviceId }] });
    const client = new Client();
    const { signUp } = await import("../../test-utils");
    const { profile } = await signUp(client);
    const order = await env.DB.prepare(
      "INSERT INTO orders (user_id, subtotal_cents, total_cents, address, zipcode, time_zone, idempotency_key, created_at, updated_at) VALUES (?, 100, 100, 'x', ?, ?, ?, ?, ?) RETURNING order_id",
    )
      .bind(profile.user_id, zip.zip, TZ, `attached-${vendorId}`, T0, T0)
      .first<{ order_id: number }>();
    await env.DB.prepare(
      "INSERT INTO service_orders (order_id, user_id, vendor_id, service_id, service_order_status_id, promised_arrival_time, job_minutes, address, zipcode, time_zone, price_cents, created_at, updated_at) VALUES (?, ?, ?, ?, 40, ?, 60, 'x', ?, ?, 100, ?, ?)",
    )
      .bind(order!.order_id, profile.user_id, vendorId, service.serviceId, T0 - 7 * 86_400_000, zip.zip, TZ, T0, T0)
      .run();
    const res = await data(client, {
      processType: 1,
      zipCode: zip.zip,
      services: [{ serviceId: service.serviceId, vendorId }],
    });
    expect(res.body.data[0].rows[0].vendor_attached).toBe(1);
  });

  it.each([
    ["an unknown service", (w: any) => ({ serviceId: 99_999_999, vendorId: w.vendorId }), 404, "NOT_FOUND"],
    ["an unknown vendor", (w: any) => ({ serviceId: w.serviceId, vendorId: 99_999_999 }), 404, "NOT_FOUND"],
    [
      "a vendor that does not offer the service",
      (w: any) => ({ serviceId: w.otherServiceId, vendorId: w.vendorId }),
      409,
      "ITEM_NOT_AVAILABLE",
    ],
    [
      "a vendor that does not serve the ZIP",
      (w: any) => ({ serviceId: w.serviceId, vendorId: w.farVendorId }),
      409,
      "ITEM_NOT_AVAILABLE",
    ],
  ])("refuses %s", async (_, pair, status, code) => {
    const zip = await makeZip();
    const service = await makeService();
    const otherService = await makeService();
    const vendorId = await makeVendor({ near: zip, offers: [{ serviceId: service.serviceId }] });
    const farVendorId = await makeVendor({
      near: zip,
      miles: 40,
      rangeMiles: 15,
      offers: [{ serviceId: service.serviceId }],
    });
    const w = { serviceId: service.serviceId, otherServiceId: otherService.serviceId, vendorId, farVendorId };
    const res = await data(new Client(), { processType: 1, zipCode: zip.zip, services: [pair(w)] });
    expect(res.status).toBe(status);
    expect(res.body.error.code).toBe(code);
  });

  it("validates the body: processType, ZIP and ids", async () => {
    const client = new Client();
    expect((await data(client, { processType: 4, zipCode: "10001", services: [] })).body.error.code).toBe(
      "INVALID_INPUT",
    );
    expect(
      (await data(client, { processType: 1, zipCode: "10001", services: [{ serviceId: "x", vendorId: 1 }] })).body
        .error,
    ).toMatchObject({ code: "INVALID_INPUT", fields: { "services.0.serviceId": expect.any(String) } });
    expect((await data(client, { processType: 1, zipCode: "1", services: [] })).body.error.code).toBe("INVALID_INPUT");
    expect((await data(client, "{oops")).status).toBe(400);
    const unknownZip = await data(client, { processType: 2, zipCode: "00000", services: [{ serviceId: 1 }] });
    expect(unknownZip.status).toBe(400);
    expect(unknownZip.body.error.code).toBe("INVALID_ADDRESS");
  });
});

describe("POST /api/booking/getServicesData processType 2 (professional matching)", () => {
  it("counts free standard and pro vendors per start over 16 days plus holidays, without calling any vendor object", async () => {
    const zip = await makeZip();
    const service = await makeService();
    const offers = [{ serviceId: service.serviceId }];
    const a = await makeVendor({ near: zip, miles: 1, setting: WEEKDAYS, offers });
    await makeVendor({ near: zip, miles: 2, setting: WEEKDAYS, offers });
    await makeVendor({ near: zip, miles: 3, isPro: true, setting: WEEKDAYS, offers });
    await makeVendor({ near: zip, miles: 40, rangeMiles: 15, setting: WEEKDAYS, offers }); // out of range
    await makeVendor({ near: zip, miles: 2, setting: WEEKDAYS, offers, softBanned: true }); // not bookable
    await booking(a, at(TUE, "10:00"));

    const res = await data(new Client(), {
      processType: 2,
      zipCode: zip.zip,
      services: [{ serviceId: service.serviceId }],
      cart: [],
    });
    expect(res.status).toBe(200);
    const [answer] = res.body.data;
    // Thanksgiving falls inside the 16 days, so the window grows by one day.
    expect(answer).toMatchObject({
      serviceId: service.serviceId,
      time_zone: TZ,
      window: { from: "2026-11-22", to: "2026-12-08", days: 17 },
      standard_vendor_count: 2,
      pro_vendor_count: 1,
    });
    expect(answer.days).toHaveLength(17);
    const tuesday = answer.days.find((d: { date: string }) => d.date === TUE);
    const slot = (time: string) => tuesday.slots.find((s: { time: string }) => s.time === time);
    expect(slot("09:00")).toEqual({ time: "09:00", standard_vendor_count: 1, pro_vendor_count: 1 });
    expect(slot("10:00")).toEqual({ time: "10:00", standard_vendor_count: 1, pro_vendor_count: 1 });
    expect(slot("12:00")).toEqual({ time: "12:00", standard_vendor_count: 2, pro_vendor_count: 1 });
    expect(tuesday.slots.map((s: { time: string }) => s.time)).toEqual([
      "09:00",
      "09:30",
      "10:00",
      "10:30",
      "11:00",
      "11:30",
      "12:00",
      "12:30",
      "13:00",
      "13:30",
      "14:00",
      "14:30",
      "15:00",
      "15:30",
      "16:00",
    ]);
    expect(answer.days.find((d: { date: string }) => d.date === "2026-11-26")).toEqual({
      date: "2026-11-26",
      holiday: "Thanksgiving Day",
      slots: [],
    });
    expect(answer.days.find((d: { date: string }) => d.date === "2026-11-22").slots).toEqual([]);
  });

  it("answers empty days for a ZIP nobody serves, and NOT_FOUND for an unknown service", async () => {
    const zip = await makeZip();
    const service = await makeService();
    const res = await data(new Client(), {
      processType: 2,
      zipCode: zip.zip,
      services: [{ serviceId: service.serviceId }],
    });
    expect(res.body.data[0]).toMatchObject({ standard_vendor_count: 0, pro_vendor_count: 0 });
    expect(res.body.data[0].days.every((d: { slots: unknown[] }) => d.slots.length === 0)).toBe(true);
    expect(
      (await data(new Client(), { processType: 2, zipCode: zip.zip, services: [{ serviceId: 99_999_999 }] })).status,
    ).toBe(404);
  });
});

describe("POST /api/booking/getServicesData processType 3 (service detail)", () => {
  it("answers the service with the area price and an availability summary with the verify flag on the first entry", async () => {
    const areaRow = await env.DB.prepare(
      "INSERT INTO price_areas (name, slug, center_zip, latitude, longitude) VALUES ('Test Area', ?, '00000', 0, 0) RETURNING area_id",
    )
      .bind(`test-area-${Math.random()}`)
      .first<{ area_id: number }>();
    const zip = await makeZip({ areaId: areaRow!.area_id });
    const service = await makeService({ price: 9000 });
    const lonely = await makeService({ price: 5000 });
    await env.DB.prepare("INSERT INTO service_prices (service_id, area_id, price_cents) VALUES (?, ?, 12500)")
      .bind(service.serviceId, areaRow!.area_id)
      .run();
    await makeVendor({ near: zip, setting: WEEKDAYS, offers: [{ serviceId: service.serviceId }] });
    await makeVendor({
      near: zip,
      miles: 2,
      isPro: true,
      setting: WEEKDAYS,
      offers: [{ serviceId: service.serviceId }],
    });

    const res = await data(new Client(), {
      processType: 3,
      zipCode: zip.zip,
      services: [{ serviceId: service.serviceId }, { serviceId: lonely.serviceId }],
    });
    expect(res.status).toBe(200);
    const [section1, section2] = res.body.data;
    expect(section1).toMatchObject([
      { service_id: service.serviceId, service_code: service.serviceCode, price_cents: 12500, duration_minutes: 60 },
      { service_id: lonely.serviceId, price_cents: 5000 },
    ]);
    expect(section2).toEqual([
      {
        service_id: service.serviceId,
        zipCode: zip.zip,
        standard_vendor_count: 1,
        pro_vendor_count: 1,
        vendor_count: 2,
        free_vendor_count: 2,
        first_available: "2026-11-23 09:00",
        time_zone: TZ,
        verify: true,
      },
      {
        service_id: lonely.serviceId,
        zipCode: zip.zip,
        standard_vendor_count: 0,
        pro_vendor_count: 0,
        vendor_count: 0,
        free_vendor_count: 0,
        first_available: null,
        time_zone: TZ,
      },
    ]);
    expect(res.body.data).toHaveLength(2);
  });

  it("sets verify false when nobody serves the ZIP, and NOT_FOUND for an unknown service", async () => {
    const zip = await makeZip();
    const service = await makeService();
    const res = await data(new Client(), {
      processType: 3,
      zipCode: zip.zip,
      services: [{ serviceId: service.serviceId }],
    });
    expect(res.body.data[1][0]).toMatchObject({ vendor_count: 0, verify: false });
    expect(
      (await data(new Client(), { processType: 3, zipCode: zip.zip, services: [{ serviceId: 99_999_999 }] })).body.error
        .code,
    ).toBe("NOT_FOUND");
  });
});
