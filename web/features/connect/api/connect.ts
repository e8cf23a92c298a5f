import { call, type CallOptions } from "../../../lib/api-client";
import { connectClient } from "../../../lib/api-clients";

/** The connect calls, through the typed connect client: each input and answer is its route's (worker/api/connect/**). */

/** The business request form's body (POST /api/connect/requests), as its route validates it. */
export type ConnectRequestInput = Parameters<typeof connectClient.requests.$post>[0]["json"];

export function sendConnectRequest(json: ConnectRequestInput, opts?: CallOptions) {
  return call((r) => connectClient.requests.$post({ json }, r), opts);
}

export function getConnectServices(signal?: AbortSignal) {
  return call((r) => connectClient.services.$get(undefined, r), { signal });
}

/** The pros who could take a request, nearest first. */
export function getConnectPros(id: number, signal?: AbortSignal) {
  return call((r) => connectClient.admin.requests[":id"].pros.$get({ param: { id: String(id) } }, r), { signal });
}
