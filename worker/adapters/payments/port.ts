/**
 * The payments port (docs/architecture.md section 3 "Payments"). Two adapters implement it: `local` (the default: the
 * same state machine as card payments, kept in D1, accepting Stripe's published test cards) and `stripe`
 * (the official SDK with its fetch HTTP client). Callers never branch on the adapter.
 *
 * Rules every caller and adapter keeps:
 * - Amounts are integer cents, currency "usd".
 * - Every call that moves money or creates an object takes an idempotency key derived from what it pays
 *   for (e.g. `order:<order_id>:charge`, `tip:<service_order_id>:<n>`), so a retried or double-clicked
 *   request never charges twice: the same key returns the first answer.
 * - A card never reaches our server with the Stripe adapter (Elements tokenises it in the browser). With
 *   the local adapter the browser sends the card to `tokenizeLocalCard`, which keeps only brand, last4 and
 *   expiry, like a processor would.
 * - A card that is declined or fails authentication is not an exception: createIntent, confirmIntent and
 *   completeAuthentication answer the intent with status "requires_payment_method" and `last_error` (Stripe's
 *   confirm answers HTTP 402; the Stripe adapter turns that back into the intent). Everything else that goes
 *   wrong (unknown id, a refund larger than what is left, an intent in the wrong state, a reused idempotency
 *   key with other parameters) throws a PaymentsError.
 * - metadata.purpose is one of PAYMENT_PURPOSES (schema/tables/payments.ts enum) and metadata.ref says which
 *   thing it pays for; both are kept in payment_intents (every adapter writes its intents there, so the
 *   webhook and reports can find them).
 * - docs/decisions/031-payments.md has the test cards, the key scheme and what is stored.
 */

export const PAYMENT_PURPOSES = [
  "order",
  "tip",
  "secure_pay",
  "add_charge",
  "gift_card",
  "membership",
  "client_subscription",
  "staff_charge",
  "reschedule",
] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

export type IntentStatus = "requires_payment_method" | "requires_action" | "processing" | "succeeded" | "canceled";

export interface PaymentError {
  /** Provider decline or error code, e.g. "card_declined", "authentication_required". */
  code: string;
  /** Text safe to show beneath the card field. */
  message: string;
  /** The issuer's reason when code is "card_declined" (e.g. "insufficient_funds", "lost_card"). */
  decline_code?: string | null;
}

/**
 * Thrown for a request the provider refuses (not for declines, see above). `code` is the provider's code:
 * "resource_missing", "amount_too_large", "charge_already_refunded", "payment_intent_unexpected_state",
 * "idempotency_key_in_use", "parameter_invalid", "account_invalid", or a card code when a subscription's first
 * charge is declined (then `payment_intent` is the declined intent).
 */
export class PaymentsError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly extra: {
      decline_code?: string | null;
      payment_intent?: PaymentIntent;
      http_status?: number;
      /** The input field at fault (card fields: "number", "exp", "cvc", "postal_code"). */
      param?: string;
    } = {},
  ) {
    super(message);
    this.name = "PaymentsError";
  }
}

export interface PaymentIntent {
  id: string;
  amount_cents: number;
  currency: "usd";
  status: IntentStatus;
  /** Handed to the browser to confirm (Stripe.js confirmCardPayment, or the local confirm endpoint). */
  client_secret: string;
  customer_id: string | null;
  payment_method_id: string | null;
  last_error: PaymentError | null;
  /** What the charge is for: purpose (one of PAYMENT_PURPOSES) and ref, plus anything else the caller adds. */
  metadata: Record<string, string>;
}

/** A card payment method as the provider holds it; customer_id is null until it is attached. */
export interface CardPaymentMethod {
  id: string;
  customer_id: string | null;
  card: { brand: string; last4: string; exp_month: number; exp_year: number };
}

export interface SavedPaymentMethod extends CardPaymentMethod {
  customer_id: string;
  is_default: boolean;
  /** The same for every payment method made from the same card number (the provider's card fingerprint). */
  fingerprint: string | null;
}

/**
 * A card checked with the issuer before it is saved for later (Stripe's SetupIntent, a zero-amount check):
 * "succeeded" means the processor accepted it and it is attached to the customer for off-session charges;
 * "requires_payment_method" is a decline (last_error says why, in the processor's words); "requires_action" waits
 * for the cardholder's 3-D Secure step (confirm it in the browser with client_secret).
 */
