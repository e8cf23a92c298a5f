import { describe, expect, it } from "vitest";
import { cardRefundSources, jobPayment, type JobPaymentInput } from "./job-payment";
import { quoteCancellation } from "./order-rules";

const HOUR = 3_600_000;
const START = 100 * HOUR;

// Two jobs bought at $119 and $100; the card paid $230 (service fee included), no credit.
const base: JobPaymentInput = {
  original_prices: [11_900, 10_000],
  index: 0,
  order_card_cents: 23_000,
  order_credit_cents: 0,
  order_card_left_cents: 23_000,
  changes: [],
};

describe("jobPayment", () => {
  it("splits the order's card payment by the original prices, exactly", () => {
    const a = jobPayment(base);
    const b = jobPayment({ ...base, index: 1 });
    expect(a).toEqual({
      order_card_cents: 12_498,
      charges: [],
      card_cents: 12_498,
      credit_cents: 0,
      total_cents: 12_498,
    });
    expect(b.order_card_cents).toBe(10_502);
    expect(a.total_cents + b.total_cents).toBe(23_000);
  });

  it("adds a difference charged for a longer option, which stays on its own intent", () => {
    const paid = jobPayment({
      ...base,
      changes: [{ reschedule_id: 7, kind: "charge", card_cents: 5_250, credit_cents: 0 }],
    });
    expect(paid).toEqual({
      order_card_cents: 12_498,
      charges: [{ reschedule_id: 7, cents: 5_250 }],
      card_cents: 17_748,
      credit_cents: 0,
      total_cents: 17_748,
    });
    // The sibling's share does not move: the split is by the original prices, not the new one.
    expect(jobPayment({ ...base, index: 1 }).order_card_cents).toBe(10_502);
  });

  it("takes off a lower price already given back, and two changes in a row add up", () => {
    const paid = jobPayment({
      ...base,
      order_card_left_cents: 23_000 - 5_250,
      changes: [
        { reschedule_id: 3, kind: "refund", card_cents: 5_250, credit_cents: 0 },
        { reschedule_id: 4, kind: "charge", card_cents: 2_000, credit_cents: 0 },
      ],
    });
    expect(paid).toMatchObject({ order_card_cents: 7_248, card_cents: 9_248, credit_cents: 0, total_cents: 9_248 });
  });

  it("splits a partial credit payment too, and a card refund beyond the card share comes off the credit share", () => {
    const credit = { ...base, order_card_cents: 20_000, order_credit_cents: 3_000, order_card_left_cents: 20_000 };
    const a = jobPayment(credit);
    const b = jobPayment({ ...credit, index: 1 });
    expect([a.order_card_cents, a.credit_cents]).toEqual([10_868, 1_630]);
    expect([b.order_card_cents, b.credit_cents]).toEqual([9_132, 1_370]);
    const after = jobPayment({
      ...credit,
      changes: [{ reschedule_id: 5, kind: "refund", card_cents: 10_968, credit_cents: 500 }],
    });
    expect(after).toMatchObject({ order_card_cents: 0, credit_cents: 1_030, total_cents: 1_030 });
  });

  it("caps the card part by what is left of the order's payment", () => {
    expect(jobPayment({ ...base, order_card_left_cents: 4_000 }).order_card_cents).toBe(4_000);
    expect(jobPayment({ ...base, order_card_cents: 0, order_card_left_cents: 0 }).total_cents).toBe(0);
  });

  it("refuses a job that is not in the order", () => {
    expect(() => jobPayment({ ...base, index: 2 })).toThrow(RangeError);
  });
});

describe("cardRefundSources", () => {
  const paid = { order_card_cents: 10_000, charges: [{ reschedule_id: 1, cents: 5_250 }] };

  it("keeps the fee from the order's payment first, then from the differences", () => {
    expect(cardRefundSources(paid, 13_000)).toEqual({
      order_cents: 7_750,
      charges: [{ reschedule_id: 1, cents: 5_250 }],
    });
    expect(cardRefundSources(paid, 3_000)).toEqual({ order_cents: 0, charges: [{ reschedule_id: 1, cents: 3_000 }] });
    expect(cardRefundSources(paid, 15_250)).toEqual({
      order_cents: 10_000,
      charges: [{ reschedule_id: 1, cents: 5_250 }],
    });
    expect(cardRefundSources(paid, 99_999).order_cents).toBe(10_000);
  });
});

describe("a late cancellation after a price change adds up", () => {
  const cases: Array<[string, JobPaymentInput, number]> = [
    [
      "longer, difference charged",
      { ...base, changes: [{ reschedule_id: 1, kind: "charge", card_cents: 5_250, credit_cents: 0 }] },
      16_900,
    ],
    [
      "shorter, difference given back",
      {
        ...base,
        original_prices: [16_900, 10_000],
        order_card_cents: 28_245,
        order_card_left_cents: 28_245 - 5_250,
        changes: [{ reschedule_id: 2, kind: "refund", card_cents: 5_250, credit_cents: 0 }],
      },
      11_900,
    ],
    [
      "longer, bought mostly with credit",
      {
        ...base,
        order_card_cents: 3_000,
        order_credit_cents: 20_000,
        order_card_left_cents: 3_000,
        changes: [{ reschedule_id: 3, kind: "charge", card_cents: 5_250, credit_cents: 0 }],
      },
      16_900,
    ],
  ];
  for (const [name, input, price] of cases) {
    it(name, () => {
      const paid = jobPayment(input);
      const q = quoteCancellation({
        now: START - HOUR,
        start: START,
        price_cents: price,
        vendor_assigned: true,
        late_locked: false,
        card_cents: paid.card_cents,
        credit_cents: paid.credit_cents,
      });
      expect(q.fee_cents).toBe(Math.round(price / 4));
      expect(q.fee_cents + q.refund_cents + q.credit_return_cents).toBe(paid.total_cents);
      const sources = cardRefundSources(paid, q.refund_cents);
      expect(sources.order_cents + sources.charges.reduce((a, c) => a + c.cents, 0)).toBe(q.refund_cents);
      expect(sources.order_cents).toBeLessThanOrEqual(paid.order_card_cents);
    });
  }
});
