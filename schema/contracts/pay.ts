/**
 * What the pro's money calls answer, typed once for the Worker and the web
 * (docs/decisions/111-business-admin-pay-contracts.md): the pay screen, payouts, and client subscriptions.
 */

/** The pro's payout account at the provider. */
export interface PayoutAccountView {
  status: "pending" | "active" | "restricted" | "deleted";
  payouts_enabled: boolean;
  charges_enabled: boolean;
  details_submitted: boolean;
  /** What the provider still needs from the pro (Stripe's requirement names, e.g. "external_account"). */
  requirements_due: string[];
  disabled_reason: string | null;
  provider: "local" | "stripe";
}

/** One completed job on the pay screen, with what it earned (cents). */
export interface PayJob {
  service_order_id: number;
  description: string;
  completed_at: number;
  price_cents: number;
  commission_cents: number;
  job_cents: number;
  tip_cents: number;
  add_charge_cents: number;
  adjustment_cents: number;
  /** Held back while a client's card dispute is open or lost, given back when won (decision 148); 0 or less. */
  dispute_cents: number;
  refund_cents: number;
  earned_cents: number;
  paid_out: boolean;
}

/** A product the pro redeemed for a client (worker/api/vendor/me/redemptions.ts), on the pay screen. */
export interface PayRedemption {
  redemption_id: number;
  name: string;
  client_name: string;
  price_cents: number;
  vendor_cents: number;
  created_at: number;
}

/** POST /vendor/me/pay: the pro's balance, next payout, account and recent jobs. */
export interface PayView {
  available_cents: number;
  pending_cents: number;
  pending_jobs: number;
  next_payout_at: number | null;
  payouts_paused: boolean;
  instant_payout_enabled: boolean;
  instant_fee: { bps: number; min_cents: number };
  account: PayoutAccountView | null;
  jobs: PayJob[];
  redemptions: PayRedemption[];
}

/** A payout (POST /vendor/me/pay-complete lists them; POST /vendor/instant-transfer answers one). */
export interface PayoutView {
  payout_id: number;
  kind: "standard" | "instant";
  status: "pending" | "paid" | "failed" | "canceled";
  amount_cents: number;
  fee_cents: number;
  period_start: number | null;
  created_at: number;
  paid_at: number | null;
  lines: number;
}

/** A client subscription as the pro's screen and the client's link show it. */
export interface ClientSubscriptionView {
  client_subscription_id: number;
  status: "created" | "active" | "pending_approval" | "cancelled";
  client_name: string;
  client_phone: string;
  client_email: string | null;
  service_id: number;
  service: string;
  vendor_name: string;
  price_cents: number;
  pending_price_cents: number | null;
  interval_days: number;
  address: string;
  zipcode: string;
  time_zone: string;
  /** The next visits: instants and the same as YYYY-MM-DD HH:MM at the service address. */
  next_dates: Array<{ at: number; local: string }>;
  /** The client's card; `{ brand: "card", last4: "" }` when the card's details are not known here. */
  card: {
    brand: string;
    last4: string;
    exp_month?: string | number | null;
    exp_year?: string | number | null;
  } | null;
  declined: boolean;
  /** The next date's charge waits for the client to approve it with their bank (3-D Secure; decision 147). */
  awaiting_authentication: boolean;
  last_charged_for: number | null;
  cancelled_at: number | null;
}
