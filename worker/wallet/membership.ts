import { and, asc, count, desc, eq } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { isActiveMember, memberPricesUntil } from "../../domain/checkout-rules";
import { PRICING } from "../../domain/pricing-config";
import { memberships } from "../../schema/tables/payments";
import type { Subscription } from "../adapters/payments/port";
import type { SessionUser } from "../auth/sessions";
import {
  customerOf,
  intentView,
  ownMethodOrFail,
  payments,
  paymentsFailure,
  type IntentView,
} from "../checkout/payments";
import { fail } from "../http/errors";

/**
 * Beauty membership (docs/product.md section 7 "POST /subscriptions; DELETE /subscriptions"; section 4
 * "Membership: active, cancelled"): a monthly subscription through the payments port on a saved card, at
 * PRICING.membershipMonthlyCents; members get PRICING.memberDiscountBps off services at checkout. At most
 * one active membership per user (memberships_one_active_uq). Each function takes the Worker's env (D1 and
 * the payments configuration) and/or the drizzle database, the user and the time; the routes in
 * worker/api/subscriptions.ts only parse and answer.
 */

type MembershipRow = typeof memberships.$inferSelect;

export type MembershipView = ReturnType<typeof membershipView>;

/**
 * `member` is whether member prices apply at `now`: an active membership, or a cancelled one inside the
 * month it paid for; `member_until` is that month's end for a cancelled one (null otherwise).
 */
export function membershipView(m: MembershipRow | undefined, now: number) {
  const until = m ? memberPricesUntil(m, now) : null;
  return {
    member: m ? isActiveMember([m], now) : false,
    member_until: until === null ? null : new Date(until).toISOString(),
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

/** The user's membership (the latest one) and the price. */
export async function membershipOf(db: DrizzleD1Database, userId: number, now: number): Promise<MembershipView> {
  const [latest] = await db
    .select()
    .from(memberships)
    .where(eq(memberships.user_id, userId))
    .orderBy(asc(memberships.status), desc(memberships.started_at))
    .limit(1);
  return membershipView(latest, now);
}

export type JoinResult =
  | { kind: "requires_action"; subscription_id: string; payment_intent: IntentView }
  | { kind: "active"; membership: MembershipView; created: boolean };

/**
 * Starts a membership on `paymentMethodId` (a saved card of the user) or the default saved card. Already
 * active: ERROR_SUBSCRIPTION_CREATE_ALREADY_MEMBER. A first charge that needs authentication answers the
 * intent to confirm (`requires_action`); a declined one, the card error.
 */
export async function joinMembership(
  env: Env,
  db: DrizzleD1Database,
  user: SessionUser,
  paymentMethodId: string | null,
  now: number,
): Promise<JoinResult> {
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
  const port = payments(env, db, now);
  let sub: Subscription;
  try {
    const customer = await customerOf(port, user);
    let methodId = paymentMethodId;
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
    return { kind: "requires_action", subscription_id: sub.id, payment_intent: intentView(sub.latest_intent) };
  }
  if (sub.status !== "active") fail("CARD_DECLINED", { card: "Your card could not be charged for the membership." });
  const inserted = await env.DB.prepare(
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
  return { kind: "active", membership: membershipView(row, now), created: !!inserted };
}

/**
 * Cancels the active membership (at the provider, then here): it does not renew, and nothing is refunded
 * because the member keeps member prices until the end of the month already paid for (memberPricesUntil;
 * docs/decisions/124-page-promises.md). Not a member: ERROR_SUBSCRIPTION_NOT_MEMBER.
 */
export async function cancelMembership(
  env: Env,
  db: DrizzleD1Database,
  userId: number,
  now: number,
): Promise<MembershipView> {
  const [active] = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.user_id, userId), eq(memberships.status, "active")))
    .limit(1);
  if (!active) fail("ERROR_SUBSCRIPTION_NOT_MEMBER");
  if (active.provider_ref) {
    const port = payments(env, db, now);
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
  return membershipView(cancelled ?? active, now);
}
