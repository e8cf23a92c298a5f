import type { MessageCode } from "./messages";

/**
 * Card rules (docs/product.md section 5 "Card form"), pure: the same checks run in the browser's card form and in the local
 * payments adapter's tokenize endpoint. Brands use the processor's names (Stripe's `card.brand`). Time comes in as
 * an argument; a card is good through the last day of its expiry month (UTC).
 */

export type CardBrand = "visa" | "mastercard" | "amex" | "discover" | "diners" | "jcb" | "unionpay" | "unknown";

export interface CardFields {
  number?: string | null;
  exp_month?: number | string | null;
  exp_year?: number | string | null;
  cvc?: string | null;
  postal_code?: string | null;
}

export type CardField = "number" | "exp" | "cvc" | "postal_code";

export type CardInputErrorCode = Extract<
  MessageCode,
  | "CARD_INCOMPLETE"
  | "CARD_NUMBER_INCORRECT"
  | "CARD_EXPIRY_INVALID"
  | "CARD_EXPIRED"
  | "CARD_CVC_INVALID"
  | "CARD_ZIP_INVALID"
>;

export interface CheckedCard {
  /** The digits only. Callers keep it no longer than the request (never stored). */
  digits: string;
  brand: CardBrand;
  last4: string;
  exp_month: number;
  /** Four digits. */
  exp_year: number;
  postal_code: string;
}

export type CardCheck = { ok: true; card: CheckedCard } | { ok: false; code: CardInputErrorCode; field: CardField };

/** Spaces and dashes are how people group the digits; anything else makes the number unreadable (null). */
export function cardDigits(number: string): string | null {
  const digits = number.replace(/[\s-]/g, "");
  return /^\d*$/.test(digits) ? digits : null;
}

export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The brand from the number's leading digits (IIN ranges as Stripe.js recognises them). */
export function cardBrand(digits: string): CardBrand {
  const two = Number(digits.slice(0, 2));
  const three = Number(digits.slice(0, 3));
  const four = Number(digits.slice(0, 4));
  if (digits.startsWith("4")) return "visa";
  if (two === 34 || two === 37) return "amex";
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return "mastercard";
  if (four === 6011 || (three >= 644 && three <= 649) || two === 65) return "discover";
  if (two === 62 || two === 81) return "unionpay";
  if (four >= 3528 && four <= 3589) return "jcb";
  if ((three >= 300 && three <= 305) || two === 36 || two === 38 || two === 39 || three === 309) return "diners";
  return "unknown";
}

export function cardNumberLengths(brand: CardBrand): readonly number[] {
  switch (brand) {
    case "visa":
      return [13, 16, 19];
    case "mastercard":
      return [16];
    case "amex":
      return [15];
    case "discover":
      return [16, 19];
    case "diners":
      return [14, 16, 19];
    case "jcb":
    case "unionpay":
      return [16, 17, 18, 19];
    default:
      return [12, 13, 14, 15, 16, 17, 18, 19];
  }
}

/** American Express prints a 4-digit code on the front; every other brand a 3-digit one on the back. */
export function cvcLength(brand: CardBrand): number {
  return brand === "amex" ? 4 : 3;
}

/** "26" → 2026; four digits stay as they are; anything else is null. */
export function normalizeExpYear(year: number | string): number | null {
  const text = String(year).trim();
  if (/^\d{2}$/.test(text)) return 2000 + Number(text);
  if (/^\d{4}$/.test(text)) return Number(text);
  return null;
}

/** A card expiring in month/year works through the last millisecond of that month (UTC). */
export function isCardExpired(expMonth: number, expYear: number, now: number): boolean {
  return now >= Date.UTC(expYear, expMonth, 1);
}

/** Expiry as shown in the saved-card list (docs/product.md section 3): MM/YY. */
export function formatExpiry(expMonth: number, expYear: number): string {
  return `${String(expMonth).padStart(2, "0")}/${String(expYear % 100).padStart(2, "0")}`;
}

const MAX_YEARS_AHEAD = 50;

function blank(value: unknown): boolean {
  return value === undefined || value === null || String(value).trim() === "";
}

/**
 * Checks a whole card entry the way the card field does, first problem first: anything missing or partly typed
 * is CARD_INCOMPLETE (the spec's one message for an unfinished entry); a number that cannot be a card (wrong
 * length, failed Luhn check, stray characters) is CARD_NUMBER_INCORRECT; then the expiry, the security code and
 * the billing ZIP (US: 5 digits, optionally ZIP+4).
 */
