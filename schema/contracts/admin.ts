/**
 * What the staff (admin) calls answer, typed once for the Worker and the web
 * (docs/decisions/111-business-admin-pay-contracts.md). Lists come a page at a time (`StaffPage`, 10 items
 * and whether another page follows). Times are epoch milliseconds unless a field says otherwise.
 */

/** A page of a staff list: `{ data: { items, page, page_size, has_more } }`. */
export interface StaffPage<T> {
  items: T[];
  page: number;
  page_size: number;
  has_more: boolean;
}

/** GET /admin/vendors. */
export interface VendorRow {
  vendor_id: number;
  display_name: string;
  user_name: string;
  phone: string;
  base_zip: string | null;
  status: "active" | "deactivated" | "terminated";
  soft_banned: number;
  reliability: number;
  payouts_paused: number;
  rating_avg_x100: number;
  rating_count: number;
  completed_jobs: number;
  /** Who deactivated the account: the pro (a pause) or staff (docs/decisions/118). */
  deactivated_by: "pro" | "staff" | null;
  /** When the pro asked staff to reactivate their account, and their note (null: no request waiting). */
  reactivation_requested_at: number | null;
  reactivation_note: string | null;
}

/** GET /admin/vendors/{id}: one pro as staff see them, with their services and payout account. */
export interface VendorDetail {
  vendor_id: number;
  display_name: string;
  user_name: string;
  phone: string;
  email: string | null;
  base_zip: string | null;
  status: VendorRow["status"];
  soft_banned: number;
  reliability: number;
  payouts_paused: number;
  license_status: string | null;
  photo_status: string | null;
  review_note: string | null;
  completed_jobs: number;
  services: { service_id: number; description: string; enabled: number; restricted_at: number | null }[];
  payout_account: { provider: string; status: string; payouts_enabled: number } | null;
}

/** GET /admin/applications. */
export interface ApplicationRow {
  application_id: number;
  name: string;
  phone: string;
  email: string;
  zipcode: string;
  service_groups: number[];
  experience_years: number | null;
  about: string | null;
  license_number: string | null;
  license_state: string | null;
  status: "submitted" | "approved" | "rejected" | "silently_rejected" | "ignored";
  review_notes: string | null;
  reviewed_at: number | null;
  vendor_id: number | null;
  created_at: number;
  /** What staff decide with (decision 121): the area, the services by name, the photo and each licence's file. */
  radius_miles: number | null;
  groups: { service_code_group_id: number; name: string; license_required: boolean }[];
  photo_url: string | null;
  licenses: {
    group_id: number;
    group_name: string;
    number: string;
    state: string;
    expires_at: number;
    file_url: string;
    file_type: "image" | "pdf";
  }[];
}

/** GET /admin/reviews: pros with a photo or a licence waiting for review. */
export type ReviewRow = PhotoReviewItem | LicenceReviewItem;

/** A profile photo waiting for staff. */
export interface PhotoReviewItem {
  kind: "photo";
  vendor_id: number;
  display_name: string;
  photo: string | null;
}

/** A licence waiting for staff (a first licence of a group, or a renewal while the current one holds). */
export interface LicenceReviewItem {
  kind: "license";
  vendor_id: number;
  display_name: string;
  group_id: number;
  group_name: string;
  renewal: boolean;
  /** The expiry of the licence under review. */
  expires_at: number;
  /** A renewal: the expiry of the licence it replaces. */
  current_expires_at: number | null;
  submitted_at: number;
  /** The file, served to staff only. */
  file_url: string;
  file_type: "image" | "pdf";
}

/** GET /admin/ratings: ratings waiting for approval. */
export interface RatingRow {
  service_order_id: number;
  vendor_id: number;
  vendor_name: string;
  customer_name: string;
  vendor_rating: number;
  vendor_rating_notes: string | null;
  rated_at: number;
  service: string;
}

/** GET /admin/customers. */
export interface CustomerRow {
  user_id: number;
  name: string;
  phone: string;
  email: string;
  zipcode: string | null;
  status: string;
  credit_balance_cents: number;
  created_at: number;
}

/** GET /admin/customers/:id: the customer, their orders, credit ledger and the jobs a charge can be for. */
export interface CustomerDetail extends CustomerRow {
  orders: Array<{ order_id: number; status: string; total_cents: number; zipcode: string; created_at: number }>;
  credits: Array<{
    entry_id: number;
    delta_cents: number;
    reason: string;
    ref: string;
    note: string | null;
    created_at: number;
  }>;
  jobs: Array<{
    service_order_id: number;
    order_id: number;
    description: string;
    service_order_status_id: number;
    promised_arrival_time: number;
    time_zone: string;
    price_cents: number;
    vendor_name: string;
  }>;
}

/** GET /admin/payouts. */
export interface PayoutRow {
  payout_id: number;
  vendor_id: number;
  vendor_name: string;
  amount_cents: number;
  fee_cents: number;
  kind: string;
  status: string;
  failure_reason: string | null;
  created_at: number;
  paid_at: number | null;
}

/** GET /admin/audit: the audit trail, newest first; the values as they were recorded. */
export interface AuditRow {
  id: number;
  actor_user_id: number | null;
  actor_name: string | null;
  action: string;
  target_type: string;
  target_id: string | null;
  reason: string | null;
  before_value: unknown;
  after_value: unknown;
  details: unknown;
  /** ISO-8601 UTC. */
  created_at: string;
}

