import { and, desc, eq, isNull, ne, sql } from "drizzle-orm";
import { checkCard } from "../../../../domain/cards";
import { messageFor } from "../../../../domain/messages";
import {
  localCustomers,
  localPaymentMethods,
  localSetupIntents,
  paymentCustomers,
  paymentMethods,
} from "../../../../schema/tables/payments";
import { PaymentsError, type CardInput, type CardPaymentMethod, type PaymentsPort, type SetupIntent } from "../port";
import { testCardBehaviour } from "../test-cards";
import {
  type LocalPaymentsOptions,
  type SetupRow,
  localId,
  CARD_CHECK_CODES,
  missing,
  keyReused,
  cardOf,
  toSaved,
  failure,
  setupCheck,
  toSetup,
  fingerprint,
} from "./shared";
import type { LocalStore } from "./store";

/**
 * Cards, setup intents and customers of the embedded payments adapter: a card is tokenized, checked with
 * the issuer (the test cards' outcomes) when it is attached or set up, listed, detached and made the default.
 */
export function localCards(
  opts: LocalPaymentsOptions,
  store: LocalStore,
): Pick<
  PaymentsPort,
  | "setupCard"
  | "retrieveSetupIntent"
  | "completeSetupAuthentication"
  | "ensureCustomer"
  | "ensureGuestCustomer"
  | "tokenizeLocalCard"
  | "retrievePaymentMethod"
  | "attachPaymentMethod"
  | "listPaymentMethods"
  | "detachPaymentMethod"
  | "setDefaultPaymentMethod"
