import { Hono } from "hono";
import * as v from "valibot";
import { payments } from "../../checkout/payments";
import { completeSubscriptionCharge } from "../../client-subs/service";
import type { AppEnv } from "../../http/types";
import { validate } from "../../http/validate";
import { rateLimit } from "../../middleware/rate-limit";
import { openAuthLink, type AuthCompletion } from "../../payments/auth-links";

/**
 * POST /api/payments/auth-link: the texted link of a later charge the customer's bank wants them to approve
 * (3-D Secure; docs/decisions/147-authenticate-later-charges.md). With the link's token it answers the charge to
 * approve (the intent's client secret and the saved card, which the page confirms with the bank), or "completed"
 * once it succeeded, completing what it paid for. Reached from /authenticate?t=<token>; no account needed.
 */

/** What each purpose completes once its charge was authenticated (idempotent). */
const COMPLETIONS: Readonly<Record<string, AuthCompletion>> = {
  client_subscription: completeSubscriptionCharge,
};

const TokenBody = v.object({ token: v.pipe(v.string(), v.minLength(20), v.maxLength(100)) });

const linkLimit = rateLimit({ name: "auth_link", limit: 60, windowMs: 60_000 });

export const authLinkApi = new Hono<AppEnv>().post("/", linkLimit, validate("json", TokenBody), async (c) => {
  const { token } = c.req.valid("json");
  const now = c.get("now");
  const db = c.get("db");
  return c.json({ data: await openAuthLink(c.env, db, payments(c.env, db, now), COMPLETIONS, token, now) });
});
