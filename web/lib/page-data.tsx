import { createContext, useContext, type ReactNode } from "react";
import { normalizeZip, parseLocationInput } from "../../domain/location-input";
import type { ApiFetch } from "./api-client";

/**
 * Content on first paint (docs/decisions/100-page-data-on-first-paint.md). A public page's route loader,
 * during the server render, reads the data the page shows through the Worker's own API in-process (no
 * network hop, the visitor's cookies) and returns it as `seeds` keyed like the page's `useRequest` keys. The
 * router dehydrates loader data into the HTML; `<PageDataProvider>` hands it to `useRequest`, which starts
 * from a seed instead of fetching, on the server and in the browser alike, so the page hydrates without
 * fetching twice. In the browser the loaders seed nothing: a client-side navigation renders at once and
 * `useRequest` fetches with its in-memory cache, as before.
 */

/** What the Worker hands to the server render next to the shell data (worker/http/page-api.ts). */
export interface PageApi {
  fetch: ApiFetch;
  /** The visitor's ZIP from the `zip` cookie the browser keeps in step with its settings, if any. */
  zip: string | null;
  /** Makes the server's answer 410 Gone (with the not-found page the loader throws). */
  setStatus: (code: 410) => void;
}

export interface PageData {
  /** The ZIP the server priced the page for (URL `zipcode`, else the cookie); null when it knew none. */
  zip: string | null;
  /** Answers by useRequest key. */
  seeds: Record<string, unknown>;
}

/** A request a page makes, by the key its component passes to useRequest. */
export interface SeedRequest {
  key: string;
  load: (via: ApiFetch) => Promise<unknown>;
}

/** The in-process API during a server render; null in the browser. */
export function pageApiFrom(loaderArgs: unknown): PageApi | null {
  const ctx = (loaderArgs as { serverContext?: { pageApi?: PageApi } } | null)?.serverContext;
  const api = ctx?.pageApi;
  return api && typeof api.fetch === "function" ? api : null;
}

/** The ZIP a page is priced for on the server: the URL's `zipcode`, else the visitor's cookie. */
export function serverZip(api: PageApi, search: unknown): string | null {
  const raw = (search as Record<string, unknown> | null)?.zipcode;
  // The home page's ZIP form sent without JavaScript: a ZIP, or an address ending in one (domain/location-input.ts).
  const typed = typeof raw === "string" ? parseLocationInput(raw) : null;
  return normalizeZip(raw) ?? (typed?.kind === "zip" ? typed.zip : null) ?? api.zip;
}

/**
 * Runs a page's requests during the server render (in parallel; one that fails is left for the browser to
 * retry and show its error). In the browser it returns null and the page fetches for itself.
 */
export async function seedPage(
  api: PageApi | null,
  zip: string | null,
  requests: Array<SeedRequest | null | false>,
): Promise<PageData | null> {
  if (!api) return null;
  const seeds: Record<string, unknown> = {};
  await Promise.all(
    requests.map(async (r) => {
      if (!r) return;
      try {
        seeds[r.key] = await r.load(api.fetch);
      } catch {
        /* the browser fetches it again and shows its own error state */
      }
    }),
  );
  return { zip, seeds };
}

const PageDataContext = createContext<PageData | null>(null);

export function PageDataProvider({ value, children }: { value: PageData | null | undefined; children: ReactNode }) {
  return <PageDataContext.Provider value={value ?? null}>{children}</PageDataContext.Provider>;
}

/** The server's data for this page (null after a client-side navigation). */
export function usePageData(): PageData | null {
  return useContext(PageDataContext);
}
