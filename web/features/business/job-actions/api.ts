import type { JobActionsView, JobPhotosView } from "../../../../schema/payloads/job-actions";
import { apiRequest } from "../../../lib/api-client";
import { shrinkPicture } from "../../../lib/shrink-picture";

/** The pro's job actions (worker/api/vendor/me/job-actions.ts, vendor-job-photos.ts, sms-customer.ts). */

export function fetchJobActions(soId: number) {
  return apiRequest<JobActionsView>(`/vendor/me/jobs/${soId}/actions`);
}

export async function uploadJobPhoto(soId: number, type: string, file: File) {
  const form = new FormData();
  form.set("service_order_id", String(soId));
  form.set("type", type);
  form.set("file", await shrinkPicture(file));
  return apiRequest<JobPhotosView>("/vendor/me/job", { form });
}

export function removeJobPhoto(soId: number, type: string, index: number) {
  const form = new FormData();
  form.set("service_order_id", String(soId));
  form.set("type", type);
  form.set("index", String(index));
  return apiRequest<JobPhotosView>("/vendor/me/update-photo", { form });
}

export function validateCompletion(soId: number, checklist: string[]) {
  return apiRequest<{ message: string }>("/vendor/me/complete-job-validate", {
    json: { service_order_id: soId, checklist },
  });
}

export function completeJob(soId: number, checklist: string[]) {
  return apiRequest<{ message: string }>("/vendor/me/job/complete", { json: { service_order_id: soId, checklist } });
}

export function issueRefund(soId: number, amountCents: number | undefined, reason: string, key: string) {
  return apiRequest<{ message: string; amount_cents: number }>("/vendor/me/issue-refund", {
    json: { service_order_id: soId, amount_cents: amountCents, reason, idempotencyKey: key },
  });
}

export function addCharge(soId: number, connect: boolean, amountCents: number, description: string, key: string) {
  return apiRequest<{ message: string; status: string }>(
    connect ? "/vendor/me/add-charge-connect" : "/vendor/me/add-charge",
    {
      json: { service_order_id: soId, amount_cents: amountCents, description, idempotencyKey: key },
    },
  );
}

export function reportUnreachable(soId: number, video: File, note: string) {
  const form = new FormData();
  form.set("service_order_id", String(soId));
  form.set("file", video);
  if (note) form.set("note", note);
  return apiRequest<{ message: string }>("/vendor/me/customer-unreachable", { form });
}

export function textCustomer(soId: number, message: string) {
  return apiRequest<{ message: string }>("/sms/customer", { json: { service_order_id: soId, message } });
}

export function requestContactInfo(soId: number) {
  return apiRequest<{ message: string }>("/vendor/me/request-contact-info", { json: { service_order_id: soId } });
}

export function giveJobBack(soId: number, kind: "emergency" | "cannot-provide", reason: string, note: string) {
  const path = kind === "emergency" ? "/vendor/me/emergency-reschedule" : "/vendor/me/cannot-provide-service";
  return apiRequest<{ code: 200; message: 1 | 2; text: string }>(path, {
    json: { service_order_id: soId, reason, note: note || undefined },
  });
}

/** A key per intended action, kept across retries of the same submission (a double click charges once). */
export function actionKey(prefix: string): string {
  return `${prefix}-${crypto.randomUUID()}`;
}

/** The pro's free times for moving this job (its own booking and pending request left out). */
export function fetchRescheduleTimes(soId: number, signal?: AbortSignal) {
  return apiRequest<import("../../../../schema/payloads/orders").RescheduleTimes>(
    `/vendor/me/reschedule-times?service_order_id=${soId}`,
    { signal },
  );
}

/** Proposes a new time; the client must approve it before the job moves. */
export function proposeNewTime(soId: number, selectedDate: string, reason: string) {
  return apiRequest<{ message: string; request_id: number; selectedDate: string }>("/vendor/me/reschedule", {
    json: { service_order_id: soId, selectedDate, reason: reason || undefined },
  });
}

/** A take-home product a pro may sell at a visit (GET /vendor/me/redemption-products; decision 073). */
export interface RedemptionProduct {
  product_id: number;
  name: string;
  description: string | null;
  price_cents: number;
  vendor_cents: number;
}

/** One product sold (POST /vendor/me/redeem-product, /vendor/me/past-redemption). */
export interface ProductSale {
  redemption_id: number;
  name?: string;
  client_name: string | null;
  price_cents?: number;
  cost_cents?: number;
  vendor_cents: number;
  service_order_id: number | null;
  status: "requested" | "fulfilled" | "cancelled";
  created_at: number;
  pay_url?: string;
}

export function fetchRedemptionProducts(signal?: AbortSignal) {
  return apiRequest<RedemptionProduct[]>("/vendor/me/redemption-products", { signal });
}

/** Sells a product at this visit: its customer's saved card pays, or they are texted a payment link. */
export function sellProduct(soId: number, productId: number, key: string) {
  return apiRequest<ProductSale>("/vendor/me/redeem-product", {
    json: { product_id: productId, service_order_id: soId, idempotency_key: key },
  });
}

/** The pro's product sales, newest first, 15 a page. */
export function fetchProductSales(page: number, signal?: AbortSignal) {
  return apiRequest<ProductSale[]>("/vendor/me/past-redemption", { json: { page }, signal });
}
