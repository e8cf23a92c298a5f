import { useEffect, useRef, useState } from "react";
import {
  backoffMs,
  LIVE_DEBOUNCE_MS,
  LIVE_PING_MS,
  LIVE_PONG_WAIT_MS,
  parseLiveMessage,
} from "../../../../domain/live-client";

/**
 * The pro's live connection to their calendar object (GET /api/vendor/me/live, a hibernating WebSocket;
 * docs/decisions/040-vendor-dashboard-live-client.md). Every message means "something changed": each
 * subscriber's `onChange` runs, debounced, and it refetches what it shows. After a drop the socket comes back
 * with backoff (1 s, 2 s, 4 s ... 30 s, with jitter) and resyncs on the server's hello, so nothing is missed
 * while offline. A `ping` every 30 s (answered `pong` by the object without waking it) detects a dead socket.
 *
 * One socket per page, shared: the dashboard or calendar and the navigation's calendar badge subscribe to the
 * same connection (opened by the first subscriber, closed after the last), so the badge follows offers and
 * jobs live without a reload and without a second socket (docs/decisions/130-no-one-tap-money-or-job-mistakes.md).
 */

/** "closed": the account or the session may not have a socket (never opened, or closed by the server). */
export type LiveStatus = "connecting" | "live" | "reconnecting" | "closed";

/** Close codes from the vendor's object that mean "do not come back" (durable/calendar/live.ts). */
const FINAL_CLOSE_CODES = new Set([4001, 4003]);

interface Subscriber {
  onChange(type: string): void;
  onStatus(status: LiveStatus): void;
}

const subscribers = new Set<Subscriber>();
let status: LiveStatus = "connecting";
let stopConnection: (() => void) | null = null;

function setStatus(next: LiveStatus) {
  status = next;
  for (const s of subscribers) s.onStatus(next);
}

function open(): () => void {
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
    debounce = window.setTimeout(() => {
      for (const s of subscribers) s.onChange(lastType);
    }, LIVE_DEBOUNCE_MS);
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
        pongTimer = window.setTimeout(() => ws.close(4000, "no pong"), LIVE_PONG_WAIT_MS);
      }, LIVE_PING_MS);
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
      if (msg.type === "closed") {
        // The session ended or the account was closed (docs/decisions/118): resync once to show why, no retry.
        stopped = true;
        clearTimers();
        ws.onclose = null;
        if (socket === ws) socket = null;
        ws.close(1000, "closed by the server");
        setStatus("closed");
        changed(msg.type);
        return;
      }
      // hello opens every (re)connection: resync whatever happened while the socket was down.
      changed(msg.type);
    };
    ws.onclose = (e) => {
      clearTimers();
      if (socket === ws) socket = null;
      if (FINAL_CLOSE_CODES.has(e.code)) {
        // The session ended or the account was closed: the next action will say why; no retry.
        stopped = true;
        setStatus("closed");
        return;
      }
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
  setStatus("connecting");
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
}

function subscribe(s: Subscriber): () => void {
  subscribers.add(s);
  if (!stopConnection) stopConnection = open();
  else s.onStatus(status);
  return () => {
    subscribers.delete(s);
    if (subscribers.size === 0 && stopConnection) {
      stopConnection();
      stopConnection = null;
    }
  };
}

export function useLiveUpdates(onChange: (type: string) => void, enabled = true): LiveStatus {
  const [state, setState] = useState<LiveStatus>("connecting");
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    if (!enabled) {
      setState("closed");
      return;
    }
    if (typeof WebSocket === "undefined") return;
    return subscribe({ onChange: (type) => onChangeRef.current(type), onStatus: setState });
  }, [enabled]);

  return state;
}
