import type { ClientRequestOptions } from "hono/client";

/**
 * A multipart upload through a typed client (docs/decisions/141-typed-pro-area.md): its routes read their own
 * form (size caps), so the form goes as the request's body: `call((o) => client.x.$post({}, withForm(o, form)))`.
 */
export function withForm(o: ClientRequestOptions, form: FormData): ClientRequestOptions {
  return { ...o, init: { body: form } };
}
