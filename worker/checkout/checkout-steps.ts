import { and, eq } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import type * as v from "valibot";
import type { CartValidation, CheckoutSummary } from "../../schema/contracts/checkout";
import { checkCheckoutEmail, checkServiceAddress } from "../../domain/checkout-rules";
import { normalizeUsPhone } from "../../domain/phone";
import type { ChargeBody, CompleteOrderBody } from "../../schema/payloads/checkout";
import { orders } from "../../schema/tables/orders";
import { geoFromEnv } from "../adapters/geo";
import { PaymentsError, type PaymentIntent } from "../adapters/payments/port";
import type { SessionUser } from "../auth/sessions";
import { zipPlaceOrFail } from "../catalogue/queries";
import { findCart, type CartOwner } from "../cart/cart-store";
import { fail } from "../http/errors";
import { confirmSecurePay, type SecurePayConfirmation } from "../orders/pay-links";
import { assertLinesOk, cartLinesQuery, checkLines, lineView } from "./cart-check";
import { completeCheckout, type Completion } from "./complete";
import { setDraftIntent, upsertDraft } from "./drafts";
import {
  customerOf,
  intentView,
  methodView,
  ownMethodOrFail,
  payments,
  paymentsFailure,
  type IntentView,
} from "./payments";
import { quoteCart, quoteView } from "./quote";

/**
 * The checkout's steps (docs/product.md section 7 "Checkout"; docs/api-checkout.md,
 * docs/decisions/032-checkout-and-job-offers.md): re-validating the cart, the summary, the charge, its
 * confirmation and completing the order. Each takes the Worker's env (D1, the vendors' calendar objects, the
 * payments configuration), the drizzle database, the time and the customer; the routes in
 * worker/api/checkout/checkout.ts only parse and answer.
 */

/**
 * Re-validates the owner's cart against the vendor objects: every hold alive and its time unchanged. All
 * good: the items. Anything wrong: ERROR_CHECKOUT_VALIDATION_FAILED with every item flagged.
 */
export async function validateCart(
  env: Env,
  db: DrizzleD1Database,
  owner: CartOwner,
  now: number,
): Promise<CartValidation> {
  const cart = await findCart(db, owner);
  const rows = cart ? await cartLinesQuery(db, cart.cart_id) : [];
  if (rows.length === 0) fail("ERROR_CHECKOUT_VALIDATION_FAILED", { cart: "Your cart is empty." });
  const lines = await checkLines(env, db, rows, now);
  assertLinesOk(lines, "ERROR_CHECKOUT_VALIDATION_FAILED");
  return { valid: true, zipCode: cart!.zipcode, items: lines.map(lineView) };
}

/**
 * The checkout summary: items, subtotal, member discount, account credit available and applied, service
 * fee, total, and the customer's saved cards. The cart must be valid.
 */
export async function checkoutSummary(
  env: Env,
  db: DrizzleD1Database,
  user: SessionUser,
  now: number,
  opts: { useCredit: boolean },
): Promise<CheckoutSummary> {
  const port = payments(env, db, now);
  const methods = customerOf(port, user)
    .then((customer) => port.listPaymentMethods(customer))
    .catch((err) => paymentsFailure(err));
  methods.catch(() => undefined);
  const quote = await quoteCart(env, db, user, now, { useCredit: opts.useCredit });
  if (quote.lines.length === 0) fail("ERROR_CHECKOUT_VALIDATION_FAILED", { cart: "Your cart is empty." });
  assertLinesOk(quote.lines, "ERROR_CHECKOUT_VALIDATION_FAILED");
  return {
    ...quoteView(quote),
    contact: { email: user.email, phone: user.phone, address: user.address },
    payment_methods: (await methods).map(methodView),
  };
}

