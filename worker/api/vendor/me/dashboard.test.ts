import { env } from "cloudflare:test";
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { ServiceOrderStatus } from "../../../../domain/order-status";
import { settingsOf } from "../../../calendar/test-fixtures";
import { at, bookJob, customer, HOUR, insertJob, T0, TUE, vendorWorld, WED } from "../../../orders/test-fixtures";
import { Client } from "../../../test-utils";

/**
 * The vendor dashboard's own routes (issue 8): main-details, the calendar view, calendar settings and the
 * iCalendar feed. T0 is Sunday 2026-11-22 10:00 in New York; TUE is 2026-11-24.
 */

async function offer(soid: number, vendorId: number, opts: { status?: string; expiresAt?: number | null } = {}) {
  await env.DB.prepare(
    "INSERT INTO job_offers (service_order_id, vendor_id, status, offered_at, expires_at) VALUES (?, ?, ?, ?, ?)",
  )
    .bind(soid, vendorId, opts.status ?? "offered", T0, opts.expiresAt === undefined ? T0 + HOUR : opts.expiresAt)
    .run();
}

/** A time off as the vendor's object projects it: the D1 row and its vendor_busy projection. */
async function timeOff(vendorId: number, start: number, end: number, reason: string | null) {
  const row = await env.DB.prepare(
    "INSERT INTO vendor_time_off (vendor_id, starts_at, ends_at, reason, created_at) VALUES (?, ?, ?, ?, ?) RETURNING time_off_id",
  )
    .bind(vendorId, start, end, reason, T0)
    .first<{ time_off_id: number }>();
  await env.DB.prepare(
    "INSERT INTO vendor_busy (vendor_id, starts_at, ends_at, kind, ref_id, is_connect, updated_at) VALUES (?, ?, ?, 'time_off', ?, 0, ?)",
  )
    .bind(vendorId, start, end, String(row!.time_off_id), T0)
    .run();
  return row!.time_off_id;
}

const ALL_HOURS = {
  mon: [["09:00", "17:00"]],
  tue: [
    ["08:00", "12:00"],
    ["13:00", "18:30"],
  ],
  sun: [],
};

describe("roles", () => {
  it("answers 401 signed out and 403 to a customer on every vendor dashboard route", async () => {
    const anon = new Client();
    const { client: shopper } = await customer();
    const routes: Array<[string, string, unknown?]> = [
      ["POST", "/api/vendor/me/main-details", {}],
      ["GET", `/api/vendor/me/calendar?from=${TUE}`],
      [
        "POST",
        "/api/vendor/me/calendar/settings",
        { available_setting: { weekly: {}, same_day: false, holidays: "skip" } },
      ],
      ["GET", "/api/vendor/me/calendar/feed"],
      ["POST", "/api/vendor/me/calendar/feed/regenerate", {}],
    ];
    for (const [method, path, body] of routes) {
      expect((await anon.call(method, path, body)).status, path).toBe(401);
      const r = await shopper.call(method, path, body);
      expect(r.status, path).toBe(403);
      expect(r.body.error.code).toBe("FORBIDDEN");
    }
  });
});

