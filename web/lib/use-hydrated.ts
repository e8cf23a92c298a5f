import { useSyncExternalStore } from "react";

const noop = () => () => {};

/**
 * False on the server and during hydration, true afterwards. Pages whose content depends on browser-only
 * state (the ZIP in local settings) show their skeleton until then, so the server's HTML and the first
 * client render agree and a visitor with a ZIP never sees a "set your ZIP" flash.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}
