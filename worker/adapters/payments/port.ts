/**
 * The payments port (DESIGN section 3 "Payments"). Two adapters implement it: `local` (the default: the
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
 */

export type IntentStatus = "requires_payment_method" | "requires_action" | "processing" | "succeeded" | "canceled";

export interface PaymentError {
  /** Provider decline or error code, e.g. "card_declined", "authentication_required". */
  code: string;
  /** Text safe to show beneath the card field. */
  message: string;
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
  /** What the charge is for: purpose ("order", "tip", "gift", "secure_pay", "membership"...) and ref. */
  metadata: Record<string, string>;
}

export interface SavedPaymentMethod {
  id: string;
  customer_id: string;
  card: { brand: string; last4: string; exp_month: number; exp_year: number };
  is_default: boolean;
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
  current_period_end: number;
}

export interface ConnectedAccount {
  id: string;
  /** Onboarding or login link for the vendor (Stripe Express); a local page for the local adapter. */
  link_url: string;
  payouts_enabled: boolean;
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
  confirmIntent(id: string, input: { payment_method_id: string; idempotency_key: string }): Promise<PaymentIntent>;

  /** The local adapter's 3-D Secure step: the customer approves (or fails) the authentication. */
  completeAuthentication?(id: string, approve: boolean): Promise<PaymentIntent>;

  retrieveIntent(id: string): Promise<PaymentIntent>;
  cancelIntent(id: string, idempotency_key: string): Promise<PaymentIntent>;
  refund(input: {
    payment_intent_id: string;
    amount_cents?: number;
    reason: string;
    idempotency_key: string;
  }): Promise<Refund>;

  /** Local adapter only: card details in, a payment method out (brand, last4, expiry kept; never the number). */
  tokenizeLocalCard?(card: CardInput, customer_id: string | null): Promise<SavedPaymentMethod>;
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

  createConnectedAccount(input: { vendor_id: number; email: string; idempotency_key: string }): Promise<ConnectedAccount>;
  createTransfer(input: { account_id: string; amount_cents: number; idempotency_key: string; description: string }): Promise<Transfer>;

  /** Verifies a webhook's signature; null when it does not verify. */
  verifyWebhook(payload: string, signature: string | null): Promise<WebhookEvent | null>;
}
