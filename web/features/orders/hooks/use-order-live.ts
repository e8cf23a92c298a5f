import { useEffect, useRef, useState } from "react";
import { LIVE_DEBOUNCE_MS } from "../../../../domain/live-client";
import { openLiveSocket, type LiveSocketStatus } from "../../../lib/live-socket";
import { VISIT_STAGES, type VisitStage } from "../../../../domain/visit-progress";

/**
 * The customer's live connection to their orders (GET /api/orders/live, a hibernating WebSocket held by their
 * CustomerLive object; docs/decisions/150-customer-live-orders.md). Every message means "an order changed":
 * `onChange` runs (debounced) and the page refetches its list, so the truth always comes from the API. After a
 * drop it reconnects (web/lib/live-socket.ts) and refetches on the server's hello, so nothing is missed while
 * offline. It tells the server whether the page is visible ("visible" / "hidden"), which decides whether the
 * visit's steps are also texted.
 */
export type OrderLiveStatus = LiveSocketStatus;

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
    let debounce: number | undefined;
    let last: OrderLiveChange = { type: "hello" };
    const changed = (c: OrderLiveChange) => {
      last = c;
      window.clearTimeout(debounce);
      // The first message (hello) resyncs at once; bursts of pushes are folded into one refetch.
      debounce = window.setTimeout(() => onChangeRef.current(last), c.type === "hello" ? 0 : LIVE_DEBOUNCE_MS);
    };
    const stop = openLiveSocket("/api/orders/live", {
      onStatus: setStatus,
      onOpen(ws) {
        if (document.visibilityState === "hidden") ws.send("hidden");
      },
      onWake(ws) {
        if (ws?.readyState === WebSocket.OPEN) ws.send(document.visibilityState === "hidden" ? "hidden" : "visible");
      },
      onMessage(data) {
        const msg = parse(data);
        if (msg) changed(msg);
      },
    });
    return () => {
      stop();
      window.clearTimeout(debounce);
    };
  }, [enabled]);

  return status;
}
