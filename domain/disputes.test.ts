import { describe, expect, it } from "vitest";
import { DISPUTE_STATUSES } from "../schema/tables/payments";
import { DISPUTE_STATUS_LIST, disputeMayMove, proDisputeShareCents, splitByPrice } from "./disputes";

describe("dispute ordering", () => {
  it("moves forward with newer events", () => {
    expect(disputeMayMove({ status: "needs_response", at: 1 }, { status: "under_review", at: 2 })).toBe(true);
    expect(disputeMayMove({ status: "under_review", at: 2 }, { status: "won", at: 3 })).toBe(true);
    expect(disputeMayMove({ status: "needs_response", at: 1 }, { status: "needs_response", at: 1 })).toBe(true);
  });

  it("never moves back: an older event, an earlier stage, or anything after a close", () => {
    expect(disputeMayMove({ status: "under_review", at: 5 }, { status: "under_review", at: 4 })).toBe(false);
    expect(disputeMayMove({ status: "under_review", at: 5 }, { status: "needs_response", at: 6 })).toBe(false);
    expect(disputeMayMove({ status: "won", at: 5 }, { status: "lost", at: 9 })).toBe(false);
    expect(disputeMayMove({ status: "lost", at: 5 }, { status: "under_review", at: 9 })).toBe(false);
  });
});

describe("the pro's share of a disputed amount", () => {
  it("is the service share of a job's charge and all of a tip", () => {
    expect(proDisputeShareCents({ disputed_cents: 10_000, tip: false })).toBe(7_000);
    expect(proDisputeShareCents({ disputed_cents: 1_999, tip: false })).toBe(1_399);
    expect(proDisputeShareCents({ disputed_cents: 2_500, tip: true })).toBe(2_500);
    expect(proDisputeShareCents({ disputed_cents: -5, tip: true })).toBe(0);
  });
});

it("the domain's statuses are the table's", () => {
  expect([...DISPUTE_STATUS_LIST]).toEqual([...DISPUTE_STATUSES]);
});

describe("splitting a disputed amount over an order's jobs", () => {
  it("follows the prices and adds up to the cent", () => {
    expect(splitByPrice(10_000, [5_000, 5_000])).toEqual([5_000, 5_000]);
    expect(splitByPrice(1_000, [1, 1, 1])).toEqual([334, 333, 333]);
    expect(splitByPrice(999, [0, 0])).toEqual([999, 0]);
    expect(splitByPrice(500, [])).toEqual([]);
  });
});
