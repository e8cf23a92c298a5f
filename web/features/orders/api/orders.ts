import type {
  CancellationPolicyView,
  CompletedOrder,
  OrderService,
  OrderVendor,
  ScheduledOrder,
} from "../../../../schema/contracts/orders";
import { call } from "../../../lib/api-client";
import { orderClient, ordersClient, smsClient } from "../../../lib/api-clients";

/** The customer's orders after checkout (docs/api-orders.md); answers typed by the shared contracts. */
export type { CompletedOrder, OrderService, OrderVendor, ScheduledOrder };
export type CancelPolicy = CancellationPolicyView;

export const listScheduled = (zip: string | null, signal?: AbortSignal) =>
  call((o) => ordersClient.index.$get({ query: zip ? { zipCode: zip } : {} }, o), { signal });

export const listCompleted = (zip: string | null, page: number, signal?: AbortSignal) =>
  call((o) => orderClient.complete.$post({ json: { zipCode: zip ?? undefined, pagination: page } }, o), { signal });

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
  call((o) =>
    orderClient.reschedule.$post(
      { json: { service_order_id, selectedDate, ...(service_id ? { service_id } : {}) } },
      o,
    ),
  );

/** The pro's free times for moving this job (its own booking left out), for its length or another option's. */
export const getRescheduleTimes = (service_order_id: number, signal?: AbortSignal, service_id?: number) =>
  call(
    (o) =>
      orderClient["reschedule-times"].$get(
        {
          query: {
            service_order_id: String(service_order_id),
            ...(service_id ? { service_id: String(service_id) } : {}),
          },
        },
        o,
      ),
    { signal },
  );

/** Approve (the job moves) or refuse (it keeps its time) the pro's proposed time. */
export const answerProposal = (request_id: number, accept: boolean) =>
  call((o) => orderClient.reschedule.answer.$post({ json: { request_id, accept } }, o));

export const getCancelPolicy = (id: number, signal?: AbortSignal) =>
  call((o) => orderClient["cancel-policy"].$get({ query: { service_order_id: String(id) } }, o), { signal });

export const cancelOrder = (service_order_id: number) =>
  call((o) => orderClient.cancel.$post({ json: { service_order_id } }, o));

export const messageVendor = (service_order_id: number, message: string) =>
  call((o) => smsClient.vendor.$post({ json: { service_order_id, message } }, o));

export const createTip = (body: {
  service_order_id: number;
  tip_amount: string;
  isSavePaymentMethod: boolean;
  payment_method_id?: string | null;
}) => call((o) => orderClient.tip.$post({ json: body }, o));

export const confirmTip = (payment_intent_id: string) =>
  call((o) => orderClient.tip.confirm.$post({ json: { payment_intent_id } }, o));

export const rateOrder = (body: { service_order_id: number; vendor_rating: number; vendor_rating_notes: string }) =>
  call((o) => orderClient.complete.$put({ json: body }, o));

/** The customer disputes a paid charge their pro added to the job (docs/decisions/116). */
export const disputeAddedCharge = (adjustment_id: number, reason: string) =>
  call((o) => orderClient["added-charge"].dispute.$post({ json: { adjustment_id, reason } }, o));

/** "Book again" on a completed visit: the same pro's next free times for the same service (docs/decisions/153). */
export const getBookAgain = (service_order_id: number, signal?: AbortSignal) =>
  call((o) => orderClient["book-again"].$get({ query: { service_order_id: String(service_order_id) } }, o), {
    signal,
  });

export type BookAgainOffer = Awaited<ReturnType<typeof getBookAgain>>;
