import { ALERT_AUTO_DISMISS_MS } from "../../domain/ui-rules";
import { createStore } from "../lib/create-store";

/**
 * The one alert system (docs/product.md section 8): successes and notices dismiss themselves after 8 s, errors wait
 * for Dismiss. Rendered by AlertRegion in an aria-live region.
 */
export type AlertKind = "success" | "info" | "error";

export interface Alert {
  id: number;
  kind: AlertKind;
  message: string;
  action?: { label: string; href: string };
}

const MAX_ERRORS = 2;

export const alertStore = createStore<{ alerts: Alert[] }>({ alerts: [] });
let nextId = 1;

export function notify(
  kind: AlertKind,
  message: string,
  action?: Alert["action"],
  durationMs = ALERT_AUTO_DISMISS_MS,
): number {
  const id = nextId++;
  // One passing notice at a time (the newest), and the two latest errors: the stack stays in the top band
  // instead of growing over the page (docs/decisions/107-notices-cover-nothing.md).
  alertStore.set((s) => {
    const others = s.alerts.filter((a) => a.message !== message);
    const next = [...others, { id, kind, message, action }];
    const errors = next.filter((a) => a.kind === "error").slice(-MAX_ERRORS);
    const notes = next.filter((a) => a.kind !== "error").slice(-1);
    return { alerts: next.filter((a) => errors.includes(a) || notes.includes(a)) };
  });
  if (kind !== "error" && typeof window !== "undefined") window.setTimeout(() => dismissAlert(id), durationMs);
  return id;
}

export function dismissAlert(id: number): void {
  alertStore.set((s) => ({ alerts: s.alerts.filter((a) => a.id !== id) }));
}
