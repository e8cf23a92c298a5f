/**
 * The vendor's open dashboards, held as hibernating WebSockets (ctx.acceptWebSocket): the object can sleep
 * while sockets stay open, keep-alive pings are answered by the runtime without waking it, and a push wakes
 * it only to send. Nothing here sets a timer.
 */
import { LIVE_PING, LIVE_PONG, type VendorLiveEvent } from "../../schema/payloads/vendor-live";

const TAG = "dashboard";

export function enableAutoPong(ctx: DurableObjectState): void {
  ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(LIVE_PING, LIVE_PONG));
}

/** Close codes the dashboard reads as "stop reconnecting" (web/features/business/hooks/use-live-updates.ts). */
export const LIVE_CLOSE_SESSION_ENDED = 4001;
export const LIVE_CLOSE_ACCOUNT_CLOSED = 4003;

/** The tag of the sockets a session opened: the session's token hash (64 hex characters) names it. */
const sessionTag = (session: string) => `session:${session}`;

/**
 * Accepts a dashboard socket tagged with the session that opened it (so ending that session closes it) and
 * greets it; answers the 101 response that hands the client its end.
 */
export function acceptDashboard(ctx: DurableObjectState, now: number, session: string): Response {
  const pair = new WebSocketPair();
  const [client, server] = [pair[0], pair[1]];
  ctx.acceptWebSocket(server, [TAG, sessionTag(session)]);
  server.send(JSON.stringify({ type: "hello", at: now } satisfies VendorLiveEvent));
  return new Response(null, { status: 101, webSocket: client });
}

/** Sends an event to every open dashboard; answers how many sockets it reached. */
export function broadcast(ctx: DurableObjectState, event: VendorLiveEvent): number {
  const text = JSON.stringify(event);
  let sent = 0;
  for (const ws of ctx.getWebSockets(TAG)) {
    try {
      ws.send(text);
      sent += 1;
    } catch {
      // A socket closing meanwhile: the page reconnects and resyncs.
    }
  }
  return sent;
}

/**
 * Closes the dashboards one session opened (`session`), or all of them (null), with `code`; answers how many
 * it closed. The client's end sees the close at once and receives nothing more.
 */
export function closeDashboards(
  ctx: DurableObjectState,
  session: string | null,
  code: number,
  reason: "session_ended" | "account_closed",
  now: number,
): number {
  let closed = 0;
  // The last message says why, so the page stops even where a proxy holds the close frame back.
  const last = JSON.stringify({ type: "closed", reason, at: now } satisfies VendorLiveEvent);
  for (const ws of ctx.getWebSockets(session === null ? TAG : sessionTag(session))) {
    try {
      ws.send(last);
      ws.close(code, reason);
      closed += 1;
    } catch {
      // Already closing.
    }
  }
  return closed;
}
