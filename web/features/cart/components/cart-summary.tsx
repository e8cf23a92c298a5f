import { serviceFeeCents } from "../../../../domain/checkout-rules";
import { AppLink } from "../../../components/ui/app-link";
import { PinIcon } from "../../../components/ui/icons";
import type { MirrorItem } from "../../../lib/cart-api";
import { formatCents } from "../../../lib/format";

/** The cart's summary: the valid items' prices, subtotal, service fee and estimate, and the way to checkout. */
export function CartSummary({
  valid,
  needsAction,
  zip,
  nameOf,
}: {
  valid: MirrorItem[];
  needsAction: number;
  zip: string | null;
  nameOf: (i: MirrorItem) => string;
}) {
  const subtotal = valid.reduce((sum, i) => sum + (i.price_cents ?? 0), 0);
  return (
    <aside className="cart-summary" aria-labelledby="cart-summary-title">
      <h2 id="cart-summary-title" className="cart-summary-title">
        Summary
      </h2>
      <dl className="cart-totals">
        {valid.map((i) => (
          <div key={i.cartitemid}>
            <dt>{nameOf(i)}</dt>
            <dd>{formatCents(i.price_cents)}</dd>
          </div>
        ))}
        <div className="cart-total">
          <dt>
            Subtotal ({valid.length} {valid.length === 1 ? "service" : "services"})
          </dt>
          <dd>{formatCents(subtotal)}</dd>
        </div>
        <div>
          <dt>Service fee</dt>
          <dd>{formatCents(serviceFeeCents(subtotal))}</dd>
        </div>
        <div className="cart-total">
          <dt>Estimated total</dt>
          <dd>{formatCents(subtotal + serviceFeeCents(subtotal))}</dd>
        </div>
      </dl>
      <p className="cart-fine">
        Member discounts, credits and gift cards are applied at checkout. You pay when you book; changes are free up to
        24 hours before.
      </p>
      {needsAction > 0 && (
        <p className="field-error">
          Choose a new time for the highlighted {needsAction === 1 ? "service" : "services"} first.
        </p>
      )}
      {valid.length > 0 && needsAction === 0 ? (
        <AppLink href="/checkout" className="button button-primary button-block" data-testid="cart-checkout">
          Checkout
        </AppLink>
      ) : (
        <button type="button" className="button button-primary button-block" disabled data-testid="cart-checkout">
          Checkout
        </button>
      )}
      <AppLink href="/services" className="button button-ghost button-block">
        Add another service
      </AppLink>
      {zip && (
        <p className="cart-fine cart-zip">
          <PinIcon size={14} /> Service address ZIP {zip}
        </p>
      )}
    </aside>
  );
}
