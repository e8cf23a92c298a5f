import { addDaysInZone } from "./calendar/time";
import { bpsOf } from "./checkout-rules";
import { PRICING } from "./pricing-config";

/**
 * The money rules of the pro's pay and of the billing cron (docs/decisions/070-pro-pay-and-payouts.md,
 * 071-billing-cron-and-queue.md, 072-client-subscriptions.md). Pure: time comes in as an argument.
 */

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const WEEK_MS = 7 * DAY_MS;
/** 1970-01-05 was a Monday: weeks are counted from there. */
const MONDAY_EPOCH = 4 * DAY_MS;

export const PAYOUT_RULES = {
  /** Instant payout fee: a share of what is paid out, with a floor (what card networks charge for push-to-card). */
  instantFeeBps: 150,
  instantFeeMinCents: 50,
  /** The smallest payout worth making (scheduled or instant, after the fee). */
  minPayoutCents: 100,
  /** Pay history page size (docs/product.md section 9). */
  historyPageSize: 15,
} as const;

export const BILLING_RULES = {
  /** A client subscription date is charged this long before it (docs/product.md section 4). */
  chargeLeadMs: 24 * HOUR_MS,
  /** Recurring dates held ahead on the pro's calendar. */
  holdAheadDates: 4,
  /** Intervals a pro may choose for a client subscription, in days. */
  intervalDays: [7, 14, 21, 28, 30] as readonly number[],
  /** Membership renewal: attempts (one a day) before the membership ends. */
  membershipRenewalAttempts: 3,
  /** Messages per queue send (Cloudflare Queues sendBatch limit). */
  queueBatch: 100,
} as const;

/** Start (ms) of the Monday-00:00-UTC week that contains `t`. */
export function weekStart(t: number): number {
  return t - ((((t - MONDAY_EPOCH) % WEEK_MS) + WEEK_MS) % WEEK_MS);
}

/** The last full weekly period before `now`: the one the payout run pays. */
export function lastClosedPeriod(now: number): { start: number; end: number } {
  const end = weekStart(now);
  return { start: end - WEEK_MS, end };
}

/** When the next scheduled payout is made: the end of the current week. */
export function nextPayoutAt(now: number): number {
  return weekStart(now) + WEEK_MS;
}

export function instantFeeCents(amountCents: number): number {
  return Math.max(PAYOUT_RULES.instantFeeMinCents, bpsOf(amountCents, PAYOUT_RULES.instantFeeBps));
}

/** The platform's commission on a job: the service price less the pro's share (tips are the pro's in full). */
export function commissionCents(priceCents: number, vendorPayoutCents: number): number {
  return Math.max(0, priceCents - vendorPayoutCents);
}

export function vendorShareOf(priceCents: number): number {
  return bpsOf(priceCents, PRICING.vendorShareBps);
}

/**
 * The next date of a subscription after `date`: the same local wall time `intervalDays` calendar days later in
 * the service address's zone `tz`, so a 10:00 visit stays at 10:00 across a DST change (7 days is then 167 or
 * 169 hours).
 */
export function nextDate(date: number, intervalDays: number, tz: string): number {
  return addDaysInZone(date, intervalDays, tz);
}

/** The dates of a subscription from `first`, every `intervalDays` in `tz` (`count` of them). */
export function recurringDates(first: number, intervalDays: number, tz: string, count: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < count; i++) out.push(i === 0 ? first : nextDate(out[i - 1]!, intervalDays, tz));
  return out;
}

/**
 * When a date is charged: "24 hours before" as the client reads it, the same local time the day before in the
 * service address's zone (23 or 25 hours before across a DST change, never the UTC day).
 */
export function chargeAt(serviceAt: number, tz: string): number {
  return addDaysInZone(serviceAt, -1, tz);
}

/** The longest a local day can be: what a SQL pre-filter must allow for before chargeAt decides. */
export const MAX_CHARGE_LEAD_MS = 26 * HOUR_MS;

/** Whether a date's charge is due at `now` (its charge moment reached, the date not yet passed). */
export function chargeDue(serviceAt: number, tz: string, now: number): boolean {
  return chargeAt(serviceAt, tz) <= now && now < serviceAt;
}
