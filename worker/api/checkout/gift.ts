import { and, eq } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { Hono } from "hono";
import { BRAND_NAME } from "../../../domain/brand";
import { giftAmountAllowed, giftCodeFromBytes } from "../../../domain/checkout-rules";
import { normalizeEmail } from "../../../domain/email";
import { messageFor } from "../../../domain/messages";
import { formatCents } from "../../../domain/money";
import { normalizeUsPhone } from "../../../domain/phone";
import { PRICING } from "../../../domain/pricing-config";
import { GiftConfirmBody, GiftPurchaseBody } from "../../../schema/payloads/checkout";
import { outbox } from "../../../schema/tables/accounts";
import { giftCards } from "../../../schema/tables/payments";
import type { PaymentIntent } from "../../adapters/payments/port";
import type { SessionUser } from "../../auth/sessions";
import { textSafely } from "../../checkout/notify";
import {
  cardRefusal,
  customerOf,
  intentView,
  ownMethodOrFail,
  payments,
  paymentsFailure,
} from "../../checkout/payments";
import { fail } from "../../http/errors";
import type { AppEnv } from "../../http/types";
import { jsonBody } from "../../http/validate";
import { requireUser, viewerOf } from "../../middleware/roles";

/**
 * eGift cards (docs/product.md section 7 "/checkout/gift", "/checkout/gift/confirm"): buying one is a
 * PaymentIntent for the amount (presets or a whole-dollar amount within PRICING's limits, key
 * `gift:<gift_card_id>:charge`); once paid the card is active and its code goes to the recipient by text
 * and email (the outbox). Redeeming a code is worker/api/giftcard.ts. Mounted at /checkout/gift.
 */

type GiftRow = typeof giftCards.$inferSelect;

function giftView(g: GiftRow, withCode: boolean) {
  return {
    gift_card_id: g.gift_card_id,
    code: withCode ? g.code : null,
    amount_cents: g.amount_cents,
    status: g.status,
    recipient_name: g.recipient_name,
    recipient_email: g.recipient_email,
    recipient_phone: g.recipient_phone,
    message: g.message,
  };
}

/** The card's code to its recipient: a text to the phone, an email (kept in the outbox) to the address. */
async function deliver(env: Env, db: DrizzleD1Database, g: GiftRow, from: SessionUser, now: number): Promise<void> {
  const note = g.message ? ` "${g.message}"` : "";
  const body =
    `${BRAND_NAME}: ${from.name} sent you a ${formatCents(g.amount_cents)} gift card.${note} ` +
    `Redeem code ${g.code} in your account's Gifts and credits.`;
  const work: Promise<unknown>[] = [];
  if (g.recipient_phone) work.push(textSafely(env, db, g.recipient_phone, body, now));
  if (g.recipient_email) {
    work.push(
      db
        .insert(outbox)
        .values({ channel: "email", to: g.recipient_email, body, status: "queued", provider: "local", created_at: now })
        .catch((err) => console.error(JSON.stringify({ at: "gift.email", error: String(err) }))),
    );
  }
  await Promise.all(work);
}

export const checkoutGiftApi = new Hono<AppEnv>()
  /** Starts a gift card purchase: the card (pending payment) and its PaymentIntent. Idempotent by key. */
  .post("/", requireUser, async (c) => {
    const body = await jsonBody(c, GiftPurchaseBody);
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

    const purchaseKey = `u${user.user_id}:${body.idempotencyKey}`;
    let card: GiftRow | undefined;
    for (let attempt = 0; attempt < 3 && !card; attempt++) {
      const code = giftCodeFromBytes(crypto.getRandomValues(new Uint8Array(16)));
      try {
        await c.env.DB.prepare(
          `INSERT INTO gift_cards (code, amount_cents, balance_cents, purchaser_user_id, recipient_name, recipient_email, recipient_phone,
             message, status, purchase_key, created_at)
           VALUES (?1, ?2, ?2, ?3, ?4, ?5, ?6, ?7, 'pending_payment', ?8, ?9) ON CONFLICT (purchase_key) DO NOTHING`,
        )
          .bind(
            code,
            body.amount_cents,
            user.user_id,
            body.recipient_name,
            email,
            phone,
            body.message ?? null,
            purchaseKey,
            now,
          )
          .run();
      } catch (err) {
        if (/UNIQUE.*gift_cards\.code/i.test(String(err))) continue; // 80 random bits collided: draw again
        throw err;
      }
      [card] = await db.select().from(giftCards).where(eq(giftCards.purchase_key, purchaseKey)).limit(1);
    }
    if (!card) throw new Error("could not issue a gift card code");
    if (card.amount_cents !== body.amount_cents) {
      fail("INVALID_INPUT", { idempotencyKey: "This key was already used for another gift card." });
    }
    const port = payments(c.env, db, now);
    let pi: PaymentIntent;
    try {
      const customer = await customerOf(port, user);
      pi = await port.createIntent({
        amount_cents: card.amount_cents,
        customer_id: customer,
        save_payment_method: false,
        description: `Gift card for ${card.recipient_name}`,
        metadata: { purpose: "gift_card", ref: `gift_card:${card.gift_card_id}` },
        idempotency_key: `gift:${card.gift_card_id}:charge`,
      });
      await c.env.DB.prepare(
        "UPDATE gift_cards SET payment_intent_id = ? WHERE gift_card_id = ? AND payment_intent_id IS NULL",
      )
        .bind(pi.id, card.gift_card_id)
        .run();
      if (body.payment_method_id && pi.status === "requires_payment_method") {
        await ownMethodOrFail(port, body.payment_method_id, customer);
        pi = await port.confirmIntent(pi.id, {
          payment_method_id: body.payment_method_id,
          idempotency_key: `gift:${card.gift_card_id}:confirm:${body.idempotencyKey}`,
        });
      }
    } catch (err) {
      paymentsFailure(err);
    }
    return c.json({ data: { gift_card: giftView(card, false), payment_intent: intentView(pi) } }, 201);
  })

  /** After the browser confirmed the card: activates the card once and sends its code to the recipient. */
  .post("/confirm", requireUser, async (c) => {
    const body = await jsonBody(c, GiftConfirmBody);
    const user = viewerOf(c);
    const db = c.get("db");
    const now = c.get("now");
    const [card] = await db
      .select()
      .from(giftCards)
      .where(
        and(eq(giftCards.payment_intent_id, body.payment_intent_id), eq(giftCards.purchaser_user_id, user.user_id)),
      )
      .limit(1);
    if (!card) fail("NOT_FOUND", { payment_intent_id: "We couldn't find this gift card payment." });
    const port = payments(c.env, db, now);
    let pi: PaymentIntent;
    try {
      pi = await port.retrieveIntent(body.payment_intent_id);
    } catch (err) {
      paymentsFailure(err);
    }
    if (pi.status !== "succeeded") {
      if (pi.status === "requires_payment_method" && pi.last_error) throw cardRefusal(pi);
      return c.json({ data: { status: pi.status, payment_intent: intentView(pi) } }, 202);
    }
    const [activated] = await db
      .update(giftCards)
      .set({ status: "active" })
      .where(and(eq(giftCards.gift_card_id, card.gift_card_id), eq(giftCards.status, "pending_payment")))
      .returning();
    if (activated) await deliver(c.env, db, activated, user, now);
    const [fresh] = await db.select().from(giftCards).where(eq(giftCards.gift_card_id, card.gift_card_id)).limit(1);
    return c.json({
      data: { status: "succeeded", gift_card: giftView(fresh!, true), message: messageFor("GIFT_CARD_PURCHASED") },
    });
  });