/** GET /admin/charges?user_id=: the staff's charges of a customer. */
export interface StaffChargeRow {
  staff_charge_id: number;
  kind: "charge" | "suspension_fee";
  service_order_id: number;
  amount_cents: number;
  reason: string;
  status: "pending" | "succeeded" | "failed" | "link_sent";
  created_at: number;
  staff_name: string;
}

/** GET /admin/exceptions: pros' requests to lift a reliability penalty. */
export interface ExceptionRow {
  exception_id: number;
  vendor_id: number;
  vendor_name: string;
  reliability: number;
  penalty: number;
  explanation: string;
  status: "pending" | "approved" | "denied";
  decision_note: string | null;
  created_at: number;
  kind: string;
  incident_note: string | null;
  service_order_id: number;
  service: string;
}

/** GET /admin/jobs/:id: one job as support sees it, with what support may do to it. */
export interface StaffJob {
  service_order_id: number;
  order_id: number;
  user_id: number;
  vendor_id: number | null;
  vendor_name: string | null;
  customer_name: string;
  /** The number the customer is texted at (the order's, else the account's). */
  phone: string | null;
  service_id: number;
  description: string;
  service_order_status_id: number;
  promised_arrival_time: number;
  /** The same instant as an ISO string. */
  starts_at: string;
  local_time: string;
  time_zone: string;
  zipcode: string;
  job_minutes: number;
  price_cents: number;
  vendor_payout_cents: number;
  is_connect: boolean;
  reschedule_fee_cents: number;
  may_suspend: boolean;
  may_reschedule: boolean;
}

/** GET /admin/jobs: one row of the staff's job list (worker/jobs/staff-job-list.ts). */
export interface StaffJobRow {
  service_order_id: number;
  /** The service booked. */
  description: string;
  customer_name: string;
  /** The pro's display name; null while no pro has the job. */
  vendor_name: string | null;
  /** "YYYY-MM-DD HH:MM" in the job's zone, as on the single job (GET /admin/jobs/:id). */
  local_time: string;
  /** The same instant as an ISO string. */
  starts_at: string;
  time_zone: string;
  zipcode: string;
  price_cents: number;
  service_order_status_id: number;
  is_connect: boolean;
}

/** GET /connect/admin/requests: a business's request for pros, as the connect staff see it. */
export interface ConnectRequestRow {
  connect_request_id: number;
  business_name: string;
  contact_name: string;
  phone: string;
  email: string;
  address: string;
  zipcode: string;
  /** When the business wants the pros (epoch ms) in `time_zone`; `local_time` is it as shown. */
  starts_at: number;
  time_zone: string;
  local_time: string;
  people: number;
  service_id: number;
  service: string;
  notes: string | null;
  status: string;
  vendor_id: number | null;
  vendor_name: string | null;
  /** Once scheduled (docs/decisions/087): the connect job, its sessions and what the business pays. */
  sessions: number | null;
  service_order_id: number | null;
  price_cents: number | null;
  job_status: number | null;
  /** The pay link's status (open, paid...) and when it was paid; null before an invoice. */
  pay_status: string | null;
  paid_at: number | null;
  /** A pay link was sent; paid once the business paid it. */
  invoiced: boolean;
  paid: boolean;
  /** Offered to several pros: their names. */
  offered_to: string | null;
  /** When the current offer round ends (epoch ms; docs/decisions/113), and when a round last ended untaken. */
  offer_expires_at: number | null;
  offer_expired_at: number | null;
  /** Back in the queue because an offer round ended with nobody taking it ("Nobody took the offer"). */
  nobody_took_offer: boolean;
  /** Another time a pro who cannot make this one proposed (epoch ms, local, and who; docs/decisions/123). */
  proposed_starts_at: number | null;
  proposed_local_time: string | null;
  proposed_vendor_name: string | null;
  /** Reminders sent for the current unpaid invoice link (0 to 2) and when the last went out (docs/decisions/114). */
  reminders: number;
  last_reminder_at: number | null;
  created_at: number;
}

/** GET /connect/admin/requests/:id/pros: a pro the connect staff may assign. */
export interface ProOption {
  vendor_id: number;
  display_name: string;
  base_zip: string | null;
  rating_avg_x100: number;
  completed_jobs: number;
}

/** GET /connect/services: a service a business may ask for. */
export interface ConnectService {
  service_id: number;
  description: string;
  duration_minutes: number;
}

/** GET /connect/admin/tips: a tip on a business job, with its job, pro and local time. */
export interface ConnectTipRow {
  tip_id: number;
  service_order_id: number;
  amount_cents: number;
  /** A client's tip, or one paid through the pro's secure-pay link. */
  source: "customer" | "secure_pay";
  status: "pending" | "succeeded" | "failed";
  created_at: number;
  vendor_name: string | null;
  service: string;
  promised_arrival_time: number;
  time_zone: string;
  /** The job's time where it happens ("2026-03-04 10:00"). */
  local_time: string;
}

/** A custom service in the staff list (GET /api/admin/custom-services), retired ones included. */
export interface StaffCustomServiceRow {
  custom_service_id: number;
  custom_sc: string;
  service_code_group_id: number;
  group_name: string;
  /** null: offered everywhere. */
  area_id: number | null;
  area_name: string | null;
  name: string;
  description: string | null;
  duration_minutes: number;
  price_cents: number;
  /** false once retired. */
  enable: boolean;
  created_at: number;
}

/** What the custom-service form chooses from. */
export interface CustomServiceChoices {
  areas: Array<{ area_id: number; name: string }>;
  groups: Array<{ service_code_group_id: number; name: string }>;
}
