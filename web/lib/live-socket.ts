import { backoffMs, LIVE_PING_MS, LIVE_PONG_WAIT_MS } from "../../domain/live-client";

/**
 * One reconnecting WebSocket to a live endpoint of our own origin (the pro's /api/vendor/me/live, the customer's
 * /api/orders/live): after a drop it comes back with backoff (1 s doubling to 30 s, with jitter), at once when the
 * tab comes back or the network returns; a `ping` every 30 s (answered `pong` without waking the object) detects a
 * dead socket. What the messages mean is the caller's: both endpoints say `hello` on every (re)connection, so a
 * caller that refetches on it misses nothing while the socket was down.
 */
export type LiveSocketStatus = "connecting" | "live" | "reconnecting" | "closed";

export interface LiveSocketHandlers {
  /** Every message but the pong. `stop()` ends the connection for good (status "closed", no retry). */
  onMessage(data: unknown, stop: () => void): void;
  onStatus(status: LiveSocketStatus): void;
  /** Each time a socket opens, before any message. */
  onOpen?(socket: WebSocket): void;
  /** The tab came back or the network returned (with the open socket, if any), before a reconnect. */
  onWake?(socket: WebSocket | null): void;
  /** Close codes from the server that mean "do not come back". */
  finalCloseCodes?: ReadonlySet<number>;
}

export function openLiveSocket(path: string, h: LiveSocketHandlers): () => void {
  let socket: WebSocket | null = null;
  let attempt = 0;
  let stopped = false;
  let retryTimer: number | undefined;
  let pingTimer: number | undefined;
  let pongTimer: number | undefined;

  const clearTimers = () => {
    window.clearInterval(pingTimer);
    window.clearTimeout(pongTimer);
  };
  const schedule = () => {
    if (stopped) return;
    h.onStatus("reconnecting");
    window.clearTimeout(retryTimer);
    retryTimer = window.setTimeout(connect, backoffMs(attempt++));
  };
  function connect() {
    if (stopped) return;
    let ws: WebSocket;
    try {
      ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}${path}`);
    } catch {
      schedule();
      return;
    }
    socket = ws;
    const stop = () => {
      // The server said this socket must not come back (session ended, account closed).
      stopped = true;
      clearTimers();
      ws.onclose = null;
      if (socket === ws) socket = null;
      ws.close(1000, "closed by the server");
      h.onStatus("closed");
    };
    ws.onopen = () => {
      attempt = 0;
      h.onStatus("live");
      h.onOpen?.(ws);
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
      h.onMessage(e.data, stop);
    };
    ws.onclose = (e) => {
      clearTimers();
      if (socket === ws) socket = null;
      if (h.finalCloseCodes?.has(e.code)) {
        stopped = true;
        h.onStatus("closed");
        return;
      }
      schedule();
    };
    ws.onerror = () => {
      // onclose follows and schedules the retry.
    };
  }
  const wake = () => {
    if (stopped) return;
    h.onWake?.(socket);
    // Back online or back to the tab: reconnect at once instead of waiting out the backoff.
    if (socket || document.visibilityState === "hidden") return;
    window.clearTimeout(retryTimer);
    attempt = 0;
    connect();
  };
  h.onStatus("connecting");
  connect();
  window.addEventListener("online", wake);
  document.addEventListener("visibilitychange", wake);
  return () => {
    stopped = true;
    clearTimers();
    window.clearTimeout(retryTimer);
    window.removeEventListener("online", wake);
    document.removeEventListener("visibilitychange", wake);
    if (socket) {
      socket.onclose = null;
      socket.close(1000, "page closed");
    }
  };
}