export interface SetupIntent {
  id: string;
  status: "requires_payment_method" | "requires_action" | "succeeded" | "canceled";
  client_secret: string;
  customer_id: string;
  payment_method_id: string;
  last_error: PaymentError | null;
}

export interface Refund {
  id: string;
  payment_intent_id: string;
  amount_cents: number;
  status: "succeeded" | "pending" | "failed";
}

export interface Subscription {
  id: string;
  customer_id: string;
  status: "active" | "canceled" | "incomplete" | "past_due";
  price_cents: number;
  /** Epoch milliseconds. */
  current_period_end: number;
  /**
   * The first charge when it still needs the customer (status "incomplete": 3-D Secure); confirm it in the
   * browser with its client_secret like any card payment. Null or absent otherwise.
   */
  latest_intent?: PaymentIntent | null;
}

export interface ConnectedAccount {
  id: string;
  /** Onboarding or login link for the vendor (Stripe Express); a local page for the local adapter. */
  link_url: string;
  payouts_enabled: boolean;
}

export interface ConnectedAccountState {
  id: string;
  status: "pending" | "active" | "restricted";
  payouts_enabled: boolean;
  details_submitted: boolean;
}

export interface Transfer {
  id: string;
  account_id: string;
  amount_cents: number;
}

export interface WebhookEvent {
  id: string;
  type: string;
  /** The object the event is about (a PaymentIntent, Subscription, ...), as the provider sent it. */
  object: Record<string, unknown>;
  /** When the provider made the event (epoch ms), to order state events delivered out of order. */
  created?: number;
}

/** A dispute as the processor holds it (docs/decisions/148-disputes.md); amounts in cents, times in epoch ms. */
export interface DisputeState {
  id: string;
  payment_intent_id: string;
  amount_cents: number;
  status:
    | "warning_needs_response"
    | "warning_under_review"
    | "warning_closed"
    | "needs_response"
    | "under_review"
    | "won"
    | "lost";
  reason: string;
  due_by: number | null;
  evidence_submitted: boolean;
}

/**
 * Evidence staff send for a dispute, in Stripe's text fields (Stripe takes files such as customer_communication as
 * uploads; our photos are linked and the texts quoted in uncategorized_text instead).
 */
export interface DisputeEvidence {
  product_description: string;
  service_date?: string;
  customer_name?: string;
  customer_email_address?: string;
  uncategorized_text?: string;
}

export interface CardInput {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
  postal_code: string;
}

export interface PaymentsPort {
  readonly provider: "local" | "stripe";

  /** The provider customer of a user, created on first use (and remembered in payment_customers). */
  ensureCustomer(user: { user_id: number; email: string; name: string; phone: string }): Promise<string>;

  /**
   * A customer who is not a user (a pro's recurring client, who has no account), created once per `ref` (e.g.
   * "csub:12"; the creation's idempotency key is derived from it) so their card can be saved on it and charged
   * off-session. The caller keeps the id; asking again with the same ref answers the same customer.
   */
  ensureGuestCustomer(input: { ref: string; name: string; phone: string; email: string | null }): Promise<string>;

  /**
   * Creates a PaymentIntent. With `payment_method_id` and `confirm: true` it is charged at once (saved
   * card, off-session for cron charges); otherwise the browser confirms it with the client secret.
   */
  createIntent(input: {
    amount_cents: number;
    customer_id: string | null;
    payment_method_id?: string;
    confirm?: boolean;
    off_session?: boolean;
    save_payment_method?: boolean;
    description: string;
    metadata: Record<string, string>;
    idempotency_key: string;
  }): Promise<PaymentIntent>;

  /** Confirms an intent with a payment method (the browser's confirm step, done server-side for local). */
  confirmIntent(
    id: string,
    input: { payment_method_id: string; idempotency_key: string; save_payment_method?: boolean },
  ): Promise<PaymentIntent>;

  /** The local adapter's 3-D Secure step: the customer approves (or fails) the authentication. */
  completeAuthentication?(id: string, approve: boolean): Promise<PaymentIntent>;

  retrieveIntent(id: string): Promise<PaymentIntent>;
  cancelIntent(id: string, idempotency_key: string): Promise<PaymentIntent>;
  /** Refunds all that is left (no amount) or part of a succeeded intent; recorded in `refunds`. */
  refund(input: {
    payment_intent_id: string;
    amount_cents?: number;
    reason: string;
    idempotency_key: string;
    service_order_id?: number | null;
    requested_by_user_id?: number | null;
  }): Promise<Refund>;

