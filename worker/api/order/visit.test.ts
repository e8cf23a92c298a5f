import { env } from "cloudflare:test";
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { ServiceOrderStatus } from "../../../domain/order-status";
import { bookJob, customer, insertJob, T0, TUE, vendorWorld, WED, at } from "../../orders/test-fixtures";
import { Client } from "../../test-utils";

/**
 * The visit's calendar file and links, and "book again" (docs/decisions/152, 153): GET /api/order/calendar,
 * /api/order/calendar.ics, /api/calendar/visit/{token}.ics and /api/order/book-again.
 */

function eventOf(ics: string) {
  const cal = new ICAL.Component(ICAL.parse(ics));
  const vevent = cal.getFirstSubcomponent("vevent")!;
  return { cal, vevent, event: new ICAL.Event(vevent) };
}

const setJob = (soid: number, column: string, value: number) =>
  env.DB.prepare(`UPDATE service_orders SET ${column} = ? WHERE service_order_id = ?`).bind(value, soid).run();

describe("the visit's calendar", () => {
  it("serves the customer an event that parses back, with a stable UID and the visit's time and place", async () => {
    const w = await vendorWorld({ minutes: 90 });
    const buyer = await customer();
    const { soid, start } = await insertJob({ userId: buyer.user_id, world: w, minutes: 90 });
    const res = await buyer.client.get(`/api/order/calendar.ics?service_order_id=${soid}`);
    expect(res.status).toBe(200);
    const { vevent, event } = eventOf(res.body as string);
    expect(event.uid).toBe(`visit-${soid}@glow.test`);
    expect(event.sequence).toBe(0);
    expect(event.startDate.toJSDate().getTime()).toBe(start);
    expect(event.endDate.toJSDate().getTime()).toBe(start + 90 * 60_000);
    expect(event.summary).toContain(w.vendorName);
    expect(event.location).toContain("1 Test St, Testville, NY");
    expect(vevent.getFirstPropertyValue("status")).toBe("CONFIRMED");
    expect((res.body as string).split("\r\n").every((l) => new TextEncoder().encode(l).length <= 75)).toBe(true);

    const links = (await buyer.client.get(`/api/order/calendar?service_order_id=${soid}`)).body.data;
    expect(links.ics_url).toBe(`/api/order/calendar.ics?service_order_id=${soid}`);
    expect(links.subscribe_url).toMatch(/^https:\/\/glow\.test\/api\/calendar\/visit\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(links.webcal_url.startsWith("webcal://glow.test/")).toBe(true);
    const google = new URL(links.google_url);
    expect(google.hostname).toBe("calendar.google.com");
    expect(google.searchParams.get("dates")).toBe(`${icalStamp(start)}/${icalStamp(start + 90 * 60_000)}`);
  });

  it("answers NOT_FOUND to another customer, and asks a signed-out visitor to sign in", async () => {
    const w = await vendorWorld();
    const buyer = await customer();
    const other = await customer("Other Person");
    const { soid } = await insertJob({ userId: buyer.user_id, world: w });
    expect((await other.client.get(`/api/order/calendar.ics?service_order_id=${soid}`)).status).toBe(404);
    expect((await other.client.get(`/api/order/calendar?service_order_id=${soid}`)).body.error.code).toBe("NOT_FOUND");
    expect((await new Client().get(`/api/order/calendar.ics?service_order_id=${soid}`)).status).toBe(401);
    expect((await buyer.client.get(`/api/order/calendar.ics?service_order_id=abc`)).status).toBe(400);
  });

  it("raises SEQUENCE once per move however many fetch at once, keeps the UID, and cancels the same event", async () => {
    const w = await vendorWorld();
    const buyer = await customer();
    const { soid } = await insertJob({ userId: buyer.user_id, world: w, start: at(TUE, "10:00") });
    const ics = () => buyer.client.get(`/api/order/calendar.ics?service_order_id=${soid}`);
    eventOf((await ics()).body as string);
    const moved = at(WED, "14:30");
    await setJob(soid, "promised_arrival_time", moved);
    const replies = await Promise.all(Array.from({ length: 20 }, ics));
    for (const r of replies) expect(eventOf(r.body as string).event.sequence).toBe(1);
    const after = eventOf((await ics()).body as string).event;
    expect(after.sequence).toBe(1);
    expect(after.uid).toBe(`visit-${soid}@glow.test`);
    expect(after.startDate.toJSDate().getTime()).toBe(moved);

    await setJob(soid, "service_order_status_id", ServiceOrderStatus.CANCELLED);
    const cancelled = eventOf((await ics()).body as string);
    expect(cancelled.cal.getFirstPropertyValue("method")).toBe("CANCEL");
    expect(cancelled.vevent.getFirstPropertyValue("status")).toBe("CANCELLED");
    expect(cancelled.event.sequence).toBe(2);
    expect(cancelled.event.uid).toBe(`visit-${soid}@glow.test`);
  });

  it("serves calendar apps through the visit's token without a session, and nothing for a wrong token", async () => {
    const w = await vendorWorld();
    const buyer = await customer();
    const { soid, start } = await insertJob({ userId: buyer.user_id, world: w });
    const links = (await buyer.client.get(`/api/order/calendar?service_order_id=${soid}`)).body.data;
    const path = new URL(links.subscribe_url).pathname;
    const app = new Client();
    const res = await app.get(path);
    expect(res.status).toBe(200);
    expect(
      eventOf(res.body as string)
        .event.startDate.toJSDate()
        .getTime(),
    ).toBe(start);
    // The link stays the same on the next visit to the page, and follows a move.
    expect((await buyer.client.get(`/api/order/calendar?service_order_id=${soid}`)).body.data.subscribe_url).toBe(
      links.subscribe_url,
    );
    await setJob(soid, "promised_arrival_time", start + 3_600_000);
    expect(eventOf((await app.get(path)).body as string).event.sequence).toBe(1);
    const wrong = path.replace(/\/[^/]{43}\.ics$/, `/${"A".repeat(43)}.ics`);
    expect((await app.get(wrong)).status).toBe(404);
    expect((await app.get("/api/calendar/visit/short.ics")).status).toBe(404);
    expect((await app.get(`/api/calendar/visit/${"x".repeat(120)}.ics`)).status).toBe(400);
  });
});

function icalStamp(ms: number) {
  return new Date(ms)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

describe("book again", () => {
  it("offers the same service with the same pro at the next free times, skipping the pro's booked time", async () => {
    const w = await vendorWorld({ minutes: 60 });
    const buyer = await customer();
    const done = await insertJob({
      userId: buyer.user_id,
      world: w,
      status: ServiceOrderStatus.COMPLETED,
      start: T0 - 7 * 86_400_000,
    });
    const res = await buyer.client.get(`/api/order/book-again?service_order_id=${done.soid}`);
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data).toMatchObject({ service_id: w.serviceId, vendor_id: w.vendorId, zipcode: w.zip, is_connect: false });
    expect(data.address).toContain("1 Test St");
    expect(data.times).toHaveLength(6);
    expect(data.times.every((t: string) => /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/.test(t))).toBe(true);
    expect([...data.times].sort()).toEqual(data.times);

    // A booking on the pro's calendar at the first offered time takes it out.
    const first = data.times[0] as string;
    const [d, t] = first.split(" ");
    const booked = await insertJob({ userId: buyer.user_id, world: w, start: at(d!, t!) });
    await bookJob(w, booked.soid, at(d!, t!));
    const again = (await buyer.client.get(`/api/order/book-again?service_order_id=${done.soid}`)).body.data;
    expect(again.times).not.toContain(first);

    // One tap: the answer's ids and a time go straight into the cart.
    const added = await buyer.client.post("/api/booking/service-add-cart", {
      zipCode: data.zipcode,
      serviceId: data.service_id,
      vendorId: data.vendor_id,
      selectedDate: again.times[0],
      isSubscription: false,
      isConnectType: data.is_connect,
      scheduleBypass: false,
      idempotencyKey: `book-again-${done.soid}-1`,
    });
    expect(added.status).toBe(201);
  });

  it("says clearly when the visit is not done, the pro is not active, or no longer offers the service", async () => {
    const w = await vendorWorld();
    const buyer = await customer();
    const open = await insertJob({ userId: buyer.user_id, world: w });
    const ask = (soid: number, who = buyer.client) => who.get(`/api/order/book-again?service_order_id=${soid}`);
    expect((await ask(open.soid)).body.error.code).toBe("BOOK_AGAIN_NOT_COMPLETED");
    const done = await insertJob({ userId: buyer.user_id, world: w, status: ServiceOrderStatus.COMPLETED });
    expect((await ask(done.soid, (await customer("Someone Else")).client)).body.error.code).toBe("NOT_FOUND");
    expect((await new Client().get(`/api/order/book-again?service_order_id=${done.soid}`)).status).toBe(401);
    expect((await buyer.client.get(`/api/order/book-again?service_order_id=0`)).status).toBe(400);

    await env.DB.prepare("UPDATE vendor_services SET enabled = 0 WHERE vendor_id = ?").bind(w.vendorId).run();
    const gone = await ask(done.soid);
    expect(gone.status).toBe(409);
    expect(gone.body.error.code).toBe("BOOK_AGAIN_SERVICE_GONE");
    await env.DB.prepare("UPDATE vendors SET status = 'deactivated' WHERE vendor_id = ?").bind(w.vendorId).run();
    expect((await ask(done.soid)).body.error.code).toBe("BOOK_AGAIN_PRO_INACTIVE");
  });
});
