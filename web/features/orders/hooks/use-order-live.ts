import { useEffect, useRef, useState } from "react";
import { backoffMs, LIVE_DEBOUNCE_MS, LIVE_PING_MS, LIVE_PONG_WAIT_MS } from "../../../../domain/live-client";
import { VISIT_STAGES, type VisitStage } from "../../../../domain/visit-progress";

/**
 * The customer's live connection to their orders (GET /api/orders/live, a hibernating WebSocket held by their
 * CustomerLive object; docs/decisions/150-customer-live-orders.md). Every message means "an order changed":
 * `onChange` runs (debounced) and the page refetches its list, so the truth always comes from the API. After a
 * drop it reconnects with backoff and refetches on the server's hello, so nothing is missed while offline. It
 * tells the server whether the page is visible ("visible" / "hidden"), which decides whether the visit's steps
 * are also texted. A "ping" every 30 s (answered without waking the object) detects a dead socket.
 */
export type OrderLiveStatus = "connecting" | "live" | "reconnecting";

export interface OrderLiveChange {
  type: "hello" | "order.changed" | "order.eta";
  service_order_id?: number;
  stage?: VisitStage;
}

const STAGES = new Set<string>(VISIT_STAGES);

function parse(data: unknown): OrderLiveChange | null {
  if (typeof data !== "string" || data === "pong") return null;
  try {
    const msg = JSON.parse(data) as Record<string, unknown> | null;
    if (!msg || (msg.type !== "hello" && msg.type !== "order.changed" && msg.type !== "order.eta")) return null;
    return {
      type: msg.type,
      service_order_id: typeof msg.service_order_id === "number" ? msg.service_order_id : undefined,
      stage: typeof msg.stage === "string" && STAGES.has(msg.stage) ? (msg.stage as VisitStage) : undefined,
    };
  } catch {
    return null;
  }
}

export function useOrderLive(onChange: (change: OrderLiveChange) => void, enabled = true): OrderLiveStatus {
  const [status, setStatus] = useState<OrderLiveStatus>("connecting");
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
    let last: OrderLiveChange = { type: "hello" };

    const changed = (c: OrderLiveChange) => {
      last = c;
      window.clearTimeout(debounce);
      // The first message (hello) resyncs at once; bursts of pushes are folded into one refetch.
      debounce = window.setTimeout(() => onChangeRef.current(last), c.type === "hello" ? 0 : LIVE_DEBOUNCE_MS);
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
    const sendVisibility = () => {
      if (socket?.readyState === WebSocket.OPEN)
        socket.send(document.visibilityState === "hidden" ? "hidden" : "visible");
    };
    function connect() {
      if (stopped) return;
      let ws: WebSocket;
      try {
        ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/api/orders/live`);
      } catch {
        schedule();
        return;
      }
      socket = ws;
      ws.onopen = () => {
        attempt = 0;
        setStatus("live");
        if (document.visibilityState === "hidden") ws.send("hidden");
        clearTimers();
        pingTimer = window.setInterval(() => {
          if (ws.readyState !== WebSocket.OPEN) return;
          ws.send("ping");
          window.clearTimeout(pongTimer);
          pongTimer = window.setTimeout(() => ws.close(4000, "no pong"), LIVE_PONG_WAIT_MS);
        }, LIVE_PING_MS);
      };
      ws.onmessage = (e) => {
        if (e.data === "pong") {
          window.clearTimeout(pongTimer);
          return;
        }
        const msg = parse(e.data);
        if (msg) changed(msg);
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
      sendVisibility();
      // Back online or back to the tab: reconnect at once instead of waiting out the backoff.
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
