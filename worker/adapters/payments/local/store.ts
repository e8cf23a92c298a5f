import { and, eq, isNull } from "drizzle-orm";
import {
  localCustomers,
  localPaymentMethods,
  localSubscriptions,
  paymentCustomers,
  paymentIntents,
  paymentMethods,
} from "../../../../schema/tables/payments";
import { PaymentsError, type SavedPaymentMethod } from "../port";
import { openLocalDisputeIfCard } from "./disputes";
import {
  type LocalPaymentsOptions,
  type IntentRow,
  type CardRow,
  type GuestRow,
  missing,
  cardOf,
  toSaved,
  refusedCard,
} from "./shared";

/**
 * The D1 lookups the embedded payments adapter's areas share: intents, cards and customers by id, and
 * attaching a card to a customer (a user's saved card or a guest's), which charges and setup intents do too.
 */
export function localStore(opts: LocalPaymentsOptions) {
  const { db, now } = opts;

  async function intentRow(id: string): Promise<IntentRow> {
    const [row] = await db
      .select()
      .from(paymentIntents)
      .where(and(eq(paymentIntents.id, id), eq(paymentIntents.provider, "local")))
      .limit(1);
    if (!row) throw missing("payment_intent", id);
    return row;
  }

  async function intentByKey(key: string): Promise<IntentRow | undefined> {
    const [row] = await db.select().from(paymentIntents).where(eq(paymentIntents.idempotency_key, key)).limit(1);
    return row;
  }

  async function cardRow(id: string): Promise<CardRow | undefined> {
    const [row] = await db.select().from(localPaymentMethods).where(eq(localPaymentMethods.id, id)).limit(1);
    return row;
  }

  async function userOfCustomer(customerId: string): Promise<number> {
    const [row] = await db
      .select({ user_id: paymentCustomers.user_id })
      .from(paymentCustomers)
      .where(and(eq(paymentCustomers.provider_customer_id, customerId), eq(paymentCustomers.provider, "local")))
      .limit(1);
    if (!row) throw missing("customer", customerId);
    return row.user_id;
  }

  /** A customer that is not a user (local_customers), or undefined. */
  async function guestRow(customerId: string) {
    const [row] = await db.select().from(localCustomers).where(eq(localCustomers.id, customerId)).limit(1);
    return row;
  }

  /** The customer a card is attached to (null when it is not attached). */
  async function ownerOf(paymentMethodId: string): Promise<string | null> {
    const [row] = await db
      .select({ customer: paymentCustomers.provider_customer_id })
      .from(paymentMethods)
      .innerJoin(paymentCustomers, eq(paymentCustomers.user_id, paymentMethods.user_id))
      .where(and(eq(paymentMethods.id, paymentMethodId), isNull(paymentMethods.detached_at)))
      .limit(1);
    if (row) return row.customer;
    const card = await cardRow(paymentMethodId);
    return card?.customer_id ?? null;
  }

  /** Attaches a card to a guest customer (once; a card belongs to one customer). */
  async function attachGuest(card: CardRow, guest: GuestRow): Promise<SavedPaymentMethod> {
    const [toUser] = await db.select().from(paymentMethods).where(eq(paymentMethods.id, card.id)).limit(1);
    if (!toUser) {
      await db
        .update(localPaymentMethods)
        .set({ customer_id: guest.id })
        .where(and(eq(localPaymentMethods.id, card.id), isNull(localPaymentMethods.customer_id)));
    }
    const after = await cardRow(card.id);
    if (toUser || after?.customer_id !== guest.id) {
      throw new PaymentsError(
        "payment_method_unexpected_state",
        "The payment method you provided has already been attached to a customer.",
        { http_status: 400 },
      );
    }
    const [fresh] = await db.select().from(localCustomers).where(eq(localCustomers.id, guest.id)).limit(1);
    return {
      id: card.id,
      customer_id: guest.id,
      card: cardOf(card),
      fingerprint: card.fingerprint,
      is_default: fresh?.default_payment_method_id === card.id,
    };
  }

  /** The card an intent may be paid with: it exists, and if attached, to the intent's customer. */
  async function usableCard(paymentMethodId: string, customerId: string | null): Promise<CardRow> {
    const card = await cardRow(paymentMethodId);
    if (!card) throw missing("PaymentMethod", paymentMethodId);
    const owner = await ownerOf(paymentMethodId);
    if (owner !== null && owner !== customerId) {
      throw new PaymentsError(
        "payment_method_unexpected_state",
        "The provided PaymentMethod belongs to another Customer; pass that Customer to use it.",
        { http_status: 400 },
      );
    }
    return card;
  }

  async function userOfCustomerOrNull(customerId: string | null): Promise<number | null> {
    if (customerId === null) return null;
    if (await guestRow(customerId)) return null;
    return userOfCustomer(customerId);
  }

  /** Saving the card and activating what the payment was for, once an intent has succeeded. */
  async function afterSuccess(row: IntentRow): Promise<void> {
    if (row.save_payment_method && row.customer_id && row.payment_method_id) {
      try {
        await attach(row.payment_method_id, row.customer_id);
        await db
          .update(localPaymentMethods)
          .set({ set_up_off_session: true })
          .where(eq(localPaymentMethods.id, row.payment_method_id));
      } catch (e) {
        // The payment stands even if the card cannot be kept (e.g. it was detached meanwhile).
        if (!(e instanceof PaymentsError)) throw e;
      }
    }
    const meta = row.metadata ? (JSON.parse(row.metadata) as Record<string, string>) : {};
    if (meta.subscription_id) {
      await db
        .update(localSubscriptions)
        .set({ status: "active", latest_intent_id: row.id })
        .where(and(eq(localSubscriptions.id, meta.subscription_id), eq(localSubscriptions.status, "incomplete")));
    }
    await openLocalDisputeIfCard(opts, row);
  }

  async function attach(paymentMethodId: string, customerId: string): Promise<SavedPaymentMethod> {
    const card = await cardRow(paymentMethodId);
    if (!card) throw missing("PaymentMethod", paymentMethodId);
    // Stripe checks a card with the issuer when it is attached: a declining card is never saved.
    const refused = refusedCard(card);
    if (refused) throw refused;
    const guest = await guestRow(customerId);
    if (guest) return attachGuest(card, guest);
    if (card.customer_id !== null) {
      throw new PaymentsError(
        "payment_method_unexpected_state",
        "The payment method you provided has already been attached to a customer.",
        { http_status: 400 },
      );
    }
    const userId = await userOfCustomer(customerId);
    await db
      .insert(paymentMethods)
      .values({
        id: card.id,
        user_id: userId,
        provider: "local",
        brand: card.brand,
        last4: card.last4,
        exp_month: card.exp_month,
        exp_year: card.exp_year,
        fingerprint: card.fingerprint,
        is_default: false,
        created_at: now,
      })
      .onConflictDoNothing({ target: paymentMethods.id });
    const [saved] = await db.select().from(paymentMethods).where(eq(paymentMethods.id, card.id)).limit(1);
    if (!saved || saved.user_id !== userId) {
      throw new PaymentsError(
        "payment_method_unexpected_state",
        "The payment method you provided has already been attached to a customer.",
        { http_status: 400 },
      );
    }
    if (saved.detached_at !== null) {
      throw new PaymentsError(
        "payment_method_unexpected_state",
        "This PaymentMethod was previously detached from a Customer and may not be used again.",
        { http_status: 400 },
      );
    }
    return toSaved(saved, customerId);
  }

  return {
    intentRow,
    intentByKey,
    cardRow,
    userOfCustomer,
    guestRow,
    ownerOf,
    attachGuest,
    usableCard,
    userOfCustomerOrNull,
    afterSuccess,
    attach,
  };
}

export type LocalStore = ReturnType<typeof localStore>;
