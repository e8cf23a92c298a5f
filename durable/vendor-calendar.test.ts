import { env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { addDays, localDate, localToInstant } from "../domain/calendar/time";
import { T0 } from "../worker/test-utils";
import { ALL_WEEK, TZ, busyRows, calendarOf, makeVendor, makeZip, settingsOf } from "../worker/calendar/test-fixtures";
import { HOLD_TTL_MS, holdVendorId, type PlaceHoldRequest, type VendorSettings } from "./calendar/rpc-types";

const MIN = 60_000;
// T0 is Sunday 2026-11-22 10:00 in New York. Tuesday 2026-11-24 is more than 24 hours away (no
// short-notice padding); Thursday 2026-11-26 is Thanksgiving.
const at = (date: string, time: string) => localToInstant(date, time, TZ);
const TUE = "2026-11-24";

async function vendor(opts: Partial<Parameters<typeof makeVendor>[0]> = {}) {
  const zip = await makeZip();
  const vendorId = await makeVendor({ near: zip, ...opts });
  return { vendorId, settings: await settingsOf(vendorId), stub: calendarOf(vendorId) };
}

let keys = 0;
const key = () => `test-key-${++keys}-${Math.random()}`;

function hold(settings: VendorSettings, start: number, extra: Partial<PlaceHoldRequest> = {}): PlaceHoldRequest {
  return { settings, now: T0, start, durationMinutes: 60, idempotencyKey: key(), ...extra };
}

describe("VendorCalendar holds", () => {
  it("grants a free time, keeps it 15 minutes and projects it to vendor_busy", async () => {
    const { vendorId, settings, stub } = await vendor();
    const answer = await stub.placeHold(hold(settings, at(TUE, "10:00")));
    expect(answer.ok).toBe(true);
    if (!answer.ok) return;
    expect(answer.hold).toMatchObject({
      vendorId,
      start: at(TUE, "10:00"),
      end: at(TUE, "11:00"),
      isConnect: false,
      expiresAt: T0 + HOLD_TTL_MS,
    });
    expect(holdVendorId(answer.hold.holdId)).toBe(vendorId);
    expect(await stub.listBusy({ vendorId, now: T0 })).toEqual([
      {
        kind: "hold",
        ref: answer.hold.holdId,
        start: at(TUE, "10:00"),
        end: at(TUE, "11:00"),
        isConnect: false,
        expiresAt: T0 + HOLD_TTL_MS,
      },
    ]);
    expect(await busyRows(vendorId)).toEqual([
      {
        kind: "hold",
        ref_id: answer.hold.holdId,
        starts_at: at(TUE, "10:00"),
        ends_at: at(TUE, "11:00"),
        is_connect: 0,
        expires_at: T0 + HOLD_TTL_MS,
      },
    ]);
  });

  it("refuses a conflicting hold with CART_ITEM_NOT_AVAILABLE and the nearest free time", async () => {
    const { settings, stub } = await vendor();
    expect((await stub.placeHold(hold(settings, at(TUE, "10:00")))).ok).toBe(true);
    // 10:00 + 36 min (60% of 60) + 60 min padding: the next start is 12:00 (11:36 is off the grid); before
    // it, a job must end its 36 minutes 60 minutes before 10:00, so 08:00. 12:00 is nearer to 10:30.
    const refused = await stub.placeHold(hold(settings, at(TUE, "10:30")));
    expect(refused).toMatchObject({
      ok: false,
      code: "CART_ITEM_NOT_AVAILABLE",
      reason: "conflict",
      alternative: { start: at(TUE, "12:00"), local: "2026-11-24 12:00" },
    });
    expect((await stub.placeHold(hold(settings, at(TUE, "11:30")))).ok).toBe(false);
    expect((await stub.placeHold(hold(settings, at(TUE, "12:00")))).ok).toBe(true);
    expect((await stub.placeHold(hold(settings, at(TUE, "08:00")))).ok).toBe(true);
  });

  it("replays the first answer for a repeated idempotency key and refuses the key for another request", async () => {
    const { vendorId, settings, stub } = await vendor();
    const req = hold(settings, at(TUE, "14:00"));
    const first = await stub.placeHold(req);
    const again = await stub.placeHold(req);
    expect(first.ok && again.ok).toBe(true);
    if (!first.ok || !again.ok) return;
    expect(again.hold).toEqual(first.hold);
    expect(again.replayed).toBe(true);
    expect(await stub.listBusy({ vendorId, now: T0 })).toHaveLength(1);
    const reused = await stub.placeHold({ ...req, start: at(TUE, "18:00") });
    expect(reused).toMatchObject({ ok: false, code: "INVALID_INPUT", reason: "idempotency-mismatch" });
    // A refusal is an answer too: replaying it does not re-check.
    const refusedReq = hold(settings, at(TUE, "14:30"));
    expect((await stub.placeHold(refusedReq)).ok).toBe(false);
    expect(await stub.placeHold(refusedReq)).toMatchObject({
      ok: false,
      code: "CART_ITEM_NOT_AVAILABLE",
      replayed: true,
    });
  });

  it("grants exactly one of 50 concurrent holds on one time", async () => {
    const { vendorId, settings, stub } = await vendor();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => stub.placeHold(hold(settings, at(TUE, "15:00")))),
    );
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    expect(answers.filter((a) => !a.ok && a.code === "CART_ITEM_NOT_AVAILABLE")).toHaveLength(49);
    expect(await stub.listBusy({ vendorId, now: T0 })).toHaveLength(1);
    expect(await busyRows(vendorId)).toHaveLength(1);
  });

  it("explains refusals: off the grid, outside hours, too soon, past, beyond the horizon", async () => {
    const { settings, stub } = await vendor({
      setting: { weekly: { mon: [["09:00", "17:00"]], tue: [["09:00", "17:00"]] } },
    });
    expect(await stub.placeHold(hold(settings, at(TUE, "10:15")))).toMatchObject({
      code: "CART_ITEM_DATE_CHANGED",
      reason: "off-grid",
      // 10:00 and 10:30 are both 15 minutes away: ties go to the earlier one.
      alternative: { local: "2026-11-24 10:00" },
    });
    expect(await stub.placeHold(hold(settings, at(TUE, "18:00")))).toMatchObject({
      code: "CART_ITEM_DATE_CHANGED",
      reason: "outside-hours",
      alternative: { local: "2026-11-24 16:00" },
    });
    expect(
      await stub.placeHold(hold(settings, at("2026-11-23", "09:00"), { now: at("2026-11-23", "08:00") })),
    ).toMatchObject({
      code: "INVALID_INPUT",
      reason: "too-soon",
      alternative: null,
    });
    expect(
      await stub.placeHold(hold(settings, at("2026-11-23", "09:00"), { now: at("2026-11-23", "12:00") })),
    ).toMatchObject({ code: "INVALID_INPUT", reason: "past" });
    const far = addDays(localDate(T0, TZ), 92); // a Tuesday beyond today + 88
    expect(await stub.placeHold(hold(settings, at(far, "10:00")))).toMatchObject({
      code: "INVALID_INPUT",
      reason: "beyond-horizon",
    });
  });

  it("gates holidays by reliability (RELIABILITY_TOO_LOW) and treats a skipped holiday as moved time", async () => {
    const thanksgiving = at("2026-11-26", "10:00");
    const low = await vendor({ setting: { ...ALL_WEEK, holidays: "work" }, reliability: 40 });
    expect(await low.stub.placeHold(hold(low.settings, thanksgiving))).toMatchObject({
      ok: false,
      code: "RELIABILITY_TOO_LOW",
      reason: "holiday-gate",
    });
    const ok = await vendor({ setting: { ...ALL_WEEK, holidays: "work" }, reliability: 60 });
    expect((await ok.stub.placeHold(hold(ok.settings, thanksgiving))).ok).toBe(true);
    const skip = await vendor({ setting: ALL_WEEK, reliability: 100 });
    expect(await skip.stub.placeHold(hold(skip.settings, thanksgiving))).toMatchObject({
      code: "CART_ITEM_DATE_CHANGED",
      alternative: { local: "2026-11-25 21:30" },
    });
    // Same day needs 70: at 50 today's times are refused with the gate.
    const sameDay = await vendor({ reliability: 50 });
    expect(await sameDay.stub.placeHold(hold(sameDay.settings, at("2026-11-22", "14:00")))).toMatchObject({
      code: "RELIABILITY_TOO_LOW",
      reason: "same-day-gate",
    });
  });

  it("lets a hold lapse after 15 minutes of request time: it stops counting and its projection goes", async () => {
    const { vendorId, settings, stub } = await vendor();
    const first = await stub.placeHold(hold(settings, at(TUE, "10:00")));
    expect(first.ok).toBe(true);
    expect((await stub.placeHold(hold(settings, at(TUE, "10:00"), { now: T0 + 14 * MIN }))).ok).toBe(false);
    const later = await stub.placeHold(hold(settings, at(TUE, "10:00"), { now: T0 + 15 * MIN }));
    expect(later.ok).toBe(true);
    const rows = await busyRows(vendorId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.ref_id).toBe(later.ok ? later.hold.holdId : "");
  });

  it("deletes lapsed holds in the alarm, judged on the callers' clock", async () => {
    const { vendorId, settings, stub } = await vendor();
    const answer = await stub.placeHold(hold(settings, at(TUE, "10:00")));
    expect(answer.ok).toBe(true);
    // Not lapsed yet at T0 + 14 minutes: the alarm keeps it, whatever the real date is.
    await stub.listBusy({ vendorId, now: T0 + 14 * MIN });
    await runDurableObjectAlarm(stub);
    expect(await busyRows(vendorId)).toHaveLength(1);
    // Lapsed at T0 + 20 minutes: the alarm deletes it.
    await stub.listBusy({ vendorId, now: T0 + 20 * MIN });
    await runDurableObjectAlarm(stub);
    await vi.waitFor(async () => expect(await busyRows(vendorId)).toEqual([]));
    const stored = await runInDurableObject(
      stub,
      (_, state) => state.storage.sql.exec("SELECT count(*) AS n FROM busy").one().n,
    );
    expect(stored).toBe(0);
  });

  it("releases a hold (idempotently) so the time is free again", async () => {
    const { vendorId, settings, stub } = await vendor();
    const first = await stub.placeHold(hold(settings, at(TUE, "10:00")));
    if (!first.ok) throw new Error("hold refused");
    const k = key();
    expect(await stub.releaseHold(first.hold.holdId, k, T0)).toEqual({ ok: true, released: true });
    expect(await stub.releaseHold(first.hold.holdId, k, T0)).toEqual({ ok: true, released: true, replayed: true });
    expect(await stub.releaseHold(first.hold.holdId, key(), T0)).toEqual({ ok: true, released: false });
    expect(await busyRows(vendorId)).toEqual([]);
    expect((await stub.placeHold(hold(settings, at(TUE, "10:00")))).ok).toBe(true);
  });
});

