import { and, desc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { checkCard, type CardField, type CardInputErrorCode } from "../../../domain/cards";
import { messageFor } from "../../../domain/messages";
import {
  connectedAccounts,
  localCustomers,
  localPaymentMethods,
  localSetupIntents,
  localSubscriptions,
  localTransfers,
  paymentCustomers,
  paymentIntents,
  paymentMethods,
  refunds,
} from "../../../schema/tables/payments";
import {
  PAYMENT_PURPOSES,
  PaymentsError,
  type CardInput,
  type CardPaymentMethod,
  type ConnectedAccount,
  type PaymentError,
  type PaymentIntent,
  type PaymentPurpose,
  type PaymentsPort,
  type Refund,
  type SavedPaymentMethod,
  type SetupIntent,
  type Subscription,
  type Transfer,
  type WebhookEvent,
} from "./port";
import { signWebhookPayload, verifyWebhookSignature } from "./signature";
import { cardErrorMessage, testCardBehaviour } from "./test-cards";

/**
 * The embedded payments adapter (docs/decisions/031-payments.md): Stripe's card state machine kept in D1, so
 * `npm run dev` and the tests take payments with no network and no keys.
 *
 * - Intents: requires_payment_method → (confirm) succeeded | requires_action | requires_payment_method with
 *   last_error; requires_action → (completeAuthentication) succeeded | requires_payment_method; cancel from any
 *   unfinished state. Transitions are conditional updates, so two racing confirms cannot both apply.
 * - Idempotency: the key is a unique column of the row it creates (payment_intents, refunds,
 *   local_subscriptions, local_transfers); creation is one INSERT ... ON CONFLICT DO NOTHING, and a request that
 *   loses reads the winner's row, so a repeat (even a concurrent one) answers the first result. A repeat with
 *   other parameters is refused like Stripe does (idempotency_key_in_use).
 * - Cards: only brand, last4, expiry, a keyed fingerprint and the test-card outcome are kept.
 */

const LOCAL_ACCOUNT_URL = "/business/pay?payouts=local";
/** The local adapter's own onboarding page (web/routes/business/payouts-onboarding.tsx). */
const LOCAL_ONBOARDING_URL = "/business/payouts-onboarding";
/** What a new Express account still needs, as Stripe names it (the local onboarding page asks for these). */
const LOCAL_ONBOARDING_REQUIREMENTS = [
  "external_account",
  "individual.first_name",
  "individual.last_name",
  "tos_acceptance.date",
];
const MIN_AMOUNT_CENTS = 50;
const MAX_AMOUNT_CENTS = 99_999_999;

export interface LocalPaymentsOptions {
  db: DrizzleD1Database;
  /** The request clock (ms). */
  now: number;
  /** Secret of the local webhook signatures (LOCAL_WEBHOOK_SECRET). */
  webhookSecret: string;
}

type IntentRow = typeof paymentIntents.$inferSelect;
type CardRow = typeof localPaymentMethods.$inferSelect;
type SavedRow = typeof paymentMethods.$inferSelect;
type SubscriptionRow = typeof localSubscriptions.$inferSelect;
type GuestRow = typeof localCustomers.$inferSelect;
type SetupRow = typeof localSetupIntents.$inferSelect;

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** Stripe-looking ids: prefix + 24 random base62 characters. */
export function localId(prefix: string, length = 24): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  let out = "";
  for (const b of bytes) out += ALPHABET[b % 62];
  return `${prefix}_${out}`;
}

const CARD_CHECK_CODES: Record<CardInputErrorCode, (field: CardField) => string> = {
  CARD_INCOMPLETE: (field) =>
    ({ number: "incomplete_number", exp: "incomplete_expiry", cvc: "incomplete_cvc", postal_code: "incomplete_zip" })[
      field
    ],
  CARD_NUMBER_INCORRECT: () => "incorrect_number",
  CARD_EXPIRY_INVALID: () => "invalid_expiry_month",
  CARD_EXPIRED: () => "expired_card",
  CARD_CVC_INVALID: () => "invalid_cvc",
  CARD_ZIP_INVALID: () => "incorrect_zip",
};

function missing(kind: string, id: string): PaymentsError {
  return new PaymentsError("resource_missing", `No such ${kind}: '${id}'`, { http_status: 404 });
}

