/**
 * Rules of the dashboard's live socket client (web/features/business/hooks/use-live-updates.ts; contract in
 * docs/decisions/040-vendor-dashboard-live-client.md). Pure, so the reconnect schedule and the message
 * filter are tested without a browser.
 */

/** Server -> client message types the page reacts to (each means "refetch"); anything else is ignored. */
export const LIVE_MESSAGE_TYPES = [
  "hello",
  "offer.new",
  "offer.gone",
  "job.cancelled",
  "job.rescheduled",
  "reschedule.requested",
  "job.changed",
  "connect.request",
  /** The server is closing this socket for good (session ended, account closed): stop, do not reconnect. */
  "closed",
] as const;
export type LiveMessageType = (typeof LIVE_MESSAGE_TYPES)[number];

const KNOWN = new Set<string>(LIVE_MESSAGE_TYPES);

export const LIVE_DEBOUNCE_MS = 150;
export const LIVE_PING_MS = 30_000;
export const LIVE_PONG_WAIT_MS = 10_000;
export const LIVE_MAX_BACKOFF_MS = 30_000;

/** Wait before reconnect attempt `n` (0-based): 1 s doubling to 30 s, less up to 30% jitter. */
export function backoffMs(n: number, random: () => number = Math.random): number {
  const base = Math.min(LIVE_MAX_BACKOFF_MS, 1000 * 2 ** Math.min(Math.max(n, 0), 5));
  return Math.round(base * (0.7 + 0.3 * random()));
}

/** A socket message the page understands, or null ("pong", non-JSON, unknown type). */
export function parseLiveMessage(data: unknown): { type: LiveMessageType; service_order_id?: number } | null {
  if (typeof data !== "string" || data === "pong") return null;
  try {
    const msg = JSON.parse(data) as { type?: unknown; service_order_id?: unknown } | null;
    if (!msg || typeof msg.type !== "string" || !KNOWN.has(msg.type)) return null;
    return {
      type: msg.type as LiveMessageType,
      service_order_id: typeof msg.service_order_id === "number" ? msg.service_order_id : undefined,
    };
  } catch {
    return null;
  }
}
