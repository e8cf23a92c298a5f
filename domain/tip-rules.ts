import { parseDollarsToCents } from "./money";
import { PRICING } from "./pricing-config";

/**
 * Tip amounts (docs/product.md section 5 "Tip amount", "Secure-pay total"; section 9). The customer types dollars;
 * everything after this file is integer cents. The text is checked here and parsed by domain/money.ts digit
 * by digit, never through a float, so "0.29" is 29 cents and not 28.999... rounded.
 */

export const TIP_MIN_CENTS = PRICING.tipMinCents;
/** A customer's tip on their own job from the tip modal (POST /order/tip). */
export const TIP_MAX_CUSTOMER_CENTS = PRICING.tipMaxCustomerCents;
/** A tip paid through a secure-pay link (docs/decisions/134). */
export const TIP_MAX_SECURE_PAY_CENTS = PRICING.tipMaxSecurePayCents;

/**
 * The most a pay link takes as a tip (docs/decisions/134). Every link paid on the pay page without signing in
 * is secure pay in the product's sense (docs/product.md section 3 "Secure-pay payload"): the `cpid`+`vid`
 * links (a customer's shareable tip link, a pro's charge on a job) and a pro's `vpid` payment request. Each
 * takes a secure-pay tip of up to $500, except a request with no job, which has nothing to keep a tip
 * against and takes none. The $200 customer maximum is the tip modal's.
 */
export function linkTipMaxCents(link: { kind: "request" | "tip" | "charge"; service_order_id: number | null }): number {
  if (link.kind === "request" && link.service_order_id === null) return 0;
  return TIP_MAX_SECURE_PAY_CENTS;
}

export type TipRefusal = "TIP_INVALID" | "TIP_TOO_SMALL" | "TIP_TOO_LARGE";
export type TipCheck = { ok: true; cents: number } | { ok: false; code: TipRefusal };

/** Digits and at most one decimal point with at most 2 decimals: "5", "5.", "5.5", "05.50", ".5". */
const AMOUNT = /^\d*(?:\.\d{0,2})?$/;
/** Beyond this many integer digits an amount is larger than any limit (and than exact arithmetic). */
const MAX_INTEGER_DIGITS = 12;

/**
 * Dollars as typed (or as a JSON number) to cents; null when it is not digits and one decimal point with
 * at most 2 decimals (stricter than domain/money.ts parseDollarsToCents, which also reads "$" and
 * thousands commas, and which does the arithmetic). Surrounding spaces are ignored. A number is read
 * through its shortest decimal form, so 12.345 is refused like "12.345" and 0.1 + 0.2
 * (0.30000000000000004) is refused too.
 */
export function dollarsToCents(input: unknown): number | null {
  let text: string;
  if (typeof input === "number") {
    if (!Number.isFinite(input) || input < 0) return null;
    text = String(input);
  } else if (typeof input === "string") {
    text = input.trim();
  } else {
    return null;
  }
  if (!AMOUNT.test(text)) return null;
  if (text.replace(/^0+/, "").split(".")[0]!.length > MAX_INTEGER_DIGITS) return Number.MAX_SAFE_INTEGER;
  return parseDollarsToCents(text);
}

/**
 * A tip as typed, against the minimum of 0.50 and the given maximum (TIP_MAX_CUSTOMER_CENTS or
 * TIP_MAX_SECURE_PAY_CENTS): TIP_INVALID when it is not an amount, TIP_TOO_SMALL ("Please enter a larger
 * tip amount.") below 0.50, TIP_TOO_LARGE above the maximum. Both limits are inclusive.
 */
export function checkTip(input: unknown, maxCents: number): TipCheck {
  const cents = dollarsToCents(input);
  if (cents === null) return { ok: false, code: "TIP_INVALID" };
  if (cents < TIP_MIN_CENTS) return { ok: false, code: "TIP_TOO_SMALL" };
  if (cents > maxCents) return { ok: false, code: "TIP_TOO_LARGE" };
  return { ok: true, cents };
}

/** The payment UI appears only once the typed amount is a valid tip of at least 0.50. */
export function showsTipPayment(input: unknown, maxCents: number): boolean {
  return checkTip(input, maxCents).ok;
}

/**
 * A secure-pay charge: the vendor's amount plus an optional tip (0 or empty means none; otherwise the tip
 * rules with the secure-pay maximum). The total is money_amount plus tip in cents, so it is rounded to
 * cents by construction.
 */
export function securePayTotal(
  moneyCents: number,
  tipInput: unknown,
  maxTipCents: number = TIP_MAX_SECURE_PAY_CENTS,
): { ok: true; tip_cents: number; total_cents: number } | { ok: false; code: TipRefusal } {
  const none = tipInput === undefined || tipInput === null || tipInput === "" || dollarsToCents(tipInput) === 0;
  if (none) return { ok: true, tip_cents: 0, total_cents: moneyCents };
  const tip = checkTip(tipInput, maxTipCents);
  if (!tip.ok) return tip;
  return { ok: true, tip_cents: tip.cents, total_cents: moneyCents + tip.cents };
}
