import { describe, expect, it } from "vitest";
import { localToInstant } from "./calendar/time";
import { CHOSEN_PRO_CONFIRM_MS, chosenProConfirmBy, offerCutoff } from "./offer-rules";

const MIN = 60_000;
const HOUR = 60 * MIN;
const NY = "America/New_York";
const KOLKATA = "Asia/Kolkata";

describe("offerCutoff", () => {
  it("is 90 minutes before the job", () => {
    // Tuesday 2026-11-24 10:00 New York (15:00Z): offers close at 08:30 local (13:30Z).
    expect(new Date(offerCutoff(localToInstant("2026-11-24", "10:00", NY))).toISOString()).toBe(
      "2026-11-24T13:30:00.000Z",
    );
  });
});

describe("chosenProConfirmBy", () => {
  it("gives a chosen pro 2 hours when the job is days away", () => {
    const start = localToInstant("2026-11-24", "10:00", NY);
    const now = start - 2 * 24 * HOUR;
    expect(chosenProConfirmBy(now, start) - now).toBe(CHOSEN_PRO_CONFIRM_MS);
  });

  it("gives half the time left before the cut-off when that is sooner", () => {
    // 10:00 local in a half-hour zone, booked at 06:30 local: the cut-off is 08:30, half of 2 hours is 1 hour.
    const start = localToInstant("2026-11-24", "10:00", KOLKATA);
    const now = localToInstant("2026-11-24", "06:30", KOLKATA);
    expect(new Date(chosenProConfirmBy(now, start)).toISOString()).toBe("2026-11-24T02:00:00.000Z"); // 07:30 IST
  });

  it("is the cut-off itself once that has passed, and never after it", () => {
    const start = localToInstant("2026-03-08", "03:30", NY); // the day clocks go forward
    expect(chosenProConfirmBy(start, start)).toBe(offerCutoff(start));
    for (const lead of [91, 120, 200, 300, 1000, 5000].map((m) => m * MIN)) {
      const now = start - lead;
      const by = chosenProConfirmBy(now, start);
      expect(by).toBeGreaterThan(now);
      expect(by).toBeLessThanOrEqual(offerCutoff(start));
      expect(by - now).toBeLessThanOrEqual(CHOSEN_PRO_CONFIRM_MS);
    }
  });
});
