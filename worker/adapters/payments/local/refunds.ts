import { eq, sql } from "drizzle-orm";
import { refunds } from "../../../../schema/tables/payments";
import { PaymentsError, type PaymentsPort, type Refund } from "../port";
import { type LocalPaymentsOptions, localId, keyReused } from "./shared";
import type { LocalStore } from "./store";

/**
 * Refunds of the embedded payments adapter: at most the unrefunded amount of a charge, once per key.
 */
export function localRefunds(opts: LocalPaymentsOptions, store: LocalStore): Pick<PaymentsPort, "refund"> {
  const { db, now } = opts;
  const { intentRow } = store;

  return {
    async refund(input) {
      const remaining = sql`(pi.amount_cents - (SELECT COALESCE(SUM(r.amount_cents), 0) FROM refunds r WHERE r.payment_intent_id = pi.id AND r.status != 'failed'))`;
      const amount = input.amount_cents === undefined ? remaining : sql`${input.amount_cents}`;
      const providerRef = localId("re_local");
      // One statement: the check of what is left and the insert cannot interleave with another refund.
      const inserted = await db.all<typeof refunds.$inferSelect>(sql`
        INSERT INTO refunds (payment_intent_id, service_order_id, amount_cents, reason, status, provider_ref,
                             requested_by_user_id, idempotency_key, created_at)
        SELECT pi.id, ${input.service_order_id ?? null}, ${amount}, ${input.reason}, 'succeeded', ${providerRef},
               ${input.requested_by_user_id ?? null}, ${input.idempotency_key}, ${now}
        FROM payment_intents pi
        WHERE pi.id = ${input.payment_intent_id} AND pi.provider = 'local' AND pi.status = 'succeeded'
          AND ${amount} > 0 AND ${amount} <= ${remaining}
        ON CONFLICT (idempotency_key) DO NOTHING
        RETURNING *`);
      const toRefund = (r: typeof refunds.$inferSelect): Refund => ({
        id: r.provider_ref!,
        payment_intent_id: r.payment_intent_id,
        amount_cents: r.amount_cents,
        status: r.status,
      });
      if (inserted[0]) return toRefund(inserted[0]);

      const [earlier] = await db.select().from(refunds).where(eq(refunds.idempotency_key, input.idempotency_key));
      if (earlier) {
        const sameAmount = input.amount_cents === undefined || input.amount_cents === earlier.amount_cents;
        if (earlier.payment_intent_id !== input.payment_intent_id || !sameAmount) throw keyReused();
        return toRefund(earlier);
      }
      const row = await intentRow(input.payment_intent_id);
      if (row.status !== "succeeded") {
        throw new PaymentsError(
          "payment_intent_unexpected_state",
          "This PaymentIntent does not have a successful charge to refund.",
          { http_status: 400 },
        );
      }
      const [{ refunded }] = (await db.all<{ refunded: number }>(
        sql`SELECT COALESCE(SUM(amount_cents), 0) AS refunded FROM refunds WHERE payment_intent_id = ${row.id} AND status != 'failed'`,
      )) as [{ refunded: number }];
      const left = row.amount_cents - refunded;
      if (left <= 0) {
        throw new PaymentsError("charge_already_refunded", `PaymentIntent ${row.id} has already been refunded.`, {
          http_status: 400,
        });
      }
      if (input.amount_cents !== undefined && input.amount_cents <= 0) {
        throw new PaymentsError("parameter_invalid", "The refund amount must be a positive integer.");
      }
      throw new PaymentsError(
        "amount_too_large",
        `Refund amount ($${((input.amount_cents ?? 0) / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
        { http_status: 400 },
      );
    },
  };
}