/** The checkout contact: email (TLD rule; business address for business services), phone, full address in the cart's ZIP. */
function contactOf(body: { email: string; phone: string; address: string }, business: boolean, cartZip: string) {
  const email = checkCheckoutEmail(body.email, { business });
  if (!email.ok) fail("INVALID_EMAIL_ADDRESS", { email: email.message });
  const phone = normalizeUsPhone(body.phone);
  if (!phone) fail("PHONE_NOT_VALID", { phone: "Enter a US phone number." });
  const place = checkServiceAddress(body.address, cartZip);
  if (!place.ok) fail(place.code, { address: place.message });
  return { email: email.email, phone, address: place.address, zip: place.zip };
}

export interface ChargeAnswer {
  order_id: number;
  amount_cents: number;
  payment_intent: IntentView | null;
  summary: ReturnType<typeof quoteView>;
}

/**
 * Creates (or finds) the draft order of this cart state and its PaymentIntent for the total, keyed
 * `order:<draft id>:charge`, after re-checking every hold (a lapsed one: CART_ITEM_NOT_AVAILABLE, nothing
 * created). With `payment_method_id` the saved card is charged now. A total of 0 (credit pays it all)
 * needs no intent: `payment_intent` is null and completeOrder finishes.
 */
export async function chargeCheckout(
  env: Env,
  db: DrizzleD1Database,
  user: SessionUser,
  now: number,
  body: v.InferOutput<typeof ChargeBody>,
): Promise<ChargeAnswer> {
  const quote = await quoteCart(env, db, user, now, { useCredit: body.use_credit });
  if (quote.lines.length === 0 || !quote.zipCode)
    fail("ERROR_CHECKOUT_VALIDATION_FAILED", { cart: "Your cart is empty." });
  assertLinesOk(quote.lines, null);
  const contact = contactOf(body, quote.business, quote.zipCode);
  const place = await zipPlaceOrFail(geoFromEnv(env, db), contact.zip, "address");
  const draft = await upsertDraft(
    env.DB,
    user.user_id,
    quote,
    {
      email: contact.email,
      phone: contact.phone,
      address: contact.address,
      zipcode: place.zip,
      time_zone: place.time_zone,
      notes: body.notes || null,
    },
    now,
  );
  if (draft.status !== "pending_payment") {
    // This exact cart was already checked out (or failed): completeOrder answers it.
    fail("ERROR_CHECKOUT_VALIDATION_FAILED", {
      order_id: `Order ${draft.order_id} was already placed for this cart.`,
    });
  }
  const summary = quoteView(quote);
  if (draft.total_cents === 0) {
    return { order_id: draft.order_id, amount_cents: 0, payment_intent: null, summary };
  }
  const port = payments(env, db, now);
  let pi: PaymentIntent;
  try {
    pi = await port.createIntent({
      amount_cents: draft.total_cents,
      customer_id: await customerOf(port, user),
      save_payment_method: body.isSavePaymentMethod,
      description: `Order ${draft.order_id}`,
      metadata: { purpose: "order", ref: String(draft.order_id), user_id: String(user.user_id) },
      idempotency_key: `order:${draft.order_id}:charge`,
    });
    await setDraftIntent(env.DB, draft.order_id, pi.id, now);
    if (body.payment_method_id && pi.status === "requires_payment_method") {
      await ownMethodOrFail(port, body.payment_method_id, pi.customer_id);
      pi = await port.confirmIntent(pi.id, {
        payment_method_id: body.payment_method_id,
        idempotency_key: `order:${draft.order_id}:confirm:${body.idempotencyKey}`,
      });
    }
  } catch (err) {
    paymentsFailure(err);
  }
  return { order_id: draft.order_id, amount_cents: draft.total_cents, payment_intent: intentView(pi), summary };
}

/**
 * Server-side confirmation after the browser confirmed the card: retrieves the intent from the port and,
 * if it succeeded, completes what it pays for: the viewer's checkout order (INVALID_SESSION without one),
 * or a payment link (secure pay, no session needed).
 */
