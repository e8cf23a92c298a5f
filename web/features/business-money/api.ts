import type {
  ClientSubscriptionView as ClientSub,
  PayView as PayData,
  PayoutView as Payout,
} from "../../../schema/contracts/pay";
import { apiRequest, call } from "../../lib/api-client";
import { vendorClient } from "../../lib/api-clients";

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

export const startOnboarding = () => apiRequest<{ url: string }>("/stripe/express-account");
export const accountLogin = () => apiRequest<{ url: string }>("/stripe/account-login");
export const deleteAccount = () => apiRequest<{ deleted: boolean }>("/stripe/account-delete", { method: "DELETE" });

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