function unexpectedState(action: string, row: IntentRow): PaymentsError {
  return new PaymentsError(
    "payment_intent_unexpected_state",
    `You cannot ${action} this PaymentIntent because it has a status of ${row.status}.`,
    { http_status: 400 },
  );
}

function keyReused(): PaymentsError {
  return new PaymentsError(
    "idempotency_key_in_use",
    "Keys for idempotent requests can only be used with the same parameters they were first used with.",
    { http_status: 400 },
  );
}

function toIntent(row: IntentRow): PaymentIntent {
  return {
    id: row.id,
    amount_cents: row.amount_cents,
    currency: "usd",
    status: row.status,
    client_secret: row.client_secret,
    customer_id: row.customer_id,
    payment_method_id: row.payment_method_id,
    last_error: row.last_error ? (JSON.parse(row.last_error) as PaymentError) : null,
    metadata: row.metadata ? (JSON.parse(row.metadata) as Record<string, string>) : {},
  };
}

function cardOf(row: Pick<CardRow, "brand" | "last4" | "exp_month" | "exp_year">) {
  return { brand: row.brand, last4: row.last4, exp_month: row.exp_month, exp_year: row.exp_year };
}

function toSaved(row: SavedRow, customerId: string): SavedPaymentMethod {
  return {
    id: row.id,
    customer_id: customerId,
    card: cardOf(row),
    is_default: row.is_default,
    fingerprint: row.fingerprint ?? null,
  };
}

/** The same day next month, clamped to the month's end (Jan 31 → Feb 28), as a monthly billing period. */
export function addOneMonth(ms: number): number {
  const d = new Date(ms);
  const year = d.getUTCFullYear();
  const month = d.getUTCMonth() + 1;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return Date.UTC(
    year,
    month,
    Math.min(d.getUTCDate(), lastDay),
    d.getUTCHours(),
    d.getUTCMinutes(),
    d.getUTCSeconds(),
    d.getUTCMilliseconds(),
  );
}

function purposeOf(metadata: Record<string, string>): PaymentPurpose {
  const purpose = metadata.purpose;
  if (!purpose || !(PAYMENT_PURPOSES as readonly string[]).includes(purpose)) {
    throw new PaymentsError(
      "parameter_invalid",
      `metadata.purpose must be one of ${PAYMENT_PURPOSES.join(", ")} (got ${JSON.stringify(purpose ?? null)}).`,
    );
  }
  return purpose as PaymentPurpose;
}

function checkAmount(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount < MIN_AMOUNT_CENTS) {
    throw new PaymentsError("amount_too_small", "Amount must be at least $0.50 usd");
  }
  if (amount > MAX_AMOUNT_CENTS) throw new PaymentsError("amount_too_large", "Amount must be no more than $999,999.99");
}

/** What confirming with this card does right now. */
interface ChargeResult {
  status: "succeeded" | "requires_action" | "requires_payment_method";
  payment_method_id: string | null;
  last_error: PaymentError | null;
}

function failure(code: string, declineCode: string | null): ChargeResult {
  return {
    status: "requires_payment_method",
    payment_method_id: null,
    last_error: { code, decline_code: declineCode, message: cardErrorMessage(code, declineCode) },
  };
}

function charge(card: CardRow, offSession: boolean): ChargeResult {
  switch (card.outcome) {
    case "succeed":
      return { status: "succeeded", payment_method_id: card.id, last_error: null };
    case "decline":
    case "decline_charges":
      return failure(card.error_code ?? "card_declined", card.decline_code);
    case "authenticate":
      if (offSession) {
        return card.set_up_off_session
          ? { status: "succeeded", payment_method_id: card.id, last_error: null }
          : failure("authentication_required", "authentication_required");
      }
      return { status: "requires_action", payment_method_id: card.id, last_error: null };
    case "authenticate_always":
      if (offSession) return failure("authentication_required", "authentication_required");
      return { status: "requires_action", payment_method_id: card.id, last_error: null };
  }
}

/**
 * What the issuer answers when the card is checked for saving (a SetupIntent's zero-amount check, or attaching
 * it): a declining card is refused, a 3-D Secure card asks the cardholder, the others pass.
 */
