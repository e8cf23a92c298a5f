import { catalogue } from "../../domain/messages";
import { ApiError, call } from "./api-client";
import { paymentsClient, stripeClient, usersClient } from "./api-clients";
import type { Stripe, StripeElements, StripeElementsOptionsMode } from "@stripe/stripe-js";
import type { WalletMethods, WalletRecurrence, WalletUse } from "../../domain/wallet-rules";
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

let stripePromise: Promise<Stripe> | null = null;

/**
 * Stripe.js through Stripe's own loader (@stripe/stripe-js), imported on first use so that only the pages that
 * take money load it (the home page keeps its JavaScript budget, docs/decisions/144). The "pure" entry does not
 * touch the page until it is called.
 */
export function loadStripe(publishableKey: string): Promise<Stripe> {
  stripePromise ??= import("@stripe/stripe-js/pure")
    .then((m) => m.loadStripe(publishableKey))
    .then((stripe) => {
      if (!stripe) throw new Error("Stripe.js missing");
      return stripe;
    })
    .catch(() => {
      stripePromise = null;
      throw new ApiError("ERROR_CHECKOUT_STRIPE", catalogue.GENERAL_EXCEPTION.text, 0);
    });
  return stripePromise;
}

/** Stripe.js for the configured key (Stripe mode only); one promise, as `<Elements stripe>` wants. */
let configuredPromise: Promise<Stripe> | null = null;
export function configuredStripe(): Promise<Stripe> {
  configuredPromise ??= getPaymentsConfig()
    .then((config) => loadStripe(config.publishable_key ?? ""))
    .catch((err: unknown) => {
      configuredPromise = null;
      throw err;
    });
  return configuredPromise;
}

/**
 * The options of an Elements group (Payment Element or Express Checkout Element) with the intent created
 * later, by the page, after the payer confirmed (Stripe's deferred intent flow): a payment of `amountCents`,
 * or saving a card when there is no amount or the card is only kept for later (`use` "keep"). A card paid with
 * and kept for later (`pay_and_keep`) says so (`setupFutureUsage: "off_session"`), so the wallet asks the payer's
 * consent to later charges. Cards only, as the server's intents allow (wallets are cards; Link is not offered,
 * decision 161); the payment method is created by us (`paymentMethodCreation: "manual"`) so one server flow
 * serves both processors.
 */
export function elementsOptions(amountCents: number | null, use: WalletUse = "pay"): StripeElementsOptionsMode {
  const common = {
    currency: "usd",
    paymentMethodCreation: "manual",
    paymentMethodTypes: ["card"],
    appearance: { theme: "stripe", variables: { fontSizeBase: "16px" } },
  } as const;
  if (amountCents === null || amountCents <= 0 || use === "keep") return { ...common, mode: "setup" };
  return use === "pay_and_keep"
    ? { ...common, mode: "payment", amount: amountCents, setupFutureUsage: "off_session" }
    : { ...common, mode: "payment", amount: amountCents };
}

/**
 * The Payment Element's (and the Express Checkout Element's) entry as a payment method: `elements.submit()`
 * checks the fields and opens nothing more, then Stripe.js turns them into a payment method the server can
 * charge (the Elements group is created with `paymentMethodCreation: "manual"`).
 */
export async function paymentMethodFromElements(elements: StripeElements): Promise<string> {
  const submitted = await elements.submit();
  if (submitted.error) throw cardError(submitted.error.message ?? catalogue.CARD_INCOMPLETE.text, "CARD_INCOMPLETE");
  const stripe = await configuredStripe();
  const res = await stripe.createPaymentMethod({ elements });
  if (!res.paymentMethod) throw cardError(res.error?.message ?? catalogue.GENERAL_EXCEPTION.text);
  return res.paymentMethod.id;
}

// ------------------------------------------------------------------------------------------ the card flow

/** Asks the payer to approve the bank's check (3-D Secure); resolves true to approve. */
export type Authenticator = () => Promise<boolean>;