describe("VendorCalendar bookings and time off", () => {
  it("confirms a hold into a booking for an order, idempotently", async () => {
    const { vendorId, settings, stub } = await vendor();
    const h = await stub.placeHold(hold(settings, at(TUE, "10:00"), { isConnect: true }));
    if (!h.ok) throw new Error("hold refused");
    const k = key();
    const booked = await stub.confirmHold(h.hold.holdId, "so-501", k, T0 + 5 * MIN);
    expect(booked).toEqual({
      ok: true,
      booking: {
        orderRef: "so-501",
        holdId: h.hold.holdId,
        vendorId,
        start: at(TUE, "10:00"),
        end: at(TUE, "11:00"),
        isConnect: true,
      },
    });
    expect(await stub.confirmHold(h.hold.holdId, "so-501", k, T0 + 5 * MIN)).toMatchObject({
      ok: true,
      replayed: true,
    });
    // Confirming again with a new key still answers the same booking.
    expect(await stub.confirmHold(h.hold.holdId, "so-501", key(), T0 + 6 * MIN)).toMatchObject({
      ok: true,
      booking: { orderRef: "so-501" },
    });
    expect(await busyRows(vendorId)).toEqual([
      {
        kind: "booking",
        ref_id: "so-501",
        starts_at: at(TUE, "10:00"),
        ends_at: at(TUE, "11:00"),
        is_connect: 1,
        expires_at: null,
      },
    ]);
    // A booking never lapses, and blocks its time for good.
    expect((await stub.placeHold(hold(settings, at(TUE, "10:00"), { now: T0 + 60 * MIN }))).ok).toBe(false);
    expect(await stub.listBusy({ vendorId, now: T0 + 60 * MIN })).toMatchObject([{ kind: "booking", ref: "so-501" }]);
  });

  it("refuses to confirm a hold that time off now covers, and keeps the hold", async () => {
    const { vendorId, settings, stub } = await vendor();
    const h = await stub.placeHold(hold(settings, at(TUE, "10:00")));
    if (!h.ok) throw new Error("hold refused");
    await stub.addTimeOff({ vendorId, ref: "sick", start: at(TUE, "00:00"), end: at(TUE, "23:59"), now: T0 }, key());
    expect(await stub.confirmHold(h.hold.holdId, "so-9", key(), T0 + MIN)).toMatchObject({
      ok: false,
      code: "CART_ITEM_NOT_AVAILABLE",
      reason: "blocked",
    });
    expect((await stub.listBusy({ vendorId, now: T0 + MIN })).map((b) => b.kind)).toEqual(["time_off", "hold"]);
  });

  it("refuses to confirm a lapsed or unknown hold", async () => {
    const { settings, stub } = await vendor();
    const h = await stub.placeHold(hold(settings, at(TUE, "10:00")));
    if (!h.ok) throw new Error("hold refused");
    expect(await stub.confirmHold(h.hold.holdId, "so-1", key(), T0 + 16 * MIN)).toMatchObject({
      ok: false,
      code: "CART_ITEM_NOT_AVAILABLE",
    });
    expect(await stub.confirmHold(`${h.hold.vendorId}.no-such-hold`, "so-2", key(), T0)).toMatchObject({
      ok: false,
      code: "CART_ITEM_NOT_AVAILABLE",
    });
  });

  it("blocks holds with time off, reports overlaps, and frees the time when the time off is removed", async () => {
    const { vendorId, settings, stub } = await vendor();
    const h = await stub.placeHold(hold(settings, at(TUE, "16:00")));
    expect(h.ok).toBe(true);
    const off = await stub.addTimeOff(
      { vendorId, ref: "77", start: at(TUE, "09:00"), end: at(TUE, "17:00"), now: T0 },
      key(),
    );
    expect(off).toMatchObject({
      ok: true,
      timeOff: { ref: "77" },
      overlaps: [{ kind: "hold", start: at(TUE, "16:00") }],
    });
    expect(await stub.placeHold(hold(settings, at(TUE, "10:00")))).toMatchObject({
      ok: false,
      code: "CART_ITEM_NOT_AVAILABLE",
    });
    // Time off is hard but gets no padding: a job may start right when it ends (17:00) - if the hold at 16:00 allows.
    expect((await busyRows(vendorId)).map((r) => [r.kind, r.ref_id])).toEqual([
      ["time_off", "77"],
      ["hold", h.ok ? h.hold.holdId : ""],
    ]);
    expect(await stub.removeTimeOff({ vendorId, ref: "77", now: T0 }, key())).toEqual({ ok: true, released: true });
    expect((await stub.placeHold(hold(settings, at(TUE, "10:00")))).ok).toBe(true);
    expect((await busyRows(vendorId)).map((r) => r.kind)).toEqual(["hold", "hold"]);
  });

  it("looks past full days for the nearest free time", async () => {
    const { vendorId, settings, stub } = await vendor();
    await stub.addTimeOff(
      { vendorId, ref: "week", start: at("2026-11-23", "00:00"), end: at("2026-11-27", "00:00"), now: T0 },
      key(),
    );
    // Wednesday 10:00 is inside four days off: Friday 06:00 (44 h away) beats Sunday 21:30 (60.5 h away).
    expect(await stub.placeHold(hold(settings, at("2026-11-25", "10:00")))).toMatchObject({
      code: "CART_ITEM_NOT_AVAILABLE",
      alternative: { local: "2026-11-27 06:00" },
    });
  });

  it("adopts the bookings and time off already in D1 on first use", async () => {
    const zip = await makeZip();
    const vendorId = await makeVendor({ near: zip });
    await env.DB.prepare(
      "INSERT INTO vendor_busy (vendor_id, starts_at, ends_at, kind, ref_id, is_connect, expires_at, updated_at) VALUES (?, ?, ?, 'booking', '9001', 0, NULL, ?), (?, ?, ?, 'time_off', '12', 0, NULL, ?)",
    )
      .bind(vendorId, at(TUE, "10:00"), at(TUE, "11:00"), T0, vendorId, at(TUE, "18:00"), at(TUE, "20:00"), T0)
      .run();
    const stub = calendarOf(vendorId);
    const settings = await settingsOf(vendorId);
    expect(await stub.placeHold(hold(settings, at(TUE, "10:30")))).toMatchObject({
      ok: false,
      code: "CART_ITEM_NOT_AVAILABLE",
    });
    expect(await stub.placeHold(hold(settings, at(TUE, "18:30")))).toMatchObject({
      ok: false,
      code: "CART_ITEM_NOT_AVAILABLE",
    });
    expect((await stub.listBusy({ vendorId, now: T0 })).map((b) => [b.kind, b.ref])).toEqual([
      ["booking", "9001"],
      ["time_off", "12"],
    ]);
  });
});

