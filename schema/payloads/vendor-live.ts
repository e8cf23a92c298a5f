/**
 * Messages the vendor's live dashboard socket carries (GET /api/vendor/me/live; the vendor's VendorCalendar
 * object sends them). The page treats each as "something changed" and resyncs from main-details; the type
 * tells it what to announce. The client may send the text "ping"; the object answers "pong" without waking.
 */
export type VendorLiveEvent =
  | { type: "hello"; at: number }
  | { type: "offer.new"; service_order_id: number; at: number }
  | { type: "offer.gone"; service_order_id: number; reason: "taken" | "declined" | "expired" | "cancelled"; at: number }
  | { type: "job.cancelled"; service_order_id: number; at: number }
  | { type: "job.rescheduled"; service_order_id: number; at: number }
  | { type: "reschedule.requested"; service_order_id: number; at: number }
  | { type: "job.changed"; service_order_id: number; at: number }
  /** A business request was given to this pro, offered to them, or taken back (docs/decisions/087). */
  | { type: "connect.request"; connect_request_id: number; at: number }
  /** Sent right before the server closes the socket for good (docs/decisions/118): do not reconnect. */
  | { type: "closed"; reason: "session_ended" | "account_closed"; at: number };

export const LIVE_PING = "ping";
export const LIVE_PONG = "pong";

/**
 * Open dashboard sockets one pro may hold at once (a phone, a tablet and a few tabs; decision 126); the next
 * answers 429 LIVE_TOO_MANY_SOCKETS before upgrading.
 */
export const MAX_LIVE_SOCKETS = 5;
