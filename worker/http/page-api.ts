import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { normalizeZip } from "../../domain/location-input";
import type { AppEnv } from "./types";

/** The in-process API a server render's route loaders read through (web/lib/page-data.tsx). */
export interface PageApi {
  fetch: (path: string, init: RequestInit) => Promise<Response>;
  zip: string | null;
  /**
   * A status the page's answer must carry that the router cannot express (it answers 200, 404 or 500): a
   * loader that finds a terminated pro throws notFound() and asks for 410 (docs/decisions/157).
   */
  setStatus: (code: 410) => void;
  /** What a loader asked for during this render, if anything (read by worker/app.ts after rendering). */
  status: () => number | null;
}

/** Headers of the page request an API read keeps: who is asking, and the test clock where it is allowed. */
const FORWARDED = ["cookie", "x-test-now", "user-agent", "accept-language", "cf-connecting-ip"];

/**
 * `/api<path>` answered by the same app in the same isolate (no network hop), as the visitor: their cookies
 * go along, so a loader sees what the browser's own request would. No Origin header is sent: the CSRF guard
 * lets it through like any non-browser caller, and loaders only read.
 */
export function pageApiFor(
  c: Context<AppEnv>,
  app: { fetch: (req: Request, env: Env, ctx?: ExecutionContext) => Response | Promise<Response> },
): PageApi {
  const origin = new URL(c.req.url).origin;
  let executionCtx: Parameters<typeof app.fetch>[2];
  try {
    executionCtx = c.executionCtx as Parameters<typeof app.fetch>[2];
  } catch {
    executionCtx = undefined; // tests call the app without one
  }
  let status: number | null = null;
  return {
    zip: normalizeZip(getCookie(c, "zip")),
    setStatus: (code) => {
      status = code;
    },
    status: () => status,
    fetch: async (path, init) => {
      const headers = new Headers(init.headers);
      for (const name of FORWARDED) {
        const value = c.req.header(name);
        if (value) headers.set(name, value);
      }
      return app.fetch(new Request(`${origin}/api${path}`, { ...init, headers }), c.env, executionCtx);
    },
  };
}
