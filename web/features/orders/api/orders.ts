import type { AddedChargeView } from "../../../../schema/contracts/added-charges";
import type {
  CancellationPolicyView,
  CompletedOrder,
  CompletedOrdersPage,
  OrderService,
  OrderVendor,
  ScheduledOrder,
} from "../../../../schema/contracts/orders";
import { apiRequest } from "../../../lib/api-client";
import type { IntentView } from "../../../lib/payments";
import type { RescheduleTimes } from "../../../../schema/payloads/orders";

/** The customer's orders after checkout (docs/api-orders.md); answers typed by the shared contracts. */
export type { CompletedOrder, OrderService, OrderVendor, ScheduledOrder };
export type CancelPolicy = CancellationPolicyView;

const zipQuery = (zip: string | null) => (zip ? `?zipCode=${encodeURIComponent(zip)}` : "");

export const listScheduled = (zip: string | null, signal?: AbortSignal) =>
  apiRequest<ScheduledOrder[]>(`/orders${zipQuery(zip)}`, { signal });

export const listCompleted = (zip: string | null, page: number, signal?: AbortSignal) =>
  apiRequest<CompletedOrdersPage>("/order/complete", {
    json: { zipCode: zip ?? undefined, pagination: page },
    signal,
  });

/** What a request that changes the appointment's length answers (docs/decisions/067). */
export interface RescheduleChange {
  service_id: number;
  job_minutes: number;
  difference_cents: number;
  charge_status: string;
  /** Where to pay the difference before the pro sees the request; null when nothing is due. */
  checkout_url: string | null;
}

export const requestReschedule = (service_order_id: number, selectedDate: string, service_id?: number) =>
  apiRequest<{ message: string; selectedDate: string; request_id: number; change?: RescheduleChange }>(
    "/order/reschedule/",
    { json: { service_order_id, selectedDate, ...(service_id ? { service_id } : {}) } },
  );

/** The pro's free times for moving this job (its own booking left out), for its length or another option's. */
export const getRescheduleTimes = (service_order_id: number, signal?: AbortSignal, service_id?: number) =>
  apiRequest<RescheduleTimes>(
    `/order/reschedule-times?service_order_id=${service_order_id}${service_id ? `&service_id=${service_id}` : ""}`,
    { signal },
  );

/** Approve (the job moves) or refuse (it keeps its time) the pro's proposed time. */
export const answerProposal = (request_id: number, accept: boolean) =>
  apiRequest<{ message: string; status: string; selectedDate: string }>("/order/reschedule/answer", {
    json: { request_id, accept },
  });

export const getCancelPolicy = (id: number, signal?: AbortSignal) =>
  apiRequest<CancelPolicy>(`/order/cancel-policy?service_order_id=${id}`, { signal });

export const cancelOrder = (service_order_id: number) =>
  apiRequest<{ message: string }>("/order/cancel", { json: { service_order_id } });

export const messageVendor = (service_order_id: number, message: string) =>
  apiRequest<{ message: string }>("/sms/vendor/", { json: { service_order_id, message } });

export const createTip = (body: {
  service_order_id: number;
  tip_amount: string;
  isSavePaymentMethod: boolean;
  payment_method_id?: string | null;
}) => apiRequest<{ payment_intent: IntentView; tip_cents: number; tip_error?: string }>("/order/tip", { json: body });

export const confirmTip = (payment_intent_id: string) =>
  apiRequest<{ message: string; total_tip_cents: number }>("/order/tip/confirm", { json: { payment_intent_id } });

export const rateOrder = (body: { service_order_id: number; vendor_rating: number; vendor_rating_notes: string }) =>
  apiRequest<{ message: string; vendor_rating: number; vendor_rating_notes: string | null }>("/order/complete", {
    method: "PUT",
    json: body,
  });

/** The customer disputes a paid charge their pro added to the job (docs/decisions/116). */
export const disputeAddedCharge = (adjustment_id: number, reason: string) =>
  apiRequest<AddedChargeView>("/order/added-charge/dispute", { json: { adjustment_id, reason } });
