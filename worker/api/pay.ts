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
import { jsonBody, queryOf } from "../http/validate";
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
  .get("/link", async (c) => {
    const q = queryOf(c, PayLinkQuery);
    return c.json({ data: await payLinkData(c.get("db"), { vpid: q.vpid }, c.get("now")) });
  })

  /** A job's secure-pay or tip link: GET /pay/secure?cpid=&vid=. */
  .get("/secure", async (c) => {
    const q = queryOf(c, SecurePayQuery);
    return c.json({ data: await payLinkData(c.get("db"), { cpid: q.cpid, vid: q.vid }, c.get("now")) });
  })

  .post("/secure/intent", async (c) => {
    const body = await jsonBody(c, SecurePayIntentBody);
    const db = c.get("db");
    const now = c.get("now");
    return c.json({ data: await securePayIntent(db, paymentsFromEnv(c.env, db, now), body, now) });
  })

  /** { cpid, vid }: the customer declines a pro's added charge waiting for their approval (docs/decisions/116). */
  .post("/secure/decline", async (c) => {
    const body = await jsonBody(c, SecurePayDeclineBody);
    const data = await declineAddedCharge(c.env, c.get("db"), body, c.get("now"));
    return c.json({ data, message: data.message });
  })

  .post("/secure/confirm", async (c) => {
    const body = await jsonBody(c, PaymentIntentBody);
    const db = c.get("db");
    const now = c.get("now");
    return c.json({
      data: await confirmSecurePay(c.env, db, paymentsFromEnv(c.env, db, now), body.payment_intent_id, now),
    });
  });
