import { and, eq, isNull, lte, or } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { BRAND_NAME } from "../../domain/brand";
import { giftCodeFromBytes } from "../../domain/checkout-rules";
import { formatCents } from "../../domain/money";
import { users } from "../../schema/tables/accounts";
import { giftCards } from "../../schema/tables/payments";
import { sendEmail } from "../adapters/email";
import type { PaymentIntent, PaymentsPort } from "../adapters/payments/port";
import type { SessionUser } from "../auth/sessions";
import { textSafely } from "../checkout/notify";
import { cardRefusal, customerOf, intentView, ownMethodOrFail, paymentsFailure } from "../checkout/payments";
import { fail } from "../http/errors";

/**
 * eGift cards (docs/product.md section 7 "/checkout/gift", "/checkout/gift/confirm"): buying one is a
 * PaymentIntent for the amount (presets or a whole-dollar amount within PRICING's limits, key
 * `gift:<gift_card_id>:charge`); once paid the card is active and its code goes to the recipient by text
 * and email on the day the buyer chose (at once for today; docs/decisions/124-page-promises.md). Redeeming a
 * code is worker/api/giftcard.ts. The routes are worker/api/checkout/gift.ts.
 */

type GiftRow = typeof giftCards.$inferSelect;

export function giftView(g: GiftRow, withCode: boolean) {
  return {
    gift_card_id: g.gift_card_id,
    code: withCode ? g.code : null,
    amount_cents: g.amount_cents,
    status: g.status,
    recipient_name: g.recipient_name,
    recipient_email: g.recipient_email,
    recipient_phone: g.recipient_phone,
    message: g.message,
    /** The buyer's chosen delivery day (their local date; null: at once) and whether the code has gone out. */
    deliver_on: g.deliver_on,
    delivered: g.delivered_at !== null,
  };
}

/**
 * Sends a paid card's code to its recipient, once, and never before its delivery day: the conditional update
 * that sets delivered_at claims it, so a confirm and any number of parallel cron ticks send it one time (at
 * most once: a send that fails after the claim is logged in the outbox as failed, not retried). A text to the phone, an email through
 * the email port to the address. Answers "delivered" when this call sent it.
 */
export async function deliverGift(
  env: Env,
  db: DrizzleD1Database,
  giftCardId: number,
  now: number,
): Promise<"delivered" | "wait" | "stale"> {
  const [g] = await db
    .update(giftCards)
    .set({ delivered_at: now })
    .where(
      and(
        eq(giftCards.gift_card_id, giftCardId),
        eq(giftCards.status, "active"),
        isNull(giftCards.delivered_at),
        or(isNull(giftCards.deliver_at), lte(giftCards.deliver_at, now)),
      ),
    )
    .returning();
  if (!g) {
    // Not claimed: already sent (or voided, redeemed by the buyer), or its day has not come ("wait": not done).
    const [row] = await db.select().from(giftCards).where(eq(giftCards.gift_card_id, giftCardId)).limit(1);
    return row?.status === "active" && row.delivered_at === null ? "wait" : "stale";
  }
  const [from] = g.purchaser_user_id
    ? await db.select({ name: users.name }).from(users).where(eq(users.user_id, g.purchaser_user_id)).limit(1)
    : [];
  const note = g.message ? ` "${g.message}"` : "";
  const body =
    `${BRAND_NAME}: ${from?.name ?? "Someone"} sent you a ${formatCents(g.amount_cents)} gift card.${note} ` +
    `Redeem code ${g.code} in your account's Gifts and credits.`;
  const work: Promise<unknown>[] = [];
  if (g.recipient_phone) work.push(textSafely(env, db, g.recipient_phone, body, now));
  if (g.recipient_email) {
    // Through the email port (it records the outbox row), so a deployment with a provider really sends it.
    work.push(
      sendEmail(env, db, {
        to: g.recipient_email,
        subject: `${from?.name ?? "Someone"} sent you a ${BRAND_NAME} gift card`,
        text: body,
        now,
      }).catch((err) => console.error(JSON.stringify({ at: "gift.email", error: String(err) }))),
    );
  }
  await Promise.all(work);
  return "delivered";
}

/** A gift card purchase as the buyer's form gave it (checked by the route). */
export interface GiftPurchase {
  amount_cents: number;
  recipient_name: string;
  email: string | null;
  phone: string | null;
  message: string | null | undefined;
  /** The checked delivery day (domain giftDelivery); null: at once. */
  delivery: { deliver_on: string; time_zone: string; deliver_at: number } | null;
  payment_method_id?: string | null | undefined;
  idempotencyKey: string;
}

/**
 * Starts a gift card purchase: the card (pending payment, one per buyer and key) and its PaymentIntent,
 * confirmed at once with a saved card when one is given. Idempotent by key; the same key for another amount
 * is INVALID_INPUT.
 */
