import { catalogue } from "../../domain/messages";
import { ApiError, call } from "./api-client";
import { paymentsClient, stripeClient, usersClient } from "./api-clients";
import type { PaymentMethodView } from "../../schema/contracts/checkout";

/**
 * The browser side of paying (docs/api-payments.md): the payments configuration, saved cards, and the card
 * flow of docs/product.md section 4 with the local adapter (tokenize, confirm, the 3-D Secure approve/decline step) or
 * Stripe.js when the provider is "stripe". Every screen that takes a card (checkout, tips, gift cards,
 * secure pay, the wallet) goes through here.
 */

export interface PaymentsConfig {
  provider: "local" | "stripe";
  publishable_key: string | null;
  wallet_minimum_cents: number;
}

export interface IntentView {
  id: string;
  client_secret: string;
  status: string;
  amount_cents: number;
  last_error?: { code: string; decline_code?: string | null; message: string } | null;
  next_action?: { type: string } | null;
}

/** A saved card as the wallet and checkout list it (the shared contract; the wallet adds the spec's globalId). */
export type SavedCard = PaymentMethodView;

export interface CardInput {
  number: string;
  /** "MM/YY" as typed. */
  exp: string;
  cvc: string;
  postal_code: string;
}

export const EMPTY_CARD: CardInput = { number: "", exp: "", cvc: "", postal_code: "" };

let configPromise: Promise<PaymentsConfig> | null = null;

export function getPaymentsConfig(): Promise<PaymentsConfig> {
  configPromise ??= call((o) => paymentsClient.config.$get(undefined, o)).catch((err) => {
    configPromise = null;
    throw err;
  });
  return configPromise;
}

/** A fresh key for one attempt (idempotencyKey of the checkout and gift calls). */
export function newAttemptKey(prefix = "web"): string {
  const rand =
    typeof crypto !== "undefined" && "randomUUID" in crypto
      ? crypto.randomUUID().replace(/-/g, "")
      : Math.random().toString(36).slice(2) + Date.now().toString(36);
  return `${prefix}-${rand}`.slice(0, 100);
}

/** "12/30" → month and year (two-digit years are 20YY); null fields when unreadable. */
export function splitExpiry(exp: string): { exp_month: string; exp_year: string } {
  const m = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})?\s*$/.exec(exp);
  if (!m) return { exp_month: exp.trim() ? "x" : "", exp_year: "" };
  return { exp_month: m[1] ?? "", exp_year: m[2] ?? "" };
}

// ------------------------------------------------------------------------------------------ saved cards

export const listCards = (signal?: AbortSignal) =>
  call((o) => stripeClient["payment-methods"].$get(undefined, o), { signal });
export const saveCard = (payment_method_id: string, set_default = false) =>
  call((o) => stripeClient["payment-methods"].$post({ json: { payment_method_id, set_default } }, o));
export const removeCard = (id: string) =>
  call((o) => stripeClient["payment-method"][":id"].$delete({ param: { id: encodeURIComponent(id) } }, o));
export const setDefaultCard = (id: string) =>
  call((o) => usersClient.me["payment-methods"][":id"].default.$put({ param: { id: encodeURIComponent(id) } }, o));

export function defaultCardId(cards: readonly SavedCard[]): string | null {
  return (cards.find((c) => c.custom_is_default_payment_method) ?? cards[0])?.id ?? null;
}

// ------------------------------------------------------------------------------------------ Stripe.js

interface StripeLike {
  elements(): { create(type: "card", opts?: object): StripeCardElement };
  confirmCardPayment(
    secret: string,
    data?: object,
  ): Promise<{ paymentIntent?: { id: string; status: string }; error?: { message?: string } }>;
  createPaymentMethod(opts: object): Promise<{ paymentMethod?: { id: string }; error?: { message?: string } }>;
  confirmCardSetup(
    secret: string,
  ): Promise<{ setupIntent?: { id: string; status: string }; error?: { message?: string } }>;
}
export interface StripeCardElement {
  mount(el: HTMLElement): void;
  destroy(): void;
  on(event: "change", cb: (e: { complete: boolean; error?: { message: string } }) => void): void;
}

let stripePromise: Promise<StripeLike> | null = null;

