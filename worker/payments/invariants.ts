import { ADDED_CHARGE_CAP_BPS, ADDED_CHARGE_CAP_MAX_CENTS } from "../../domain/added-charges";
import { ServiceOrderStatus } from "../../domain/order-status";

/**
 * The money invariants of the marketplace, checked over a whole database (docs/decisions/116). Each rule is one
 * query that lists what breaks it; an empty answer means the rule holds. Run by worker/payments/invariants.test.ts
 * after it exercises added charges, approvals, refunds and cancellations, and usable against any D1 copy.
 *
 * - auto-charge-cap: per job, the added charges taken without asking (consent auto, succeeded) stay within the
 *   policy cap, min(20 % of the job's price, $50);
 * - approved-charge: an added charge taken with consent customer was paid by the customer through its link;
 * - refund-over-charge: per card payment, refunds (not failed) never exceed what was charged;
 * - added-charge-refund: a refunded added charge was paid, and the pro's share of it was reversed once;
 * - payout-over-earnings: per pro, payouts (not failed or cancelled) never exceed their earnings;
 * - calendar-released: no cancelled or suspended job still holds its pro's calendar, and no pro still holds
 *   the time of a job they declined.
 */

export interface MoneyViolation {
  rule:
    | "auto-charge-cap"
    | "approved-charge"
    | "refund-over-charge"
    | "added-charge-refund"
    | "payout-over-earnings"
    | "calendar-released";
  /** What breaks it: a job, an intent, a vendor or a busy row. */
  ref: string;
  detail: string;
}

const { CANCELLED, SUSPENDED } = ServiceOrderStatus;

const RULES: Array<{ rule: MoneyViolation["rule"]; sql: string }> = [
  {
    rule: "auto-charge-cap",
    sql: `SELECT 'so:' || so.service_order_id AS ref,
        'auto added charges ' || sum(a.amount_cents) || ' over cap ' ||
          min(so.price_cents * ${ADDED_CHARGE_CAP_BPS} / 10000, ${ADDED_CHARGE_CAP_MAX_CENTS}) AS detail
      FROM job_adjustments a JOIN service_orders so ON so.service_order_id = a.service_order_id
      WHERE a.kind = 'add_charge' AND a.consent = 'auto' AND a.status = 'succeeded'
      GROUP BY so.service_order_id
      HAVING sum(a.amount_cents) > min(so.price_cents * ${ADDED_CHARGE_CAP_BPS} / 10000, ${ADDED_CHARGE_CAP_MAX_CENTS})`,
  },
  {
    rule: "approved-charge",
    sql: `SELECT 'adjustment:' || a.adjustment_id AS ref, 'taken without a paid approval link' AS detail
      FROM job_adjustments a
      WHERE a.kind = 'add_charge' AND a.consent = 'customer' AND a.status = 'succeeded'
        AND NOT EXISTS (SELECT 1 FROM pay_links p WHERE p.pay_link_id = a.pay_link_id AND p.status = 'paid'
          AND p.payment_intent_id = a.payment_intent_id)`,
  },
  {
    rule: "refund-over-charge",
    sql: `SELECT 'pi:' || pi.id AS ref, 'refunded ' || sum(r.amount_cents) || ' of ' || pi.amount_cents AS detail
      FROM refunds r JOIN payment_intents pi ON pi.id = r.payment_intent_id
      WHERE r.status <> 'failed'
      GROUP BY pi.id
      HAVING sum(r.amount_cents) > pi.amount_cents`,
  },
  {
    rule: "added-charge-refund",
    sql: `SELECT 'adjustment:' || a.adjustment_id AS ref,
        CASE WHEN a.status <> 'succeeded' THEN 'refunded but never paid'
          ELSE 'pro share reversed ' || (SELECT count(*) FROM vendor_earnings e
            WHERE e.ref = 'add-charge-refund:' || a.adjustment_id) || ' times' END AS detail
      FROM job_adjustments a
      WHERE a.kind = 'add_charge' AND a.refund_status = 'succeeded'
        AND (a.status <> 'succeeded'
          OR (SELECT count(*) FROM vendor_earnings e WHERE e.ref = 'add-charge-refund:' || a.adjustment_id) <> 1)`,
  },
  {
    rule: "payout-over-earnings",
    sql: `SELECT 'vendor:' || p.vendor_id AS ref, 'paid out ' || p.paid || ' of earnings ' || coalesce(e.earned, 0) AS detail
      FROM (SELECT vendor_id, sum(amount_cents) AS paid FROM payouts WHERE status NOT IN ('failed', 'canceled')
        GROUP BY vendor_id) p
      LEFT JOIN (SELECT vendor_id, sum(amount_cents) AS earned FROM vendor_earnings GROUP BY vendor_id) e
        ON e.vendor_id = p.vendor_id
      WHERE p.paid > coalesce(e.earned, 0)`,
  },
  {
    rule: "calendar-released",
    sql: `SELECT 'busy:' || b.busy_id AS ref,
        CASE WHEN so.service_order_status_id IN (${CANCELLED}, ${SUSPENDED})
          THEN 'job ' || so.service_order_id || ' is closed (status ' || so.service_order_status_id || ') but holds vendor ' || b.vendor_id
          ELSE 'vendor ' || b.vendor_id || ' declined job ' || so.service_order_id || ' but holds its time' END AS detail
      FROM vendor_busy b JOIN service_orders so ON CAST(so.service_order_id AS TEXT) = b.ref_id
      WHERE b.kind = 'booking'
        AND (so.service_order_status_id IN (${CANCELLED}, ${SUSPENDED})
          OR (coalesce(so.vendor_id, 0) <> b.vendor_id AND EXISTS (SELECT 1 FROM job_offers o
            WHERE o.service_order_id = so.service_order_id AND o.vendor_id = b.vendor_id AND o.status = 'declined')))`,
  },
];

/** Every breach of the money invariants in the database, or an empty list. */
export async function moneyInvariantViolations(d1: D1Database): Promise<MoneyViolation[]> {
  const results = await d1.batch<{ ref: string; detail: string }>(RULES.map((r) => d1.prepare(r.sql)));
  return results.flatMap((res, i) => (res.results ?? []).map((row) => ({ rule: RULES[i]!.rule, ...row })));
}
