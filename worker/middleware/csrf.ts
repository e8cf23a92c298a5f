import { createMiddleware } from "hono/factory";
import { fail } from "../http/errors";
import type { AppEnv } from "../http/types";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** Server-to-server callers that prove themselves another way: Stripe signs its webhooks. */
const SIGNED_CALLBACKS = new Set(["/api/stripe/webhook"]);

/**
 * Cross-site request forgery guard for every state-changing request, JSON included (Hono's csrf() only
 * looks at form content types). A browser always sends Origin on POST/PUT/DELETE and Sec-Fetch-Site on
 * every request; either one saying "another site" is refused. A request with neither header cannot come
 * from a browser page, so it cannot carry a victim's cookie by accident and is let through
 * (docs/decisions/003-auth-and-sessions.md). GET /logout changes state too, so it is checked as well.
 */
export function isCrossSite(req: Request, method: string, path: string): boolean {
  if (SIGNED_CALLBACKS.has(path)) return false;
  const stateChanging = !SAFE_METHODS.has(method) || path.endsWith("/logout");
  if (!stateChanging) return false;
  const fetchSite = req.headers.get("sec-fetch-site");
  if (fetchSite === "cross-site" || fetchSite === "same-site") return true;
  const origin = req.headers.get("origin");
  if (origin !== null) {
    if (origin === "null") return true;
    return origin !== new URL(req.url).origin;
  }
  return false;
}

export const csrf = createMiddleware<AppEnv>(async (c, next) => {
  if (isCrossSite(c.req.raw, c.req.method, c.req.path)) fail("FORBIDDEN");
  await next();
});
