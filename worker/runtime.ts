/**
 * Where this Worker runs, for the adapters that are only safe on a developer's machine or in tests
 * (docs/decisions/050-payments-provider-and-demo-flag.md).
 *
 * A request is "local" when its host is a name that can never be routed to a deployed Worker: localhost,
 * the loopback addresses, `*.localhost` and the reserved `.test` top-level domain (RFC 2606; the integration
 * tests use https://glow.test). Cloudflare routes requests to a deployed Worker by the zone's host name, and
 * no zone can be on those names, so a deployed Worker never sees them. `DEMO_MODE=1` is the explicit opt-in
 * for a public demo: local adapters are then allowed everywhere and every page says so in a banner.
 */

/** Per-request marker the app middleware adds to its copy of the env (never a binding of its own). */
export const REQUEST_RUNTIME_KEY = "REQUEST_RUNTIME";

export type Runtime = "local" | "deployed";

export function isLocalHostname(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/^\[|\]$/g, "");
  if (h === "localhost" || h === "::1" || h.endsWith(".localhost") || h.endsWith(".test")) return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

export function runtimeOfUrl(url: string): Runtime {
  try {
    return isLocalHostname(new URL(url).hostname) ? "local" : "deployed";
  } catch {
    return "deployed";
  }
}

/** A string variable of the env, trimmed, or undefined (vars and secrets the generated types do not list). */
export function envText(env: Env, key: string): string | undefined {
  const value = (env as unknown as Record<string, unknown>)[key];
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}

export function isDemo(env: Env): boolean {
  return envText(env, "DEMO_MODE") === "1";
}

/**
 * The runtime the current call runs in: "local" or "deployed" for a request (set per request by
 * `withRuntime`), or null for scheduled work, which has no request.
 */
export function runtimeOf(env: Env): Runtime | null {
  const value = envText(env, REQUEST_RUNTIME_KEY);
  return value === "local" || value === "deployed" ? value : null;
}

/** A shallow per-request copy of the env carrying the request's runtime (the bindings are shared). */
export function withRuntime(env: Env, url: string): Env {
  return { ...(env as object), [REQUEST_RUNTIME_KEY]: runtimeOfUrl(url) } as unknown as Env;
}
