import type {
  ClientSubscriptionView as ClientSub,
  PayView as PayData,
  PayoutView as Payout,
} from "../../../schema/contracts/pay";
import { call } from "../../lib/api-client";
import { clientSubscriptionClient, paymentsClient, stripeClient, vendorClient } from "../../lib/api-clients";

export type { ClientSub, PayData, Payout };
export type { PayJob } from "../../../schema/contracts/pay";

/**
 * The pro's pay, payouts and client subscriptions (worker/api/vendor/me/pay.ts, client-subscriptions.ts); the
 * answers' types are shared with the Worker (schema/contracts/pay.ts).
 */

const me = vendorClient.me;

export const getPay = (signal?: AbortSignal) => call((o) => me.pay.$post({}, o), { signal });
export const getPayouts = (page: number, signal?: AbortSignal) =>
  call((o) => me["pay-complete"].$post({ json: { page } }, o), { signal });
export const setInstantPayout = (enabled: boolean) => call((o) => me["instant-payout"].$post({ json: { enabled } }, o));
export const instantTransfer = () => call((o) => vendorClient["instant-transfer"].$post({}, o));
/** The pro's client subscriptions. */
export const getClientSubscriptions = (signal?: AbortSignal) =>
  call((o) => me["customer-subscription"].$get({}, o), { signal });

/** The services the pro can offer on a client subscription. */
export const getSubscribableServices = (signal?: AbortSignal) =>
  call((o) => me["customer-subscription-services"].$get({}, o), { signal });
export type OwnService = Awaited<ReturnType<typeof getSubscribableServices>>[number];
export const createClientSubscription = (
  json: Parameters<(typeof me)["customer-subscription-active"]["$post"]>[0]["json"],
) => call((o) => me["customer-subscription-active"].$post({ json }, o));

/** The pro's payout account (worker/api/stripe/express-account.ts; the local adapter's onboarding form). */
export const startOnboarding = () => call((o) => stripeClient["express-account"].$get({}, o));
export const accountLogin = () => call((o) => stripeClient["account-login"].$get({}, o));
export const deleteAccount = () => call((o) => stripeClient["account-delete"].$delete({}, o));
export const completeLocalOnboarding = (json: { legal_name: string; routing_number: string; account_number: string }) =>
  call((o) => paymentsClient.local.connect.onboarding.$post({ json }, o));

/**
 * The client's side of a client subscription, reached with the texted link's token (worker/api/client-subscription.ts).
 */
export const viewClientSubscription = (token: string, signal?: AbortSignal) =>
  call((o) => clientSubscriptionClient.view.$post({ json: { token } }, o), { signal });
/** Answers the subscription, or the 3-D Secure step the client must pass first (202). */
export const giveClientSubscriptionCard = (token: string, paymentMethodId: string) =>
  call((o) => clientSubscriptionClient.card.$post({ json: { token, payment_method_id: paymentMethodId } }, o));
export const approveClientSubscription = (token: string) =>
  call((o) => clientSubscriptionClient.approve.$post({ json: { token } }, o));
export const cancelClientSubscription = (token: string) =>
  call((o) => clientSubscriptionClient.cancel.$post({ json: { token } }, o));

export const STATUS_LABEL: Record<ClientSub["status"], string> = {
  created: "Waiting for card",
  active: "Active",
  pending_approval: "Price change pending",
  cancelled: "Cancelled",
};

export function intervalLabel(days: number): string {
  if (days === 30) return "Monthly";
  if (days === 7) return "Weekly";
  return `Every ${days / 7} weeks`;
}
