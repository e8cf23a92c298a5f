import type { ClientRequestOptions, ClientResponse } from "hono/client";
import { call, type CallOptions, type DataOf } from "../../../lib/api-client";
import { adminClient, connectClient } from "../../../lib/api-clients";

/**
 * The staff calls, through the typed admin and connect clients (web/lib/api-clients.ts): each call's input
 * and answer are the route's own (worker/api/admin/**, worker/api/connect/**), checked by the compiler.
 * The row types below are what the routes answer; schema/contracts/admin.ts declares them once for both.
 */
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

/** The query a typed GET takes (its first argument's `query`). */
type QueryOf<F> = F extends (args: infer A, ...rest: never[]) => unknown
  ? NonNullable<A> extends { query: infer Q }
    ? Q
    : never
  : never;

/** A staff list's page loader: its filters and page as the route's query, answering the route's page. */
export type StaffListLoader<Q, T> = (query: Q, opts?: CallOptions) => Promise<T>;

export const staffLists = {
  vendors: (query: QueryOf<typeof adminClient.vendors.$get>, o?: CallOptions) =>
    call((r) => adminClient.vendors.$get({ query }, r), o),
  applications: (query: QueryOf<typeof adminClient.applications.$get>, o?: CallOptions) =>
    call((r) => adminClient.applications.$get({ query }, r), o),
  reviews: (query: QueryOf<typeof adminClient.reviews.$get>, o?: CallOptions) =>
    call((r) => adminClient.reviews.$get({ query }, r), o),
  ratings: (query: QueryOf<typeof adminClient.ratings.$get>, o?: CallOptions) =>
    call((r) => adminClient.ratings.$get({ query }, r), o),
  customers: (query: QueryOf<typeof adminClient.customers.$get>, o?: CallOptions) =>
    call((r) => adminClient.customers.$get({ query }, r), o),
  audit: (query: QueryOf<typeof adminClient.audit.$get>, o?: CallOptions) =>
    call((r) => adminClient.audit.$get({ query }, r), o),
  payouts: (query: QueryOf<typeof adminClient.payouts.$get>, o?: CallOptions) =>
    call((r) => adminClient.payouts.$get({ query }, r), o),
  charges: (query: QueryOf<typeof adminClient.charges.$get>, o?: CallOptions) =>
    call((r) => adminClient.charges.$get({ query }, r), o),
  addedCharges: (query: QueryOf<(typeof adminClient)["added-charges"]["$get"]>, o?: CallOptions) =>
    call((r) => adminClient["added-charges"].$get({ query }, r), o),
  jobs: (query: QueryOf<typeof adminClient.jobs.$get>, o?: CallOptions) =>
    call((r) => adminClient.jobs.$get({ query }, r), o),
  exceptions: (query: QueryOf<typeof adminClient.exceptions.$get>, o?: CallOptions) =>
    call((r) => adminClient.exceptions.$get({ query }, r), o),
  customServices: (query: QueryOf<(typeof adminClient)["custom-services"]["$get"]>, o?: CallOptions) =>
    call((r) => adminClient["custom-services"].$get({ query }, r), o),
  disputes: (query: QueryOf<typeof adminClient.disputes.$get>, o?: CallOptions) =>
    call((r) => adminClient.disputes.$get({ query }, r), o),
  connectRequests: (query: QueryOf<typeof connectClient.admin.requests.$get>, o?: CallOptions) =>
    call((r) => connectClient.admin.requests.$get({ query }, r), o),
  connectTips: (query: QueryOf<typeof connectClient.admin.tips.$get>, o?: CallOptions) =>
    call((r) => connectClient.admin.tips.$get({ query }, r), o),
};

export function getSmsProvider(signal?: AbortSignal) {
  return call((r) => adminClient.outbox.provider.$get(undefined, r), { signal });
}

export function getVendor(id: number, signal?: AbortSignal) {
  return call((r) => adminClient.vendors[":id"].$get({ param: { id: String(id) } }, r), { signal });
}

export function getCustomer(id: number, signal?: AbortSignal) {
  return call((r) => adminClient.customers[":id"].$get({ param: { id: String(id) } }, r), { signal });
}

/** GET /api/admin/disputes/:id: one card dispute with its job, pro and evidence (docs/decisions/148). */
export function getDispute(id: string, signal?: AbortSignal) {
  return call((r) => adminClient.disputes[":id"].$get({ param: { id } }, r), { signal });
}

/** POST /api/admin/disputes/:id/evidence: sends the evidence to the processor (audited, once). */
export function submitDisputeEvidence(id: string, json: { summary: string; note?: string }) {
  return call((r) => adminClient.disputes[":id"].evidence.$post({ param: { id }, json }, r));
}

export function getStaffJob(id: number, signal?: AbortSignal) {
  return call((r) => adminClient.jobs[":id"].$get({ param: { id: String(id) } }, r), { signal });
}

/** POST /api/admin/charges: charge a customer for one of their jobs (docs/decisions/097). */
export function chargeCustomer(json: Parameters<typeof adminClient.charges.$post>[0]["json"]) {
  return call((r) => adminClient.charges.$post({ json }, r));
}

/** A new custom service, or an edit of one (`id`). */
export function saveCustomService(
  id: number | null,
  json: Parameters<(typeof adminClient)["custom-services"]["$post"]>[0]["json"],
) {
  return id === null
    ? call((r) => adminClient["custom-services"].$post({ json }, r))
    : call((r) => adminClient["custom-services"][":id"].$put({ param: { id: String(id) }, json }, r));
}

export function getOutbox(query: QueryOf<typeof adminClient.outbox.$get>, signal?: AbortSignal) {
  return call((r) => adminClient.outbox.$get({ query }, r), { signal });
}

export function getCustomServiceChoices(signal?: AbortSignal) {
  return call((r) => adminClient["custom-services"].choices.$get(undefined, r), { signal });
}

/**
 * A staff action's send function, made from the typed client: the route's POST with its path params bound
 * (`rest`) and the body fields the page fixes (`fixed`, checked against the route's body: a field it does not
 * take, or a wrong value, is a compile error); it takes the rest of the body (the note and the messages the
 * action's dialog writes). An action button (ActionButton in ../components/staff-kit.tsx) takes it as `send`:
 * `send={staffSend(adminClient.vendors[":id"].deactivate.$post, { param: { id: String(vendorId) } })}`.
 */
export function staffSend<
  A extends { json: object },
  R extends ClientResponse<unknown>,
  F extends Partial<A["json"]> = Record<never, never>,
>(
  post: (args: A, options?: ClientRequestOptions) => Promise<R>,
  rest: Omit<A, "json">,
  fixed?: F & { [K in Exclude<keyof F, keyof A["json"]>]: never },
): (json: Omit<A["json"], keyof F>) => Promise<DataOf<R>> {
  return (json) => call((r) => post({ ...rest, json: { ...fixed, ...json } } as A, r));
}
