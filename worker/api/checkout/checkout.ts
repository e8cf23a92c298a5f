import type { CartValidation, CheckoutSummary } from "../../../schema/contracts/checkout";
import { and, eq } from "drizzle-orm";
import type { Context } from "hono";
import { Hono } from "hono";
import { checkCheckoutEmail } from "../../../domain/checkout-rules";
import { addressParts, isPartialAddress } from "../../../domain/location/address";
import { normalizeUsPhone } from "../../../domain/phone";
import { ChargeBody, ChargeConfirmBody, CompleteOrderBody, SummaryBody } from "../../../schema/payloads/checkout";
import { orders } from "../../../schema/tables/orders";
import { geoFromEnv } from "../../adapters/geo";
import { PaymentsError, type PaymentIntent } from "../../adapters/payments/port";
import { zipPlaceOrFail } from "../../catalogue/queries";
import { findCart } from "../../calendar/cart-store";
import { cartOwner } from "../../http/cart-cookie";
import { assertLinesOk, cartLinesQuery, checkLines, lineView } from "../../checkout/cart-check";
import { completeCheckout, type Completion } from "../../checkout/complete";
import { setDraftIntent, upsertDraft } from "../../checkout/drafts";
import {
  cardRefusal,
  customerOf,
  intentView,
  methodView,
  ownMethodOrFail,
  payments,
  paymentsFailure,
} from "../../checkout/payments";
import { quoteCart, quoteView } from "../../checkout/quote";
import { fail } from "../../http/errors";
import type { AppEnv } from "../../http/types";
import { jsonBody } from "../../http/validate";
import { confirmSecurePay } from "../../orders/pay-links";
import { requireUser, viewerOf } from "../../middleware/roles";

type Ctx = Context<AppEnv>;

/**
 * Checkout (docs/product.md section 7 "Checkout"; docs/api-checkout.md, docs/decisions/032-checkout-and-job-offers.md):
 * re-validating the cart, the summary, the charge, its confirmation and completing the order. Mounted at
 * /checkout. A signed-in customer checks out; a visitor may validate a cart.
 */

/** The answer of a completion: the order, or what the payment still needs. */
function completionAnswer(c: Ctx, done: Completion) {
  if (done.kind === "completed") {
    return c.json(
      { data: { status: "succeeded", order: done.order, replayed: done.replayed } },
      done.replayed ? 200 : 201,
    );
  }
  const pi = done.intent;
  // A declined card: the card error (the intent can be confirmed again with another card; holds are kept).
  if (pi.status === "requires_payment_method" && pi.last_error) throw cardRefusal(pi);
  if (pi.status === "canceled")
    fail("ERROR_CHECKOUT_VALIDATION_FAILED", { payment_intent_id: "This payment was cancelled." });
  // Not confirmed yet, waiting for authentication (3-D Secure) or still processing: the browser goes on.
  return c.json({ data: { status: pi.status, payment_intent: intentView(pi) } }, 202);
}

/** The checkout contact: email (TLD rule; business address for business services), phone, full address in the cart's ZIP. */
function contactOf(body: { email: string; phone: string; address: string }, business: boolean, cartZip: string) {
  const email = checkCheckoutEmail(body.email, { business });
  if (!email.ok) fail("INVALID_EMAIL_ADDRESS", { email: email.message });
  const phone = normalizeUsPhone(body.phone);
  if (!phone) fail("PHONE_NOT_VALID", { phone: "Enter a US phone number." });
  if (isPartialAddress(body.address)) {
    fail("INVALID_ADDRESS", { address: "Enter the full service address: street, city, state and ZIP code." });
  }
  const zip = addressParts(body.address).zip!.text.slice(0, 5);
  if (zip !== cartZip) {
    fail("INVALID_ADDRESS", { address: `This address is not in ${cartZip}, the ZIP code your cart was priced for.` });
  }
  return { email: email.email, phone, address: body.address.replace(/\s+/g, " ").trim(), zip };
}

