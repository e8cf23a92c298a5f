/**
 * The vendor's open dashboards, held as hibernating WebSockets (ctx.acceptWebSocket): the object can sleep
 * while sockets stay open, keep-alive pings are answered by the runtime without waking it, and a push wakes
 * it only to send. Nothing here sets a timer.
 */
import { messageFor } from "../../domain/messages";
import { LIVE_PING, LIVE_PONG, MAX_LIVE_SOCKETS, type VendorLiveEvent } from "../../schema/payloads/vendor-live";
import type { Meta } from "./meta";

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

/** Meta keys of the live dashboards: the account's bar, and each ended session (with when it ended). */
const LIVE_BARRED = "live_barred";
const ENDED_SESSION = "ended_session:";
const ENDED_SESSION_KEEP_MS = 31 * 24 * 60 * 60 * 1000;

/**
 * The object's dashboards with what bars them (docs/decisions/118-vendor-account-states.md): a closed
 * account's bar and the sessions that ended, kept in the object's meta so they survive hibernation.
 */
export class LiveDashboards {
  constructor(
    private readonly ctx: DurableObjectState,
    private readonly meta: Meta,
  ) {
    enableAutoPong(ctx);
  }

  /**
   * Accepts a dashboard socket for `session`, unless the account is barred (403), the session ended (401) or
   * the pro already has MAX_LIVE_SOCKETS open (429, decision 126). The checks and the accept run with no
   * await between them, so sockets racing in cannot pass the limit together; they also close the race with
   * a termination or a logout that lands between the Worker's own check and this accept.
   */
  open(session: string, now: number): Response {
    if (this.meta.get(LIVE_BARRED) === "1") return new Response("Account closed", { status: 403 });
    if (this.meta.get(ENDED_SESSION + session) !== undefined) return new Response("Session ended", { status: 401 });
    if (this.ctx.getWebSockets().length >= MAX_LIVE_SOCKETS) {
      return Response.json(
        { error: { code: "LIVE_TOO_MANY_SOCKETS", message: messageFor("LIVE_TOO_MANY_SOCKETS") } },
        { status: 429 },
      );
    }
    return acceptDashboard(this.ctx, now, session);
  }

  /** See VendorCalendarObject.endDashboards. */
  end(input: { session?: string; bar?: boolean; now: number }): number {
    const { session, bar, now } = input;
    if (session) {
      // Sessions never repeat (random tokens): a record older than a session's life is dropped.
      this.ctx.storage.sql.exec(
        "DELETE FROM meta WHERE key LIKE ? AND CAST(value AS INTEGER) < ?",
        `${ENDED_SESSION}%`,
        now - ENDED_SESSION_KEEP_MS,
      );
      this.meta.set(ENDED_SESSION + session, String(now));
      return closeDashboards(this.ctx, session, LIVE_CLOSE_SESSION_ENDED, "session_ended", now);
    }
    if (bar) this.meta.set(LIVE_BARRED, "1");
    return closeDashboards(
      this.ctx,
      null,
      bar ? LIVE_CLOSE_ACCOUNT_CLOSED : LIVE_CLOSE_SESSION_ENDED,
      bar ? "account_closed" : "session_ended",
      now,
    );
  }

  /** Lifts the account's bar. */
  reopen(): void {
    this.meta.delete(LIVE_BARRED);
  }

  notify(event: VendorLiveEvent): number {
    return broadcast(this.ctx, event);
  }
}
