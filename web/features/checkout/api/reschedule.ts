import { call, type CallOptions } from "../../../lib/api-client";
import { checkoutClient } from "../../../lib/api-clients";
import { defineQuery } from "../../../lib/query";

/**
 * The reschedule checkout's calls (docs/decisions/067), apart from its page: the route loaders read them on the
 * server, and a loader's imports ride in the first bundle every page loads, so they stay this small.
 */
const readRescheduleCheckout = (requestId: number, opts?: CallOptions) =>
  call((o) => checkoutClient.reschedule.$post({ json: { request_id: requestId } }, o), opts);

/** The review of a reschedule request before paying its difference (/checkout/reschedule). */
export const rescheduleQuery = defineQuery({
  key: (requestId: number) => `checkout:reschedule:${requestId}`,
  fetch: readRescheduleCheckout,
});

/** The same review once paid (/checkout/reschedule-complete), under its own key. */
export const rescheduleDoneQuery = defineQuery({
  key: (requestId: number) => `checkout:reschedule-complete:${requestId}`,
  fetch: readRescheduleCheckout,
});

export const completeReschedule = (requestId: number) =>
  call((o) => checkoutClient["reschedule-complete"].$post({ json: { request_id: requestId } }, o));
