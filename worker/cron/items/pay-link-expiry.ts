/** An expired payment link is let go this long after its expiry (a payment begun on it can still finish). */
export const PAY_LINK_EXPIRY_GRACE_MS = 24 * 60 * 60 * 1000;

/** A redemption's payment link expired unpaid: the redemption is cancelled (nothing was earned for it). */
export async function expireRedemptionLink(d1: D1Database, payLinkId: number, now: number): Promise<string> {
  const done = await d1
    .prepare(
      `UPDATE redemptions SET status = 'cancelled', cancelled_at = ?2
       WHERE pay_link_id = ?1 AND status = 'requested'
         AND EXISTS (SELECT 1 FROM pay_links WHERE pay_link_id = ?1 AND status = 'open' AND expires_at <= ?3)`,
    )
    .bind(payLinkId, now, now - PAY_LINK_EXPIRY_GRACE_MS)
    .run();
  return done.meta.changes > 0 ? "cancelled" : "stale";
}
