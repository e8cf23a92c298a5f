import type { Context } from "hono";
import { Hono } from "hono";
import * as v from "valibot";
import { paymentsFromEnv } from "../../adapters/payments";
import type { PaymentsPort } from "../../adapters/payments/port";
import { fail } from "../../http/errors";
import type { AppEnv } from "../../http/types";
import { validate } from "../../http/validate";
import { requireUser, viewerOf } from "../../middleware/roles";
import { listCards, removeCard, saveCard } from "../../wallet/cards";

/**
 * The signed-in user's saved cards under /api/stripe (the spec's paths): list, save, remove. The wallet
 * rules are in worker/wallet/cards.ts; the default card is set under /api/users/me/payment-methods.
 */

export const MethodId = v.pipe(v.string(), v.regex(/^pm_[A-Za-z0-9_]{1,100}$/, "Not a payment method id."));

const AttachBody = v.object({
  payment_method_id: MethodId,
  /** Make it the default card (the first saved card always becomes the default). */
  set_default: v.optional(v.boolean(), false),
});

export function portOf(c: Context<AppEnv>): PaymentsPort {
  return paymentsFromEnv(c.env, c.get("db"), c.get("now"));
}

/** The `:id` of a card route; a malformed id is a card that does not exist. */
export function methodIdParam(c: Context<AppEnv>): string {
  const parsed = v.safeParse(MethodId, c.req.param("id"));
  if (!parsed.success) fail("NOT_FOUND");
  return parsed.output;
}

export const stripePaymentMethodsApi = new Hono<AppEnv>()
  .get("/payment-methods", requireUser, async (c) => {
    return c.json({ data: await listCards(c.get("db"), portOf(c), viewerOf(c).user_id) });
  })

  /** Saves a tokenised card (local tokenize or Stripe.js) to the user's customer; answers the saved card. */
  .post("/payment-methods", requireUser, validate("json", AttachBody), async (c) => {
    const body = c.req.valid("json");
    const data = await saveCard(portOf(c), viewerOf(c), {
      paymentMethodId: body.payment_method_id,
      setDefault: body.set_default,
    });
    // A card that needs 3-D Secure is not saved yet: the browser finishes the bank's step and sends it again.
    if ("status" in data) return c.json({ data }, 202);
    return c.json({ data }, 201);
  })

  .delete("/payment-method/:id", requireUser, async (c) => {
    const data = await removeCard(c.get("db"), portOf(c), viewerOf(c).user_id, methodIdParam(c));
    return c.json({ data });
  });
