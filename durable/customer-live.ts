/**
 * One customer's open order pages (docs/decisions/150-customer-live-orders.md), keyed by
 * `idFromName(user_id)`. Responsibilities:
 * 1. Hold the customer's order pages (the orders list, an order's card) as hibernating WebSockets
 *    (ctx.acceptWebSocket): idle pages cost nothing, keep-alive pings are answered by the runtime without
 *    waking the object, and a push wakes it only to send. No timer, no alarm.
 * 2. Know whether the customer is looking: each socket carries whether its page is visible (the page says
 *    "visible" / "hidden" as the tab changes), kept in the socket's attachment so it survives hibernation.
 * 3. Push an order's change to every open page (notify), answering how many pages received it and how many of
 *    those are being looked at, so the Worker texts only a customer who is not looking (no double notice).
 * The object keeps no orders: the truth is in D1, and every push means "refetch", so a page that missed a
 * push (a drop, a sleep) resyncs on the hello of its next connection. It imports only domain/ and schema/.
 */
import { DurableObject } from "cloudflare:workers";
import { messageFor } from "../domain/messages";
import {
  MAX_ORDER_LIVE_SOCKETS,
  ORDER_LIVE_HIDDEN,
  ORDER_LIVE_PING,
  ORDER_LIVE_PONG,
  ORDER_LIVE_VISIBLE,
  type OrderLiveEvent,
} from "../schema/payloads/order-live";

interface Attachment {
  visible: boolean;
}

/** What a push reached: open pages, and the visible ones among them. */
export interface OrderPushAnswer {
  reached: number;
  watching: number;
}

export class CustomerLive extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(ORDER_LIVE_PING, ORDER_LIVE_PONG));
  }

  /**
   * An order page's socket (GET /api/orders/live). The Worker has checked the session and that this object is
   * the session's own customer; it forwards the upgrade with its request time. At most MAX_ORDER_LIVE_SOCKETS
   * at once (429); the count and the accept run with no await between them, so racing sockets cannot pass it.
   */
  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket")
      return new Response("Expected a WebSocket upgrade", { status: 426 });
    const now = Number(new URL(request.url).searchParams.get("now"));
    if (!Number.isFinite(now)) return new Response("Bad request", { status: 400 });
    if (this.ctx.getWebSockets().length >= MAX_ORDER_LIVE_SOCKETS) {
      return Response.json(
        { error: { code: "LIVE_TOO_MANY_SOCKETS", message: messageFor("LIVE_TOO_MANY_SOCKETS") } },
        { status: 429 },
      );
    }
    const pair = new WebSocketPair();
    const [client, server] = [pair[0], pair[1]];
    this.ctx.acceptWebSocket(server);
    server.serializeAttachment({ visible: true } satisfies Attachment);
    server.send(JSON.stringify({ type: "hello", at: now } satisfies OrderLiveEvent));
    return new Response(null, { status: 101, webSocket: client });
  }

  /**
   * Sends `event` to every open page of this customer. Guarantees: each open socket gets it once, in the order
   * the pushes were called; a socket closing meanwhile is skipped (its page resyncs on reconnect).
   */
  async notify(event: OrderLiveEvent): Promise<OrderPushAnswer> {
    const text = JSON.stringify(event);
    let reached = 0;
    let watching = 0;
    for (const ws of this.ctx.getWebSockets()) {
      try {
        ws.send(text);
        reached += 1;
        if ((ws.deserializeAttachment() as Attachment | null)?.visible !== false) watching += 1;
      } catch {
        // Closing: the page reconnects and resyncs.
      }
    }
    return { reached, watching };
  }

  /** Whether any of the customer's order pages is open and visible now (no push). */
  async watching(): Promise<boolean> {
    return this.ctx.getWebSockets().some((ws) => (ws.deserializeAttachment() as Attachment | null)?.visible !== false);
  }

  /** Pages say only whether they are visible; anything else is ignored, and not logged. */
  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    if (message === ORDER_LIVE_VISIBLE || message === ORDER_LIVE_HIDDEN)
      ws.serializeAttachment({ visible: message === ORDER_LIVE_VISIBLE } satisfies Attachment);
  }

  override async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code, "closing");
    } catch {
      // Already closed.
    }
  }

  override async webSocketError(ws: WebSocket, error: unknown): Promise<void> {
    console.warn(JSON.stringify({ at: "CustomerLive.webSocketError", error: String(error) }));
    await this.webSocketClose(ws, 1011);
  }
}
