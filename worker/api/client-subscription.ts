import { Hono } from "hono";
import * as v from "valibot";
import { messageFor } from "../../domain/messages";
import { chargeDue } from "../../domain/payout-rules";
import { orFail } from "../adapters/payments";
import { payments } from "../checkout/payments";
import { cancelSub, chargeDate, subById, subByToken, textVendor, type SubRow } from "../client-subs/service";
import { describeSubscription as describe, saveClientCard } from "../client-subs/views";
import { fail } from "../http/errors";
import type { AppEnv } from "../http/types";
import { validate } from "../http/validate";
import { setupView } from "../wallet/setup-card";

/**
 * /api/client-subscription: the client's side of a client subscription (docs/decisions/072-client-subscriptions.md),
 * reached with the texted link's token (no account needed): view it, give a card (which also approves a
 * pending price), approve a new price, cancel. The pro's side is worker/api/vendor/me/client-subscriptions.ts.
 */

const TokenBody = v.object({ token: v.pipe(v.string(), v.minLength(20), v.maxLength(100)) });
const CardBody = v.object({
  token: TokenBody.entries.token,
  payment_method_id: v.pipe(v.string(), v.minLength(3), v.maxLength(100)),
});

async function byTokenOrFail(d1: D1Database, token: string): Promise<SubRow> {
  const sub = await subByToken(d1, token);
  if (!sub) fail("ERROR_CUSTOMER_PAY");
  return sub;
}

export const clientSubscriptionApi = new Hono<AppEnv>()
  .post("/view", validate("json", TokenBody), async (c) => {
    const { token } = c.req.valid("json");
    return c.json({ data: await describe(c.env.DB, await byTokenOrFail(c.env.DB, token)) });
  })
  .post("/card", validate("json", CardBody), async (c) => {
    // The client's card (tokenised in the browser), kept only once the processor accepts it (decision 120); entering
    // one also approves a pending price.
    const body = c.req.valid("json");
    const sub = await byTokenOrFail(c.env.DB, body.token);
    if (sub.status === "cancelled") fail("ERROR_VSUBSCRIPTION");
    const now = c.get("now");
    const port = payments(c.env, c.get("db"), now);
    const method = await orFail(port.retrievePaymentMethod(body.payment_method_id));
    if (!method) fail("PAYMENT_METHOD_NOT_FOUND");
    // The client has no account: their card is saved on a customer of this subscription (one per subscription,
    // kept in customer_id), made its default, and charged off-session from then on (decision 076).
    const { customerId, setup } = await saveClientCard(c.env.DB, port, sub, method.id);
    // The bank asks the client to confirm the card (3-D Secure): nothing is active until they have, and the
    // browser sends the same card again once they did.
    if (setup.status === "requires_action") {
      return c.json({ data: { status: "requires_action" as const, setup_intent: setupView(setup) } }, 202);
    }
    const row = await c.env.DB.prepare(
      `UPDATE client_subscriptions SET payment_method_id = ?2, status = 'active', declined_at = NULL,
         price_cents = coalesce(pending_price_cents, price_cents), pending_price_cents = NULL, updated_at = ?3
       WHERE client_subscription_id = ?1 AND status <> 'cancelled' AND customer_id = ?4 RETURNING *`,
    )
      .bind(sub.client_subscription_id, method.id, now, customerId)
      .first<SubRow>();
    if (!row) fail("ERROR_VSUBSCRIPTION");
    // Within 24 hours of the next date and not yet paid: charge it now.
    if (chargeDue(row.next_service_at, row.time_zone, now)) {
      const outcome = await chargeDate(
        c.env,
        c.get("db"),
        port,
        row.client_subscription_id,
        row.next_service_at,
        new URL(c.req.url).origin,
        now,
      );
      if (outcome === "declined") fail("CARD_DECLINED");
    }
    await textVendor(
      c.env,
      c.get("db"),
      row.vendor_id,
      `${row.client_name} added their card; the recurring service is active.`,
      now,
    );
    const latest = (await subById(c.env.DB, row.client_subscription_id))!;
    return c.json({ data: await describe(c.env.DB, latest), message: messageFor("VSUBSCRIPTION_ACTIVE") });
  })
  .post("/approve", validate("json", TokenBody), async (c) => {
    const { token } = c.req.valid("json");
    const sub = await byTokenOrFail(c.env.DB, token);
    if (sub.status !== "pending_approval" || sub.pending_price_cents === null) fail("ERROR_VSUBSCRIPTION");
    const now = c.get("now");
    const row = await c.env.DB.prepare(
      `UPDATE client_subscriptions SET price_cents = pending_price_cents, pending_price_cents = NULL, updated_at = ?2,
         status = CASE WHEN payment_method_id IS NULL THEN 'created' ELSE 'active' END
       WHERE client_subscription_id = ?1 AND status = 'pending_approval' RETURNING *`,
    )
      .bind(sub.client_subscription_id, now)
      .first<SubRow>();
    if (!row) fail("ERROR_VSUBSCRIPTION");
    await textVendor(c.env, c.get("db"), row.vendor_id, `${row.client_name} approved the new price.`, now);
    return c.json({ data: await describe(c.env.DB, row), message: messageFor("SAVED") });
  })
  .post("/cancel", validate("json", TokenBody), async (c) => {
    const { token } = c.req.valid("json");
    const sub = await byTokenOrFail(c.env.DB, token);
    const now = c.get("now");
    if (await cancelSub(c.env, sub, "client", now)) {
      await textVendor(c.env, c.get("db"), sub.vendor_id, `${sub.client_name} cancelled their recurring service.`, now);
    }
    return c.json({
      data: await describe(c.env.DB, (await subById(c.env.DB, sub.client_subscription_id))!),
      message: messageFor("VSUBSCRIPTION_CANCELLED"),
    });
  });
