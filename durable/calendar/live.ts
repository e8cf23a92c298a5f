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

/** Accepts a dashboard socket and greets it; answers the 101 response that hands the client its end. */
export function acceptDashboard(ctx: DurableObjectState, now: number): Response {
  const pair = new WebSocketPair();
  const [client, server] = [pair[0], pair[1]];
  ctx.acceptWebSocket(server, [TAG]);
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