describe("POST /api/vendor/me/main-details", () => {
  it("answers [profile, upcoming, photos, [], requests, offers, now] with only this vendor's data", async () => {
    const w = await vendorWorld();
    const other = await vendorWorld();
    const ava = await customer("Ava Brooks");
    const mine = await insertJob({ userId: ava.user_id, world: w, start: at(TUE, "10:00"), price: 12_000 });
    await insertJob({ userId: ava.user_id, world: other, start: at(TUE, "11:00") });
    // Yesterday's job is not upcoming; a completed job with photos is in [2].
    await insertJob({ userId: ava.user_id, world: w, start: T0 - 30 * HOUR });
    const done = await insertJob({
      userId: ava.user_id,
      world: w,
      status: ServiceOrderStatus.COMPLETED,
      start: T0 - 50 * HOUR,
      jobImages: JSON.stringify({ before: ["/media/b.jpg"], after: ["/media/a.jpg"], testimonial: [] }),
    });
    // Offers: an open one for this vendor, an expired one, one for the other vendor only.
    const open = await insertJob({
      userId: ava.user_id,
      world: w,
      vendor: false,
      status: ServiceOrderStatus.PENDING,
      start: at(WED, "14:00"),
    });
    await offer(open.soid, w.vendorId, { expiresAt: T0 + HOUR });
    // The checkout line's list price is what the pro's share is taken from (as acceptance does).
    await env.DB.prepare(
      `INSERT INTO checkout_items (order_id, position, cartitemid, service_id, hold_id, hold_vendor_id, start_at, job_minutes, price_cents, time_zone, service_order_id)
       VALUES (?, 0, 0, ?, 'h', ?, ?, 60, 15000, 'America/New_York', ?)`,
    )
      .bind(open.orderId, w.serviceId, w.vendorId, open.start, open.soid)
      .run();
    await offer(open.soid, other.vendorId);
    const lapsed = await insertJob({
      userId: ava.user_id,
      world: w,
      vendor: false,
      status: ServiceOrderStatus.PENDING,
      start: at(WED, "16:00"),
    });
    await offer(lapsed.soid, w.vendorId, { expiresAt: T0 - 1 });
    const theirs = await insertJob({
      userId: ava.user_id,
      world: w,
      vendor: false,
      status: ServiceOrderStatus.PENDING,
      start: at(WED, "18:00"),
    });
    await offer(theirs.soid, other.vendorId);
    // A customer reschedule request waiting for this vendor.
    await env.DB.prepare(
      `INSERT INTO reschedule_requests (service_order_id, requested_by, from_time, to_time, reason, status, idempotency_key, expires_at, created_at)
       VALUES (?, 'customer', ?, ?, 'Running late', 'pending', ?, ?, ?)`,
    )
      .bind(mine.soid, mine.start, mine.start + 2 * HOUR, `rr-${mine.soid}`, T0 + 5 * HOUR, T0)
      .run();

    const r = await w.vendorClient.post("/api/vendor/me/main-details", {});
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const [profile, upcoming, photos, kept, requests, offers, stamp] = r.body.data;
    expect(r.body.data).toHaveLength(7);
    expect(profile).toMatchObject({
      vendor_id: w.vendorId,
      name: w.vendorName,
      tz: "America/New_York",
      reliability: 80,
      status: "active",
      agreement: false,
      can_same_day: true,
    });
    expect(profile.available_setting.weekly.mon).toEqual([["06:00", "24:00"]]);
    expect(upcoming.map((j: any) => j.service_order_id)).toEqual([mine.soid]);
    expect(upcoming[0]).toMatchObject({
      promised_arrival_time: `${TUE} 10:00`,
      end_time: "11:00",
      job_minutes: 60,
      name: "Ava B.",
      price_cents: 12_000,
      pay_cents: 8_400,
      address: `1 Test St, Testville, NY ${w.zip}`,
      scheduled_status: 1,
    });
    expect(upcoming[0].directions_url).toContain(encodeURIComponent("1 Test St"));
    expect(photos.map((j: any) => j.service_order_id)).toEqual([done.soid]);
    expect(photos[0]).toMatchObject({ before: ["/media/b.jpg"], after: ["/media/a.jpg"] });
    expect(kept).toEqual([]);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      service_order_id: mine.soid,
      from: `${TUE} 10:00`,
      selectedDate: `${TUE} 12:00`,
      reason: "Running late",
    });
    expect(offers.map((o: any) => o.service_order_id)).toEqual([open.soid]);
    // An offer shows the area, never the street address.
    expect(offers[0].address).toBe(`Testville, NY ${w.zip}`);
    expect(JSON.stringify(offers[0])).not.toContain("1 Test St");
    expect(offers[0].expires_at).toBe(new Date(T0 + HOUR).toISOString());
    expect(offers[0]).toMatchObject({ price_cents: 15_000, pay_cents: 10_500 });
    expect(stamp).toBe(T0);

    // The other vendor sees its own offer (and neither of this vendor's jobs).
    const theirsView = (await other.vendorClient.post("/api/vendor/me/main-details", {})).body.data;
    expect(theirsView[5].map((o: any) => o.service_order_id).sort()).toEqual([open.soid, theirs.soid].sort());
    expect(theirsView[1].map((j: any) => j.service_order_id)).not.toContain(mine.soid);
    expect(theirsView[4]).toEqual([]);
  });

  it("records the agreement once and accepts an empty body; bad input is INVALID_INPUT", async () => {
    const w = await vendorWorld();
    const first = await w.vendorClient.post("/api/vendor/me/main-details", { agreement: true });
    expect(first.body.data[0].agreement).toBe(true);
    const empty = await w.vendorClient.call("POST", "/api/vendor/me/main-details");
    expect(empty.status).toBe(200);
    expect(empty.body.data[0].agreement).toBe(true);
    const bad = await w.vendorClient.post("/api/vendor/me/main-details", { agreement: "yes" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("INVALID_INPUT");
    const broken = await w.vendorClient.post("/api/vendor/me/main-details", "{nope");
    expect(broken.status).toBe(400);
  });
});

