import { and, eq } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import type { SavedCardView } from "../../schema/contracts/checkout";
import { paymentCustomers } from "../../schema/tables/payments";
import { orFail } from "../adapters/payments";
import type { PaymentsPort, SavedPaymentMethod } from "../adapters/payments/port";
import type { SessionUser } from "../auth/sessions";
import { fail } from "../http/errors";
import { copiesOf, nextDefault, oneEntryPerCard } from "./saved-cards";
import { checkCardForLater, setupView } from "./setup-card";

/**
 * The signed-in user's saved cards (docs/product.md section 7 "Payment methods and subscriptions"). The
 * provider (local or Stripe) holds the cards; these functions only ever act on the user's own customer, and a
 * card that is not theirs is NOT_FOUND, never FORBIDDEN (no hint that it exists). Each takes the database, the
 * payments port and the user: the routes in worker/api/stripe/payment-methods.ts and
 * worker/api/users/payment-methods.ts only parse and answer.
 */

/** docs/product.md section 3 "Payment method". globalId: the spec names it without meaning; it is the method's id. */
export function specPaymentMethod(pm: SavedPaymentMethod): SavedCardView {
  return {
    id: pm.id,
    card: { brand: pm.card.brand, last4: pm.card.last4, exp_month: pm.card.exp_month, exp_year: pm.card.exp_year },
    custom_is_default_payment_method: pm.is_default,
    globalId: pm.id,
  };
}

type CardOwner = Pick<SessionUser, "user_id" | "email" | "name" | "phone">;

/** The user's customer at the current provider, without creating one (reads answer [] for a new user). */
async function existingCustomer(db: DrizzleD1Database, port: PaymentsPort, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ id: paymentCustomers.provider_customer_id })
    .from(paymentCustomers)
    .where(and(eq(paymentCustomers.user_id, userId), eq(paymentCustomers.provider, port.provider)))
    .limit(1);
  return row?.id ?? null;
}

async function listOf(port: PaymentsPort, customerId: string | null): Promise<SavedPaymentMethod[]> {
  return customerId ? orFail(port.listPaymentMethods(customerId)) : [];
}

/** One of the user's saved cards, or NOT_FOUND. */
async function ownMethod(db: DrizzleD1Database, port: PaymentsPort, userId: number, id: string) {
  const customerId = await existingCustomer(db, port, userId);
  const methods = await listOf(port, customerId);
  const found = methods.find((m) => m.id === id);
  if (!found || !customerId) fail("NOT_FOUND");
  return { customerId, method: found, methods };
}

/** The wallet: one entry per card. */
export async function listCards(db: DrizzleD1Database, port: PaymentsPort, userId: number): Promise<SavedCardView[]> {
  const methods = oneEntryPerCard(await listOf(port, await existingCustomer(db, port, userId)));
  return methods.map(specPaymentMethod);
}

/**
 * Saves a tokenised card (local tokenize or Stripe.js) to the user's customer once the processor accepts it, made
 * the default when asked or when there is none; answers the saved card (or the SetupIntent waiting for 3-D Secure). PAYMENT_METHOD_NOT_FOUND for an unknown card or another's.
 */
export async function saveCard(
  port: PaymentsPort,
  user: CardOwner,
  input: { paymentMethodId: string; setDefault: boolean },
): Promise<SavedCardView | { status: "requires_action"; setup_intent: ReturnType<typeof setupView> }> {
  const customerId = await orFail(
    port.ensureCustomer({ user_id: user.user_id, email: user.email, name: user.name, phone: user.phone }),
  );
  const method = await orFail(port.retrievePaymentMethod(input.paymentMethodId));
  if (!method || (method.customer_id !== null && method.customer_id !== customerId)) fail("PAYMENT_METHOD_NOT_FOUND");
  if (method.customer_id === null) {
    // Kept only once the processor accepts it (decision 120): a decline throws its card error, nothing saved.
    const setup = await checkCardForLater(port, {
      customerId,
      paymentMethodId: method.id,
      purpose: "order",
      ref: `wallet:${user.user_id}`,
    });
    if (setup.status === "requires_action") return { status: "requires_action", setup_intent: setupView(setup) };
  }
  let methods = await listOf(port, customerId);
  if (input.setDefault || !methods.some((m) => m.is_default)) {
    await orFail(port.setDefaultPaymentMethod(customerId, method.id));
    methods = methods.map((m) => ({ ...m, is_default: m.id === method.id }));
  }
  const saved = methods.find((m) => m.id === method.id);
  if (!saved) fail("PAYMENT_METHOD_NOT_FOUND");
  return specPaymentMethod(saved);
}

/**
 * Removes a card: the wallet shows one entry per card, so every copy of that card goes. Removing the default card
 * makes the most recently added card left the default, at the processor too (docs/decisions/155), before the
 * old one is detached, so the customer is never left without one while cards remain; `default_id` says which
 * card is the default now (null: no card is left).
 */
export async function removeCard(
  db: DrizzleD1Database,
  port: PaymentsPort,
  userId: number,
  id: string,
): Promise<{ id: string; deleted: true; default_id: string | null }> {
  const { customerId, method, methods } = await ownMethod(db, port, userId, id);
  const copies = copiesOf(methods, method);
  const left = methods.filter((m) => !copies.includes(m));
  let defaultId = left.find((m) => m.is_default)?.id ?? null;
  if (copies.some((m) => m.is_default)) {
    defaultId = nextDefault(left)?.id ?? null;
    await orFail(port.setDefaultPaymentMethod(customerId, defaultId));
  }
  for (const m of copies) await orFail(port.detachPaymentMethod(m.id));
  return { id: method.id, deleted: true, default_id: defaultId };
}

/** Makes one of the user's cards the default; answers the wallet. */
export async function setDefaultCard(
  db: DrizzleD1Database,
  port: PaymentsPort,
  userId: number,
  id: string,
): Promise<SavedCardView[]> {
  const { customerId, method, methods } = await ownMethod(db, port, userId, id);
  if (!method.is_default) await orFail(port.setDefaultPaymentMethod(customerId, method.id));
  const list = oneEntryPerCard(methods.map((m) => ({ ...m, is_default: m.id === method.id })));
  return list.map(specPaymentMethod);
}

/** Leaves the user with no default card; answers every saved method, none marked default. */
export async function clearDefaultCard(
  db: DrizzleD1Database,
  port: PaymentsPort,
  userId: number,
): Promise<SavedCardView[]> {
  const customerId = await existingCustomer(db, port, userId);
  const methods = await listOf(port, customerId);
  if (customerId && methods.some((m) => m.is_default)) await orFail(port.setDefaultPaymentMethod(customerId, null));
  return methods.map((m) => specPaymentMethod({ ...m, is_default: false }));
}
