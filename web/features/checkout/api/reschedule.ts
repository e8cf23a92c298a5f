import type { RescheduleCheckout } from "../../../../schema/contracts/checkout";
import { apiRequest, type ApiFetch } from "../../../lib/api-client";

/**
 * The reschedule checkout's calls (docs/decisions/067), apart from its page: the route loaders read them on the
 * server, and a loader's imports ride in the first bundle every page loads, so they stay this small.
 */
export const rescheduleKey = (id: number) => `checkout:reschedule:${id}`;
export const rescheduleDoneKey = (id: number) => `checkout:reschedule-complete:${id}`;

export function readRescheduleCheckout(requestId: number, via?: ApiFetch) {
  return apiRequest<RescheduleCheckout>("/checkout/reschedule", { json: { request_id: requestId }, via });
}

export const completeReschedule = (requestId: number) =>
  apiRequest<RescheduleCheckout>("/checkout/reschedule-complete", { json: { request_id: requestId } });
