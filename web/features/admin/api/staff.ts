import type {
  ConnectService,
  CustomerDetail,
  ProOption,
  StaffJob,
  StaffPage,
  VendorDetail,
} from "../../../../schema/contracts/admin";
import { apiRequest } from "../../../lib/api-client";

/** The staff calls; their answers' types are shared with the Worker (schema/contracts/admin.ts). */
export type {
  ApplicationRow,
  AuditRow,
  ConnectRequestRow,
  ConnectService,
  CustomerDetail,
  CustomerRow,
  ExceptionRow,
  PayoutRow,
  ProOption,
  RatingRow,
  ReviewRow,
  StaffChargeRow,
  StaffJob,
  StaffJobRow,
  StaffPage,
  VendorDetail,
  VendorRow,
} from "../../../../schema/contracts/admin";

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

export function getVendor(id: number, signal?: AbortSignal): Promise<VendorDetail> {
  return apiRequest<VendorDetail>(`/admin/vendors/${id}`, { signal });
}

export function getCustomer(id: number, signal?: AbortSignal): Promise<CustomerDetail> {
  return apiRequest<CustomerDetail>(`/admin/customers/${id}`, { signal });
}

export function getConnectPros(id: number, signal?: AbortSignal): Promise<ProOption[]> {
  return apiRequest<ProOption[]>(`/connect/admin/requests/${id}/pros`, { signal });
}

export function getConnectServices(signal?: AbortSignal): Promise<ConnectService[]> {
  return apiRequest<ConnectService[]>("/connect/services", { signal });
}

export function getStaffJob(id: number, signal?: AbortSignal): Promise<StaffJob> {
  return apiRequest<StaffJob>(`/admin/jobs/${id}`, { signal });
}
