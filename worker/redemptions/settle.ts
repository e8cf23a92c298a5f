/**
 * A redemption's settlement (docs/decisions/077-redemption-payment.md): paid once, it becomes "fulfilled" and the
 * pro's share a pay line. Apart from worker/redemptions/pay.ts because the pay link's own payment
 * (worker/orders/pay-links.ts) settles it too, while the redemption's link is made with pay-links.ts.
 */

/** Marks a redemption paid by `intentId` and books the pro's share, in one batch (both at most once). */
export async function fulfilRedemption(d1: D1Database, id: number, intentId: string, now: number) {
  await d1.batch([
    d1
      .prepare(
        `UPDATE redemptions SET status = 'fulfilled', fulfilled_at = ?3, payment_intent_id = ?2
         WHERE redemption_id = ?1 AND status = 'requested'`,
      )
      .bind(id, intentId, now),
    d1
      .prepare(
        `INSERT INTO vendor_earnings (vendor_id, service_order_id, kind, amount_cents, ref, created_at)
         SELECT vendor_id, service_order_id, 'redemption', vendor_cents, 'redemption:' || redemption_id, ?2
         FROM redemptions WHERE redemption_id = ?1 AND status = 'fulfilled' ON CONFLICT (ref) DO NOTHING`,
      )
      .bind(id, now),
  ]);
}

/**
 * Redemptions whose payment link has been paid become fulfilled (called when a link is paid, and when the pro
 * looks at their redemptions or pay, so nothing depends on one path).
 */
export async function settlePaidRedemptions(
  d1: D1Database,
  scope: { vendorId?: number; payLinkId?: number },
  now: number,
): Promise<void> {
  const rows = await d1
    .prepare(
      `SELECT r.redemption_id, pl.payment_intent_id FROM redemptions r JOIN pay_links pl ON pl.pay_link_id = r.pay_link_id
       WHERE r.status = 'requested' AND pl.status = 'paid' AND pl.payment_intent_id IS NOT NULL
         AND (?1 IS NULL OR r.vendor_id = ?1) AND (?2 IS NULL OR r.pay_link_id = ?2)`,
    )
    .bind(scope.vendorId ?? null, scope.payLinkId ?? null)
    .all<{ redemption_id: number; payment_intent_id: string }>();
  for (const r of rows.results) await fulfilRedemption(d1, r.redemption_id, r.payment_intent_id, now);
}