export function checkCard(input: CardFields, now: number): CardCheck {
  const missing = (["number", "exp_month", "exp_year", "cvc", "postal_code"] as const).find((k) => blank(input[k]));
  if (missing) {
    const field: CardField = missing === "exp_month" || missing === "exp_year" ? "exp" : missing;
    return { ok: false, code: "CARD_INCOMPLETE", field };
  }

  const digits = cardDigits(String(input.number));
  if (digits === null) return { ok: false, code: "CARD_NUMBER_INCORRECT", field: "number" };
  const brand = cardBrand(digits);
  const lengths = cardNumberLengths(brand);
  if (digits.length < lengths[0]!) return { ok: false, code: "CARD_INCOMPLETE", field: "number" };
  if (!lengths.includes(digits.length) || !luhnValid(digits)) {
    return { ok: false, code: "CARD_NUMBER_INCORRECT", field: "number" };
  }

  const monthText = String(input.exp_month).trim();
  const month = /^\d{1,2}$/.test(monthText) ? Number(monthText) : NaN;
  const year = normalizeExpYear(input.exp_year!);
  if (!(month >= 1 && month <= 12) || year === null) return { ok: false, code: "CARD_EXPIRY_INVALID", field: "exp" };
  if (isCardExpired(month, year, now)) return { ok: false, code: "CARD_EXPIRED", field: "exp" };
  if (year > new Date(now).getUTCFullYear() + MAX_YEARS_AHEAD) {
    return { ok: false, code: "CARD_EXPIRY_INVALID", field: "exp" };
  }

  const cvc = String(input.cvc).trim();
  if (!/^\d+$/.test(cvc) || cvc.length !== cvcLength(brand))
    return { ok: false, code: "CARD_CVC_INVALID", field: "cvc" };

  const zip = String(input.postal_code).trim();
  if (/^\d{1,4}$/.test(zip)) return { ok: false, code: "CARD_INCOMPLETE", field: "postal_code" };
  if (!/^\d{5}(-?\d{4})?$/.test(zip) || zip.startsWith("00000")) {
    return { ok: false, code: "CARD_ZIP_INVALID", field: "postal_code" };
  }

  return {
    ok: true,
    card: { digits, brand, last4: digits.slice(-4), exp_month: month, exp_year: year, postal_code: zip.slice(0, 5) },
  };
}

/**
 * The catalogue code for a processor's card error (Stripe's `code` and `decline_code`, which the local adapter
 * reproduces), so the card field shows the processor's message and the API answers one of our codes.
 */
export function cardErrorMessageCode(code: string, declineCode?: string | null): MessageCode {
  switch (code) {
    case "incomplete_number":
    case "incomplete_expiry":
    case "incomplete_cvc":
    case "incomplete_zip":
      return "CARD_INCOMPLETE";
    case "incorrect_number":
    case "invalid_number":
      return "CARD_NUMBER_INCORRECT";
    case "invalid_expiry_month":
    case "invalid_expiry_year":
      return "CARD_EXPIRY_INVALID";
    case "expired_card":
      return "CARD_EXPIRED";
    case "invalid_cvc":
      return "CARD_CVC_INVALID";
    case "incorrect_cvc":
      return "CARD_CVC_INCORRECT";
    case "incorrect_zip":
      return "CARD_ZIP_INVALID";
    case "processing_error":
      return "CARD_PROCESSING_ERROR";
    case "payment_intent_authentication_failure":
    case "setup_intent_authentication_failure":
      return "CARD_AUTHENTICATION_FAILED";
    case "authentication_required":
      return "CARD_AUTHENTICATION_REQUIRED";
    case "card_declined":
      if (declineCode === "insufficient_funds") return "CARD_INSUFFICIENT_FUNDS";
      if (declineCode === "authentication_required") return "CARD_AUTHENTICATION_REQUIRED";
      if (declineCode === "incorrect_cvc") return "CARD_CVC_INCORRECT";
      if (declineCode === "expired_card") return "CARD_EXPIRED";
      if (declineCode === "processing_error") return "CARD_PROCESSING_ERROR";
      return "CARD_DECLINED";
    default:
      return "CARD_DECLINED";
  }
}
