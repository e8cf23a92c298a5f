import type { DisputeStatus } from "../../domain/disputes";

/** A dispute in the staff list (GET /api/admin/disputes; docs/decisions/148-disputes.md). */
export interface StaffDisputeRow {
  id: string;
  status: DisputeStatus;
  amount_cents: number;
  reason: string;
  /** Epoch ms; null once evidence can no longer be sent. */
  due_by: number | null;
  payment_intent_id: string;
  service_order_id: number | null;
  customer_name: string | null;
  vendor_name: string | null;
  evidence_submitted_at: number | null;
  created_at: number;
}

/** One dispute's page: the job, the pro, the customer, the evidence on file and the pro's pay lines. */
export interface StaffDisputeDetail extends StaffDisputeRow {
  purpose: string | null;
  funds_withdrawn: boolean;
  may_submit: boolean;
  job: {
    service_order_id: number;
    service: string | null;
    promised_arrival_time: number;
    status_id: number;
    address: string | null;
    completed_at: number | null;
  } | null;
  vendor: { vendor_id: number; name: string | null } | null;
  customer: { user_id: number; name: string | null; email: string | null } | null;
  /** The job's photos (before, after, testimonial), as the pro uploaded them. */
  photos: { kind: "before" | "after" | "testimonial"; url: string }[];
  /** The completion checklist the pro ticked, when the job was closed. */
  checklist: string[];
  /** Texts between the pro and the customer through the platform, around the visit. */
  messages: { to: "customer" | "pro"; body: string; at: number }[];
  /** The pro's pay lines of this dispute (held back, given back). */
  pay_lines: { vendor_id: number; amount_cents: number; ref: string; created_at: number }[];
}
