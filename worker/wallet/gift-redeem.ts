import { normalizeGiftCode } from "../../domain/checkout-rules";
import { fail } from "../http/errors";

/**
 * Redeems a gift card code (any case, dashes and spaces optional) into the user's account credit, once: the
 * card turns redeemed, the credit and its ledger line (unique (gift_card, gift_card:<code>)) are written in
 * one batch, only by the request that redeemed it. The same customer redeeming again is answered the first
 * result (`replayed`); anyone else, or an unknown code, gets GIFT_CARD_INVALID.
 */
export async function redeemGiftCard(
  d1: D1Database,
  input: { code: string; userId: number; now: number },
): Promise<{ credited_cents: number; credit_balance_cents: number; replayed: boolean }> {
  const { userId, now } = input;
  const code = normalizeGiftCode(input.code);
  if (!code) fail("GIFT_CARD_INVALID", { code: "Check the code and try again." });
  const mine = "EXISTS (SELECT 1 FROM gift_cards WHERE code = ?1 AND status = 'redeemed' AND redeemed_by_user_id = ?2)";
  const results = await d1.batch([
    d1
      .prepare(
        `UPDATE gift_cards SET status = 'redeemed', balance_cents = 0, redeemed_by_user_id = ?2, redeemed_at = ?3
         WHERE code = ?1 AND status = 'active' RETURNING gift_card_id`,
      )
      .bind(code, userId, now),
    d1
      .prepare(
        `UPDATE users SET credit_balance_cents = credit_balance_cents + (SELECT amount_cents FROM gift_cards WHERE code = ?1), updated_at = ?3
         WHERE user_id = ?2 AND ${mine} AND NOT EXISTS (SELECT 1 FROM credit_ledger WHERE reason = 'gift_card' AND ref = 'gift_card:' || ?1)`,
      )
      .bind(code, userId, now),
    d1
      .prepare(
        `INSERT OR IGNORE INTO credit_ledger (user_id, delta_cents, reason, ref, note, created_at)
         SELECT ?2, amount_cents, 'gift_card', 'gift_card:' || code, 'Gift card redeemed', ?3 FROM gift_cards
         WHERE code = ?1 AND status = 'redeemed' AND redeemed_by_user_id = ?2`,
      )
      .bind(code, userId, now),
    d1.prepare("SELECT amount_cents, status, redeemed_by_user_id FROM gift_cards WHERE code = ?").bind(code),
    d1.prepare("SELECT credit_balance_cents FROM users WHERE user_id = ?").bind(userId),
  ]);
  const card = results[3]!.results[0] as
    { amount_cents: number; status: string; redeemed_by_user_id: number | null } | undefined;
  if (!card || card.status !== "redeemed" || card.redeemed_by_user_id !== userId) {
    fail("GIFT_CARD_INVALID", { code: "Check the code and try again." });
  }
  const balance = (results[4]!.results[0] as { credit_balance_cents: number }).credit_balance_cents;
  return {
    credited_cents: card.amount_cents,
    credit_balance_cents: balance,
    replayed: results[0]!.results.length === 0,
  };
}
