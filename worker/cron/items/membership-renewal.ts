import { drizzle } from "drizzle-orm/d1";
import { BILLING_RULES } from "../../../domain/payout-rules";
import { PRICING } from "../../../domain/pricing-config";
import { addOneMonth } from "../../adapters/payments/local";
import { PaymentsError } from "../../adapters/payments/port";
import { payments } from "../../checkout/payments";
import type { MessageOf } from "../messages";

/**
 * Local-provider membership renewal (Stripe renews its own and tells us by webhook): one attempt a day from
 * the period's end; after BILLING_RULES.membershipRenewalAttempts failed attempts the membership ends.
 */
export async function renewMembership(env: Env, m: MessageOf<"membership_renewal">, now: number): Promise<string> {
  const row = await env.DB.prepare(
    `SELECT m.membership_id, m.user_id, m.status, m.current_period_end, m.price_cents, m.provider_ref,
            ls.customer_id, ls.payment_method_id
     FROM memberships m LEFT JOIN local_subscriptions ls ON ls.id = m.provider_ref WHERE m.membership_id = ?`,
  )
    .bind(m.membership_id)
    .first<{
      user_id: number;
      status: string;
      current_period_end: number;
      price_cents: number;
      provider_ref: string | null;
      customer_id: string | null;
      payment_method_id: string | null;
    }>();
  if (!row || row.status !== "active" || row.current_period_end !== m.period_end) return "stale";
  const end = async (why: string) => {
    await env.DB.batch([
      env.DB.prepare(
        "UPDATE memberships SET status = 'cancelled', cancelled_at = ?2 WHERE membership_id = ?1 AND status = 'active'",
      ).bind(m.membership_id, now),
      env.DB.prepare("UPDATE local_subscriptions SET status = 'canceled', canceled_at = ?2 WHERE id = ?1").bind(
        row.provider_ref,
        now,
      ),
    ]);
    return why;
  };
  if (m.attempt > BILLING_RULES.membershipRenewalAttempts) return end("ended_after_retries");
  if (!row.customer_id || !row.payment_method_id) return end("no_card");
  const port = payments(env, drizzle(env.DB), now);
  let ok = false;
  try {
    const intent = await port.createIntent({
      amount_cents: row.price_cents || PRICING.membershipMonthlyCents,
      customer_id: row.customer_id,
      payment_method_id: row.payment_method_id,
      confirm: true,
      off_session: true,
      description: "Beauty membership renewal",
      metadata: { purpose: "membership", ref: `membership:${m.membership_id}:${m.period_end}` },
      idempotency_key: `membership:${m.membership_id}:${m.period_end}:renew:a${m.attempt}`,
    });
    ok = intent.status === "succeeded";
  } catch (err) {
    if (!(err instanceof PaymentsError)) throw err;
  }
  if (!ok) {
    if (m.attempt >= BILLING_RULES.membershipRenewalAttempts) return end("ended_declined");
    return "declined";
  }
  const next = addOneMonth(m.period_end);
  await env.DB.batch([
    env.DB.prepare(
      "UPDATE memberships SET current_period_end = ?3 WHERE membership_id = ?1 AND current_period_end = ?2",
    ).bind(m.membership_id, m.period_end, next),
    env.DB.prepare("UPDATE local_subscriptions SET current_period_end = ?2 WHERE id = ?1").bind(row.provider_ref, next),
  ]);
  return "renewed";
}