/** What the card form hands to the flow: typed fields (local) or the mounted Payment Element's group (Stripe). */
export type CardSource = { kind: "local"; card: CardInput } | { kind: "stripe"; elements: StripeElements };

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
 * The cardholder's step on a SetupIntent in requires_action, in the browser: Stripe.js shows the bank's
 * check (`handleNextAction`), the local adapter its approve/decline dialog. Resolves once the SetupIntent
 * succeeded; a refused or failed check throws the CARD_AUTHENTICATION_FAILED card error.
 */
export async function confirmSetupInBrowser(
  clientSecret: string,
  authenticate: Authenticator,
): Promise<{ id: string }> {
  const config = await getPaymentsConfig();
  if (config.provider === "stripe") {
    const stripe = await loadStripe(config.publishable_key ?? "");
    const res = await stripe.handleNextAction({ clientSecret });
    const si = res.setupIntent;
    if (res.error || !si || si.status !== "succeeded") {
      throw cardError(res.error?.message ?? catalogue.CARD_AUTHENTICATION_FAILED.text, "CARD_AUTHENTICATION_FAILED");
    }
    return { id: si.id };
  }
  const approve = await authenticate();
  const done = await call((o) =>
    paymentsClient.local["authenticate-setup"].$post({ json: { client_secret: clientSecret, approve } }, o),
  );
  if (done.setup_intent.status !== "succeeded") {
    throw cardError(
      done.setup_intent.last_error?.message ?? catalogue.CARD_AUTHENTICATION_FAILED.text,
      "CARD_AUTHENTICATION_FAILED",
    );
  }
  return { id: done.setup_intent.id };
}

/**
 * Saves a card for later through `send` (which posts the payment method): the server keeps it only once the
 * processor accepts it (docs/decisions/120). When the bank asks for 3-D Secure, the cardholder approves it
 * (confirmSetupInBrowser) and the card is sent again; a decline or a failed check throws the card error.
 */
export async function saveCardWithCheck<T>(
  send: () => Promise<T | SetupPending>,
  authenticate: Authenticator,
): Promise<T> {
  const first = await send();
  if (!isSetupPending(first)) return first;
  await confirmSetupInBrowser(first.setup_intent.client_secret, authenticate);
  const second = await send();
  if (isSetupPending(second)) throw cardError(catalogue.CARD_AUTHENTICATION_FAILED.text, "CARD_AUTHENTICATION_FAILED");
  return second;
}

/** A card from the card form as a payment method id (not saved): local tokenize or Stripe's Payment Element. */
export async function paymentMethodFromSource(source: CardSource): Promise<string> {
  if (source.kind === "local") return (await tokenizeLocal(source.card, false)).id;
  return paymentMethodFromElements(source.elements);
}

/** Turns a card into a saved payment method (the wallet's "Add a card"), checked by the processor first. */
export async function addCard(
  source: CardSource,
  setDefault: boolean,
  authenticate: Authenticator,
): Promise<SavedCard> {
  const id = await paymentMethodFromSource(source);
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

/** A payment intent as the browser last saw it, whichever processor answered. */
export type BrowserIntent = IntentView | { id: string; status: string };

/**
 * Confirms a PaymentIntent in the browser with a payment method (docs/product.md section 4, browser part):
 * confirm, and when the intent then requires action, confirm again through the bank's check (Stripe.js's
 * `handleNextAction`, or the local adapter's approve/decline dialog via `authenticate`). Resolves with the
 * intent once it succeeded; anything else throws the card error to show beneath the card field.
 * `failedText` is the message when the processor gives none.
 */
export async function confirmPaymentInBrowser(opts: {
  clientSecret: string;
  paymentMethodId: string;
  save?: boolean;
  authenticate: Authenticator;
  failedText?: string;
}): Promise<BrowserIntent> {
  const { clientSecret, paymentMethodId, save = false, authenticate } = opts;
  const failed = opts.failedText ?? "Your payment could not be completed. Please try another card.";
  const config = await getPaymentsConfig();
  if (config.provider === "stripe") {
    const stripe = await loadStripe(config.publishable_key ?? "");
    const res = await stripe.confirmPayment({
      clientSecret,
      confirmParams: { payment_method: paymentMethodId },
      redirect: "if_required",
    });
    let pi = res.paymentIntent;
    if (res.error || !pi) throw cardError(res.error?.message ?? failed);
    if (pi.status === "requires_action") {
      const again = await stripe.handleNextAction({ clientSecret });
      if (again.error || !again.paymentIntent) throw cardError(again.error?.message ?? failed);
      pi = again.paymentIntent;
    }
    if (pi.status !== "succeeded") throw cardError(pi.last_payment_error?.message ?? failed);
    return { id: pi.id, status: pi.status };
  }
  let pi = await confirmLocal(clientSecret, paymentMethodId, save);
  if (pi.status === "requires_action") pi = await authenticateLocal(clientSecret, authenticate);
  if (pi.status !== "succeeded") throw cardError(pi.last_error?.message ?? failed);
  return pi;
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
}): Promise<BrowserIntent> {
  const { source } = opts;
  const paymentMethodId = source.kind === "saved" ? source.id : await paymentMethodFromSource(source);
  return confirmPaymentInBrowser({ ...opts, paymentMethodId });
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
      const res = await stripe.handleNextAction({ clientSecret: pi.client_secret });
      if (res.error || !res.paymentIntent) throw cardError(res.error?.message ?? catalogue.GENERAL_EXCEPTION.text);
      if (res.paymentIntent.status !== "succeeded") throw cardError("Your bank did not approve this payment.");
      return { ...pi, status: res.paymentIntent.status };
    }
    const next = await authenticateLocal(pi.client_secret, authenticate);
    if (next.status === "succeeded") return next;
    throw cardError(next.last_error?.message ?? "Your bank did not approve this payment.");
  }
  throw cardError(pi.last_error?.message ?? "Your card was declined.");
}

