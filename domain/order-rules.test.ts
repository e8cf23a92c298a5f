import { describe, expect, it } from "vitest";
import { localToInstant } from "./calendar/time";
import {
  allocate,
  canCancel,
  canRequestReschedule,
  compareScheduled,
  lateCancellationFeeCents,
  movedOutOfLateWindow,
  prepNotes,
  quoteCancellation,
  rescheduleDeadline,
} from "./order-rules";
import { ServiceOrderStatus as S } from "./order-status";

const HOUR = 3_600_000;
const NY = "America/New_York";
// Tuesday 2026-11-24 10:00 in New York (15:00Z).
const START = localToInstant("2026-11-24", "10:00", NY);

describe("compareScheduled", () => {
  it("puts status 30 first, then sorts by arrival time and id", () => {
    const rows = [
      { service_order_id: 4, service_order_status_id: S.SCHEDULED, promised_arrival_time: 100 },
      { service_order_id: 3, service_order_status_id: S.PENDING, promised_arrival_time: 50 },
      { service_order_id: 2, service_order_status_id: S.IN_PROGRESS, promised_arrival_time: 300 },
      { service_order_id: 1, service_order_status_id: S.SCHEDULED, promised_arrival_time: 100 },
    ];
    expect(rows.sort(compareScheduled).map((r) => r.service_order_id)).toEqual([2, 3, 1, 4]);
  });
});

describe("reschedule rules", () => {
  const job = { service_order_status_id: S.SCHEDULED, vendor_id: 7, start: START };

  it("lets a customer move a pending or scheduled job of a vendor before it starts", () => {
    expect(canRequestReschedule(job, START - HOUR)).toBe(true);
    expect(canRequestReschedule({ ...job, service_order_status_id: S.PENDING }, START - HOUR)).toBe(true);
  });

  it.each([
    ["in progress", { service_order_status_id: S.IN_PROGRESS }],
    ["completed", { service_order_status_id: S.COMPLETED }],
    ["cancelled", { service_order_status_id: S.CANCELLED }],
    ["suspended", { service_order_status_id: S.SUSPENDED }],
    ["without a vendor", { vendor_id: null }],
  ])("refuses a job %s", (_, change) => {
    expect(canRequestReschedule({ ...job, ...change }, START - HOUR)).toBe(false);
  });

  it("refuses a job whose time has come", () => {
    expect(canRequestReschedule(job, START)).toBe(false);
  });

  it("gives the vendor 24 hours, but not past the current time or the lead time before the new time", () => {
    const now = START - 72 * HOUR;
    expect(rescheduleDeadline(now, START, START + 72 * HOUR)).toBe(now + 24 * HOUR);
    expect(rescheduleDeadline(START - 5 * HOUR, START, START + 24 * HOUR)).toBe(START);
    expect(rescheduleDeadline(now, START, now + 3 * HOUR)).toBe(now + 90 * 60_000);
  });
});

describe("allocate", () => {
  it("splits exactly, the remainder to the largest fractions", () => {
    expect(allocate(1000, [1, 1, 1])).toEqual([334, 333, 333]);
    expect(allocate(10_500, [9000, 6000])).toEqual([6300, 4200]);
    expect(allocate(101, [1, 0])).toEqual([101, 0]);
    expect(allocate(5, [0, 0])).toEqual([3, 2]);
    expect(allocate(0, [3, 4])).toEqual([0, 0]);
  });
});

