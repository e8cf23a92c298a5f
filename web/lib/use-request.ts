import { useCallback, useEffect, useRef, useState } from "react";
import { usePageData } from "./page-data";

export interface RequestState<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  /** Runs the request again with the same key. */
  reload(): void;
  /** Replaces the data in place (after a mutation answered the new value). */
  setData(next: T | ((prev: T | undefined) => T)): void;
}

const cache = new Map<string, { at: number; value: unknown }>();

function cached<T>(key: string | null, ttlMs: number | undefined): T | undefined {
  if (!key || !ttlMs || typeof window === "undefined") return undefined;
  const hit = cache.get(key);
  if (!hit || Date.now() - hit.at > ttlMs) return undefined;
  return hit.value as T;
}

/** Forgets cached answers whose key starts with `prefix` (after a change they depend on). */
export function forgetRequests(prefix: string): void {
  for (const key of cache.keys()) if (key.startsWith(prefix)) cache.delete(key);
}

/**
 * Loads `fetcher` whenever `key` changes (null: nothing to load), in the browser only. The previous request
 * is aborted, so a quick change of ZIP or filter never shows an older answer over a newer one (docs/product.md section
 * 4: requested, then success or failed). Data stays on screen while a new key loads. With `ttlMs`, answers
 * are kept in memory (browser only) for that long and shown at once when the key comes back, so going back
 * to a list renders it before the router restores the scroll position. When the server rendered the page
 * with this key's answer (a route loader's seed, web/lib/page-data.tsx), that answer is the first state on
 * the server and in the browser, and nothing is fetched for it.
 */
export function useRequest<T>(
  key: string | null,
  fetcher: (signal: AbortSignal) => Promise<T>,
  opts: { ttlMs?: number } = {},
): RequestState<T> {
  const page = usePageData();
  const seed = key !== null && page && key in page.seeds ? (page.seeds[key] as T) : undefined;
  const seededKey = useRef(seed !== undefined ? key : null);
  const [data, setDataState] = useState<T | undefined>(() => seed ?? cached<T>(key, opts.ttlMs));
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(
    key !== null && seed === undefined && cached<T>(key, opts.ttlMs) === undefined,
  );
  const ttlRef = useRef(opts.ttlMs);
  ttlRef.current = opts.ttlMs;
  const [tick, setTick] = useState(0);
  const fetcherRef = useRef(fetcher);
  fetcherRef.current = fetcher;

  useEffect(() => {
    if (key === null) {
      setLoading(false);
      return;
    }
    if (tick === 0 && seededKey.current === key) {
      // Rendered by the server with this answer: keep it (and remember it, for going back to the page).
      if (ttlRef.current && data !== undefined) cache.set(key, { at: Date.now(), value: data });
      setLoading(false);
      return;
    }
    seededKey.current = null;
    const hit = tick === 0 ? cached<T>(key, ttlRef.current) : undefined;
    if (hit !== undefined) {
      setDataState(hit);
      setError(null);
      setLoading(false);
      return;
    }
    const ctrl = new AbortController();
    setLoading(true);
    setError(null);
    fetcherRef.current(ctrl.signal).then(
      (value) => {
        if (ctrl.signal.aborted) return;
        if (ttlRef.current) cache.set(key, { at: Date.now(), value });
        setDataState(value);
        setLoading(false);
      },
      (err: unknown) => {
        if (ctrl.signal.aborted) return;
        setError(err ?? new Error("Request failed"));
        setLoading(false);
      },
    );
    return () => ctrl.abort();
    // `data` is read only for a seeded key's first run; it must not re-run the request when it changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, tick]);

  const reload = useCallback(() => setTick((t) => t + 1), []);
  const setData = useCallback((next: T | ((prev: T | undefined) => T)) => {
    setDataState((prev) => (typeof next === "function" ? (next as (p: T | undefined) => T)(prev) : next));
  }, []);
  return { data, error, loading, reload, setData };
}