export async function startGiftPurchase(
  env: Env,
  db: DrizzleD1Database,
  port: PaymentsPort,
  user: SessionUser,
  input: GiftPurchase,
  now: number,
): Promise<{ gift_card: ReturnType<typeof giftView>; payment_intent: ReturnType<typeof intentView> }> {
  const purchaseKey = `u${user.user_id}:${input.idempotencyKey}`;
  let card: GiftRow | undefined;
  for (let attempt = 0; attempt < 3 && !card; attempt++) {
    const code = giftCodeFromBytes(crypto.getRandomValues(new Uint8Array(16)));
    try {
      await env.DB.prepare(
        `INSERT INTO gift_cards (code, amount_cents, balance_cents, purchaser_user_id, recipient_name, recipient_email, recipient_phone,
           message, status, purchase_key, deliver_on, deliver_time_zone, deliver_at, created_at)
         VALUES (?1, ?2, ?2, ?3, ?4, ?5, ?6, ?7, 'pending_payment', ?8, ?10, ?11, ?12, ?9) ON CONFLICT (purchase_key) DO NOTHING`,
      )
        .bind(
          code,
          input.amount_cents,
          user.user_id,
          input.recipient_name,
          input.email,
          input.phone,
          input.message ?? null,
          purchaseKey,
          now,
          input.delivery?.deliver_on ?? null,
          input.delivery?.time_zone ?? null,
          input.delivery?.deliver_at ?? now,
        )
        .run();
    } catch (err) {
      if (/UNIQUE.*gift_cards\.code/i.test(String(err))) continue; // 80 random bits collided: draw again
      throw err;
    }
    [card] = await db.select().from(giftCards).where(eq(giftCards.purchase_key, purchaseKey)).limit(1);
  }
  if (!card) throw new Error("could not issue a gift card code");
  if (card.amount_cents !== input.amount_cents || card.deliver_on !== (input.delivery?.deliver_on ?? null)) {
    fail("INVALID_INPUT", { idempotencyKey: "This key was already used for another gift card." });
  }
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
    await env.DB.prepare(
      "UPDATE gift_cards SET payment_intent_id = ? WHERE gift_card_id = ? AND payment_intent_id IS NULL",
    )
      .bind(pi.id, card.gift_card_id)
      .run();
    if (input.payment_method_id && pi.status === "requires_payment_method") {
      await ownMethodOrFail(port, input.payment_method_id, customer);
      pi = await port.confirmIntent(pi.id, {
        payment_method_id: input.payment_method_id,
        idempotency_key: `gift:${card.gift_card_id}:confirm:${input.idempotencyKey}`,
      });
    }
  } catch (err) {
    paymentsFailure(err);
  }
  return { gift_card: giftView(card, false), payment_intent: intentView(pi) };
}

/**
 * After the browser confirmed the card: activates the card once and sends its code to the recipient when its
 * delivery day has come (the cron sends it on a later day). Answers
 * the intent's state while it is not paid yet (a refused card is its catalogue error).
 */
export async function confirmGiftPurchase(
  env: Env,
  db: DrizzleD1Database,
  port: PaymentsPort,
  user: SessionUser,
  paymentIntentId: string,
  now: number,
): Promise<
  | { status: "succeeded"; gift_card: ReturnType<typeof giftView> }
  | { status: Exclude<PaymentIntent["status"], "succeeded">; payment_intent: ReturnType<typeof intentView> }
> {
  const [card] = await db
    .select()
    .from(giftCards)
    .where(and(eq(giftCards.payment_intent_id, paymentIntentId), eq(giftCards.purchaser_user_id, user.user_id)))
    .limit(1);
  if (!card) fail("NOT_FOUND", { payment_intent_id: "We couldn't find this gift card payment." });
  let pi: PaymentIntent;
  try {
    pi = await port.retrieveIntent(paymentIntentId);
  } catch (err) {
    paymentsFailure(err);
  }
  if (pi.status !== "succeeded") {
    if (pi.status === "requires_payment_method" && pi.last_error) throw cardRefusal(pi);
    return { status: pi.status, payment_intent: intentView(pi) };
  }
  const [activated] = await db
    .update(giftCards)
    .set({ status: "active" })
    .where(and(eq(giftCards.gift_card_id, card.gift_card_id), eq(giftCards.status, "pending_payment")))
    .returning();
  // The chosen day has come (today's date falls due at purchase): the code goes out now; otherwise the cron
  // sends it on the day (worker/cron/queue.ts "gift_delivery").
  if (activated && (activated.deliver_at ?? now) <= now) await deliverGift(env, db, activated.gift_card_id, now);
  const [fresh] = await db.select().from(giftCards).where(eq(giftCards.gift_card_id, card.gift_card_id)).limit(1);
  return { status: "succeeded", gift_card: giftView(fresh!, true) };
}