/** Loads Stripe.js from js.stripe.com (only when the provider is "stripe"). */
export function loadStripe(publishableKey: string): Promise<StripeLike> {
  stripePromise ??= new Promise<StripeLike>((resolve, reject) => {
    const w = window as unknown as { Stripe?: (key: string) => StripeLike };
    if (w.Stripe) return resolve(w.Stripe(publishableKey));
    const script = document.createElement("script");
    script.src = "https://js.stripe.com/v3/";
    script.async = true;
    script.onload = () => (w.Stripe ? resolve(w.Stripe(publishableKey)) : reject(new Error("Stripe.js missing")));
    script.onerror = () => {
      stripePromise = null;
      reject(new ApiError("ERROR_CHECKOUT_STRIPE", catalogue.GENERAL_EXCEPTION.text, 0));
    };
    document.head.appendChild(script);
  });
  return stripePromise;
}

// ------------------------------------------------------------------------------------------ the card flow

/** Asks the payer to approve the bank's check (3-D Secure); resolves true to approve. */
export type Authenticator = () => Promise<boolean>;

/** What the card form hands to the flow: typed fields (local) or a mounted Stripe card element. */
export type CardSource = { kind: "local"; card: CardInput } | { kind: "stripe"; element: StripeCardElement };

function cardError(message: string, code = "CARD_DECLINED"): ApiError {
  return new ApiError(code, message, 402, { card: message });
}

/** Local adapter: card fields → payment method id (POST /api/payments/local/tokenize). */
export async function tokenizeLocal(card: CardInput, save = false): Promise<{ id: string; saved: boolean }> {
  const { exp_month, exp_year } = splitExpiry(card.exp);
  return call((o) =>
    paymentsClient.local.tokenize.$post(
      {
        json: {
          number: card.number,
          exp_month: Number(exp_month),
          exp_year: Number(exp_year),
          cvc: card.cvc,
          postal_code: card.postal_code,
          save,
        },
      },
      o,
    ),
  );
}

/** A card being saved that the bank wants the cardholder to confirm (the API answers 202 with its SetupIntent). */
export interface SetupPending {
  status: "requires_action";
  setup_intent: { id: string; client_secret: string; status: string };
}

function isSetupPending(value: unknown): value is SetupPending {
  return typeof value === "object" && value !== null && (value as SetupPending).status === "requires_action";
}

/**
 * Saves a card for later through `send` (which posts the payment method): the server keeps it only once the
 * processor accepts it (docs/decisions/120). When the bank asks for 3-D Secure, the cardholder approves it
 * (local dialog or Stripe.js) and the card is sent again; a decline or a failed check throws the card error.
 */
export async function saveCardWithCheck<T>(
  send: () => Promise<T | SetupPending>,
  authenticate: Authenticator,
): Promise<T> {
  const first = await send();
  if (!isSetupPending(first)) return first;
  const secret = first.setup_intent.client_secret;
  const config = await getPaymentsConfig();
  if (config.provider === "stripe") {
    const stripe = await loadStripe(config.publishable_key ?? "");
    const res = await stripe.confirmCardSetup(secret);
    if (res.error || res.setupIntent?.status !== "succeeded") {
      throw cardError(res.error?.message ?? catalogue.CARD_AUTHENTICATION_FAILED.text, "CARD_AUTHENTICATION_FAILED");
    }
  } else {
    const approve = await authenticate();
    const done = await call((o) =>
      paymentsClient.local["authenticate-setup"].$post({ json: { client_secret: secret, approve } }, o),
    );
    if (done.setup_intent.status !== "succeeded") {
      throw cardError(
        done.setup_intent.last_error?.message ?? catalogue.CARD_AUTHENTICATION_FAILED.text,
        "CARD_AUTHENTICATION_FAILED",
      );
    }
  }
  const second = await send();
  if (isSetupPending(second)) throw cardError(catalogue.CARD_AUTHENTICATION_FAILED.text, "CARD_AUTHENTICATION_FAILED");
  return second;
}

/** Turns a card into a saved payment method (the wallet's "Add a card"), checked by the processor first. */
export async function addCard(
  source: CardSource,
  setDefault: boolean,
  authenticate: Authenticator,
): Promise<SavedCard> {
  let id: string;
  if (source.kind === "local") id = (await tokenizeLocal(source.card, false)).id;
  else {
    const config = await getPaymentsConfig();
    const stripe = await loadStripe(config.publishable_key ?? "");
    const res = await stripe.createPaymentMethod({ type: "card", card: source.element });
    if (!res.paymentMethod) throw cardError(res.error?.message ?? catalogue.GENERAL_EXCEPTION.text);
    id = res.paymentMethod.id;
  }
  return saveCardWithCheck<PaymentMethodView>(() => saveCard(id, setDefault), authenticate);
}

