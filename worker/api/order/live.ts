import { Hono } from "hono";
import { fail } from "../../http/errors";
import type { AppEnv } from "../../http/types";
import { requireUser, viewerOf } from "../../middleware/roles";
import { customerLiveFor } from "../../orders/notify-customer";

/**
 * GET /orders/live: the signed-in customer's order pages' WebSocket, held (hibernating) by their own
 * CustomerLive object (docs/decisions/150-customer-live-orders.md). The object is chosen from the session's
 * user id and nothing in the request, so a customer can only ever hear about their own orders.
 */
function sameOrigin(origin: string, requestUrl: string): boolean {
  if (!URL.canParse(origin)) return false;
  return new URL(origin).origin === new URL(requestUrl).origin;
}

export const ordersLiveApi = new Hono<AppEnv>().get("/live", requireUser, async (c) => {
  if (c.req.header("upgrade")?.toLowerCase() !== "websocket") fail("LIVE_UPGRADE_REQUIRED");
  // Cross-site WebSocket hijacking: a page elsewhere must not open a socket with the customer's cookies.
  const origin = c.req.header("origin");
  if (origin !== undefined && !sameOrigin(origin, c.req.url)) fail("FORBIDDEN");
  const url = new URL("https://customer-live.internal/live");
  url.searchParams.set("now", String(c.get("now")));
  return customerLiveFor(c.env, viewerOf(c).user_id).fetch(new Request(url, { headers: { Upgrade: "websocket" } }));
});
