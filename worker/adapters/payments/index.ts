import type { DrizzleD1Database } from "drizzle-orm/d1";
import { cardErrorMessageCode } from "../../../domain/cards";
import { AppError } from "../../http/errors";
import { isDemo, runtimeOf } from "../../runtime";
import { receiveWebhook } from "../../api/stripe/webhook";
import { localPayments } from "./local";
import { PaymentsError, type PaymentsPort } from "./port";
import { stripePayments } from "./stripe";

/**
 * Chooses the payments adapter from the environment (docs/decisions/031-payments.md and
 * 050-payments-provider-and-demo-flag.md). The provider is explicit and fails closed:
 * - PAYMENTS_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET; without them every payment is
 *   refused with PAYMENTS_UNAVAILABLE (never a fallback to the local processor);
 * - PAYMENTS_PROVIDER=local (the embedded processor that takes test cards) serves only local requests
 *   (localhost, *.test), scheduled work, or a Worker with DEMO_MODE=1, whose pages show a demo banner;
 * - unset or anything else is refused.
 */
export interface PaymentsEnv {
  PAYMENTS_PROVIDER?: string;
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  /** Handed to the browser for Stripe.js (GET /api/payments/config). */
  STRIPE_PUBLISHABLE_KEY?: string;
  /** Optional recurring Price for the membership (else price_data on STRIPE_MEMBERSHIP_PRODUCT). */
  STRIPE_MEMBERSHIP_PRICE?: string;
  STRIPE_MEMBERSHIP_PRODUCT?: string;
  /** Absolute site origin for Stripe Connect onboarding links (e.g. https://glow.example). */
  APP_URL?: string;
  /** Secret of the local adapter's webhook signatures; a fixed development value when unset. */
  LOCAL_WEBHOOK_SECRET?: string;
}

/** The development secret of local webhook signatures: not a secret, nothing real is signed with it. */
export const DEV_LOCAL_WEBHOOK_SECRET = "whsec_local_development_only";

/** The variables this port reads, typed (worker/secrets.d.ts does not declare them). */
export function paymentsEnv(env: Env): PaymentsEnv {
  const e = env as unknown as Record<string, unknown>;
  const text = (key: keyof PaymentsEnv) => {
    const value = e[key];
    return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
  };
  return {
    PAYMENTS_PROVIDER: text("PAYMENTS_PROVIDER"),
    STRIPE_SECRET_KEY: text("STRIPE_SECRET_KEY"),
    STRIPE_WEBHOOK_SECRET: text("STRIPE_WEBHOOK_SECRET"),
    STRIPE_PUBLISHABLE_KEY: text("STRIPE_PUBLISHABLE_KEY"),
    STRIPE_MEMBERSHIP_PRICE: text("STRIPE_MEMBERSHIP_PRICE"),
    STRIPE_MEMBERSHIP_PRODUCT: text("STRIPE_MEMBERSHIP_PRODUCT"),
    APP_URL: text("APP_URL"),
    LOCAL_WEBHOOK_SECRET: text("LOCAL_WEBHOOK_SECRET"),
  };
}

export type PaymentsProvider = PaymentsPort["provider"];

/** The configured provider, or null when PAYMENTS_PROVIDER names none we know. */
export function paymentsProvider(env: Env): PaymentsProvider | null {
  const provider = paymentsEnv(env).PAYMENTS_PROVIDER;
  return provider === "stripe" || provider === "local" ? provider : null;
}

/**
 * What is wrong with the payments configuration for this call, or null when payments may be served. The
 * text is for operators (logs, startup), never shown to users.
 */
export function paymentsConfigProblem(env: Env): string | null {
  const e = paymentsEnv(env);
  const provider = paymentsProvider(env);
  if (!provider) {
    return e.PAYMENTS_PROVIDER
      ? `PAYMENTS_PROVIDER="${e.PAYMENTS_PROVIDER}" is not a payments provider (use "stripe" or "local")`
      : 'PAYMENTS_PROVIDER is not set (use "stripe", or "local" for development)';
  }
  if (provider === "stripe") {
    const missing = (["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"] as const).filter((k) => !e[k]);
    return missing.length
      ? `PAYMENTS_PROVIDER=stripe but ${missing.join(" and ")} ${missing.length > 1 ? "are" : "is"} not set`
      : null;
  }
  // Local: safe on a developer's machine and in tests, or when a demo is declared (and shown on every page).
  if (isDemo(env) || runtimeOf(env) !== "deployed") return null;
  return "PAYMENTS_PROVIDER=local takes test cards and is refused on a deployed Worker; set PAYMENTS_PROVIDER=stripe with its keys, or DEMO_MODE=1 for a public demo";
}

