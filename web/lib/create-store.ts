import { useSyncExternalStore } from "react";

/**
 * A tiny external store for browser-only UI state. The server always renders the initial state (so a
 * module-level store never carries one request's data into another: it is only written in the browser),
 * and the browser switches to its own snapshot right after hydration.
 */
export interface Store<T> {
  get(): T;
  set(next: Partial<T> | ((prev: T) => Partial<T>)): void;
  subscribe(listener: () => void): () => void;
  use<S>(selector: (state: T) => S): S;
}

export function createStore<T extends object>(initial: T, load?: () => T): Store<T> {
  let state = initial;
  let loaded = !load;
  const listeners = new Set<() => void>();

  const get = () => {
    if (!loaded && typeof window !== "undefined") {
      loaded = true;
      state = load!();
    }
    return state;
  };

  const store: Store<T> = {
    get,
    set(next) {
      if (typeof window === "undefined") return;
      const prev = get();
      const patch = typeof next === "function" ? next(prev) : next;
      state = { ...prev, ...patch };
      for (const l of listeners) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    use(selector) {
      return useSyncExternalStore(
        store.subscribe,
        () => selector(get()),
        () => selector(initial),
      );
    },
  };
  return store;
}
