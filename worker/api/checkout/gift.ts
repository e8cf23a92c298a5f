import { Hono } from "hono";
import { giftAmountAllowed, giftDelivery } from "../../../domain/checkout-rules";
import { normalizeEmail } from "../../../domain/email";
import { messageFor } from "../../../domain/messages";
import { formatCents } from "../../../domain/money";
import { normalizeUsPhone } from "../../../domain/phone";
import { PRICING } from "../../../domain/pricing-config";
import { GiftConfirmBody, GiftPurchaseBody } from "../../../schema/payloads/checkout";
import { payments } from "../../checkout/payments";
import { fail } from "../../http/errors";
import type { AppEnv } from "../../http/types";
import { validate } from "../../http/validate";
import { requireUser, viewerOf } from "../../middleware/roles";
import { confirmGiftPurchase, startGiftPurchase } from "../../wallet/gift-purchase";

/**
 * eGift cards (docs/product.md section 7 "/checkout/gift", "/checkout/gift/confirm"): buying one is a
 * PaymentIntent for the amount (presets or a whole-dollar amount within PRICING's limits, key
 * `gift:<gift_card_id>:charge`); once paid the card is active and its code goes to the recipient by text
 * and email (the outbox) on the buyer's chosen day (`deliver_on` in their `time_zone`; today: at once). Redeeming a code is worker/api/giftcard.ts. Mounted at /checkout/gift; the work is
 * worker/wallet/gift-purchase.ts.
 */

export const checkoutGiftApi = new Hono<AppEnv>()
  /** Starts a gift card purchase: the card (pending payment) and its PaymentIntent. Idempotent by key. */
  .post("/", requireUser, validate("json", GiftPurchaseBody), async (c) => {
    const body = c.req.valid("json");
    const user = viewerOf(c);
    const db = c.get("db");
    const now = c.get("now");
    if (!giftAmountAllowed(body.amount_cents)) {
      fail("INVALID_INPUT", {
        amount_cents: `Choose ${PRICING.giftCardPresetsCents.map(formatCents).join(", ")} or a whole-dollar amount from ${formatCents(PRICING.giftCardMinCents)} to ${formatCents(PRICING.giftCardMaxCents)}.`,
      });
    }
    const email = body.recipient_email ? normalizeEmail(body.recipient_email) : null;
    if (body.recipient_email && !email)
      fail("INVALID_EMAIL_ADDRESS", { recipient_email: "Please enter a valid email address." });
    const phone = body.recipient_phone ? normalizeUsPhone(body.recipient_phone) : null;
    if (body.recipient_phone && !phone) fail("PHONE_NOT_VALID", { recipient_phone: "Enter a US phone number." });
    if (!email && !phone) fail("INVALID_INPUT", { recipient_email: "Enter the recipient's email or phone." });
    // The delivery day is the buyer's own local date, so it comes with their zone; none: today, at once.
    let delivery = null;
    if (body.deliver_on) {
      if (!body.time_zone) fail("INVALID_INPUT", { time_zone: "Send the buyer's time zone with the delivery date." });
      const checked = giftDelivery(body.deliver_on, body.time_zone, now);
      if (!checked.ok) fail("INVALID_INPUT", { [checked.field]: checked.message });
      delivery = checked;
    }
    const data = await startGiftPurchase(
      c.env,
      db,
      payments(c.env, db, now),
      user,
      {
        amount_cents: body.amount_cents,
        recipient_name: body.recipient_name,
        email,
        phone,
        message: body.message,
        delivery,
        payment_method_id: body.payment_method_id,
        idempotencyKey: body.idempotencyKey,
      },
      now,
    );
    return c.json({ data }, 201);
  })

  /**
   * After the browser confirmed the card: activates the card once and sends its code to the recipient, or
   * leaves it to the cron when the buyer chose a later day ("GIFT_CARD_SCHEDULED").
   */
  .post("/confirm", requireUser, validate("json", GiftConfirmBody), async (c) => {
    const body = c.req.valid("json");
    const db = c.get("db");
    const now = c.get("now");
    const port = payments(c.env, db, now);
    const result = await confirmGiftPurchase(c.env, db, port, viewerOf(c), body.payment_intent_id, now);
    if (result.status !== "succeeded") return c.json({ data: result }, 202);
    const message = messageFor(result.gift_card.delivered ? "GIFT_CARD_PURCHASED" : "GIFT_CARD_SCHEDULED");
    return c.json({ data: { ...result, message } });
  });
