import { useEffect, useRef, useState } from "react";
import { LIVE_DEBOUNCE_MS, parseLiveMessage } from "../../../../domain/live-client";
import { openLiveSocket, type LiveSocketStatus } from "../../../lib/live-socket";

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
export type LiveStatus = LiveSocketStatus;

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
  let debounce: number | undefined;
  let lastType = "job.changed";
  const changed = (type: string) => {
    lastType = type;
    window.clearTimeout(debounce);
    debounce = window.setTimeout(() => {
      for (const s of subscribers) s.onChange(lastType);
    }, LIVE_DEBOUNCE_MS);
  };
  const stop = openLiveSocket("/api/vendor/me/live", {
    onStatus: setStatus,
    // The session ended or the account was closed: the next action will say why; no retry.
    finalCloseCodes: FINAL_CLOSE_CODES,
    onMessage(data, stopForGood) {
      const msg = parseLiveMessage(data);
      if (!msg) {
        console.warn("live: ignored message", typeof data === "string" ? data.slice(0, 200) : typeof data);
        return;
      }
      // "closed": the session ended or the account was closed (docs/decisions/118): resync once to show why.
      if (msg.type === "closed") stopForGood();
      // hello opens every (re)connection: resync whatever happened while the socket was down.
      changed(msg.type);
    },
  });
  return () => {
    stop();
    window.clearTimeout(debounce);
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
