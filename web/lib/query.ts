import type { CallOptions } from "./api-client";
import type { SeedRequest } from "./page-data";
import { useRequest, type RequestState } from "./use-request";

/**
 * One definition of a request a page makes (docs/decisions/140-one-query-definition.md): its key and its
 * fetcher, written once and used by both the route loader that seeds the server render
 * (`seedPage(api, zip, [query.seed(args)])`, web/lib/page-data.tsx) and the component that shows it
 * (`useQuery(query, args)`), so the two can never disagree on the key and the page always hydrates from the
 * server's answer instead of fetching it again.
 */
export interface Query<A, T> {
  /** The key of this request's answer (the page seed's and useRequest's). */
  key(args: A): string;
  /** Loads it: in the browser with `signal`, in a server render through the in-process API `via`. */
  fetch(args: A, opts?: CallOptions): Promise<T>;
  /** How long the browser keeps the answer in memory for going back (useRequest's `ttlMs`). */
  ttlMs?: number;
  /** The loader's seed request for these arguments. */
  seed(args: A): SeedRequest;
}

export function defineQuery<A, T>(def: {
  key: (args: A) => string;
  fetch: (args: A, opts?: CallOptions) => Promise<T>;
  ttlMs?: number;
}): Query<A, T> {
  return {
    ...def,
    seed: (args) => ({ key: def.key(args), load: (via) => def.fetch(args, { via }) }),
  };
}

/** A component's state of `query` for `args` (null: nothing to load), starting from the page's seed if any. */
export function useQuery<A, T>(query: Query<A, T>, args: A | null): RequestState<T> {
  return useRequest(args === null ? null : query.key(args), (signal) => query.fetch(args!, { signal }), {
    ttlMs: query.ttlMs,
  });
}
