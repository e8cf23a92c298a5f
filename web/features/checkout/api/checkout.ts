import { apiRequest } from "../../../lib/api-client";
import type { CartValidation, CheckoutItem, CheckoutSummary, OrderView } from "../../../../schema/contracts/checkout";
import type { IntentView } from "../../../lib/payments";

/** The checkout calls (worker/api/checkout/checkout.ts); their answers are the shared contracts of schema/contracts. */
export type { CheckoutItem, CheckoutSummary };
/** A placed order as the confirmation shows it. */
export type PlacedOrder = OrderView;

export type Completion =
  { status: "succeeded"; order: PlacedOrder; replayed?: boolean } | { status: string; payment_intent: IntentView };

export const validateCart = () => apiRequest<CartValidation>("/checkout/getCartValidation", { json: {} });

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
