import type { DrizzleD1Database } from "drizzle-orm/d1";
import { type CardField, type CardInputErrorCode } from "../../../../domain/cards";
import {
  localCustomers,
  localPaymentMethods,
  localSetupIntents,
  localSubscriptions,
  paymentIntents,
  paymentMethods,
} from "../../../../schema/tables/payments";
import {
  PAYMENT_PURPOSES,
  PaymentsError,
  type PaymentError,
  type PaymentIntent,
  type PaymentPurpose,
  type SavedPaymentMethod,
  type SetupIntent,
} from "../port";
import { cardErrorMessage } from "../test-cards";

/** What the embedded payments adapter's areas share: ids, errors, row shapes and the test cards' outcomes. */

export const LOCAL_ACCOUNT_URL = "/business/pay?payouts=local";
/** The local adapter's own onboarding page (web/routes/business/payouts-onboarding.tsx). */
export const LOCAL_ONBOARDING_URL = "/business/payouts-onboarding";
/** What a new Express account still needs, as Stripe names it (the local onboarding page asks for these). */
export const LOCAL_ONBOARDING_REQUIREMENTS = [
  "external_account",
  "individual.first_name",
  "individual.last_name",
  "tos_acceptance.date",
];
export const MIN_AMOUNT_CENTS = 50;
export const MAX_AMOUNT_CENTS = 99_999_999;

export interface LocalPaymentsOptions {
  db: DrizzleD1Database;
  /** The request clock (ms). */
  now: number;
  /** Secret of the local webhook signatures (LOCAL_WEBHOOK_SECRET). */
  webhookSecret: string;
  /**
   * Where the local processor posts its own signed events (disputes: it has no network, so the webhook's receiver
   * is handed in). Without it the events are not sent.
   */
  deliver?: (payload: string, signature: string) => Promise<unknown>;
}

export type IntentRow = typeof paymentIntents.$inferSelect;
export type CardRow = typeof localPaymentMethods.$inferSelect;
export type SavedRow = typeof paymentMethods.$inferSelect;
export type SubscriptionRow = typeof localSubscriptions.$inferSelect;
export type GuestRow = typeof localCustomers.$inferSelect;
export type SetupRow = typeof localSetupIntents.$inferSelect;

export const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** Stripe-looking ids: prefix + 24 random base62 characters. */
export function localId(prefix: string, length = 24): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  let out = "";
  for (const b of bytes) out += ALPHABET[b % 62];
  return `${prefix}_${out}`;
}

export const CARD_CHECK_CODES: Record<CardInputErrorCode, (field: CardField) => string> = {
  CARD_INCOMPLETE: (field) =>
    ({ number: "incomplete_number", exp: "incomplete_expiry", cvc: "incomplete_cvc", postal_code: "incomplete_zip" })[
      field
    ],
  CARD_NUMBER_INCORRECT: () => "incorrect_number",
  CARD_EXPIRY_INVALID: () => "invalid_expiry_month",
  CARD_EXPIRED: () => "expired_card",
  CARD_CVC_INVALID: () => "invalid_cvc",
  CARD_ZIP_INVALID: () => "incorrect_zip",
};

export function missing(kind: string, id: string): PaymentsError {
  return new PaymentsError("resource_missing", `No such ${kind}: '${id}'`, { http_status: 404 });
}

export function unexpectedState(action: string, row: IntentRow): PaymentsError {
  return new PaymentsError(
    "payment_intent_unexpected_state",
    `You cannot ${action} this PaymentIntent because it has a status of ${row.status}.`,
    { http_status: 400 },
  );
}

export function keyReused(): PaymentsError {
  return new PaymentsError(
    "idempotency_key_in_use",
    "Keys for idempotent requests can only be used with the same parameters they were first used with.",
    { http_status: 400 },
  );
}

export function toIntent(row: IntentRow): PaymentIntent {
  return {
    id: row.id,
    amount_cents: row.amount_cents,
    currency: "usd",
    status: row.status,
    client_secret: row.client_secret,
    customer_id: row.customer_id,
    payment_method_id: row.payment_method_id,
    last_error: row.last_error ? (JSON.parse(row.last_error) as PaymentError) : null,
    metadata: row.metadata ? (JSON.parse(row.metadata) as Record<string, string>) : {},
  };
}

export function cardOf(row: Pick<CardRow, "brand" | "last4" | "exp_month" | "exp_year">) {
  return { brand: row.brand, last4: row.last4, exp_month: row.exp_month, exp_year: row.exp_year };
}

