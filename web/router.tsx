import { createRouter } from "@tanstack/react-router";
import { routeTree } from "./routeTree.gen";

/**
 * `serverContext` is what the Worker passes to the TanStack Start handler as request context (ShellData);
 * Start puts it here during the server render only.
 */
export interface RouterContext {
  serverContext?: unknown;
}

export function getRouter() {
  return createRouter({
    routeTree,
    context: {} satisfies RouterContext,
    scrollRestoration: true,
    defaultPreload: "intent",
  });
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof getRouter>;
  }
}
