/**
 * A pro's added charge as the customer's order page and the staff list show it (docs/decisions/116,
 * worker/jobs/added-charges.ts).
 */
export interface AddedChargeView {
  adjustment_id: number;
  service_order_id: number;
  amount_cents: number;
  description: string;
  /** succeeded (paid), awaiting_approval (texted to the customer), declined, withdrawn (the job was cancelled first), pending, failed. */
  status: "pending" | "succeeded" | "failed" | "awaiting_approval" | "declined" | "withdrawn";
  /** auto: charged within the policy without asking; customer: the customer approved (or is asked to). */
  consent: "auto" | "customer";
  /** ISO-8601 UTC. */
  created_at: string;
  disputed_at: string | null;
  dispute_reason: string | null;
  refund_status: "none" | "pending" | "succeeded" | "failed";
  refunded_at: string | null;
  /** A paid charge not disputed or refunded yet. */
  may_dispute: boolean;
}

export interface StaffAddedChargeView extends AddedChargeView {
  vendor_id: number;
  vendor_name: string;
  customer_user_id: number;
  customer_name: string;
  job_price_cents: number;
  /** What the policy lets the pro charge on this job in total without asking. */
  job_cap_cents: number;
  may_refund: boolean;
}