export function toSaved(row: SavedRow, customerId: string): SavedPaymentMethod {
  return {
    id: row.id,
    customer_id: customerId,
    card: cardOf(row),
    is_default: row.is_default,
    fingerprint: row.fingerprint ?? null,
  };
}

/** The same day next month, clamped to the month's end (Jan 31 → Feb 28), as a monthly billing period. */
export function addOneMonth(ms: number): number {
  const d = new Date(ms);
  const year = d.getUTCFullYear();
  const month = d.getUTCMonth() + 1;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return Date.UTC(
    year,
    month,
    Math.min(d.getUTCDate(), lastDay),
    d.getUTCHours(),
    d.getUTCMinutes(),
    d.getUTCSeconds(),
    d.getUTCMilliseconds(),
  );
}

export function purposeOf(metadata: Record<string, string>): PaymentPurpose {
  const purpose = metadata.purpose;
  if (!purpose || !(PAYMENT_PURPOSES as readonly string[]).includes(purpose)) {
    throw new PaymentsError(
      "parameter_invalid",
      `metadata.purpose must be one of ${PAYMENT_PURPOSES.join(", ")} (got ${JSON.stringify(purpose ?? null)}).`,
    );
  }
  return purpose as PaymentPurpose;
}

export function checkAmount(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount < MIN_AMOUNT_CENTS) {
    throw new PaymentsError("amount_too_small", "Amount must be at least $0.50 usd");
  }
  if (amount > MAX_AMOUNT_CENTS) throw new PaymentsError("amount_too_large", "Amount must be no more than $999,999.99");
}

/** What confirming with this card does right now. */
export interface ChargeResult {
  status: "succeeded" | "requires_action" | "requires_payment_method";
  payment_method_id: string | null;
  last_error: PaymentError | null;
}

export function failure(code: string, declineCode: string | null): ChargeResult {
  return {
    status: "requires_payment_method",
    payment_method_id: null,
    last_error: { code, decline_code: declineCode, message: cardErrorMessage(code, declineCode) },
  };
}

export function charge(card: CardRow, offSession: boolean): ChargeResult {
  switch (card.outcome) {
    case "succeed":
    case "dispute":
      return { status: "succeeded", payment_method_id: card.id, last_error: null };
    case "decline":
    case "decline_charges":
      return failure(card.error_code ?? "card_declined", card.decline_code);
    case "authenticate":
      if (offSession) {
        return card.set_up_off_session
          ? { status: "succeeded", payment_method_id: card.id, last_error: null }
          : failure("authentication_required", "authentication_required");
      }
      return { status: "requires_action", payment_method_id: card.id, last_error: null };
    case "authenticate_always":
      if (offSession) return failure("authentication_required", "authentication_required");
      return { status: "requires_action", payment_method_id: card.id, last_error: null };
  }
}

/**
 * What the issuer answers when the card is checked for saving (a SetupIntent's zero-amount check, or attaching
 * it): a declining card is refused, a 3-D Secure card asks the cardholder, the others pass.
 */
export function setupCheck(card: CardRow): Pick<ChargeResult, "status" | "last_error"> {
  switch (card.outcome) {
    case "decline":
      return failure(card.error_code ?? "card_declined", card.decline_code);
    case "authenticate":
    case "authenticate_always":
      return { status: "requires_action", last_error: null };
    default:
      return { status: "succeeded", last_error: null };
  }
}

/** A card the issuer refuses to save, as Stripe answers it (HTTP 402 with the card's code). */
export function refusedCard(card: CardRow): PaymentsError | null {
  const check = setupCheck(card);
  if (check.status !== "requires_payment_method" || !check.last_error) return null;
  return new PaymentsError(check.last_error.code, check.last_error.message, {
    decline_code: check.last_error.decline_code ?? null,
    http_status: 402,
  });
}

export function toSetup(row: SetupRow): SetupIntent {
  return {
    id: row.id,
    status: row.status,
    client_secret: row.client_secret,
    customer_id: row.customer_id,
    payment_method_id: row.payment_method_id,
    last_error: row.last_error ? (JSON.parse(row.last_error) as PaymentError) : null,
  };
}

/** A keyed fingerprint: equal for the same number, useless for recovering it without the key. */
export async function fingerprint(digits: string, key: string): Promise<string> {
  const hmacKey = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(`card-fingerprint:${key}`),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", hmacKey, new TextEncoder().encode(digits)));
  return btoa(String.fromCharCode(...mac.subarray(0, 12)))
    .replaceAll("+", "-")
    .replaceAll("/", "_");
}
