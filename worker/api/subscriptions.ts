import { and, asc, count, desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { messageFor } from "../../domain/messages";
import { PRICING } from "../../domain/pricing-config";
import { SubscribeBody } from "../../schema/payloads/checkout";
import { memberships } from "../../schema/tables/payments";
import type { Subscription } from "../adapters/payments/port";
import { customerOf, intentView, ownMethodOrFail, payments, paymentsFailure } from "../checkout/payments";
import { fail } from "../http/errors";
import type { AppEnv } from "../http/types";
import { jsonBody } from "../http/validate";
import { requireUser, viewerOf } from "../middleware/roles";

/**
 * Beauty membership (docs/product.md section 7 "POST /subscriptions; DELETE /subscriptions"; section 4 "Membership:
 * active, cancelled"): a monthly subscription through the payments port on a saved card, at
 * PRICING.membershipMonthlyCents; members get PRICING.memberDiscountBps off services at checkout. At most
 * one active membership per user (memberships_one_active_uq). Mounted at /subscriptions.
 */

type MembershipRow = typeof memberships.$inferSelect;

function membershipView(m: MembershipRow | undefined) {
  return {
    member: m?.status === "active",
    price_cents: PRICING.membershipMonthlyCents,
    member_discount_bps: PRICING.memberDiscountBps,
    membership: m
      ? {
          membership_id: m.membership_id,
          status: m.status,
          price_cents: m.price_cents,
          started_at: new Date(m.started_at).toISOString(),
          current_period_end: m.current_period_end === null ? null : new Date(m.current_period_end).toISOString(),
          cancelled_at: m.cancelled_at === null ? null : new Date(m.cancelled_at).toISOString(),
        }
      : null,
  };
}

export const membershipApi = new Hono<AppEnv>()
  .use(requireUser)
  /** The caller's membership (the latest one) and the price. */
  .get("/", async (c) => {
    const user = viewerOf(c);
    const [latest] = await c
      .get("db")
      .select()
      .from(memberships)
      .where(eq(memberships.user_id, user.user_id))
      .orderBy(asc(memberships.status), desc(memberships.started_at))
      .limit(1);
    return c.json({ data: membershipView(latest) });
  })

  /**
   * Starts a membership on `payment_method_id` (a saved card of the caller) or the default saved card.
   * Already active: ERROR_SUBSCRIPTION_CREATE_ALREADY_MEMBER. A first charge that needs authentication
   * answers 202 with the intent to confirm; a declined one, the card error.
   */
  .post("/", async (c) => {
    const body = await jsonBody(c, SubscribeBody);
    const user = viewerOf(c);
    const db = c.get("db");
    const now = c.get("now");
    const [[active], counted] = await db.batch([
      db
        .select()
        .from(memberships)
        .where(and(eq(memberships.user_id, user.user_id), eq(memberships.status, "active")))
        .limit(1),
      db.select({ n: count() }).from(memberships).where(eq(memberships.user_id, user.user_id)),
    ]);
    if (active) fail("ERROR_SUBSCRIPTION_CREATE_ALREADY_MEMBER");
    const n = counted[0]?.n ?? 0;
    const port = payments(c.env, db, now);
    let sub: Subscription;
    try {
      const customer = await customerOf(port, user);
      let methodId = body.payment_method_id ?? null;
      if (methodId) {
        await ownMethodOrFail(port, methodId, customer);
      } else {
        const saved = await port.listPaymentMethods(customer);
        methodId = (saved.find((m) => m.is_default) ?? saved[0])?.id ?? null;
        if (!methodId) fail("PAYMENT_METHOD_NOT_FOUND", { payment_method_id: "Add a card to become a member." });
      }
      sub = await port.createSubscription({
        customer_id: customer,
        payment_method_id: methodId,
        price_cents: PRICING.membershipMonthlyCents,
        idempotency_key: `membership:u${user.user_id}:${n + 1}:${methodId}`,
      });
    } catch (err) {
      paymentsFailure(err);
    }
    if (sub.status === "incomplete" && sub.latest_intent) {
      return c.json(
        { data: { status: "requires_action", subscription_id: sub.id, payment_intent: intentView(sub.latest_intent) } },
        202,
      );
    }
    if (sub.status !== "active") fail("CARD_DECLINED", { card: "Your card could not be charged for the membership." });
    const inserted = await c.env.DB.prepare(
      `INSERT OR IGNORE INTO memberships (user_id, status, price_cents, started_at, current_period_end, provider, provider_ref, created_at)
       VALUES (?, 'active', ?, ?, ?, ?, ?, ?) RETURNING membership_id`,
    )
      .bind(user.user_id, sub.price_cents, now, sub.current_period_end, port.provider, sub.id, now)
      .first<{ membership_id: number }>();
    const [row] = await db
      .select()
      .from(memberships)
      .where(and(eq(memberships.user_id, user.user_id), eq(memberships.status, "active")))
      .limit(1);
    if (!inserted && row?.provider_ref !== sub.id) {
      // A racing request made the membership with another card: this subscription is one too many.
      await port.cancelSubscription(sub.id).catch((err) => paymentsFailure(err));
      fail("ERROR_SUBSCRIPTION_CREATE_ALREADY_MEMBER");
    }
    return c.json({ data: { ...membershipView(row), message: messageFor("MEMBERSHIP_ACTIVE") } }, inserted ? 201 : 200);
  })

  /** Cancels the active membership (at the provider, then here). Not a member: ERROR_SUBSCRIPTION_NOT_MEMBER. */
  .delete("/", async (c) => {
    const user = viewerOf(c);
    const db = c.get("db");
    const now = c.get("now");
    const [active] = await db
      .select()
      .from(memberships)
      .where(and(eq(memberships.user_id, user.user_id), eq(memberships.status, "active")))
      .limit(1);
    if (!active) fail("ERROR_SUBSCRIPTION_NOT_MEMBER");
    if (active.provider_ref) {
      const port = payments(c.env, db, now);
      try {
        await port.cancelSubscription(active.provider_ref);
      } catch (err) {
        paymentsFailure(err);
      }
    }
    const [cancelled] = await db
      .update(memberships)
      .set({ status: "cancelled", cancelled_at: now })
      .where(and(eq(memberships.membership_id, active.membership_id), eq(memberships.status, "active")))
      .returning();
    return c.json({ data: { ...membershipView(cancelled ?? active), message: messageFor("MEMBERSHIP_CANCELLED") } });
  });