export async function confirmCharge(
  env: Env,
  db: DrizzleD1Database,
  now: number,
  paymentIntentId: string,
  viewerId: number | null,
): Promise<{ kind: "secure_pay"; done: SecurePayConfirmation } | { kind: "checkout"; completion: Completion }> {
  const port = payments(env, db, now);
  let pi: PaymentIntent;
  try {
    pi = await port.retrieveIntent(paymentIntentId);
  } catch (err) {
    if (err instanceof PaymentsError && err.code === "resource_missing") {
      fail("NOT_FOUND", { payment_intent_id: "We couldn't find this payment." });
    }
    paymentsFailure(err);
  }
  if (pi.metadata.purpose === "secure_pay") {
    // A payment link (vpid) or a job's pay link: closed by the secure-pay flow, once.
    if (pi.status !== "succeeded") return { kind: "checkout", completion: { kind: "payment", intent: pi } };
    return { kind: "secure_pay", done: await confirmSecurePay(env, db, port, pi.id, now) };
  }
  if (viewerId === null) fail("INVALID_SESSION");
  const [order] =
    pi.metadata.purpose === "order"
      ? await db
          .select({ order_id: orders.order_id })
          .from(orders)
          .where(and(eq(orders.payment_intent_id, pi.id), eq(orders.user_id, viewerId)))
          .limit(1)
      : [];
  if (!order) fail("NOT_FOUND", { payment_intent_id: "We couldn't find this payment." });
  return { kind: "checkout", completion: await completeCheckout(env, db, port, order.order_id, now) };
}

/**
 * Completes the order: idempotent by the client's key (the same key answers the same order, even after
 * the cart is gone) and by the order itself (one order, one charge, however many calls).
 */
export async function completeOrder(
  env: Env,
  db: DrizzleD1Database,
  user: SessionUser,
  now: number,
  body: v.InferOutput<typeof CompleteOrderBody>,
): Promise<Completion> {
  const d1 = env.DB;
  if (!body.order_id && !body.payment_intent_id) {
    const known = await d1
      .prepare("SELECT order_id FROM orders WHERE user_id = ? AND completion_key = ?")
      .bind(user.user_id, body.idempotencyKey)
      .first<{ order_id: number }>();
    if (!known) fail("INVALID_INPUT", { order_id: "Say which order to complete." });
    const port = payments(env, db, now);
    return completeCheckout(env, db, port, known.order_id, now);
  }
  // One read: the order the key already answered, else the one named (the key's order wins).
  const { results } = await d1
    .prepare(
      `SELECT order_id, payment_intent_id, completion_key FROM orders
       WHERE user_id = ?1 AND (completion_key = ?2 OR order_id = ?3 OR payment_intent_id = ?4)
       ORDER BY completion_key = ?2 DESC LIMIT 2`,
    )
    .bind(user.user_id, body.idempotencyKey, body.order_id ?? -1, body.payment_intent_id ?? "")
    .all<{ order_id: number; payment_intent_id: string | null; completion_key: string | null }>();
  const found = results[0];
  if (!found) fail("NOT_FOUND", { order_id: "We couldn't find this order." });
  const byKey = found.completion_key === body.idempotencyKey;
  if (!byKey && body.payment_intent_id && found.payment_intent_id !== body.payment_intent_id) {
    fail("INVALID_INPUT", { payment_intent_id: "This payment is not for this order." });
  }
  const orderId = found.order_id;
  // The key is remembered with the order (first key wins) while the completion runs; it only serves replays.
  const bind = byKey
    ? Promise.resolve()
    : d1
        .prepare("UPDATE orders SET completion_key = ? WHERE order_id = ? AND completion_key IS NULL")
        .bind(body.idempotencyKey, orderId)
        .run()
        .then(() => undefined)
        .catch((err) =>
          console.error(JSON.stringify({ at: "checkout.completion-key", order_id: orderId, error: String(err) })),
        );
  const port = payments(env, db, now);
  const [done] = await Promise.all([completeCheckout(env, db, port, orderId, now), bind]);
  return done;
}
