import { apiRequest } from "../../lib/api-client";

/** The pro's pay, payouts and client subscriptions (worker/api/vendor-pay.ts, client-subscriptions.ts). */

export interface PayJob {
  service_order_id: number;
  description: string;
  completed_at: number;
  price_cents: number;
  commission_cents: number;
  job_cents: number;
  tip_cents: number;
  add_charge_cents: number;
  adjustment_cents: number;
  refund_cents: number;
  earned_cents: number;
  paid_out: boolean;
}

export interface PayData {
  available_cents: number;
  pending_cents: number;
  pending_jobs: number;
  next_payout_at: number | null;
  payouts_paused: boolean;
  instant_payout_enabled: boolean;
  instant_fee: { bps: number; min_cents: number };
  account: {
    status: "pending" | "active" | "restricted" | "deleted";
    payouts_enabled: boolean;
    charges_enabled: boolean;
    details_submitted: boolean;
    requirements_due: string[];
    disabled_reason: string | null;
    provider: string;
  } | null;
  jobs: PayJob[];
  redemptions: Array<{
    redemption_id: number;
    name: string;
    client_name: string;
    price_cents: number;
    vendor_cents: number;
    created_at: number;
  }>;
}

export interface Payout {
  payout_id: number;
  kind: "standard" | "instant";
  status: string;
  amount_cents: number;
  fee_cents: number;
  period_start: number | null;
  created_at: number;
  paid_at: number | null;
  lines: number;
}

export const getPay = (signal?: AbortSignal) => apiRequest<PayData>("/vendor/me/pay", { method: "POST", signal });
export const getPayouts = (page: number, signal?: AbortSignal) =>
  apiRequest<Payout[]>("/vendor/me/pay-complete", { json: { page }, signal });
export const setInstantPayout = (enabled: boolean) =>
  apiRequest<{ instant_payout_enabled: boolean }>("/vendor/me/instant-payout", { json: { enabled } });
export const instantTransfer = () => apiRequest<Payout>("/vendor/instant-transfer", { method: "POST" });
export const startOnboarding = () => apiRequest<{ url: string }>("/stripe/express-account");
export const accountLogin = () => apiRequest<{ url: string }>("/stripe/account-login");
export const deleteAccount = () => apiRequest<{ deleted: boolean }>("/stripe/account-delete", { method: "DELETE" });

export interface ClientSub {
  client_subscription_id: number;
  status: "created" | "active" | "pending_approval" | "cancelled";
  client_name: string;
  client_phone: string;
  client_email: string | null;
  service: string;
  vendor_name: string;
  price_cents: number;
  pending_price_cents: number | null;
  interval_days: number;
  address: string;
  next_dates: Array<{ at: number; local: string }>;
  card: { brand: string; last4: string } | null;
  declined: boolean;
}

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
