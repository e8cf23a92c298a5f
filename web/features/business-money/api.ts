import type {
  ClientSubscriptionView as ClientSub,
  PayView as PayData,
  PayoutView as Payout,
} from "../../../schema/contracts/pay";
import { apiRequest } from "../../lib/api-client";

export type { ClientSub, PayData, Payout };
export type { PayJob } from "../../../schema/contracts/pay";

/**
 * The pro's pay, payouts and client subscriptions (worker/api/vendor/me/pay.ts, client-subscriptions.ts); the
 * answers' types are shared with the Worker (schema/contracts/pay.ts).
 */

export const getPay = (signal?: AbortSignal) => apiRequest<PayData>("/vendor/me/pay", { method: "POST", signal });
export const getPayouts = (page: number, signal?: AbortSignal) =>
  apiRequest<Payout[]>("/vendor/me/pay-complete", { json: { page }, signal });
export const setInstantPayout = (enabled: boolean) =>
  apiRequest<{ instant_payout_enabled: boolean }>("/vendor/me/instant-payout", { json: { enabled } });
export const instantTransfer = () => apiRequest<Payout>("/vendor/instant-transfer", { method: "POST" });
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