const reported = new Set<string>();

/** Refuses to serve payments when the configuration is unsafe, and logs why (once per problem and isolate). */
export function assertPaymentsAvailable(env: Env): PaymentsProvider {
  const problem = paymentsConfigProblem(env);
  if (problem) {
    if (!reported.has(problem)) {
      reported.add(problem);
      console.error(JSON.stringify({ at: "payments", error: "payments refused", problem }));
    }
    throw new AppError("PAYMENTS_UNAVAILABLE");
  }
  return paymentsProvider(env)!;
}

/**
 * The payments port for one request. Pass the request clock (c.get("now")) as `now`: it stamps rows, decides
 * card expiry and the webhook signature's age, and tests move it with x-test-now. Without it the real time is
 * used (kept optional for callers written before it existed).
 */
export function paymentsFromEnv(env: Env, db: DrizzleD1Database, now: number = Date.now()): PaymentsPort {
  const e = paymentsEnv(env);
  if (assertPaymentsAvailable(env) === "stripe") {
    return stripePayments({
      db,
      now,
      secretKey: e.STRIPE_SECRET_KEY!,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
      membershipPriceId: e.STRIPE_MEMBERSHIP_PRICE,
      membershipProductId: e.STRIPE_MEMBERSHIP_PRODUCT,
      appUrl: e.APP_URL,
    });
  }
  // The local processor posts its own events (disputes) to the webhook's receiver, through the same checks.
  const port: PaymentsPort = localPayments({
    db,
    now,
    webhookSecret: e.LOCAL_WEBHOOK_SECRET ?? DEV_LOCAL_WEBHOOK_SECRET,
    deliver: (payload, signature) => receiveWebhook(port, db, payload, signature, now, env),
  });
  return port;
}

/** What the browser needs to take a card (GET /api/payments/config). */
export function publicPaymentsConfig(env: Env, walletMinimumCents: number) {
  const provider = paymentsProvider(env) ?? "local";
  return {
    provider,
    /** False when the configuration refuses payments (every payment call answers PAYMENTS_UNAVAILABLE). */
    available: paymentsConfigProblem(env) === null,
    publishable_key: provider === "stripe" ? (paymentsEnv(env).STRIPE_PUBLISHABLE_KEY ?? null) : null,
    wallet_minimum_cents: walletMinimumCents,
  };
}

/**
 * The API answer for a PaymentsError: card problems become their catalogue code (CARD_DECLINED,
 * CARD_INCOMPLETE...; the field at fault in `fields`), a missing object NOT_FOUND, an over-refund
 * PAYMENT_NOT_REFUNDABLE, an intent already finished PAYMENT_STATE_CHANGED; anything else (null) is ours to
 * fix: rethrown, onError logs it and answers GENERAL_EXCEPTION.
 */
export function paymentsErrorToAppError(error: PaymentsError): AppError | null {
  const { code } = error;
  const field = error.extra.param;
  const fields = field ? { [field]: error.message } : undefined;
  if (code === "resource_missing") {
    return new AppError(/PaymentMethod/i.test(error.message) ? "PAYMENT_METHOD_NOT_FOUND" : "NOT_FOUND");
  }
  if (code === "amount_too_large" || code === "charge_already_refunded") return new AppError("PAYMENT_NOT_REFUNDABLE");
  if (code === "payment_method_unexpected_state") return new AppError("PAYMENT_METHOD_NOT_FOUND");
  if (code === "payment_intent_unexpected_state") return new AppError("PAYMENT_STATE_CHANGED");
  if (
    error.extra.http_status === 402 ||
    code.startsWith("incomplete_") ||
    code.startsWith("invalid_expiry") ||
    [
      "card_declined",
      "expired_card",
      "incorrect_cvc",
      "incorrect_number",
      "invalid_number",
      "invalid_cvc",
      "incorrect_zip",
      "processing_error",
      "authentication_required",
      "payment_intent_authentication_failure",
      "setup_intent_authentication_failure",
    ].includes(code)
  ) {
    return new AppError(cardErrorMessageCode(code, error.extra.decline_code), fields);
  }
  return null;
}

/** Runs a port call and turns its PaymentsError into the API's error. */
export async function orFail<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (e) {
    if (e instanceof PaymentsError) throw paymentsErrorToAppError(e) ?? e;
    throw e;
  }
}
