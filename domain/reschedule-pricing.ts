import { bpsOf, checkoutTotals, MIN_CARD_CHARGE_CENTS } from "./checkout-rules";
import { PRICING } from "./pricing-config";

/**
 * What a reschedule that changes the appointment's length costs (docs/decisions/067-reschedule-price-difference.md).
 * Prices do not depend on the time; a reschedule changes the price only when the customer also picks another
 * length option of the same service (a 60-minute Swedish massage becomes the 90-minute one). The difference is
 * the order's checkout totals (domain/checkout-rules.ts checkoutTotals: member discount per line, the service
 * fee with its floor and cap) with the job's line at its new price, minus the same totals at its current price.
 * Pure: prices come in as arguments; cents throughout.
 */

/**
 * The option family of a service code: `MSG-SWE-60` and `MSG-SWE-90` are two lengths of one service. A code
 * whose last part is not a number of minutes has no options (null).
 */
export function optionFamily(serviceCode: string): string | null {
  const m = /^(.+)-(\d{1,3})$/.exec(serviceCode.trim());
  return m ? m[1]!.toUpperCase() : null;
}

export interface OptionLike {
  service_id: number;
  service_code: string;
  /** 1 consumer, 2 connect: a family never crosses the two. */
  type: number;
  surcharge: boolean;
  enable: boolean;
}

/** Whether `candidate` is another length of `current` a customer may switch to while rescheduling. */
export function isLengthOption(current: OptionLike, candidate: OptionLike): boolean {
  const family = optionFamily(current.service_code);
  return (
    family !== null &&
    candidate.service_id !== current.service_id &&
    candidate.enable &&
    !candidate.surcharge &&
    !current.surcharge &&
    candidate.type === current.type &&
    optionFamily(candidate.service_code) === family
  );
}

export interface ReschedulePriceInput {
  /** List prices (cents) of the order's jobs still counting (cancelled ones left out), in order. */
  lines: readonly number[];
  /** Which of `lines` is the job being moved. */
  index: number;
  /** The job's list price at its new option (the vendor's price in the job's ZIP). */
  newPriceCents: number;
  /** The order's membership terms: its lines carry the member discount. */
  isMember: boolean;
}

export interface ReschedulePrice {
  old_price_cents: number;
  new_price_cents: number;
  old_discount_cents: number;
  new_discount_cents: number;
  old_fee_cents: number;
  new_fee_cents: number;
  /** The order's total before credit, before and after the change. */
  old_total_cents: number;
  new_total_cents: number;
  /** new - old: above 0 is charged, below 0 refunded. */
  difference_cents: number;
  direction: "charge" | "refund" | "none";
  /** What the vendor earns for the job at its new price (their share of the list price). */
  vendor_payout_cents: number;
}

export function reschedulePrice(input: ReschedulePriceInput): ReschedulePrice {
  const { lines, index, newPriceCents, isMember } = input;
  if (!Number.isInteger(index) || index < 0 || index >= lines.length) throw new RangeError("line index out of range");
  if (!Number.isInteger(newPriceCents) || newPriceCents < 0) throw new RangeError("price must be whole cents");
  const totals = (prices: readonly number[]) =>
    checkoutTotals({
      lines: prices.map((p) => ({ price_cents: p })),
      isMember,
      creditBalanceCents: 0,
      useCredit: false,
    });
  const before = totals(lines);
  const after = totals(lines.map((p, i) => (i === index ? newPriceCents : p)));
  const difference = after.due_cents - before.due_cents;
  return {
    old_price_cents: lines[index]!,
    new_price_cents: newPriceCents,
    old_discount_cents: before.line_discounts_cents[index] ?? 0,
    new_discount_cents: after.line_discounts_cents[index] ?? 0,
    old_fee_cents: before.service_fee_cents,
    new_fee_cents: after.service_fee_cents,
    old_total_cents: before.due_cents,
    new_total_cents: after.due_cents,
    difference_cents: difference,
    direction: difference > 0 ? "charge" : difference < 0 ? "refund" : "none",
    vendor_payout_cents: bpsOf(newPriceCents, PRICING.vendorShareBps),
  };
}

/**
 * What is charged for a positive difference: a card cannot be charged less than MIN_CARD_CHARGE_CENTS, so a
 * smaller difference is waived (the job moves at the new price, nothing is charged). 0: nothing to charge.
 */
export function chargeableDifference(differenceCents: number): number {
  return differenceCents >= MIN_CARD_CHARGE_CENTS ? differenceCents : 0;
}

/**
 * How a lower price is given back: the card part first, up to what is left of the order's card payment, the
 * rest to account credit (as a cancellation returns money).
 */
export function refundSplit(refundCents: number, cardLeftCents: number): { card_cents: number; credit_cents: number } {
  const amount = Math.max(0, refundCents);
  const card = Math.min(amount, Math.max(0, cardLeftCents));
  return { card_cents: card, credit_cents: amount - card };
}