describe("VendorCalendar settings and projection", () => {
  it("keeps the newest settings snapshot it has seen", async () => {
    const { settings, stub } = await vendor();
    const closed: VendorSettings = { ...settings, version: settings.version + 10, weekly: {} };
    expect(await stub.placeHold(hold(closed, at(TUE, "10:00")))).toMatchObject({
      code: "CART_ITEM_DATE_CHANGED",
      alternative: null,
    });
    // An older snapshot (a request that read D1 before the change) cannot reopen the calendar.
    expect(await stub.placeHold(hold(settings, at(TUE, "10:00")))).toMatchObject({ code: "CART_ITEM_DATE_CHANGED" });
    const reopened: VendorSettings = { ...settings, version: settings.version + 20 };
    expect((await stub.placeHold(hold(reopened, at(TUE, "10:00")))).ok).toBe(true);
  });

  it("keeps its own state when the D1 projection fails and retries it in the alarm", async () => {
    const { vendorId, settings, stub } = await vendor();
    await env.DB.prepare(
      `CREATE TRIGGER busy_fail_${vendorId} BEFORE INSERT ON vendor_busy WHEN NEW.vendor_id = ${vendorId} BEGIN SELECT RAISE(ABORT, 'projection down'); END`,
    ).run();
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const h = await stub.placeHold(hold(settings, at(TUE, "10:00")));
    expect(h.ok).toBe(true);
    expect(await busyRows(vendorId)).toEqual([]);
    // The object is the truth: the time is taken even though search cannot see it yet.
    expect((await stub.placeHold(hold(settings, at(TUE, "10:00")))).ok).toBe(false);
    expect(errors).toHaveBeenCalled();
    errors.mockRestore();
    expect(
      await runInDurableObject(stub, (_, state) => state.storage.sql.exec("SELECT count(*) AS n FROM outbox").one().n),
    ).toBe(1);

    await env.DB.prepare(`DROP TRIGGER busy_fail_${vendorId}`).run();
    await runDurableObjectAlarm(stub);
    await vi.waitFor(async () => expect(await busyRows(vendorId)).toHaveLength(1));
    expect(
      await runInDurableObject(stub, (_, state) => state.storage.sql.exec("SELECT count(*) AS n FROM outbox").one().n),
    ).toBe(0);
  });
});
