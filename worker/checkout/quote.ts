import type { CheckoutQuote } from "../../schema/contracts/checkout";
import { and, eq, gt, or } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { checkoutTotals, isActiveMember, walletAllowed, type Totals } from "../../domain/checkout-rules";
import { services } from "../../schema/tables/catalogue";
import { cartItems, carts } from "../../schema/tables/orders";
import { memberships } from "../../schema/tables/payments";
import type { SessionUser } from "../auth/sessions";
import { checkLines, lineView, type CheckoutLine } from "./cart-check";

/**
 * A signed-in customer's cart priced for checkout: every item re-validated by its vendor's object, then
 * the totals of domain/checkout-rules.ts (member discount, service fee, account credit). One D1 batch for
 * the cart, its services and the membership, then the settings and the vendor objects.
 */
export interface Quote {
  cartId: number | null;
  zipCode: string | null;
  lines: CheckoutLine[];
  totals: Totals;
  isMember: boolean;
  /** Any business (connect) service in the cart: the email must be a business address. */
  business: boolean;
  useCredit: boolean;
}

export async function quoteCart(
  env: Env,
  db: DrizzleD1Database,
  user: SessionUser,
  now: number,
  opts: { useCredit: boolean },
): Promise<Quote> {
  const [rows, member] = await db.batch([
    db
      .select({ item: cartItems, description: services.description, zipcode: carts.zipcode })
      .from(cartItems)
      .innerJoin(carts, eq(carts.cart_id, cartItems.cart_id))
      .innerJoin(services, eq(services.service_id, cartItems.service_id))
      .where(eq(carts.user_id, user.user_id))
      .orderBy(cartItems.cartitemid),
    db
      .select({ status: memberships.status, current_period_end: memberships.current_period_end })
      .from(memberships)
      .where(
        and(
          eq(memberships.user_id, user.user_id),
          or(eq(memberships.status, "active"), gt(memberships.current_period_end, now)),
        ),
      ),
  ]);
  const lines = await checkLines(env, db, rows, now);
  const isMember = isActiveMember(member, now);
  const totals = checkoutTotals({
    lines: lines.map((l) => ({ price_cents: l.item.price_cents })),
    isMember,
    creditBalanceCents: user.credit_balance_cents,
    useCredit: opts.useCredit,
  });
  return {
    cartId: rows[0]?.item.cart_id ?? null,
    zipCode: rows[0]?.zipcode ?? null,
    lines,
    totals,
    isMember,
    business: lines.some((l) => l.item.is_connect_type),
    useCredit: opts.useCredit,
  };
}

/** The checkout summary's figures (POST /checkout and the charge answers). */
export type QuoteView = CheckoutQuote;

export function quoteView(q: Quote): QuoteView {
  const t = q.totals;
  return {
    zipCode: q.zipCode,
    items: q.lines.map((l, i) => ({ ...lineView(l), member_discount_cents: t.line_discounts_cents[i] ?? 0 })),
    subtotal_cents: t.subtotal_cents,
    member: q.isMember,
    member_discount_cents: t.member_discount_cents,
    service_fee_cents: t.service_fee_cents,
    tax_cents: t.tax_cents,
    credit_available_cents: t.credit_available_cents,
    use_credit: q.useCredit,
    credit_applied_cents: t.credit_applied_cents,
    total_cents: t.total_cents,
    wallet_allowed: walletAllowed(t.total_cents),
    business_email_required: q.business,
  };
}