> {
  const { db, now } = opts;
  const { cardRow, userOfCustomer, guestRow, ownerOf, usableCard, attach } = store;

  async function setupRow(id: string): Promise<SetupRow> {
    const [row] = await db.select().from(localSetupIntents).where(eq(localSetupIntents.id, id)).limit(1);
    if (!row) throw missing("setup_intent", id);
    return row;
  }

  /** A SetupIntent that succeeded: the card is attached (once) and set up for off-session charges. */
  async function afterSetup(row: SetupRow): Promise<void> {
    if ((await ownerOf(row.payment_method_id)) !== row.customer_id)
      await attach(row.payment_method_id, row.customer_id);
    await db
      .update(localPaymentMethods)
      .set({ set_up_off_session: true })
      .where(eq(localPaymentMethods.id, row.payment_method_id));
  }

  return {
    async setupCard(input) {
      const replay = (row: SetupRow): SetupIntent => {
        if (row.customer_id !== input.customer_id || row.payment_method_id !== input.payment_method_id) {
          throw keyReused();
        }
        return toSetup(row);
      };
      const [earlier] = await db
        .select()
        .from(localSetupIntents)
        .where(eq(localSetupIntents.idempotency_key, input.idempotency_key))
        .limit(1);
      if (earlier) return replay(earlier);
      if (!(await guestRow(input.customer_id))) await userOfCustomer(input.customer_id);
      const card = await usableCard(input.payment_method_id, input.customer_id);
      const check = setupCheck(card);
      const id = localId("seti_local");
      const [row] = await db
        .insert(localSetupIntents)
        .values({
          id,
          customer_id: input.customer_id,
          payment_method_id: card.id,
          status: check.status,
          client_secret: `${id}_secret_${localId("s").slice(2)}`,
          last_error: check.last_error ? JSON.stringify(check.last_error) : null,
          metadata: JSON.stringify(input.metadata),
          idempotency_key: input.idempotency_key,
          created_at: now,
          updated_at: now,
        })
        .onConflictDoNothing({ target: localSetupIntents.idempotency_key })
        .returning();
      if (!row) {
        const [winner] = await db
          .select()
          .from(localSetupIntents)
          .where(eq(localSetupIntents.idempotency_key, input.idempotency_key))
          .limit(1);
        return replay(winner!);
      }
      if (row.status === "succeeded") await afterSetup(row);
      return toSetup(row);
    },

    async retrieveSetupIntent(id) {
      return toSetup(await setupRow(id));
    },

    async completeSetupAuthentication(id, approve) {
      const row = await setupRow(id);
      if (row.status !== "requires_action") {
        if ((approve && row.status === "succeeded") || (!approve && row.status === "requires_payment_method")) {
          return toSetup(row);
        }
        throw new PaymentsError(
          "setup_intent_unexpected_state",
          `You cannot authenticate this SetupIntent because it has a status of ${row.status}.`,
          { http_status: 400 },
        );
      }
      const failed = failure("setup_intent_authentication_failure", null).last_error!;
      failed.message =
        "We are unable to authenticate your payment method. Please choose a different payment method and try again.";
      const [updated] = await db
        .update(localSetupIntents)
        .set(
          approve
            ? { status: "succeeded", last_error: null, updated_at: now }
            : { status: "requires_payment_method", last_error: JSON.stringify(failed), updated_at: now },
        )
        .where(and(eq(localSetupIntents.id, id), eq(localSetupIntents.status, "requires_action")))
        .returning();
      if (!updated) return toSetup(await setupRow(id));
      if (updated.status === "succeeded") await afterSetup(updated);
      return toSetup(updated);
    },

    async ensureCustomer(user) {
      const fresh = localId("cus_local");
      const inserted = await db
        .insert(paymentCustomers)
        .values({ user_id: user.user_id, provider: "local", provider_customer_id: fresh, created_at: now })
        .onConflictDoNothing({ target: paymentCustomers.user_id })
        .returning();
      if (inserted[0]) return fresh;
      const [row] = await db.select().from(paymentCustomers).where(eq(paymentCustomers.user_id, user.user_id));
      if (row!.provider === "local") return row!.provider_customer_id;
      // The deployment moved from Stripe to local: the user gets a local customer (the Stripe one stays at Stripe).
      const replaced = await db
        .update(paymentCustomers)
        .set({ provider: "local", provider_customer_id: fresh, created_at: now })
        .where(and(eq(paymentCustomers.user_id, user.user_id), eq(paymentCustomers.provider, row!.provider)))
        .returning();
      if (replaced[0]) return fresh;
      const [again] = await db.select().from(paymentCustomers).where(eq(paymentCustomers.user_id, user.user_id));
      return again!.provider_customer_id;
    },

    async ensureGuestCustomer(input) {
      const fresh = localId("cus_local");
      await db
        .insert(localCustomers)
        .values({
          id: fresh,
          ref: input.ref,
          name: input.name,
          phone: input.phone,
          email: input.email,
          created_at: now,
        })
        .onConflictDoNothing({ target: localCustomers.ref });
      const [row] = await db.select().from(localCustomers).where(eq(localCustomers.ref, input.ref)).limit(1);
      return row!.id;
    },

    async tokenizeLocalCard(input: CardInput, customerId) {
      const check = checkCard(input, now);
      if (!check.ok) {
        throw new PaymentsError(CARD_CHECK_CODES[check.code](check.field), messageFor(check.code), {
          http_status: 402,
          param: check.field,
        });
      }
      const { card } = check;
      const behaviour = testCardBehaviour(card.digits);
      const id = localId("pm_local");
      await db.insert(localPaymentMethods).values({
        id,
        brand: card.brand,
        last4: card.last4,
        exp_month: card.exp_month,
        exp_year: card.exp_year,
        fingerprint: await fingerprint(card.digits, opts.webhookSecret),
        outcome: behaviour.outcome,
        error_code: behaviour.error_code ?? null,
        decline_code: behaviour.decline_code ?? null,
        created_at: now,
      });
      if (customerId) return attach(id, customerId);
      return { id, customer_id: null, card: cardOf(card) } satisfies CardPaymentMethod;
    },

    async retrievePaymentMethod(id) {
      const card = await cardRow(id);
      if (!card) return null;
      return { id, customer_id: await ownerOf(id), card: cardOf(card) };
    },

    attachPaymentMethod: attach,

    async listPaymentMethods(customerId) {
      const guest = await guestRow(customerId);
      if (guest) {
        const cards = await db
          .select()
          .from(localPaymentMethods)
          .where(eq(localPaymentMethods.customer_id, customerId))
          .orderBy(desc(localPaymentMethods.created_at), sql`rowid DESC`);
        return cards.map((c) => ({
          id: c.id,
          customer_id: customerId,
          card: cardOf(c),
          fingerprint: c.fingerprint,
          is_default: guest.default_payment_method_id === c.id,
        }));
      }
      const userId = await userOfCustomer(customerId);
      const rows = await db
        .select()
        .from(paymentMethods)
        .where(
          and(
            eq(paymentMethods.user_id, userId),
            eq(paymentMethods.provider, "local"),
            isNull(paymentMethods.detached_at),
          ),
        )
        // Newest first; rowid breaks ties between cards saved within the same millisecond.
        .orderBy(desc(paymentMethods.created_at), sql`rowid DESC`);
      return rows.map((r) => toSaved(r, customerId));
    },

    async detachPaymentMethod(id) {
      const guestCard = await db
        .update(localPaymentMethods)
        .set({ customer_id: null })
        .where(and(eq(localPaymentMethods.id, id), sql`${localPaymentMethods.customer_id} IS NOT NULL`))
        .returning({ customer_id: localPaymentMethods.customer_id });
      if (guestCard.length > 0) {
        await db
          .update(localCustomers)
          .set({ default_payment_method_id: null })
          .where(eq(localCustomers.default_payment_method_id, id));
        return;
      }
      const detached = await db
        .update(paymentMethods)
        .set({ detached_at: now, is_default: false })
        .where(and(eq(paymentMethods.id, id), isNull(paymentMethods.detached_at)))
        .returning({ id: paymentMethods.id });
      if (detached.length > 0) return;
      if (!(await cardRow(id))) throw missing("PaymentMethod", id);
      throw new PaymentsError(
        "payment_method_unexpected_state",
        "The payment method you provided is not attached to a customer so detachment is impossible.",
        { http_status: 400 },
      );
    },

    async setDefaultPaymentMethod(customerId, paymentMethodId) {
      if (await guestRow(customerId)) {
        if (paymentMethodId !== null && (await ownerOf(paymentMethodId)) !== customerId) {
          throw missing("PaymentMethod", paymentMethodId);
        }
        await db
          .update(localCustomers)
          .set({ default_payment_method_id: paymentMethodId })
          .where(eq(localCustomers.id, customerId));
        return;
      }
      const userId = await userOfCustomer(customerId);
      if (paymentMethodId === null) {
        await db
          .update(paymentMethods)
          .set({ is_default: false })
          .where(and(eq(paymentMethods.user_id, userId), eq(paymentMethods.is_default, true)));
        return;
      }
      if ((await ownerOf(paymentMethodId)) !== customerId) throw missing("PaymentMethod", paymentMethodId);
      // One batch (a transaction): the old default is cleared before the new one is set, so the one-default
      // index holds at every step.
      await db.batch([
        db
          .update(paymentMethods)
          .set({ is_default: false })
          .where(
            and(
              eq(paymentMethods.user_id, userId),
              eq(paymentMethods.is_default, true),
              ne(paymentMethods.id, paymentMethodId),
            ),
          ),
        db
          .update(paymentMethods)
          .set({ is_default: true })
          .where(and(eq(paymentMethods.id, paymentMethodId), isNull(paymentMethods.detached_at))),
      ]);
    },
  };
}