describe("quoteCancellation", () => {
  const base = {
    start: START,
    price_cents: 10_000,
    vendor_assigned: true,
    late_locked: false,
    card_cents: 10_500,
    credit_cents: 0,
  };

  it("is free up to 24 hours before the start, exactly at the boundary too", () => {
    for (const now of [START - 72 * HOUR, START - 24 * HOUR]) {
      expect(quoteCancellation({ ...base, now })).toEqual({
        window: "free",
        reason: "before-window",
        free_until: START - 24 * HOUR,
        fee_cents: 0,
        refund_cents: 10_500,
        credit_return_cents: 0,
      });
    }
  });

  it("keeps 25% of the price inside the window and refunds the rest", () => {
    expect(quoteCancellation({ ...base, now: START - 24 * HOUR + 1 })).toMatchObject({
      window: "late",
      reason: "inside-window",
      fee_cents: 2500,
      refund_cents: 8000,
      credit_return_cents: 0,
    });
  });

  it("charges at least the minimum fee", () => {
    expect(lateCancellationFeeCents(4000)).toBe(1500);
    expect(quoteCancellation({ ...base, price_cents: 4000, card_cents: 4200, now: START - HOUR })).toMatchObject({
      fee_cents: 1500,
      refund_cents: 2700,
    });
  });

  it("takes the fee from the card first, then the credit, and never more than was paid", () => {
    expect(quoteCancellation({ ...base, card_cents: 1000, credit_cents: 9000, now: START - HOUR })).toMatchObject({
      fee_cents: 2500,
      refund_cents: 0,
      credit_return_cents: 7500,
    });
    expect(quoteCancellation({ ...base, card_cents: 0, credit_cents: 1000, now: START - HOUR })).toMatchObject({
      fee_cents: 1000,
      refund_cents: 0,
      credit_return_cents: 0,
    });
  });

  it("is free while no vendor has the job", () => {
    expect(quoteCancellation({ ...base, vendor_assigned: false, now: START - HOUR })).toMatchObject({
      window: "free",
      reason: "no-vendor",
      refund_cents: 10_500,
    });
  });

  it("keeps the fee for a job moved out of a late window", () => {
    expect(quoteCancellation({ ...base, late_locked: true, now: START - 72 * HOUR })).toMatchObject({
      window: "late",
      reason: "moved-late",
      fee_cents: 2500,
    });
  });

  it("measures the window in real hours across a DST change", () => {
    // Sunday 2026-03-08 10:00 EDT (14:00Z), the morning clocks went forward: 24 real hours before is
    // Saturday 09:00 EST (14:00Z), not Saturday 10:00 on the wall clock.
    const start = localToInstant("2026-03-08", "10:00", NY);
    expect(start).toBe(Date.UTC(2026, 2, 8, 14, 0));
    const q = quoteCancellation({ ...base, start, now: localToInstant("2026-03-07", "08:59", NY) });
    expect(q.free_until).toBe(localToInstant("2026-03-07", "09:00", NY));
    expect(q.window).toBe("free");
    expect(quoteCancellation({ ...base, start, now: localToInstant("2026-03-07", "09:30", NY) }).window).toBe("late");
  });

  it("knows which jobs can be cancelled", () => {
    expect([S.PENDING, S.SCHEDULED, S.IN_PROGRESS].every(canCancel)).toBe(true);
    expect([S.COMPLETED, S.CANCELLED, S.SUSPENDED].some(canCancel)).toBe(false);
  });
});

describe("movedOutOfLateWindow", () => {
  const at = (hoursBefore: number, status = "accepted", by = "customer") => ({
    requested_by: by,
    status,
    created_at: START - hoursBefore * HOUR,
    from_time: START,
  });

  it("flags an accepted customer request made inside the earlier time's late window", () => {
    expect(movedOutOfLateWindow([at(30), at(5)])).toBe(true);
    expect(movedOutOfLateWindow([at(30), at(25)])).toBe(false);
    expect(movedOutOfLateWindow([at(5, "declined"), at(5, "accepted", "vendor")])).toBe(false);
  });
});

describe("prepNotes", () => {
  it("adds the category's note to the general ones", () => {
    expect(prepNotes("Massage")).toHaveLength(3);
    expect(prepNotes("Massage")[2]).toMatch(/table/);
    expect(prepNotes("Nails")[2]).toMatch(/polish/);
    expect(prepNotes(null)).toHaveLength(2);
  });
});