// ------------------------------------------------------------------------------------------ the wallet

/**
 * The cardholder step of a wallet's card: the wallet itself already verified the payer (Face ID, the device's
 * PIN), so the local adapter's stand-in for the bank's check approves without asking. In Stripe mode this is never
 * asked: Stripe.js runs the bank's real step (`handleNextAction`) if the issuer still wants one.
 */
export const walletAuthenticator: Authenticator = () => Promise.resolve(true);

/**
 * The wallet's payment (docs/product.md section 4 "Wallet payment flow"): the wallet sheet has produced a
 * payment method; the page creates the intent (its own charge) and hands it here to confirm, confirming again
 * when further action is required.
 */
export function confirmWalletPayment(pi: IntentView, paymentMethodId: string): Promise<BrowserIntent> {
  return confirmPaymentInBrowser({
    clientSecret: pi.client_secret,
    paymentMethodId,
    authenticate: walletAuthenticator,
    failedText: "Your wallet payment failed.",
  });
}

/** What a wallet's `confirm` event hands the page: the payment method the payer chose in the sheet. */
export interface WalletConfirmEvent {
  /** "apple_pay" or "google_pay", as the Express Checkout Element names them. */
  expressPaymentType: string;
  /** The chosen card as a payment method id (Stripe: from the Elements group; local: the test wallet's card). */
  paymentMethod(): Promise<string>;
  /** Tells the wallet's sheet the payment failed. */
  paymentFailed(): void;
}

/**
 * The one component API of the wallet in both modes (docs/decisions/145): Stripe's Express Checkout Element
 * and the local processor's stand-in raise the same events (ready with the available wallets, click,
 * confirm, cancel). `sheetOpen` and `paying` are the wallet state (domain/wallet-rules.ts) for the stand-in,
 * whose sheet is ours; Stripe draws its own. `use` and `every` say whether the card is kept for later charges
 * and how often they come (docs/decisions/160), which both sheets tell the payer.
 */
export interface ExpressCheckoutProps {
  amountCents: number;
  use: WalletUse;
  every: WalletRecurrence | null;
  disabled: boolean;
  sheetOpen: boolean;
  paying: boolean;
  onReady(available: WalletMethods | undefined): void;
  /** Answers whether the sheet may open (the page's own fields are complete); false keeps it closed. */
  onClick(): boolean;
  onConfirm(event: WalletConfirmEvent): void;
  onCancel(): void;
}

/** The message to show beneath the card field for a failure of the flow. */
export function cardFailureMessage(err: unknown): string {
  if (err instanceof ApiError) return err.fields?.card ?? err.message;
  return catalogue.GENERAL_EXCEPTION.text;
}
