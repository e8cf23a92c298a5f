import { describe, expect, it } from "vitest";
import { localToInstant } from "../domain/calendar/time";
import { T0 } from "../worker/test-utils";
import { TZ, busyRows, calendarOf, makeVendor, makeZip, settingsOf } from "../worker/calendar/test-fixtures";
import { HOLD_TTL_MS, MAX_HOLD_TTL_MS, type PlaceHoldRequest, type VendorSettings } from "./calendar/rpc-types";

/**
 * The calendar calls a reschedule and a cancellation need (docs/decisions/033-cancellation-and-reschedule.md):
 * a provisional hold that lasts until the vendor answers, a hold next to the booking it replaces, moving a
 * booking in one step, and freeing a booking.
 */
const HOUR = 3_600_000;
const at = (date: string, time: string) => localToInstant(date, time, TZ);
const TUE = "2026-11-24";

async function vendor() {
  const zip = await makeZip();
  const vendorId = await makeVendor({ near: zip });
  return { vendorId, settings: await settingsOf(vendorId), stub: calendarOf(vendorId) };
}

let keys = 0;
const key = () => `moves-key-${++keys}-${Math.random()}`;

function hold(settings: VendorSettings, start: number, extra: Partial<PlaceHoldRequest> = {}): PlaceHoldRequest {
  return { settings, now: T0, start, durationMinutes: 60, idempotencyKey: key(), ...extra };
}

async function book(stub: ReturnType<typeof calendarOf>, settings: VendorSettings, start: number, ref: string) {
  const h = await stub.placeHold(hold(settings, start));
  if (!h.ok) throw new Error(`hold refused: ${h.code}`);
  const b = await stub.confirmHold(h.hold.holdId, ref, key(), T0, settings);
  if (!b.ok) throw new Error(`confirm refused: ${b.code}`);
  return b.booking;
}

describe("VendorCalendar moves", () => {
  it("keeps a hold for the asked time to live, within the 7-day cap", async () => {
    const { settings, stub } = await vendor();
    const long = await stub.placeHold(hold(settings, at(TUE, "10:00"), { ttlMs: 20 * HOUR }));
    expect(long.ok && long.hold.expiresAt).toBe(T0 + 20 * HOUR);
    const capped = await stub.placeHold(hold(settings, at(TUE, "14:00"), { ttlMs: 30 * 24 * HOUR }));
    expect(capped.ok && capped.hold.expiresAt).toBe(T0 + MAX_HOLD_TTL_MS);
    const normal = await stub.placeHold(hold(settings, at(TUE, "18:00")));
    expect(normal.ok && normal.hold.expiresAt).toBe(T0 + HOLD_TTL_MS);
    // Still held an hour later, when a cart hold would have lapsed.
    const busy = await stub.listBusy({ vendorId: settings.vendorId, now: T0 + HOUR });
    expect(busy.filter((b) => b.kind === "hold").map((b) => b.start)).toEqual([at(TUE, "10:00"), at(TUE, "14:00")]);
  });

  it("holds a time overlapping the booking being moved only when that booking is ignored", async () => {
    const { settings, stub } = await vendor();
    await book(stub, settings, at(TUE, "10:00"), "501");
    expect(await stub.placeHold(hold(settings, at(TUE, "10:30")))).toMatchObject({
      ok: false,
      code: "CART_ITEM_NOT_AVAILABLE",
    });
    expect((await stub.placeHold(hold(settings, at(TUE, "10:30"), { ignoreBookings: ["501"] }))).ok).toBe(true);
  });

  it("moves a booking to a hold in one step with replaceBooking, and refuses without it", async () => {
    const { vendorId, settings, stub } = await vendor();
    await book(stub, settings, at(TUE, "10:00"), "601");
    const h = await stub.placeHold(hold(settings, at(TUE, "15:00"), { ignoreBookings: ["601"], ttlMs: 5 * HOUR }));
    if (!h.ok) throw new Error("hold refused");
    expect(await stub.confirmHold(h.hold.holdId, "601", key(), T0, settings)).toMatchObject({
      ok: false,
      reason: "order-already-booked",
    });
    const moved = await stub.confirmHold(h.hold.holdId, "601", key(), T0 + HOUR, settings, { replaceBooking: true });
    expect(moved).toMatchObject({ ok: true, booking: { orderRef: "601", start: at(TUE, "15:00") } });
    const busy = await stub.listBusy({ vendorId, now: T0 + HOUR });
    expect(busy.map((b) => [b.kind, b.ref, b.start])).toEqual([["booking", "601", at(TUE, "15:00")]]);
    expect((await busyRows(vendorId)).map((r) => [r.kind, r.ref_id, r.starts_at])).toEqual([
      ["booking", "601", at(TUE, "15:00")],
    ]);
    // The old time is free again.
    expect((await stub.placeHold(hold(settings, at(TUE, "10:00"), { now: T0 + HOUR }))).ok).toBe(true);
  });

  it("frees a booking once, idempotently, and answers released: false when there is none", async () => {
    const { vendorId, settings, stub } = await vendor();
    await book(stub, settings, at(TUE, "10:00"), "701");
    const k = key();
    expect(await stub.releaseBooking(vendorId, "701", k, T0)).toEqual({ ok: true, released: true });
    expect(await stub.releaseBooking(vendorId, "701", k, T0)).toEqual({ ok: true, released: true, replayed: true });
    expect(await stub.releaseBooking(vendorId, "701", key(), T0)).toEqual({ ok: true, released: false });
    expect(await busyRows(vendorId)).toEqual([]);
    expect((await stub.placeHold(hold(settings, at(TUE, "10:00")))).ok).toBe(true);
  });
});
