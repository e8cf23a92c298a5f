import { createRouter } from "@tanstack/react-router";
import { createIsomorphicFn, getGlobalStartContext } from "@tanstack/react-start";
import { routeTree } from "./routeTree.gen";

/**
 * The Worker passes ShellData to the TanStack Start handler as request context; Start hands it to route
 * loaders as their `serverContext` argument during the server render (see routes/__root.tsx).
 */
/**
 * The render's CSP nonce (worker/http/security-headers.ts): the Worker puts it in the request context, the router
 * stamps it on every script it renders. In the browser the router reads it back from its csp-nonce meta tag.
 */
const cspNonce = createIsomorphicFn()
  .server((): string | undefined => {
    try {
      const ctx = getGlobalStartContext() as { cspNonce?: unknown } | undefined;
      return typeof ctx?.cspNonce === "string" ? ctx.cspNonce : undefined;
    } catch {
      return undefined;
    }
  })
  .client((): string | undefined => undefined);

export function getRouter() {
  const nonce = cspNonce();
  return createRouter({
    routeTree,
    ...(nonce ? { ssr: { nonce } } : {}),
    scrollRestoration: true,
    defaultPreload: "intent",
  });
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof getRouter>;
  }
}
