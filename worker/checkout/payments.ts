import type { PaymentMethodView } from "../../schema/contracts/checkout";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { cardErrorMessageCode } from "../../domain/cards";
import type { MessageCode } from "../../domain/messages";
import type { SessionUser } from "../auth/sessions";
import { paymentsErrorToAppError, paymentsFromEnv } from "../adapters/payments";
import {
  PaymentsError,
  type PaymentIntent,
  type PaymentsPort,
  type SavedPaymentMethod,
} from "../adapters/payments/port";
import { AppError } from "../http/errors";

/**
 * Checkout's side of the payments port (worker/adapters/payments/port.ts): which adapter, how an intent is
 * shown to the browser, and how a provider's refusal becomes one of our catalogue errors.
 */
export function payments(env: Env, db: DrizzleD1Database, now: number): PaymentsPort {
  return paymentsFromEnv(env, db, now);
}

/** What the browser needs to confirm an intent (docs/product.md section 3 "Payment intent response"). */
export interface IntentView {
  id: string;
  client_secret: string;
  status: PaymentIntent["status"];
  amount_cents: number;
  /** The provider's message for the last failed attempt, to show beneath the card field. */
  last_error: { code: string; message: string } | null;
}

export function intentView(pi: PaymentIntent): IntentView {
  return {
    id: pi.id,
    client_secret: pi.client_secret,
    status: pi.status,
    amount_cents: pi.amount_cents,
    last_error: pi.last_error ? { code: pi.last_error.code, message: pi.last_error.message } : null,
  };
}

export type { PaymentMethodView };

export function methodView(m: SavedPaymentMethod): PaymentMethodView {
  return { id: m.id, card: m.card, custom_is_default_payment_method: m.is_default };
}

/** The provider customer of a signed-in user (created on first use by the adapter). */
export function customerOf(port: PaymentsPort, user: SessionUser): Promise<string> {
  return port.ensureCustomer({ user_id: user.user_id, email: user.email, name: user.name, phone: user.phone });
}

/** A saved card must be the payer's own (PAYMENT_METHOD_NOT_FOUND otherwise, as if it did not exist). */
export async function ownMethodOrFail(
  port: PaymentsPort,
  paymentMethodId: string,
  customerId: string | null,
): Promise<void> {
  const method = await port.retrievePaymentMethod(paymentMethodId);
  if (!method || customerId === null || method.customer_id !== customerId) {
    throw new AppError("PAYMENT_METHOD_NOT_FOUND", {
      payment_method_id: "We couldn't find that card. Please enter it again.",
    });
  }
}

/**
 * A declined or failed card as an API error: the catalogue code for the provider's code, with the
 * provider's own message under `fields.card` (docs/product.md section 5: shown beneath the card field) and the intent
 * so the browser can try another card on the same intent.
 */
export class CardRefusal extends AppError {
  constructor(
    code: MessageCode,
    message: string,
    readonly intent: IntentView | null,
  ) {
    super(code, { card: message });
  }

  override toBody() {
    const body = super.toBody();
    Object.assign(body.error, { payment_intent: this.intent });
    return body;
  }
}

export function cardRefusal(pi: PaymentIntent): CardRefusal {
  const err = pi.last_error;
  const code = err ? cardErrorMessageCode(err.code, err.decline_code) : "CARD_DECLINED";
  return new CardRefusal(code, err?.message ?? "Your card was declined.", intentView(pi));
}

/**
 * A provider error while creating or reading a payment: a card code when it is about a card, else
 * ERROR_CHECKOUT_STRIPE (the payment step could not be loaded). Anything else is rethrown.
 */
export function paymentsFailure(err: unknown): never {
  if (err instanceof AppError) throw err;
  if (err instanceof PaymentsError) {
    if (err.extra.payment_intent) throw cardRefusal(err.extra.payment_intent);
    const mapped = paymentsErrorToAppError(err);
    if (mapped) throw mapped;
    console.error(JSON.stringify({ at: "checkout.payments", code: err.code, error: err.message }));
    throw new AppError("ERROR_CHECKOUT_STRIPE");
  }
  throw err;
}
