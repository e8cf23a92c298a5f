import type { Context } from "hono";
import { Hono } from "hono";
import { ChargeBody, ChargeConfirmBody, CompleteOrderBody, SummaryBody } from "../../../schema/payloads/checkout";
import {
  chargeCheckout,
  checkoutSummary,
  completeOrder,
  confirmCharge,
  validateCart,
} from "../../checkout/checkout-steps";
import type { Completion } from "../../checkout/complete";
import { cardRefusal, intentView } from "../../checkout/payments";
import { cartOwner } from "../../http/cart-cookie";
import { fail } from "../../http/errors";
import type { AppEnv } from "../../http/types";
import { validate } from "../../http/validate";
import { requireUser, viewerOf } from "../../middleware/roles";

type Ctx = Context<AppEnv>;

/**
 * Checkout (docs/product.md section 7 "Checkout"; docs/api-checkout.md, docs/decisions/032-checkout-and-job-offers.md):
 * re-validating the cart, the summary, the charge, its confirmation and completing the order. Mounted at
 * /checkout. A signed-in customer checks out; a visitor may validate a cart. The steps live in
 * worker/checkout/checkout-steps.ts.
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

export const checkoutApi = new Hono<AppEnv>()
  /**
   * Re-validates the caller's cart (signed in or visitor) against the vendor objects: every hold alive and
   * its time unchanged. All good: the items. Anything wrong: ERROR_CHECKOUT_VALIDATION_FAILED with every
   * item flagged ok / CART_ITEM_NOT_AVAILABLE / CART_ITEM_DATE_CHANGED.
   */
  .post("/getCartValidation", async (c) => {
    return c.json({ data: await validateCart(c.env, c.get("db"), await cartOwner(c), c.get("now")) });
  })

  /**
   * The checkout summary: items, subtotal, member discount, account credit available and applied, service
   * fee, total, and the customer's saved cards. The cart must be valid (else
   * ERROR_CHECKOUT_VALIDATION_FAILED with the flagged items).
   */
  .post("/", requireUser, validate("json", SummaryBody), async (c) => {
    const body = c.req.valid("json");
    const data = await checkoutSummary(c.env, c.get("db"), viewerOf(c), c.get("now"), { useCredit: body.use_credit });
    return c.json({ data });
  })

  /**
   * Creates (or finds) the draft order of this cart state and its PaymentIntent for the total, keyed
   * `order:<draft id>:charge`, after re-checking every hold (a lapsed one: CART_ITEM_NOT_AVAILABLE, nothing
   * created). With `payment_method_id` the saved card is charged now. A total of 0 (credit pays it all)
   * needs no intent: `payment_intent` is null and completeOrder finishes.
   */
  .post("/charge-stripe", requireUser, validate("json", ChargeBody), async (c) => {
    const body = c.req.valid("json");
    return c.json({ data: await chargeCheckout(c.env, c.get("db"), viewerOf(c), c.get("now"), body) });
  })

  /**
   * Server-side confirmation after the browser confirmed the card: retrieves the intent from the port and,
   * if it succeeded, completes what it pays for: the caller's checkout order, or a payment link (secure
   * pay, no session needed). Declined: the card error; authentication or processing pending: 202.
   */
  .post("/charge-confirm", validate("json", ChargeConfirmBody), async (c) => {
    const body = c.req.valid("json");
    const viewerId = c.get("viewer")?.user_id ?? null;
    const confirmed = await confirmCharge(c.env, c.get("db"), c.get("now"), body.payment_intent_id, viewerId);
    if (confirmed.kind === "secure_pay") return c.json({ data: { status: "succeeded", ...confirmed.done } });
    return completionAnswer(c, confirmed.completion);
  })

  /**
   * Completes the order: idempotent by the client's key (the same key answers the same order, even after
   * the cart is gone) and by the order itself (one order, one charge, however many calls).
   */
  .post("/completeOrder", requireUser, validate("json", CompleteOrderBody), async (c) => {
    const body = c.req.valid("json");
    return completionAnswer(c, await completeOrder(c.env, c.get("db"), viewerOf(c), c.get("now"), body));
  });
