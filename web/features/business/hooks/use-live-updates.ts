import { useEffect, useRef, useState } from "react";

/**
 * The dashboard's live connection to the vendor's calendar object (GET /api/vendor/me/live, a hibernating
 * WebSocket; docs/decisions/040-vendor-dashboard-live-client.md). Every message means "something changed":
 * `onChange` runs, debounced, and the page refetches what it shows. After a drop the socket comes back with
 * backoff (1 s, 2 s, 4 s ... 30 s, with jitter) and resyncs on the server's hello, so nothing is missed while
 * offline. A `ping` every 30 s (answered `pong` by the object without waking it) detects a dead socket.
 */

export type LiveStatus = "connecting" | "live" | "reconnecting";

/** Message types the page reacts to; anything else is ignored. */
const KNOWN = new Set([
  "hello",
  "offer.new",
  "offer.gone",
  "job.cancelled",
  "job.rescheduled",
  "reschedule.requested",
  "job.changed",
]);

export const LIVE_DEBOUNCE_MS = 150;
const PING_MS = 30_000;
const PONG_WAIT_MS = 10_000;
const MAX_BACKOFF_MS = 30_000;

/** Backoff before reconnect attempt `n` (0-based): 1 s doubling to 30 s, minus up to 30% jitter. */
export function backoffMs(n: number, random: () => number = Math.random): number {
  const base = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(n, 5));
  return Math.round(base * (0.7 + 0.3 * random()));
}

/** Parses a socket message; null when it is not one the page understands. */
export function parseLiveMessage(data: unknown): { type: string; service_order_id?: number } | null {
  if (typeof data !== "string" || data === "pong") return null;
  try {
    const msg = JSON.parse(data) as { type?: unknown; service_order_id?: unknown };
    if (!msg || typeof msg.type !== "string" || !KNOWN.has(msg.type)) return null;
    return {
      type: msg.type,
      service_order_id: typeof msg.service_order_id === "number" ? msg.service_order_id : undefined,
    };
  } catch {
    return null;
  }
}

export function useLiveUpdates(onChange: (type: string) => void, enabled = true): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>("connecting");
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    if (!enabled || typeof WebSocket === "undefined") return;
    let socket: WebSocket | null = null;
    let attempt = 0;
    let stopped = false;
    let retryTimer: number | undefined;
    let pingTimer: number | undefined;
    let pongTimer: number | undefined;
    let debounce: number | undefined;
    let lastType = "job.changed";

    const changed = (type: string) => {
      lastType = type;
      window.clearTimeout(debounce);
      debounce = window.setTimeout(() => onChangeRef.current(lastType), LIVE_DEBOUNCE_MS);
    };
    const clearTimers = () => {
      window.clearInterval(pingTimer);
      window.clearTimeout(pongTimer);
    };
    const schedule = () => {
      if (stopped) return;
      setStatus("reconnecting");
      window.clearTimeout(retryTimer);
      retryTimer = window.setTimeout(connect, backoffMs(attempt++));
    };
    function connect() {
      if (stopped) return;
      const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/api/vendor/me/live`;
      let ws: WebSocket;
      try {
        ws = new WebSocket(url);
      } catch {
        schedule();
        return;
      }
      socket = ws;
      ws.onopen = () => {
        attempt = 0;
        setStatus("live");
        clearTimers();
        pingTimer = window.setInterval(() => {
          if (ws.readyState !== WebSocket.OPEN) return;
          ws.send("ping");
          window.clearTimeout(pongTimer);
          pongTimer = window.setTimeout(() => ws.close(4000, "no pong"), PONG_WAIT_MS);
        }, PING_MS);
      };
      ws.onmessage = (e) => {
        if (e.data === "pong") {
          window.clearTimeout(pongTimer);
          return;
        }
        const msg = parseLiveMessage(e.data);
        if (!msg) {
          console.warn("live: ignored message", typeof e.data === "string" ? e.data.slice(0, 200) : typeof e.data);
          return;
        }
        // hello opens every (re)connection: resync whatever happened while the socket was down.
        changed(msg.type);
      };
      ws.onclose = () => {
        clearTimers();
        if (socket === ws) socket = null;
        schedule();
      };
      ws.onerror = () => {
        // onclose follows and schedules the retry.
      };
    }
    const wake = () => {
      // Back online or back to the tab: try at once instead of waiting out the backoff.
      if (stopped || socket || document.visibilityState === "hidden") return;
      window.clearTimeout(retryTimer);
      attempt = 0;
      connect();
    };
    connect();
    window.addEventListener("online", wake);
    document.addEventListener("visibilitychange", wake);
    return () => {
      stopped = true;
      clearTimers();
      window.clearTimeout(retryTimer);
      window.clearTimeout(debounce);
      window.removeEventListener("online", wake);
      document.removeEventListener("visibilitychange", wake);
      if (socket) {
        socket.onclose = null;
        socket.close(1000, "page closed");
      }
    };
  }, [enabled]);

  return status;
}
