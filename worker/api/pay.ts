import { Hono } from "hono";
import {
  PayLinkQuery,
  PaymentIntentBody,
  SecurePayDeclineBody,
  SecurePayIntentBody,
  SecurePayQuery,
} from "../../schema/payloads/orders";
import { paymentsFromEnv } from "../adapters/payments";
import type { AppEnv } from "../http/types";
import { validate } from "../http/validate";
import { rateLimit } from "../middleware/rate-limit";
import { confirmSecurePay, declineAddedCharge, payLinkData, securePayIntent } from "../orders/pay-links";

/**
 * The /pay pages' calls (docs/api-orders.md): payers need no account, so the link token is the
 * authorisation; a per-IP limit keeps anonymous callers from hammering the payment provider.
 */
const payLimit = rateLimit({ name: "pay", limit: 60, windowMs: 60_000 });

export const securePayApi = new Hono<AppEnv>()
  .use(payLimit)

  /** A vendor's payment request: GET /pay/link?vpid=. */
  .get("/link", validate("query", PayLinkQuery), async (c) => {
    const q = c.req.valid("query");
    return c.json({ data: await payLinkData(c.get("db"), { vpid: q.vpid }, c.get("now")) });
  })

  /** A job's secure-pay or tip link: GET /pay/secure?cpid=&vid=. */
  .get("/secure", validate("query", SecurePayQuery), async (c) => {
    const q = c.req.valid("query");
    return c.json({ data: await payLinkData(c.get("db"), { cpid: q.cpid, vid: q.vid }, c.get("now")) });
  })

  .post("/secure/intent", validate("json", SecurePayIntentBody), async (c) => {
    const body = c.req.valid("json");
    const db = c.get("db");
    const now = c.get("now");
    return c.json({ data: await securePayIntent(db, paymentsFromEnv(c.env, db, now), body, now) });
  })

  /** { cpid, vid }: the customer declines a pro's added charge waiting for their approval (docs/decisions/116). */
  .post("/secure/decline", validate("json", SecurePayDeclineBody), async (c) => {
    const body = c.req.valid("json");
    const data = await declineAddedCharge(c.env, c.get("db"), body, c.get("now"));
    return c.json({ data, message: data.message });
  })

  .post("/secure/confirm", validate("json", PaymentIntentBody), async (c) => {
    const body = c.req.valid("json");
    const db = c.get("db");
    const now = c.get("now");
    return c.json({
      data: await confirmSecurePay(c.env, db, paymentsFromEnv(c.env, db, now), body.payment_intent_id, now),
    });
  });