describe("GET /api/vendor/me/calendar", () => {
  it("lists jobs, time off and the search's buffers per local day, with the badge", async () => {
    const w = await vendorWorld();
    const ava = await customer("Ava Brooks");
    const job = await insertJob({ userId: ava.user_id, world: w, start: at(TUE, "10:00"), scheduledStatus: 0 });
    await bookJob(w, job.soid, job.start);
    const offId = await timeOff(w.vendorId, at(TUE, "15:00"), at(TUE, "17:00"), "Dentist");
    const other = await vendorWorld();
    await timeOff(other.vendorId, at(TUE, "12:00"), at(TUE, "13:00"), "Not mine");

    const r = await w.vendorClient.get(`/api/vendor/me/calendar?from=${TUE}&days=2`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const view = r.body.data;
    expect(view).toMatchObject({ tz: "America/New_York", from: TUE, badge: 1, badge_red: true, padding_minutes: 60 });
    expect(view.days.map((d: any) => d.date)).toEqual([TUE, WED]);
    const tue = view.days[0];
    expect(tue.hours).toEqual([["06:00", "24:00"]]);
    const kinds = tue.items.map((i: any) => `${i.kind}:${i.start.slice(11)}-${i.end.slice(11)}`);
    // The job 10:00-11:00; its conflict end is 10:36 (60%), so the 60-minute padding runs to 11:36; before it
    // a job would have to end by 09:00. Time off 15:00-17:00 has no padding.
    expect(kinds).toEqual(["padding:09:00-10:00", "job:10:00-11:00", "padding:11:00-11:36", "time_off:15:00-17:00"]);
    const job0 = tue.items.find((i: any) => i.kind === "job");
    expect(job0).toMatchObject({ id: String(job.soid), scheduled_status: 0, start_minute: 600, end_minute: 660 });
    expect(job0.job.name).toBe("Ava B.");
    expect(tue.items.find((i: any) => i.kind === "time_off")).toMatchObject({ id: String(offId), note: "Dentist" });
    expect(JSON.stringify(view)).not.toContain("Not mine");
    expect(view.days[1].items).toEqual([]);
  });

  it("shows the rush-hour commute buffer and a hold in checkout", async () => {
    const w = await vendorWorld();
    const settings = await settingsOf(w.vendorId);
    const hold = await env.VENDOR_CALENDAR.get(env.VENDOR_CALENDAR.idFromName(String(w.vendorId))).placeHold({
      settings,
      now: T0,
      start: at(TUE, "17:00"),
      durationMinutes: 60,
      idempotencyKey: `dash-hold-${w.vendorId}`,
    });
    expect(hold.ok).toBe(true);
    const view = (await w.vendorClient.get(`/api/vendor/me/calendar?from=${TUE}`)).body.data;
    const kinds = view.days[0].items.map((i: any) => `${i.kind}:${i.start.slice(11)}-${i.end.slice(11)}`);
    // 17:00 starts in the 16:00-21:00 rush: 30 more minutes before the padding; it ends (17:36) in the 14:00-19:00
    // rush, so 30 more after the padding.
    expect(kinds).toEqual([
      "commute:15:30-16:00",
      "padding:16:00-17:00",
      "hold:17:00-18:00",
      "padding:18:00-18:36",
      "commute:18:36-19:06",
    ]);
    expect(view.badge).toBe(0);
    expect(view.badge_red).toBe(false);
  });

  it("refuses a bad date or day count", async () => {
    const w = await vendorWorld();
    for (const q of ["from=2026-13", "from=2026-11-24&days=8", "from=2026-11-24&days=0", "days=2"]) {
      const r = await w.vendorClient.get(`/api/vendor/me/calendar?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body.error.code).toBe("INVALID_INPUT");
    }
  });
});

describe("POST /api/vendor/me/calendar/settings", () => {
  it("saves weekly hours, same-day and holidays and moves the settings version forward", async () => {
    const w = await vendorWorld();
    const before = await settingsOf(w.vendorId);
    const r = await w.vendorClient.post("/api/vendor/me/calendar/settings", {
      available_setting: { weekly: ALL_HOURS, same_day: true, holidays: "work" },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.message).toBe(1);
    const after = await settingsOf(w.vendorId);
    expect(after.version).toBeGreaterThan(before.version);
    expect(after.weekly).toEqual({ mon: ALL_HOURS.mon, tue: ALL_HOURS.tue });
    expect(after).toMatchObject({ sameDay: true, holidayPolicy: "work" });
    const main = (await w.vendorClient.post("/api/vendor/me/main-details", {})).body.data[0];
    expect(main.available_setting).toEqual({
      weekly: { mon: ALL_HOURS.mon, tue: ALL_HOURS.tue },
      same_day: true,
      holidays: "work",
    });
    const cal = (await w.vendorClient.get(`/api/vendor/me/calendar?from=2026-11-30`)).body.data;
    expect(cal.days[0].hours).toEqual([["09:00", "17:00"]]);

    // The booking search follows at once: Tuesday offers only the new ranges (60-minute service).
    const search = await new Client().post("/api/booking/getServicesData", {
      processType: 1,
      zipCode: w.zip,
      services: [{ serviceId: w.serviceId, vendorId: w.vendorId }],
      cart: [],
      filterSOID: 0,
    });
    expect(search.status, JSON.stringify(search.body)).toBe(200);
    const tue = search.body.data[0].days.find((d: { date: string }) => d.date === TUE);
    expect(tue.times).toEqual([
      "08:00",
      "08:30",
      "09:00",
      "09:30",
      "10:00",
      "10:30",
      "11:00",
      "13:00",
      "13:30",
      "14:00",
      "14:30",
      "15:00",
      "15:30",
      "16:00",
      "16:30",
      "17:00",
      "17:30",
    ]);
  });

  it("refuses hours off the grid, out of order, overlapping or outside 06:00-22:00", async () => {
    const w = await vendorWorld();
    const bad: Array<[Record<string, string[][]>, string]> = [
      [{ mon: [["09:15", "17:00"]] }, "weekly.mon"],
      [{ tue: [["17:00", "09:00"]] }, "weekly.tue"],
      [
        {
          wed: [
            ["09:00", "12:00"],
            ["11:00", "14:00"],
          ],
        },
        "weekly.wed",
      ],
      [{ thu: [["05:00", "12:00"]] }, "weekly.thu"],
      [{ fri: [["09:00", "23:00"]] }, "weekly.fri"],
      [{ sat: [["9am", "5pm"]] }, "available_setting.weekly.sat.0.0"],
      [{ funday: [["09:00", "12:00"]] }, "available_setting.weekly.funday"],
    ];
    for (const [weekly, field] of bad) {
      const r = await w.vendorClient.post("/api/vendor/me/calendar/settings", {
        available_setting: { weekly, same_day: false, holidays: "skip" },
      });
      expect(r.status, JSON.stringify(weekly)).toBe(400);
      expect(r.body.error.code).toBe("INVALID_INPUT");
      expect(Object.keys(r.body.error.fields ?? {}), JSON.stringify(r.body)).toContain(field);
    }
    const missing = await w.vendorClient.post("/api/vendor/me/calendar/settings", {
      available_setting: { weekly: {} },
    });
    expect(missing.status).toBe(400);
    // Nothing was written.
    expect((await settingsOf(w.vendorId)).weekly.mon).toEqual([["06:00", "24:00"]]);
  });

  it("gates same-day and holiday work by reliability with the docs/product.md section 6 message", async () => {
    const w = await vendorWorld();
    await env.DB.prepare("UPDATE vendors SET reliability = 40 WHERE vendor_id = ?").bind(w.vendorId).run();
    const same = await w.vendorClient.post("/api/vendor/me/calendar/settings", {
      available_setting: { weekly: ALL_HOURS, same_day: true, holidays: "skip" },
    });
    expect(same.status).toBe(403);
    expect(same.body.error).toMatchObject({
      code: "RELIABILITY_TOO_LOW",
      message: "Your Reliability Level is not high enough to enable this feature.",
    });
    const holidays = await w.vendorClient.post("/api/vendor/me/calendar/settings", {
      available_setting: { weekly: ALL_HOURS, same_day: false, holidays: "work" },
    });
    expect(holidays.status).toBe(403);
    expect(holidays.body.error.code).toBe("RELIABILITY_TOO_LOW");
    const plain = await w.vendorClient.post("/api/vendor/me/calendar/settings", {
      available_setting: { weekly: ALL_HOURS, same_day: false, holidays: "skip" },
    });
    expect(plain.status).toBe(200);
    const main = (await w.vendorClient.post("/api/vendor/me/main-details", {})).body.data[0];
    expect(main).toMatchObject({ can_same_day: false, can_holidays: false, reliability: 40 });
  });
});

describe("iCalendar feed", () => {
  it("serves an RFC 5545 feed of jobs and time off that a real parser reads; regenerating revokes the old URL", async () => {
    const w = await vendorWorld();
    const ava = await customer("Ava Brooks");
    const job = await insertJob({ userId: ava.user_id, world: w, start: at(TUE, "10:00"), minutes: 90 });
    await timeOff(w.vendorId, at(WED, "09:00"), at(WED, "12:00"), "School run; pickup, early");
    const other = await vendorWorld();
    await insertJob({ userId: ava.user_id, world: other, start: at(TUE, "13:00") });

    const made = await w.vendorClient.get("/api/vendor/me/calendar/feed");
    expect(made.status).toBe(200);
    const url: string = made.body.data.url;
    expect(url).toMatch(/^https:\/\/glow\.test\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    // Only the hash is kept: asking again shows no URL.
    const again = await w.vendorClient.get("/api/vendor/me/calendar/feed");
    expect(again.body.data.url).toBeNull();
    expect(again.body.data.created_at).toBe(new Date(T0).toISOString());
    const stored = await env.DB.prepare("SELECT calendar_feed_token_hash AS h FROM vendors WHERE vendor_id = ?")
      .bind(w.vendorId)
      .first<{ h: string }>();
    expect(stored!.h).toMatch(/^[0-9a-f]{64}$/);
    expect(url).not.toContain(stored!.h);

    const path = new URL(url).pathname;
    const anon = new Client();
    const feed = await anon.get(path);
    expect(feed.status).toBe(200);
    const text = feed.body as string;
    expect(text.split("\r\n").every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true);
    const cal = new ICAL.Component(ICAL.parse(text));
    expect(cal.getFirstPropertyValue("version")).toBe("2.0");
    const events = cal.getAllSubcomponents("vevent").map((c) => new ICAL.Event(c));
    expect(events).toHaveLength(2);
    const [jobEvent, offEvent] = events;
    expect(jobEvent!.uid).toBe(`job-${job.soid}@glow.test`);
    expect(jobEvent!.summary).toContain("Ava B.");
    expect(jobEvent!.location).toBe(`1 Test St, Testville, NY ${w.zip}`);
    expect(jobEvent!.startDate.toJSDate().getTime()).toBe(at(TUE, "10:00"));
    expect(jobEvent!.endDate.toJSDate().getTime()).toBe(at(TUE, "11:30"));
    expect(jobEvent!.startDate.zone?.tzid).toBe("UTC");
    expect(offEvent!.summary).toBe("Time off: School run; pickup, early");
    expect(offEvent!.startDate.toJSDate().getTime()).toBe(at(WED, "09:00"));

    const renewed = await w.vendorClient.post("/api/vendor/me/calendar/feed/regenerate", {});
    expect(renewed.status).toBe(200);
    expect(renewed.body.data.url).not.toBe(url);
    expect((await anon.get(path)).status).toBe(404);
    expect((await anon.get(new URL(renewed.body.data.url).pathname)).status).toBe(200);
  });

  it("makes exactly one feed token when 20 first asks race", async () => {
    const w = await vendorWorld();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => w.vendorClient.get("/api/vendor/me/calendar/feed")),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const urls = answers.map((a) => a.body.data.url).filter(Boolean);
    expect(urls).toHaveLength(1);
    expect((await new Client().get(new URL(urls[0]).pathname)).status).toBe(200);
  });

  it("answers 404 for unknown or malformed tokens", async () => {
    const anon = new Client();
    for (const p of [
      "/api/calendar/nope.ics",
      `/api/calendar/${"a".repeat(43)}.ics`,
      `/api/calendar/${"a".repeat(43)}`,
    ]) {
      const r = await anon.get(p);
      expect(r.status, p).toBe(404);
      expect(r.body.error.code).toBe("NOT_FOUND");
    }
  });
});
