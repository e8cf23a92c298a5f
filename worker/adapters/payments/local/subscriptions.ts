import { and, eq, ne } from "drizzle-orm";
import { localSubscriptions } from "../../../../schema/tables/payments";
import { PaymentsError, type PaymentsPort, type Subscription } from "../port";
import {
  type LocalPaymentsOptions,
  type SubscriptionRow,
  localId,
  missing,
  keyReused,
  toIntent,
  addOneMonth,
  checkAmount,
} from "./shared";
import type { LocalStore } from "./store";

/**
 * Subscriptions of the embedded payments adapter (the membership): the first month is charged at once; later
 * months are renewed by the cron (worker/cron/items/membership-renewal.ts).
 */
export function localSubscriptionsApi(
  opts: LocalPaymentsOptions,
  store: LocalStore,
  charges: Pick<PaymentsPort, "createIntent">,
): Pick<PaymentsPort, "createSubscription" | "cancelSubscription"> {
  const { db, now } = opts;
  const { intentRow, userOfCustomer, usableCard } = store;

  async function subscriptionOut(row: SubscriptionRow): Promise<Subscription> {
    const latest = row.latest_intent_id ? toIntent(await intentRow(row.latest_intent_id)) : null;
    return {
      id: row.id,
      customer_id: row.customer_id,
      status: row.status,
      price_cents: row.price_cents,
      current_period_end: row.current_period_end,
      latest_intent: row.status === "incomplete" ? latest : null,
    };
  }

  return {
    async createSubscription(input) {
      checkAmount(input.price_cents);
      const [earlier] = await db
        .select()
        .from(localSubscriptions)
        .where(eq(localSubscriptions.idempotency_key, input.idempotency_key));
      let sub = earlier;
      if (sub) {
        if (sub.customer_id !== input.customer_id || sub.price_cents !== input.price_cents) throw keyReused();
      } else {
        await userOfCustomer(input.customer_id);
        await usableCard(input.payment_method_id, input.customer_id);
        const inserted = await db
          .insert(localSubscriptions)
          .values({
            id: localId("sub_local"),
            customer_id: input.customer_id,
            payment_method_id: input.payment_method_id,
            price_cents: input.price_cents,
            status: "incomplete",
            current_period_end: addOneMonth(now),
            idempotency_key: input.idempotency_key,
            created_at: now,
          })
          .onConflictDoNothing({ target: localSubscriptions.idempotency_key })
          .returning();
        sub =
          inserted[0] ??
          (
            await db
              .select()
              .from(localSubscriptions)
              .where(eq(localSubscriptions.idempotency_key, input.idempotency_key))
          )[0]!;
      }

      // The first invoice's charge, idempotent under its own key, so a repeat finds the same payment.
      const intent = await charges.createIntent({
        amount_cents: sub.price_cents,
        customer_id: sub.customer_id,
        payment_method_id: sub.payment_method_id,
        confirm: true,
        description: "Beauty membership",
        metadata: { purpose: "membership", ref: sub.id, subscription_id: sub.id },
        idempotency_key: `${input.idempotency_key}:first-charge`,
      });
      if (intent.status === "requires_payment_method") {
        await db
          .update(localSubscriptions)
          .set({ status: "canceled", canceled_at: now, latest_intent_id: intent.id })
          .where(and(eq(localSubscriptions.id, sub.id), eq(localSubscriptions.status, "incomplete")));
        const error = intent.last_error!;
        throw new PaymentsError(error.code, error.message, {
          decline_code: error.decline_code ?? null,
          payment_intent: intent,
          http_status: 402,
        });
      }
      await db
        .update(localSubscriptions)
        .set(
          intent.status === "succeeded"
            ? { status: "active", latest_intent_id: intent.id }
            : { latest_intent_id: intent.id },
        )
        .where(and(eq(localSubscriptions.id, sub.id), eq(localSubscriptions.status, "incomplete")));
      const [latest] = await db.select().from(localSubscriptions).where(eq(localSubscriptions.id, sub.id));
      return subscriptionOut(latest!);
    },

    async cancelSubscription(id) {
      await db
        .update(localSubscriptions)
        .set({ status: "canceled", canceled_at: now })
        .where(and(eq(localSubscriptions.id, id), ne(localSubscriptions.status, "canceled")));
      const [row] = await db.select().from(localSubscriptions).where(eq(localSubscriptions.id, id));
      if (!row) throw missing("subscription", id);
      return subscriptionOut(row);
    },
  };
}
