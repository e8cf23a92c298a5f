import { Hono } from "hono";
import { PaymentIntentBody, ServiceOrderBody, TipBody } from "../../../schema/payloads/orders";
import { paymentsFromEnv } from "../../adapters/payments";
import type { AppEnv } from "../../http/types";
import { validate } from "../../http/validate";
import { viewerOf } from "../../middleware/roles";
import { createTipLink } from "../../orders/pay-links";
import { confirmTip, createTipIntent } from "../../orders/tips";

/**
 * Tips on the caller's completed job (/api/order/tip*, docs/api-orders.md): the intent, its confirmation
 * and a shareable tip link. Mounted inside ordersApi, which requires a session.
 */
export const orderTipApi = new Hono<AppEnv>()
  /** docs/product.md section 3 "Tip payload": { service_order_id, tip_amount, isSavePaymentMethod, email }. */
  .post("/", validate("json", TipBody), async (c) => {
    const body = c.req.valid("json");
    const db = c.get("db");
    const now = c.get("now");
    const result = await createTipIntent(c.env, db, paymentsFromEnv(c.env, db, now), viewerOf(c), body, now);
    return c.json({ data: result });
  })

  .post("/confirm", validate("json", PaymentIntentBody), async (c) => {
    const body = c.req.valid("json");
    const db = c.get("db");
    const now = c.get("now");
    const port = paymentsFromEnv(c.env, db, now);
    return c.json({ data: await confirmTip(c.env, db, port, viewerOf(c), body.payment_intent_id, now) });
  })

  .post("/url", validate("json", ServiceOrderBody), async (c) => {
    const body = c.req.valid("json");
    const origin = new URL(c.req.url).origin;
    const link = await createTipLink(c.get("db"), viewerOf(c).user_id, body.service_order_id, origin, c.get("now"));
    return c.json({ data: link }, 201);
  });
