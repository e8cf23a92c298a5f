import { allocate } from "./order-rules";

/**
 * What one job of an order paid, after reschedules that changed its price
 * (docs/decisions/068-money-after-a-price-changing-reschedule.md). Pure: every amount comes in as an argument;
 * integer cents throughout.
 *
 * - The order's card total and the credit applied at checkout are split over all of the order's jobs
 *   (cancelled ones included: the payment covered them) by their ORIGINAL prices, exactly (largest remainder).
 * - A difference charged for a longer option (its own payment intent) is added to the job.
 * - A lower price given back when the pro accepted it is taken off: its card part off the job's share of the
 *   order's card payment, its credit part (and any card part beyond the card share) off the credit share.
 * - The job's card part is capped by what is left of the order's card payment after every refund so far.
 */

export interface PriceChange {
  reschedule_id: number;
  /** "charge": a difference paid on its own intent; "refund": a lower price given back. */
  kind: "charge" | "refund";
  /** For a charge: what is still held of it (charged minus refunded). For a refund: back to the card. */
  card_cents: number;
  /** For a refund: back to account credit. 0 for a charge. */
  credit_cents: number;
}

export interface JobPaymentInput {
  /** The price of every job of the order when it was paid, in the order's job order (id). */
  original_prices: readonly number[];
  /** Which of `original_prices` is this job. */
  index: number;
  /** The order's card payment (0 when it did not succeed). */
  order_card_cents: number;
  /** The account credit the order applied at checkout. */
  order_credit_cents: number;
  /** What is left of the order's card payment after every refund so far (for any job). */
  order_card_left_cents: number;
  /** The job's accepted reschedules that changed its price, oldest first. */
  changes: readonly PriceChange[];
}

export interface JobPayment {
  /** What the job still holds of the order's card payment (refundable to that payment). */
  order_card_cents: number;
  /** Differences the job still holds on their own intents, oldest first. */
  charges: Array<{ reschedule_id: number; cents: number }>;
  /** order_card_cents + the charges. */
  card_cents: number;
  /** What the job still holds of account credit. */
  credit_cents: number;
  /** card_cents + credit_cents: what cancelling can give back at most. */
  total_cents: number;
}

const whole = (n: number) => Math.max(0, Math.trunc(n));

export function jobPayment(input: JobPaymentInput): JobPayment {
  const { original_prices: prices, index } = input;
  if (!Number.isInteger(index) || index < 0 || index >= prices.length) throw new RangeError("job index out of range");
  const cardShare = allocate(whole(input.order_card_cents), prices)[index]!;
  const creditShare = allocate(whole(input.order_credit_cents), prices)[index]!;
  let refundedCard = 0;
  let refundedCredit = 0;
  const charges: JobPayment["charges"] = [];
  for (const c of input.changes) {
    if (c.kind === "charge") {
      if (whole(c.card_cents) > 0) charges.push({ reschedule_id: c.reschedule_id, cents: whole(c.card_cents) });
    } else {
      refundedCard += whole(c.card_cents);
      refundedCredit += whole(c.credit_cents);
    }
  }
  const orderCard = Math.min(Math.max(0, cardShare - refundedCard), whole(input.order_card_left_cents));
  const credit = Math.max(0, creditShare - refundedCredit - Math.max(0, refundedCard - cardShare));
  const card = orderCard + charges.reduce((a, c) => a + c.cents, 0);
  return { order_card_cents: orderCard, charges, card_cents: card, credit_cents: credit, total_cents: card + credit };
}

/**
 * Where a card refund of `refundCents` (at most `paid.card_cents`) goes: what is kept (the late fee's card part)
 * is kept from the job's share of the order's payment first, then from the charged differences, oldest first;
 * the rest of each goes back to the payment it came from.
 */
export function cardRefundSources(
  paid: Pick<JobPayment, "order_card_cents" | "charges">,
  refundCents: number,
): { order_cents: number; charges: Array<{ reschedule_id: number; cents: number }> } {
  const total = paid.order_card_cents + paid.charges.reduce((a, c) => a + c.cents, 0);
  let keep = total - Math.min(whole(refundCents), total);
  const take = (held: number) => {
    const kept = Math.min(keep, held);
    keep -= kept;
    return held - kept;
  };
  const order_cents = take(paid.order_card_cents);
  const charges = paid.charges.map((c) => ({ reschedule_id: c.reschedule_id, cents: take(c.cents) }));
  return { order_cents, charges };
}
