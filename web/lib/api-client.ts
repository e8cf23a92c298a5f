import type { ClientRequestOptions, ClientResponse } from "hono/client";
import type { ApiErrorBody } from "../../domain/messages";
import { GENERAL_EXCEPTION_TEXT, NOT_FOUND_TEXT } from "../../domain/messages-fallback";

/**
 * The one way the browser calls the API: JSON in, `{ data }` out, and every failure becomes an ApiError
 * carrying the catalogue code and the message from the response body (`error.message`), which is what the
 * user is shown. GETs time out after 65 s like the spec's shared client; other methods have no timeout.
 */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly fields?: Record<string, string>,
    /** The rest of the error body (a cart refusal's `alternative` and `cartitemid`, decision 011). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }
}

const GET_TIMEOUT_MS = 65_000;

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  json?: unknown;
  form?: FormData;
  signal?: AbortSignal;
  /**
   * How the request is sent; the browser's fetch by default. A server render passes the Worker's in-process
   * API (web/lib/page-data.tsx), so route loaders read the same answers the browser would.
   */
  via?: ApiFetch;
}

/** Sends `/api<path>` and answers the Response (the browser's fetch, or the Worker's own app in a server render). */
export type ApiFetch = (path: string, init: RequestInit) => Promise<Response>;

const browserFetch: ApiFetch = (path, init) => fetch(`/api${path}`, { ...init, credentials: "same-origin" });

export async function apiRequest<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const method = opts.method ?? (opts.json !== undefined || opts.form ? "POST" : "GET");
  const headers: Record<string, string> = {};
  let body: BodyInit | undefined;
  if (opts.form) body = opts.form;
  else if (opts.json !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(opts.json);
  }
  const res = await send(path, { method, headers, body }, opts);
  return unwrap<T>(res);
}

/** Sends one request the way every API call goes: Accept JSON, the GET timeout, and NETWORK when unreachable. */
async function send(
  path: string,
  init: RequestInit,
  opts: { signal?: AbortSignal; via?: ApiFetch },
): Promise<Response> {
  const method = (init.method ?? "GET").toUpperCase();
  const headers = new Headers(init.headers);
  headers.set("Accept", "application/json");
  let signal = opts.signal;
  if (method === "GET" && typeof AbortSignal !== "undefined" && "timeout" in AbortSignal) {
    const timeout = AbortSignal.timeout(GET_TIMEOUT_MS);
    signal = signal && "any" in AbortSignal ? AbortSignal.any([signal, timeout]) : (signal ?? timeout);
  }
  try {
    return await (opts.via ?? browserFetch)(path, { ...init, method, headers, signal });
  } catch (err) {
    if (opts.signal?.aborted) throw err;
    throw new ApiError("NETWORK", "We couldn't reach our servers. Check your connection and try again.", 0);
  }
}

/** The `{ data }` of a success, or the ApiError of the answer's `{ error }` (its code, message, fields, details). */
async function unwrap<T>(res: Response): Promise<T> {
  let payload: unknown = null;
  try {
    payload = await res.json();
  } catch {
    payload = null;
  }
  if (res.ok && payload && typeof payload === "object" && "data" in payload) {
    return (payload as { data: T }).data;
  }
  const err = (payload as Partial<ApiErrorBody> | null)?.error;
  if (err && typeof err.message === "string") {
    const { code, message, fields, ...details } = err as ApiErrorBody["error"] & Record<string, unknown>;
    throw new ApiError(String(code ?? "GENERAL_EXCEPTION"), message, res.status, fields, details);
  }
  if (res.status === 404) throw new ApiError("NOT_FOUND", NOT_FOUND_TEXT, 404);
  throw new ApiError("GENERAL_EXCEPTION", GENERAL_EXCEPTION_TEXT, res.status);
}

/** How one typed call is sent: its abort signal, and the server render's in-process API (`via`). */
export interface CallOptions {
  signal?: AbortSignal;
  via?: ApiFetch;
}

/** The `data` of a typed client's answer (the handlers answer `{ data }`; errors are thrown, never typed). */
export type DataOf<R> =
  R extends ClientResponse<infer B, infer _Status, infer _Format> ? (B extends { data: infer D } ? D : never) : never;

/**
 * One call through a typed `hc` client of web/lib/api-clients.ts (docs/decisions/139-typed-routes-and-clients.md),
 * with apiRequest's behaviour: `request` builds the call and passes on the options it is given, e.g.
 * `call((o) => bookingClient.search.$get({ query }, o), { signal })`; the answer is the handler's `data`,
 * typed by the route, and a failure is the same ApiError.
 */
export async function call<R extends ClientResponse<unknown>>(
  request: (options: ClientRequestOptions) => Promise<R>,
  opts: CallOptions = {},
): Promise<DataOf<R>> {
  const fetcher = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    // The clients' base is `/api/<area>`; the in-process API and browserFetch both take the path after `/api`.
    return send(url.startsWith("/api/") ? url.slice(4) : url, init ?? {}, opts);
  };
  const res = await request({ fetch: fetcher as typeof fetch });
  return unwrap<DataOf<R>>(res as unknown as Response);
}

export function errorMessage(err: unknown): string {
  if (err instanceof ApiError) return err.message;
  return GENERAL_EXCEPTION_TEXT;
}