function setupCheck(card: CardRow): Pick<ChargeResult, "status" | "last_error"> {
  switch (card.outcome) {
    case "decline":
      return failure(card.error_code ?? "card_declined", card.decline_code);
    case "authenticate":
    case "authenticate_always":
      return { status: "requires_action", last_error: null };
    default:
      return { status: "succeeded", last_error: null };
  }
}

/** A card the issuer refuses to save, as Stripe answers it (HTTP 402 with the card's code). */
function refusedCard(card: CardRow): PaymentsError | null {
  const check = setupCheck(card);
  if (check.status !== "requires_payment_method" || !check.last_error) return null;
  return new PaymentsError(check.last_error.code, check.last_error.message, {
    decline_code: check.last_error.decline_code ?? null,
    http_status: 402,
  });
}

function toSetup(row: SetupRow): SetupIntent {
  return {
    id: row.id,
    status: row.status,
    client_secret: row.client_secret,
    customer_id: row.customer_id,
    payment_method_id: row.payment_method_id,
    last_error: row.last_error ? (JSON.parse(row.last_error) as PaymentError) : null,
  };
}

export function localPayments(opts: LocalPaymentsOptions): PaymentsPort {
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

  const port: PaymentsPort = {
    provider: "local",

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
      if (!updated) return port.completeAuthentication!(id, approve);
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
      const intent = await port.createIntent({
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

    async createConnectedAccount(input) {
      const out = (row: typeof connectedAccounts.$inferSelect): ConnectedAccount => ({
        id: row.account_id,
        link_url: row.details_submitted ? LOCAL_ACCOUNT_URL : `${LOCAL_ONBOARDING_URL}?account=${row.account_id}`,
        payouts_enabled: row.payouts_enabled,
      });
      const [existing] = await db
        .select()
        .from(connectedAccounts)
        .where(eq(connectedAccounts.vendor_id, input.vendor_id));
      if (existing && existing.status !== "deleted" && existing.provider === "local") return out(existing);
      // Like a new Express account: pending until the vendor submits the (local) onboarding page.
      const fresh = {
        provider: "local" as const,
        account_id: localId("acct_local", 16),
        status: "pending" as const,
        payouts_enabled: false,
        details_submitted: false,
        updated_at: now,
      };
      if (existing) {
        const [replaced] = await db
          .update(connectedAccounts)
          .set(fresh)
          .where(
            and(
              eq(connectedAccounts.vendor_id, input.vendor_id),
              eq(connectedAccounts.account_id, existing.account_id),
            ),
          )
          .returning();
        if (replaced) return out(replaced);
      } else {
        const [inserted] = await db
          .insert(connectedAccounts)
          .values({ vendor_id: input.vendor_id, created_at: now, ...fresh })
          .onConflictDoNothing({ target: connectedAccounts.vendor_id })
          .returning();
        if (inserted) return out(inserted);
      }
      const [winner] = await db
        .select()
        .from(connectedAccounts)
        .where(eq(connectedAccounts.vendor_id, input.vendor_id));
      return out(winner!);
    },

    async retrieveConnectedAccount(vendorId) {
      const [row] = await db.select().from(connectedAccounts).where(eq(connectedAccounts.vendor_id, vendorId));
      if (!row || row.status === "deleted") return null;
      return {
        id: row.account_id,
        status: row.status,
        payouts_enabled: row.payouts_enabled,
        details_submitted: row.details_submitted,
      };
    },

    async localAccountEvent(accountId) {
      const [row] = await db.select().from(connectedAccounts).where(eq(connectedAccounts.account_id, accountId));
      if (!row || row.provider !== "local") throw missing("account", accountId);
      const submitted = row.details_submitted;
      const event = {
        // One id per state change: the same state announced twice is the same event (applied once).
        id: `evt_local_${row.account_id}_${row.updated_at}_${row.status}`,
        object: "event",
        type: "account.updated",
        created: Math.floor(row.updated_at / 1000),
        data: {
          object: {
            id: row.account_id,
            object: "account",
            type: "express",
            charges_enabled: row.status !== "deleted" && submitted,
            payouts_enabled: row.status !== "deleted" && row.payouts_enabled,
            details_submitted: submitted,
            requirements: {
              currently_due: submitted ? [] : LOCAL_ONBOARDING_REQUIREMENTS,
              past_due: [],
              disabled_reason: submitted ? null : "requirements.past_due",
            },
          },
        },
      };
      const payload = JSON.stringify(event);
      return { payload, signature: await signWebhookPayload(payload, opts.webhookSecret, Math.floor(now / 1000)) };
    },

    async completeLocalOnboarding(accountId) {
      const [row] = await db
        .update(connectedAccounts)
        .set({ status: "active", payouts_enabled: true, details_submitted: true, updated_at: now })
        .where(
          and(
            eq(connectedAccounts.account_id, accountId),
            eq(connectedAccounts.provider, "local"),
            ne(connectedAccounts.status, "deleted"),
          ),
        )
        .returning();
      if (!row || row.status === "deleted") throw missing("account", accountId);
      return { id: row.account_id, status: row.status, payouts_enabled: true, details_submitted: true };
    },

    async createLoginLink(accountId) {
      const [row] = await db.select().from(connectedAccounts).where(eq(connectedAccounts.account_id, accountId));
      if (!row || row.status === "deleted") throw missing("account", accountId);
      return LOCAL_ACCOUNT_URL;
    },

    async deleteConnectedAccount(accountId) {
      const done = await db
        .update(connectedAccounts)
        .set({ status: "deleted", payouts_enabled: false, updated_at: now })
        .where(eq(connectedAccounts.account_id, accountId))
        .returning({ id: connectedAccounts.account_id });
      if (done.length === 0) throw missing("account", accountId);
    },

    async createTransfer(input) {
      if (!Number.isSafeInteger(input.amount_cents) || input.amount_cents <= 0) {
        throw new PaymentsError("parameter_invalid", "The transfer amount must be a positive integer of cents.");
      }
      const toTransfer = (r: typeof localTransfers.$inferSelect): Transfer => ({
        id: r.id,
        account_id: r.account_id,
        amount_cents: r.amount_cents,
      });
      const check = (r: typeof localTransfers.$inferSelect): Transfer => {
        if (r.account_id !== input.account_id || r.amount_cents !== input.amount_cents) throw keyReused();
        return toTransfer(r);
      };
      const [earlier] = await db
        .select()
        .from(localTransfers)
        .where(eq(localTransfers.idempotency_key, input.idempotency_key));
      if (earlier) return check(earlier);
      const [account] = await db
        .select()
        .from(connectedAccounts)
        .where(and(eq(connectedAccounts.account_id, input.account_id), eq(connectedAccounts.provider, "local")));
      if (!account || account.status === "deleted" || !account.payouts_enabled) {
        throw new PaymentsError("account_invalid", `No such destination: '${input.account_id}'`, { http_status: 400 });
      }
      const [inserted] = await db
        .insert(localTransfers)
        .values({
          id: localId("tr_local"),
          account_id: input.account_id,
          amount_cents: input.amount_cents,
          description: input.description,
          idempotency_key: input.idempotency_key,
          created_at: now,
        })
        .onConflictDoNothing({ target: localTransfers.idempotency_key })
        .returning();
      if (inserted) return toTransfer(inserted);
      const [winner] = await db
        .select()
        .from(localTransfers)
        .where(eq(localTransfers.idempotency_key, input.idempotency_key));
      return check(winner!);
    },

    async verifyWebhook(payload, signature): Promise<WebhookEvent | null> {
      if (!(await verifyWebhookSignature(payload, signature, opts.webhookSecret, now))) return null;
      try {
        const event = JSON.parse(payload) as { id?: unknown; type?: unknown; data?: { object?: unknown } };
        if (typeof event.id !== "string" || typeof event.type !== "string") return null;
        const object = event.data?.object;
        if (!object || typeof object !== "object") return null;
        const created =
          typeof (event as { created?: unknown }).created === "number" ? (event as { created: number }).created : null;
        return {
          id: event.id,
          type: event.type,
          object: object as Record<string, unknown>,
          ...(created !== null ? { created: created * 1000 } : {}),
        };
      } catch {
        return null;
      }
    },
  };
  return port;
}

/** A keyed fingerprint: equal for the same number, useless for recovering it without the key. */
async function fingerprint(digits: string, key: string): Promise<string> {
  const hmacKey = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(`card-fingerprint:${key}`),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", hmacKey, new TextEncoder().encode(digits)));
  return btoa(String.fromCharCode(...mac.subarray(0, 12)))
    .replaceAll("+", "-")
    .replaceAll("/", "_");
}
