import { apiRequest } from "../../../lib/api-client";
import type { IntentView, SavedCard } from "../../../lib/payments";

/** The checkout calls (worker/api/checkout.ts). */
export interface CheckoutItem {
  cartitemid: number;
  vendor_id: number | null;
  service_id: number;
  description: string;
  selectedDate: string | null;
  time_zone: string;
  price_cents: number;
  member_discount_cents?: number;
  hold_expires_at: string | null;
  status: string;
  message?: string;
}

export interface CheckoutSummary {
  zipCode: string | null;
  items: CheckoutItem[];
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
  contact: { email: string | null; phone: string | null; address: string | null };
  payment_methods: SavedCard[];
}

export interface PlacedOrder {
  order_id: number;
  status: string;
  total_cents: number;
  email: string | null;
  phone: string | null;
  jobs: Array<{ service_order_id: number; service_id: number; promised_arrival_time: string; price_cents: number }>;
}

export type Completion =
  { status: "succeeded"; order: PlacedOrder; replayed?: boolean } | { status: string; payment_intent: IntentView };

export const validateCart = () =>
  apiRequest<{ valid: true; zipCode: string; items: CheckoutItem[] }>("/checkout/getCartValidation", { json: {} });

export const getSummary = (use_credit: boolean, signal?: AbortSignal) =>
  apiRequest<CheckoutSummary>("/checkout", { json: { use_credit }, signal });

export interface ChargeInput {
  email: string;
  phone: string;
  address: string;
  /** Notes for the pro (optional; domain/customer-notes.ts). */
  notes?: string | null;
  use_credit: boolean;
  payment_method_id?: string | null;
  isSavePaymentMethod: boolean;
  idempotencyKey: string;
}

export const chargeStripe = (body: ChargeInput) =>
  apiRequest<{ order_id: number; amount_cents: number; payment_intent: IntentView | null }>("/checkout/charge-stripe", {
    json: body,
  });

export const chargeConfirm = (payment_intent_id: string) =>
  apiRequest<Completion>("/checkout/charge-confirm", { json: { payment_intent_id } });

export const completeOrder = (body: { idempotencyKey: string; order_id?: number; payment_intent_id?: string }) =>
  apiRequest<Completion>("/checkout/completeOrder", { json: body });
