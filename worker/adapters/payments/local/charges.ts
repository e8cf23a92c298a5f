import { and, eq, inArray } from "drizzle-orm";
import { paymentIntents } from "../../../../schema/tables/payments";
import { PaymentsError, type PaymentError, type PaymentIntent, type PaymentsPort } from "../port";
import {
  type LocalPaymentsOptions,
  type IntentRow,
  localId,
  unexpectedState,
  keyReused,
  toIntent,
  purposeOf,
  checkAmount,
  type ChargeResult,
  failure,
  charge,
} from "./shared";
import type { LocalStore } from "./store";

/**
 * Charges of the embedded payments adapter: PaymentIntents created, confirmed, authenticated (3-D Secure
 * test cards) and cancelled by conditional updates, so two racing confirms cannot both apply.
 */
export function localCharges(
  opts: LocalPaymentsOptions,
  store: LocalStore,
): Pick<PaymentsPort, "createIntent" | "confirmIntent" | "completeAuthentication" | "retrieveIntent" | "cancelIntent"> {
  const { db, now } = opts;
  const { intentRow, intentByKey, usableCard, userOfCustomerOrNull, afterSuccess } = store;

  const charges: Pick<
    PaymentsPort,
    "createIntent" | "confirmIntent" | "completeAuthentication" | "retrieveIntent" | "cancelIntent"
  > = {
    async createIntent(input) {
      checkAmount(input.amount_cents);
      const purpose = purposeOf(input.metadata);
      const replay = (row: IntentRow): PaymentIntent => {
        if (row.amount_cents !== input.amount_cents || row.customer_id !== input.customer_id) throw keyReused();
        return toIntent(row);
      };
      const earlier = await intentByKey(input.idempotency_key);
      if (earlier) return replay(earlier);

      const userId = await userOfCustomerOrNull(input.customer_id);
      let result: ChargeResult = {
        status: "requires_payment_method",
        payment_method_id: input.payment_method_id ?? null,
        last_error: null,
      };
      if (input.confirm) {
        if (!input.payment_method_id) {
          throw new PaymentsError(
            "parameter_missing",
            "You must provide a payment method to confirm this PaymentIntent.",
          );
        }
        result = charge(await usableCard(input.payment_method_id, input.customer_id), input.off_session === true);
      } else if (input.payment_method_id) {
        await usableCard(input.payment_method_id, input.customer_id);
      }
      const id = localId("pi_local");
      const inserted = await db
        .insert(paymentIntents)
        .values({
          id,
          user_id: userId,
          provider: "local",
          amount_cents: input.amount_cents,
          currency: "usd",
          status: result.status,
          purpose,
          ref: input.metadata.ref ?? "",
          payment_method_id: result.payment_method_id,
          idempotency_key: input.idempotency_key,
          client_secret: `${id}_secret_${localId("s").slice(2)}`,
          last_error: result.last_error ? JSON.stringify(result.last_error) : null,
          customer_id: input.customer_id,
          description: input.description,
          metadata: JSON.stringify(input.metadata),
          save_payment_method: input.save_payment_method === true,
          created_at: now,
          updated_at: now,
        })
        .onConflictDoNothing({ target: paymentIntents.idempotency_key })
        .returning();
      const row = inserted[0];
      if (!row) return replay((await intentByKey(input.idempotency_key))!);
      if (row.status === "succeeded") await afterSuccess(row);
      return toIntent(row);
    },

    async confirmIntent(id, input) {
      const row = await intentRow(id);
      if (row.status === "succeeded" || row.status === "processing") {
        if (row.payment_method_id === input.payment_method_id) return toIntent(row);
        throw unexpectedState("confirm", row);
      }
      if (row.status === "canceled") throw unexpectedState("confirm", row);
      if (row.status === "requires_action" && row.payment_method_id === input.payment_method_id) return toIntent(row);

      const card = await usableCard(input.payment_method_id, row.customer_id);
      const result = charge(card, false);
      const [updated] = await db
        .update(paymentIntents)
        .set({
          status: result.status,
          payment_method_id: result.payment_method_id,
          last_error: result.last_error ? JSON.stringify(result.last_error) : null,
          save_payment_method: row.save_payment_method || input.save_payment_method === true,
          updated_at: now,
        })
        .where(
          and(
            eq(paymentIntents.id, id),
            inArray(paymentIntents.status, ["requires_payment_method", "requires_action"]),
          ),
        )
        .returning();
      if (!updated) {
        const latest = await intentRow(id);
        if (latest.status === "succeeded" && latest.payment_method_id === input.payment_method_id) {
          return toIntent(latest);
        }
        throw unexpectedState("confirm", latest);
      }
      if (updated.status === "succeeded") await afterSuccess(updated);
      return toIntent(updated);
    },

    async completeAuthentication(id, approve) {
      const row = await intentRow(id);
      if (row.status !== "requires_action") {
        if (approve && row.status === "succeeded") return toIntent(row);
        const lastCode = row.last_error ? (JSON.parse(row.last_error) as PaymentError).code : null;
        if (
          !approve &&
          row.status === "requires_payment_method" &&
          lastCode === "payment_intent_authentication_failure"
        ) {
          return toIntent(row);
        }
        throw unexpectedState("authenticate", row);
      }
      const failed = failure("payment_intent_authentication_failure", null);
      const [updated] = await db
        .update(paymentIntents)
        .set(
          approve
            ? { status: "succeeded", last_error: null, updated_at: now }
            : {
                status: "requires_payment_method",
                payment_method_id: null,
                last_error: JSON.stringify(failed.last_error),
                updated_at: now,
              },
        )
        .where(and(eq(paymentIntents.id, id), eq(paymentIntents.status, "requires_action")))
        .returning();
      if (!updated) return charges.completeAuthentication!(id, approve);
      if (updated.status === "succeeded") await afterSuccess(updated);
      return toIntent(updated);
    },

    async retrieveIntent(id) {
      return toIntent(await intentRow(id));
    },

    async cancelIntent(id) {
      const [updated] = await db
        .update(paymentIntents)
        .set({ status: "canceled", updated_at: now })
        .where(
          and(
            eq(paymentIntents.id, id),
            eq(paymentIntents.provider, "local"),
            inArray(paymentIntents.status, ["requires_payment_method", "requires_action", "processing"]),
          ),
        )
        .returning();
      if (updated) return toIntent(updated);
      const row = await intentRow(id);
      if (row.status === "canceled") return toIntent(row);
      throw unexpectedState("cancel", row);
    },
  };
  return charges;
}
