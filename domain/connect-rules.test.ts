import { describe, expect, it } from "vitest";
import { DAY_MS, HOUR_MS, MINUTE_MS } from "./calendar/time";
import { connectOfferExpiresAt, dueInvoiceReminder } from "./connect-rules";

const T = Date.UTC(2026, 10, 24, 15);

describe("connect offer rounds", () => {
  it("last 2 hours when the start is far", () => {
    expect(connectOfferExpiresAt(T, T + 3 * DAY_MS)).toBe(T + 2 * HOUR_MS);
    expect(connectOfferExpiresAt(T, T + 4 * HOUR_MS)).toBe(T + 2 * HOUR_MS);
  });
  it("last half the time left when the start is near, at least 15 minutes", () => {
    expect(connectOfferExpiresAt(T, T + 3 * HOUR_MS)).toBe(T + 90 * MINUTE_MS);
    expect(connectOfferExpiresAt(T, T + 20 * MINUTE_MS)).toBe(T + 15 * MINUTE_MS);
    expect(connectOfferExpiresAt(T, T - HOUR_MS)).toBe(T + 15 * MINUTE_MS);
  });
});

describe("connect invoice reminders", () => {
  it("are due at 3 and 7 days, at most two", () => {
    expect(dueInvoiceReminder(T, 0, null, T + 3 * DAY_MS - 1)).toBeNull();
    expect(dueInvoiceReminder(T, 0, null, T + 3 * DAY_MS)).toBe(1);
    expect(dueInvoiceReminder(T, 1, T + 3 * DAY_MS, T + 7 * DAY_MS - 1)).toBeNull();
    expect(dueInvoiceReminder(T, 1, T + 3 * DAY_MS, T + 7 * DAY_MS)).toBe(2);
    expect(dueInvoiceReminder(T, 2, T + 7 * DAY_MS, T + 30 * DAY_MS)).toBeNull();
  });
  it("catch up one at a time, a day apart, after a long pause", () => {
    expect(dueInvoiceReminder(T, 0, null, T + 9 * DAY_MS)).toBe(1);
    expect(dueInvoiceReminder(T, 1, T + 9 * DAY_MS, T + 9 * DAY_MS + HOUR_MS)).toBeNull();
    expect(dueInvoiceReminder(T, 1, T + 9 * DAY_MS, T + 10 * DAY_MS)).toBe(2);
  });
});
