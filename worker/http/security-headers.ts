/**
 * Response headers that keep pages and user uploads safe (docs/decisions/052-security-headers.md).
 *
 * Pages get a nonce-based Content-Security-Policy: a fresh random nonce per render, handed to the TanStack
 * router (`ssr.nonce`, web/router.tsx), which stamps it on every script it renders (the hydration data, the
 * module entry, route scripts); 'strict-dynamic' lets those scripts load their own chunks and Stripe.js. No
 * other script runs, so injected markup cannot execute. Pages cannot be framed (frame-ancestors 'none' and
 * X-Frame-Options DENY), nothing is MIME-sniffed, and the referrer stays on our origin.
 */

export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return btoa(String.fromCharCode(...bytes));
}

/** Turnstile's origin: its script and its challenge frame (allowed only when Turnstile is configured). */
export const TURNSTILE_ORIGIN = "https://challenges.cloudflare.com";

export function pageCsp(nonce: string, opts: { turnstile?: boolean } = {}): string {
  const turnstile = opts.turnstile ? ` ${TURNSTILE_ORIGIN}` : "";
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic' https:${turnstile}`,
    // React style attributes (style={...}) need inline styles; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self' https://api.stripe.com https://maps.googleapis.com",
    `frame-src https://js.stripe.com https://hooks.stripe.com https://accounts.google.com${turnstile}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Headers on every response (API answers, pages, media). */
export const BASE_HEADERS: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
};

/**
 * A user's upload is served as an inert file: it may be shown as an image but never run as a page or script,
 * even when opened directly (sandbox makes it an opaque origin without scripts).
 */
export const UPLOAD_HEADERS: Record<string, string> = {
  ...BASE_HEADERS,
  "Content-Security-Policy":
    "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'none'",
  "Cross-Origin-Resource-Policy": "same-origin",
};

/** HTTPS only, for a year, on every subdomain; sent only on answers over https (never on local http). */
export const HSTS = "max-age=31536000; includeSubDomains";

/**
 * What may keep a copy of an answer (docs/decisions/126-private-caching-and-hsts.md). A route that knows its
 * answer is the same for everyone says so itself (the demo pictures, public uploads); everything else is
 * personal or carries a per-request nonce: API answers and signed-in pages are `private, no-store` (no
 * shared cache or CDN rule may serve one person's orders or pay to another, and the browser keeps no copy);
 * a signed-out visitor's page is `private, no-cache` (its script nonce must never be shared), but the private
 * areas' pages (/account, /business, /admin, /connect) are `no-store` even before sign-in.
 */
export function cachingHeaders(url: URL, res: Response, opts: { signedIn: boolean }): Record<string, string> {
  const headers: Record<string, string> = {};
  if (url.protocol === "https:") headers["Strict-Transport-Security"] = HSTS;
  const page = !url.pathname.startsWith("/api/") && !url.pathname.startsWith("/media/");
  // robots.txt and the sitemaps are public files that name their own caching (docs/decisions/158).
  const seoFile = /^\/(robots\.txt|sitemap(-\d+)?\.xml)$/.test(url.pathname);
  if (seoFile && res.ok && res.headers.has("cache-control")) return headers;
  if (page) {
    // A page decides nothing about its own caching: the renderer's answer is always replaced.
    const personal = opts.signedIn || /^\/(account|business|admin|connect)(\/|$)/.test(url.pathname);
    headers["Cache-Control"] = personal ? "private, no-store" : "private, no-cache";
  } else if (!res.headers.has("cache-control")) headers["Cache-Control"] = "private, no-store";
  return headers;
}

/** Sets the headers on a response, copying it first when its headers are immutable (a fetched response). */
export function withHeaders(res: Response, headers: Record<string, string>): Response {
  let out = res;
  try {
    for (const [k, v] of Object.entries(headers)) out.headers.set(k, v);
  } catch {
    out = new Response(res.body, res);
    for (const [k, v] of Object.entries(headers)) out.headers.set(k, v);
  }
  return out;
}
