import { call } from "../../../lib/api-client";
import { checkoutClient } from "../../../lib/api-clients";
import type { CheckoutItem, CheckoutSummary, OrderView } from "../../../../schema/contracts/checkout";

/** The checkout calls (worker/api/checkout/checkout.ts), typed by its routes through the checkout client. */
export type { CheckoutItem, CheckoutSummary };
/** A placed order as the confirmation shows it. */
export type PlacedOrder = OrderView;

export const validateCart = () => call((o) => checkoutClient.getCartValidation.$post(undefined, o));

export const getSummary = (use_credit: boolean, signal?: AbortSignal) =>
  call((o) => checkoutClient.index.$post({ json: { use_credit } }, o), { signal });

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
  call((o) => checkoutClient["charge-stripe"].$post({ json: body }, o));

export const chargeConfirm = (payment_intent_id: string) =>
  call((o) => checkoutClient["charge-confirm"].$post({ json: { payment_intent_id } }, o));

export const completeOrder = (body: { idempotencyKey: string; order_id?: number; payment_intent_id?: string }) =>
  call((o) => checkoutClient.completeOrder.$post({ json: body }, o));

/** What charge-confirm and completeOrder answer: the placed order once paid, else the intent still to finish. */
export type Completion = Awaited<ReturnType<typeof chargeConfirm>> | Awaited<ReturnType<typeof completeOrder>>;