export const checkoutApi = new Hono<AppEnv>()
  /**
   * Re-validates the caller's cart (signed in or visitor) against the vendor objects: every hold alive and
   * its time unchanged. All good: the items. Anything wrong: ERROR_CHECKOUT_VALIDATION_FAILED with every
   * item flagged ok / CART_ITEM_NOT_AVAILABLE / CART_ITEM_DATE_CHANGED.
   */
  .post("/getCartValidation", async (c) => {
    const db = c.get("db");
    const cart = await findCart(db, await cartOwner(c));
    const rows = cart ? await cartLinesQuery(db, cart.cart_id) : [];
    if (rows.length === 0) fail("ERROR_CHECKOUT_VALIDATION_FAILED", { cart: "Your cart is empty." });
    const lines = await checkLines(c.env, db, rows, c.get("now"));
    assertLinesOk(lines, "ERROR_CHECKOUT_VALIDATION_FAILED");
    return c.json({
      data: { valid: true, zipCode: cart!.zipcode, items: lines.map(lineView) } satisfies CartValidation,
    });
  })

  /**
   * The checkout summary: items, subtotal, member discount, account credit available and applied, service
   * fee, total, and the customer's saved cards. The cart must be valid (else
   * ERROR_CHECKOUT_VALIDATION_FAILED with the flagged items).
   */
  .post("/", requireUser, async (c) => {
    const body = await jsonBody(c, SummaryBody);
    const user = viewerOf(c);
    const db = c.get("db");
    const now = c.get("now");
    const port = payments(c.env, db, now);
    const methods = customerOf(port, user)
      .then((customer) => port.listPaymentMethods(customer))
      .catch((err) => paymentsFailure(err));
    methods.catch(() => undefined);
    const quote = await quoteCart(c.env, db, user, now, { useCredit: body.use_credit });
    if (quote.lines.length === 0) fail("ERROR_CHECKOUT_VALIDATION_FAILED", { cart: "Your cart is empty." });
    assertLinesOk(quote.lines, "ERROR_CHECKOUT_VALIDATION_FAILED");
    return c.json({
      data: {
        ...quoteView(quote),
        contact: { email: user.email, phone: user.phone, address: user.address },
        payment_methods: (await methods).map(methodView),
      } satisfies CheckoutSummary,
    });
  })

  /**
   * Creates (or finds) the draft order of this cart state and its PaymentIntent for the total, keyed
   * `order:<draft id>:charge`, after re-checking every hold (a lapsed one: CART_ITEM_NOT_AVAILABLE, nothing
   * created). With `payment_method_id` the saved card is charged now. A total of 0 (credit pays it all)
   * needs no intent: `payment_intent` is null and completeOrder finishes.
   */
  .post("/charge-stripe", requireUser, async (c) => {
    const body = await jsonBody(c, ChargeBody);
    const user = viewerOf(c);
    const db = c.get("db");
    const now = c.get("now");
    const quote = await quoteCart(c.env, db, user, now, { useCredit: body.use_credit });
    if (quote.lines.length === 0 || !quote.zipCode)
      fail("ERROR_CHECKOUT_VALIDATION_FAILED", { cart: "Your cart is empty." });
    assertLinesOk(quote.lines, null);
    const contact = contactOf(body, quote.business, quote.zipCode);
    const place = await zipPlaceOrFail(geoFromEnv(c.env, db), contact.zip, "address");
    const draft = await upsertDraft(
      c.env.DB,
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
      return c.json({ data: { order_id: draft.order_id, amount_cents: 0, payment_intent: null, summary } });
    }
    const port = payments(c.env, db, now);
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
      await setDraftIntent(c.env.DB, draft.order_id, pi.id, now);
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
    return c.json({
      data: { order_id: draft.order_id, amount_cents: draft.total_cents, payment_intent: intentView(pi), summary },
    });
  })

  /**
   * Server-side confirmation after the browser confirmed the card: retrieves the intent from the port and,
   * if it succeeded, completes what it pays for: the caller's checkout order, or a payment link (secure
   * pay, no session needed). Declined: the card error; authentication or processing pending: 202.
   */
  .post("/charge-confirm", async (c) => {
    const body = await jsonBody(c, ChargeConfirmBody);
    const db = c.get("db");
    const now = c.get("now");
    const port = payments(c.env, db, now);
    let pi: PaymentIntent;
    try {
      pi = await port.retrieveIntent(body.payment_intent_id);
    } catch (err) {
      if (err instanceof PaymentsError && err.code === "resource_missing") {
        fail("NOT_FOUND", { payment_intent_id: "We couldn't find this payment." });
      }
      paymentsFailure(err);
    }
    if (pi.metadata.purpose === "secure_pay") {
      // A payment link (vpid) or a job's pay link: closed by the secure-pay flow, once.
      if (pi.status !== "succeeded") return completionAnswer(c, { kind: "payment", intent: pi });
      const done = await confirmSecurePay(c.env, db, port, pi.id, now);
      return c.json({ data: { status: "succeeded", ...done } });
    }
    const user = viewerOf(c);
    const [order] =
      pi.metadata.purpose === "order"
        ? await db
            .select({ order_id: orders.order_id })
            .from(orders)
            .where(and(eq(orders.payment_intent_id, pi.id), eq(orders.user_id, user.user_id)))
            .limit(1)
        : [];
    if (!order) fail("NOT_FOUND", { payment_intent_id: "We couldn't find this payment." });
    return completionAnswer(c, await completeCheckout(c.env, db, port, order.order_id, now));
  })

  /**
   * Completes the order: idempotent by the client's key (the same key answers the same order, even after
   * the cart is gone) and by the order itself (one order, one charge, however many calls).
   */
  .post("/completeOrder", requireUser, async (c) => {
    const body = await jsonBody(c, CompleteOrderBody);
    const user = viewerOf(c);
    const db = c.get("db");
    const now = c.get("now");
    const d1 = c.env.DB;
    if (!body.order_id && !body.payment_intent_id) {
      const known = await d1
        .prepare("SELECT order_id FROM orders WHERE user_id = ? AND completion_key = ?")
        .bind(user.user_id, body.idempotencyKey)
        .first<{ order_id: number }>();
      if (!known) fail("INVALID_INPUT", { order_id: "Say which order to complete." });
      const port = payments(c.env, db, now);
      return completionAnswer(c, await completeCheckout(c.env, db, port, known.order_id, now));
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
    const port = payments(c.env, db, now);
    const [done] = await Promise.all([completeCheckout(c.env, db, port, orderId, now), bind]);
    return completionAnswer(c, done);
  });
