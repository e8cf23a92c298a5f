import { call } from "../../../lib/api-client";
import { smsClient, vendorClient } from "../../../lib/api-clients";
import { withForm } from "../../../lib/form-body";
import { shrinkPicture } from "../../../lib/shrink-picture";

/**
 * The pro's job actions (worker/api/vendor/me/job-actions.ts, job-photos.ts, redemptions.ts; worker/api/sms/customer.ts)
 * through the typed clients: each answer's type is the handler's.
 */
const me = vendorClient.me;

export function fetchJobActions(soId: number) {
  return call((o) => me.jobs[":id"].actions.$get({ param: { id: String(soId) } }, o));
}

export async function uploadJobPhoto(soId: number, type: string, file: File) {
  const form = new FormData();
  form.set("service_order_id", String(soId));
  form.set("type", type);
  form.set("file", await shrinkPicture(file));
  return call((o) => me.job.$post({}, withForm(o, form)));
}

export function removeJobPhoto(soId: number, type: string, index: number) {
  const form = new FormData();
  form.set("service_order_id", String(soId));
  form.set("type", type);
  form.set("index", String(index));
  return call((o) => me["update-photo"].$post({}, withForm(o, form)));
}

export function validateCompletion(soId: number, checklist: string[]) {
  return call((o) => me["complete-job-validate"].$post({ json: { service_order_id: soId, checklist } }, o));
}

export function completeJob(soId: number, checklist: string[]) {
  return call((o) => me.job.complete.$post({ json: { service_order_id: soId, checklist } }, o));
}

export function issueRefund(soId: number, amountCents: number | undefined, reason: string, key: string) {
  return call((o) =>
    me["issue-refund"].$post(
      { json: { service_order_id: soId, amount_cents: amountCents, reason, idempotencyKey: key } },
      o,
    ),
  );
}

export function addCharge(soId: number, connect: boolean, amountCents: number, description: string, key: string) {
  const json = { service_order_id: soId, amount_cents: amountCents, description, idempotencyKey: key };
  return connect
    ? call((o) => me["add-charge-connect"].$post({ json }, o))
    : call((o) => me["add-charge"].$post({ json }, o));
}

export function reportUnreachable(soId: number, video: File, note: string) {
  const form = new FormData();
  form.set("service_order_id", String(soId));
  form.set("file", video);
  if (note) form.set("note", note);
  return call((o) => me["customer-unreachable"].$post({}, withForm(o, form)));
}

/** Texts the job's customer through the platform (POST /sms/customer, worker/api/sms/customer.ts). */
export function textCustomer(soId: number, message: string) {
  return call((o) => smsClient.customer.$post({ json: { service_order_id: soId, message } }, o));
}

export function requestContactInfo(soId: number) {
  return call((o) => me["request-contact-info"].$post({ json: { service_order_id: soId } }, o));
}

/**
 * Gives the job back. These routes answer `{ code: 200, message: 1 | 2, data }` (the spec's shape): the
 * message and text the page shows are the data's.
 */
export function giveJobBack(soId: number, kind: "emergency" | "cannot-provide", reason: string, note: string) {
  const json = { service_order_id: soId, reason, note: note || undefined };
  return kind === "emergency"
    ? call((o) => me["emergency-reschedule"].$post({ json }, o))
    : call((o) => me["cannot-provide-service"].$post({ json }, o));
}

/** A key per intended action, kept across retries of the same submission (a double click charges once). */
export function actionKey(prefix: string): string {
  return `${prefix}-${crypto.randomUUID()}`;
}

/** The pro's free times for moving this job (its own booking and pending request left out). */
export function fetchRescheduleTimes(soId: number, signal?: AbortSignal) {
  return call((o) => me["reschedule-times"].$get({ query: { service_order_id: String(soId) } }, o), { signal });
}

/** Proposes a new time; the client must approve it before the job moves. */
export function proposeNewTime(soId: number, selectedDate: string, reason: string) {
  return call((o) =>
    me.reschedule.$post({ json: { service_order_id: soId, selectedDate, reason: reason || undefined } }, o),
  );
}

/** Take-home products a pro may sell at a visit (GET /vendor/me/redemption-products; decision 073). */
export function fetchRedemptionProducts(signal?: AbortSignal) {
  return call((o) => me["redemption-products"].$get({}, o), { signal });
}
export type RedemptionProduct = Awaited<ReturnType<typeof fetchRedemptionProducts>>[number];

/** Sells a product at this visit: its customer's saved card pays, or they are texted a payment link. */
export function sellProduct(soId: number, productId: number, key: string) {
  return call((o) =>
    me["redeem-product"].$post({ json: { product_id: productId, service_order_id: soId, idempotency_key: key } }, o),
  );
}

/** The pro's product sales, newest first, 15 a page. */
export function fetchProductSales(page: number, signal?: AbortSignal) {
  return call((o) => me["past-redemption"].$post({ json: { page } }, o), { signal });
}
/** One product sold (POST /vendor/me/redeem-product, /vendor/me/past-redemption). */
export type ProductSale = Awaited<ReturnType<typeof fetchProductSales>>[number];

/** One tap of the visit: on my way, arrived, started (docs/decisions/151). */
export function markVisitStep(soId: number, step: "on_the_way" | "arrived" | "started") {
  return call((o) => me["visit-step"].$post({ json: { service_order_id: soId, step } }, o));
}

/** The pro's position while on the way, if they allowed it (the customer sees only distance and estimate). */
export function shareVisitLocation(soId: number, latitude: number, longitude: number) {
  return call((o) => me["visit-location"].$post({ json: { service_order_id: soId, latitude, longitude } }, o));
}
