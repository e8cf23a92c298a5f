import type { ReschedulePrice } from "../../domain/reschedule-pricing";
import type { CartItemChecked } from "../payloads/cart";

/**
 * What the checkout calls answer (docs/api-checkout.md), typed once for the Worker that builds the answers
 * and the web that reads them (docs/decisions/108-shared-response-contracts.md). Request bodies and their
 * checks stay in schema/payloads/checkout.ts.
 */

/** A cart item as checkout re-checked it, with its service's name. */
export interface CheckoutItem extends CartItemChecked {
  description: string;
}

/** POST /checkout/getCartValidation when every item is fine. */
export interface CartValidation {
  valid: true;
  zipCode: string | null;
  items: CheckoutItem[];
}

/** docs/product.md section 3 "Payment method": brand, last4, expiry and the default flag. */
export interface PaymentMethodView {
  id: string;
  card: { brand: string; last4: string; exp_month: number; exp_year: number };
  custom_is_default_payment_method: boolean;
}

/** The wallet's list (GET /stripe/payment-methods): the same, with the spec's `globalId`. */
export interface SavedCardView extends PaymentMethodView {
  globalId: string;
}

/** The summary's figures (POST /checkout, and the charge answers' `summary`). */
export interface CheckoutQuote {
  zipCode: string | null;
  items: Array<CheckoutItem & { member_discount_cents: number }>;
  subtotal_cents: number;
  member: boolean;
  member_discount_cents: number;
  service_fee_cents: number;
  tax_cents: number;
  credit_available_cents: number;
  use_credit: boolean;
  credit_applied_cents: number;
  total_cents: number;
  wallet_allowed: boolean;
  business_email_required: boolean;
}

/** POST /checkout: the figures, what we know to fill the contact fields, and the saved cards. */
export interface CheckoutSummary extends CheckoutQuote {
  contact: { email: string | null; phone: string | null; address: string | null };
  payment_methods: PaymentMethodView[];
}

/** A job of a placed order. */
export interface OrderJobView {
  service_order_id: number;
  service_id: number;
  description: string;
  /** "YYYY-MM-DD HH:MM" in time_zone. */
  promised_arrival_time: string;
  promised_arrival_at: string;
  time_zone: string;
  job_minutes: number;
  is_connect: boolean;
  price_cents: number;
  member_discount_cents: number;
  /** Null until a vendor accepts the job. */
  vendor_id: number | null;
  /** The vendor the customer chose (the only one offered the job); null for "any pro". */
  chosen_vendor_id: number | null;
  /** The chosen vendor's display name ("Maya"), null for "any pro". */
  chosen_vendor_name: string | null;
  /** ISO-8601 UTC: when the chosen vendor must have accepted by (docs/decisions/122); null for "any pro". */
  confirm_by: string | null;
  /** The same instant as YYYY-MM-DD HH:MM in time_zone. */
  confirm_by_local: string | null;
  service_order_status_id: number;
  scheduled_status: number;
}

/** A placed order as the confirmation shows it. */
export interface OrderView {
  order_id: number;
  status: string;
  subtotal_cents: number;
  discount_cents: number;
  credit_applied_cents: number;
  fee_cents: number;
  tax_cents: number;
  total_cents: number;
  payment_intent_id: string | null;
  email: string | null;
  phone: string | null;
  address: string;
  zipcode: string;
  time_zone: string;
  created_at: string;
  confirmed_at: string | null;
  jobs: OrderJobView[];
}

/** What the browser needs to confirm a payment intent the Worker made (worker/checkout/payments.ts intentView). */
export interface ServerIntent {
  id: string;
  client_secret: string;
  status: string;
  amount_cents: number;
  /** The provider's message for the last failed attempt, to show beneath the card field. */
  last_error: { code: string; message: string } | null;
}

/**
 * POST /checkout/reschedule and /checkout/reschedule-complete (docs/decisions/067): a reschedule that changes the
 * appointment's length: its price lines and difference (domain/reschedule-pricing.ts, the pro's pay left out) and what
 * was charged or will come back.
 */
export interface RescheduleCheckout extends Omit<ReschedulePrice, "direction" | "vendor_payout_cents"> {
  request_id: number;
  service_order_id: number;
  /** The request: pending (waiting for payment or for the pro), accepted, declined, expired or cancelled. */
  status: "pending" | "accepted" | "declined" | "expired" | "cancelled";
  time_zone: string;
  from: string;
  selectedDate: string;
  expires_at: string | null;
  service_from: { service_id: number; description: string; minutes: number };
  service_to: { service_id: number; description: string; minutes: number };
  charge_status: "due" | "requires_action" | "paid" | "failed" | "waived" | "refund_on_accept";
  /** What was charged for the difference (0 until paid). */
  charged_cents: number;
  refund_status: "none" | "pending" | "succeeded" | "failed";
  /** Back to the card and to account credit (a lower price once the pro accepts, or an unused charge). */
  refund_cents: number;
  credit_return_cents: number;
  /** The intent to authenticate when the bank asks for it (charge_status requires_action). */
  payment_intent: ServerIntent | null;
  message: string;
}