  /**
   * Checks a card with the issuer and saves it on the customer only if the issuer accepts it (a SetupIntent,
   * confirmed at once, usage off_session). A decline is an answer (status requires_payment_method with
   * last_error), not an exception; the same key answers the first result.
   */
  setupCard(input: {
    customer_id: string;
    payment_method_id: string;
    idempotency_key: string;
    metadata: Record<string, string>;
  }): Promise<SetupIntent>;
  retrieveSetupIntent(id: string): Promise<SetupIntent>;
  /** The local adapter's 3-D Secure step of a SetupIntent: the cardholder approves (or fails) it. */
  completeSetupAuthentication?(id: string, approve: boolean): Promise<SetupIntent>;

  /** Local adapter only: card details in, a payment method out (brand, last4, expiry kept; never the number). */
  tokenizeLocalCard?(card: CardInput, customer_id: string | null): Promise<CardPaymentMethod>;
  /** A payment method by id (attached or not); null when the provider does not know it. */
  retrievePaymentMethod(payment_method_id: string): Promise<CardPaymentMethod | null>;
  attachPaymentMethod(payment_method_id: string, customer_id: string): Promise<SavedPaymentMethod>;
  listPaymentMethods(customer_id: string): Promise<SavedPaymentMethod[]>;
  detachPaymentMethod(payment_method_id: string): Promise<void>;
  setDefaultPaymentMethod(customer_id: string, payment_method_id: string | null): Promise<void>;

  createSubscription(input: {
    customer_id: string;
    payment_method_id: string;
    price_cents: number;
    idempotency_key: string;
  }): Promise<Subscription>;
  cancelSubscription(id: string): Promise<Subscription>;

  /**
   * The vendor's payout account, created on first call (remembered in connected_accounts), with a fresh
   * onboarding link each time. return_url/refresh_url are where Stripe sends the vendor back (absolute URLs).
   */
  createConnectedAccount(input: {
    vendor_id: number;
    email: string;
    idempotency_key: string;
    return_url?: string;
    refresh_url?: string;
  }): Promise<ConnectedAccount>;
  /**
   * The account as the provider holds it now (onboarding finished or not), mirrored into connected_accounts;
   * null when the vendor has none (or it was deleted).
   */
  retrieveConnectedAccount(vendor_id: number): Promise<ConnectedAccountState | null>;
  /**
   * Local adapter only: the vendor submits the local onboarding page, and the account moves from
   * "pending" to "active" with payouts enabled (what Stripe's hosted onboarding does).
   */
  completeLocalOnboarding?(account_id: string): Promise<ConnectedAccountState>;
  /**
   * Local adapter only: the account's current state as a signed `account.updated` event, in Stripe's shape (what
   * Stripe would post to the webhook when onboarding changes the account). The caller hands it to the webhook's
   * receiver (worker/api/stripe/webhook.ts receiveWebhook), so both adapters update the account the same way.
   */
  localAccountEvent?(account_id: string): Promise<{ payload: string; signature: string }>;
  /** A link into the vendor's Express dashboard (the local adapter answers a local page). */
  createLoginLink(account_id: string): Promise<string>;
  /** Closes the payout account (Stripe deletes it) and marks it deleted in connected_accounts. */
  deleteConnectedAccount(account_id: string): Promise<void>;
  createTransfer(input: {
    account_id: string;
    amount_cents: number;
    idempotency_key: string;
    description: string;
  }): Promise<Transfer>;

  /** A dispute by id, as the processor holds it now. */
  retrieveDispute(dispute_id: string): Promise<DisputeState>;
  /**
   * Sends the evidence and submits it (Stripe: update with submit=true); the dispute moves to under_review and
   * the processor announces it (charge.dispute.updated). A dispute no longer open throws dispute_unexpected_state
   * (Stripe answers that with a 400 too).
   */
  submitDisputeEvidence(dispute_id: string, evidence: DisputeEvidence, idempotency_key: string): Promise<DisputeState>;
  /**
   * Local adapter only, and only from its test surface (worker/test-entry.ts): the bank decides the dispute, and the
   * signed charge.dispute.closed event (and funds_reinstated when won) is delivered. Never in Stripe mode.
   */
  settleLocalDispute?(dispute_id: string, outcome: "won" | "lost"): Promise<DisputeState>;

  /** Verifies a webhook's signature; null when it does not verify. */
  verifyWebhook(payload: string, signature: string | null): Promise<WebhookEvent | null>;
}
