import { apiRequest } from "../../../lib/api-client";

/** A page of a staff list (worker/admin/paging.ts): 10 items, and whether another page follows. */
export interface StaffPage<T> {
  items: T[];
  page: number;
  page_size: number;
  has_more: boolean;
}

export function getStaffPage<T>(
  path: string,
  params: Record<string, string | number | undefined>,
  signal?: AbortSignal,
): Promise<StaffPage<T>> {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== "") q.set(k, String(v));
  const qs = q.toString();
  return apiRequest<StaffPage<T>>(`${path}${qs ? `?${qs}` : ""}`, { signal });
}

/** Every staff action is a POST with a JSON body (a reason at least); answers the action's data. */
export function staffAction<T = unknown>(path: string, body: Record<string, unknown>): Promise<T> {
  return apiRequest<T>(path, { method: "POST", json: body });
}

export function getSmsProvider(signal?: AbortSignal): Promise<{ provider: string }> {
  return apiRequest<{ provider: string }>("/admin/outbox/provider", { signal });
}

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
}

export interface ApplicationRow {
  application_id: number;
  name: string;
  phone: string;
  email: string;
  zipcode: string;
  experience_years: number | null;
  about: string | null;
  license_number: string | null;
  status: string;
  created_at: number;
}

export interface ReviewRow {
  vendor_id: number;
  display_name: string;
  photo: string | null;
  photo_status: string;
  license_status: string;
  license_expires_at: number | null;
}

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

export interface CustomerRow {
  user_id: number;
  name: string;
  phone: string;
  email: string;
  zipcode: string | null;
  status: string;
  credit_balance_cents: number;
}

export interface CustomerDetail extends CustomerRow {
  orders: Array<{ order_id: number; status: string; total_cents: number; zipcode: string; created_at: number }>;
  credits: Array<{ entry_id: number; delta_cents: number; reason: string; note: string | null; created_at: number }>;
  jobs: Array<{
    service_order_id: number;
    description: string;
    service_order_status_id: number;
    promised_arrival_time: number;
    price_cents: number;
    vendor_name: string;
  }>;
}

export function getCustomer(id: number, signal?: AbortSignal): Promise<CustomerDetail> {
  return apiRequest<CustomerDetail>(`/admin/customers/${id}`, { signal });
}

export interface PayoutRow {
  payout_id: number;
  vendor_name: string;
  amount_cents: number;
  fee_cents: number;
  kind: string;
  status: string;
  failure_reason: string | null;
  created_at: number;
}

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
  created_at: string;
}

export interface ConnectRequestRow {
  connect_request_id: number;
  business_name: string;
  contact_name: string;
  phone: string;
  email: string;
  address: string;
  zipcode: string;
  local_time: string;
  people: number;
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
  /** A pay link was sent; paid once the business paid it. */
  invoiced: boolean;
  paid: boolean;
  /** Offered to several pros: their names. */
  offered_to: string | null;
}

export interface ProOption {
  vendor_id: number;
  display_name: string;
  base_zip: string | null;
}

export function getConnectPros(id: number, signal?: AbortSignal): Promise<ProOption[]> {
  return apiRequest<ProOption[]>(`/connect/admin/requests/${id}/pros`, { signal });
}

export interface ConnectService {
  service_id: number;
  description: string;
  duration_minutes: number;
}

export function getConnectServices(signal?: AbortSignal): Promise<ConnectService[]> {
  return apiRequest<ConnectService[]>("/connect/services", { signal });
}

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

export interface StaffJob {
  service_order_id: number;
  order_id: number;
  vendor_id: number | null;
  vendor_name: string | null;
  customer_name: string;
  description: string;
  service_order_status_id: number;
  local_time: string;
  time_zone: string;
  price_cents: number;
  is_connect: boolean;
  reschedule_fee_cents: number;
  may_suspend: boolean;
  may_reschedule: boolean;
}

export function getStaffJob(id: number, signal?: AbortSignal): Promise<StaffJob> {
  return apiRequest<StaffJob>(`/admin/jobs/${id}`, { signal });
}

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
