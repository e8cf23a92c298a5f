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
  const headers: Record<string, string> = { Accept: "application/json" };
  let body: BodyInit | undefined;
  if (opts.form) body = opts.form;
  else if (opts.json !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(opts.json);
  }
  let signal = opts.signal;
  if (method === "GET" && typeof AbortSignal !== "undefined" && "timeout" in AbortSignal) {
    const timeout = AbortSignal.timeout(GET_TIMEOUT_MS);
    signal = signal && "any" in AbortSignal ? AbortSignal.any([signal, timeout]) : (signal ?? timeout);
  }

  let res: Response;
  try {
    res = await (opts.via ?? browserFetch)(path, { method, headers, body, signal });
  } catch (err) {
    if (opts.signal?.aborted) throw err;
    throw new ApiError("NETWORK", "We couldn't reach our servers. Check your connection and try again.", 0);
  }

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

export function errorMessage(err: unknown): string {
  if (err instanceof ApiError) return err.message;
  return GENERAL_EXCEPTION_TEXT;
}