async function confirmLocal(client_secret: string, payment_method_id: string, save: boolean): Promise<IntentView> {
  const data = await call((o) =>
    paymentsClient.local.confirm.$post({ json: { client_secret, payment_method_id, save_payment_method: save } }, o),
  );
  return data.payment_intent;
}

/** Runs the 3-D Secure step of an intent in requires_action (local adapter). */
export async function authenticateLocal(client_secret: string, authenticate: Authenticator): Promise<IntentView> {
  const approve = await authenticate();
  const data = await call((o) => paymentsClient.local.authenticate.$post({ json: { client_secret, approve } }, o));
  return data.payment_intent;
}

/**
 * docs/product.md section 4 "Card payment flow", browser part: confirm the intent with the card (or an already
 * chosen saved method), authenticate when asked, and answer the intent once it succeeded. Anything else
 * throws an ApiError whose message goes beneath the card field.
 */
export async function confirmCard(opts: {
  clientSecret: string;
  source: CardSource | { kind: "saved"; id: string };
  save?: boolean;
  authenticate: Authenticator;
}): Promise<IntentView | { id: string; status: string }> {
  const { clientSecret, source, save = false, authenticate } = opts;
  if (source.kind === "stripe") {
    const config = await getPaymentsConfig();
    const stripe = await loadStripe(config.publishable_key ?? "");
    const res = await stripe.confirmCardPayment(clientSecret, {
      payment_method: { card: source.element },
      ...(save ? { setup_future_usage: "off_session" } : {}),
    });
    if (res.error || !res.paymentIntent) throw cardError(res.error?.message ?? catalogue.GENERAL_EXCEPTION.text);
    if (res.paymentIntent.status !== "succeeded") throw cardError(catalogue.GENERAL_EXCEPTION.text);
    return res.paymentIntent;
  }
  if (source.kind === "saved") {
    const config = await getPaymentsConfig();
    if (config.provider === "stripe") {
      const stripe = await loadStripe(config.publishable_key ?? "");
      const res = await stripe.confirmCardPayment(clientSecret, { payment_method: source.id });
      if (res.error || !res.paymentIntent) throw cardError(res.error?.message ?? catalogue.GENERAL_EXCEPTION.text);
      return res.paymentIntent;
    }
  }
  const pmId = source.kind === "saved" ? source.id : (await tokenizeLocal(source.card, false)).id;
  let pi = await confirmLocal(clientSecret, pmId, save);
  if (pi.status === "requires_action") pi = await authenticateLocal(clientSecret, authenticate);
  if (pi.status !== "succeeded") {
    throw cardError(pi.last_error?.message ?? "Your payment could not be completed. Please try another card.");
  }
  return pi;
}

/**
 * After the server charged a saved card itself: authenticate when it asks, then answer the final intent.
 * Stripe mode hands the action to Stripe.js.
 */
export async function finishServerIntent(pi: IntentView, authenticate: Authenticator): Promise<IntentView> {
  if (pi.status === "succeeded") return pi;
  if (pi.status === "requires_action") {
    const config = await getPaymentsConfig();
    if (config.provider === "stripe") {
      const stripe = await loadStripe(config.publishable_key ?? "");
      const res = await stripe.confirmCardPayment(pi.client_secret);
      if (res.error || !res.paymentIntent) throw cardError(res.error?.message ?? catalogue.GENERAL_EXCEPTION.text);
      return { ...pi, status: res.paymentIntent.status };
    }
    const next = await authenticateLocal(pi.client_secret, authenticate);
    if (next.status === "succeeded") return next;
    throw cardError(next.last_error?.message ?? "Your bank did not approve this payment.");
  }
  throw cardError(pi.last_error?.message ?? "Your card was declined.");
}

/** The message to show beneath the card field for a failure of the flow. */
export function cardFailureMessage(err: unknown): string {
  if (err instanceof ApiError) return err.fields?.card ?? err.message;
  return catalogue.GENERAL_EXCEPTION.text;
}
