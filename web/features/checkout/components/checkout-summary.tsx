import { useEffect, useMemo, useRef, useState } from "react";
import { AppLink } from "../../../components/ui/app-link";
import { ClockIcon } from "../../../components/ui/icons";
import { formatCents } from "../../../lib/format";
import { formatLocalTime } from "../../../lib/local-time";
import { type CheckoutItem, type CheckoutSummary } from "../api/checkout";

/** The order summary beside the checkout, its item list, and the countdown of the held times. */

export function ReserveCountdown({ items, onLapse }: { items: readonly CheckoutItem[]; onLapse(): void }) {
  const until = useMemo(() => {
    const times = items.map((i) => (i.hold_expires_at ? Date.parse(i.hold_expires_at) : NaN)).filter(Number.isFinite);
    return times.length ? Math.min(...times) : null;
  }, [items]);
  const [now, setNow] = useState(() => Date.now());
  const lapsed = useRef(false);
  useEffect(() => {
    const t = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(t);
  }, []);
  const left = until === null ? null : Math.max(0, until - now);
  useEffect(() => {
    if (left === 0 && !lapsed.current) {
      lapsed.current = true;
      onLapse();
    }
  }, [left, onLapse]);
  if (left === null) return null;
  const mm = Math.floor(left / 60000);
  const ss = String(Math.floor((left % 60000) / 1000)).padStart(2, "0");
  return (
    <div className="reserve" role="timer" aria-live="off">
      <ClockIcon size={18} />
      <span>
        {left > 0 ? (
          <>
            We're holding your {items.length === 1 ? "time" : "times"} for <strong>{`${mm}:${ss}`}</strong>.
          </>
        ) : (
          "Your hold has ended. We're checking your times again."
        )}
      </span>
    </div>
  );
}

export function Summary({ data, loading }: { data: CheckoutSummary; loading: boolean }) {
  return (
    <div className="card checkout-summary" aria-busy={loading}>
      <h2 className="card-title" id="summary-title">
        Order summary
      </h2>
      <SummaryItems items={data.items} />
      <dl className="summary-lines">
        <div>
          <dt>Subtotal</dt>
          <dd>{formatCents(data.subtotal_cents)}</dd>
        </div>
        {data.member_discount_cents > 0 && (
          <div>
            <dt>Member discount</dt>
            <dd>−{formatCents(data.member_discount_cents)}</dd>
          </div>
        )}
        <div>
          <dt>Service fee</dt>
          <dd>{formatCents(data.service_fee_cents)}</dd>
        </div>
        {data.tax_cents > 0 && (
          <div>
            <dt>Tax</dt>
            <dd>{formatCents(data.tax_cents)}</dd>
          </div>
        )}
        {data.credit_applied_cents > 0 && (
          <div>
            <dt>Account credit</dt>
            <dd>−{formatCents(data.credit_applied_cents)}</dd>
          </div>
        )}
        <div className="summary-total">
          <dt>Total</dt>
          <dd data-testid="checkout-total">{formatCents(data.total_cents)}</dd>
        </div>
      </dl>
      {!data.member && (
        <p className="form-fine">
          Members save on every service. <AppLink href="/membership">Learn about membership</AppLink>
        </p>
      )}
    </div>
  );
}

export function SummaryItems({ items }: { items: readonly CheckoutItem[] }) {
  return (
    <ul className="summary-items">
      {items.map((i) => (
        <li key={i.cartitemid}>
          <div>
            <strong>{i.description}</strong>
            <span className="muted">{formatLocalTime(i.selectedDate, i.time_zone)}</span>
          </div>
          <span>{formatCents(i.price_cents)}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The service address with the address autocomplete (docs/product.md section 5): street-address suggestions
 * from 3 characters that start with a street number, 300 ms after the last keystroke, US only; a picked
 * suggestion is resolved to its full address with its ZIP (POST /google/placeDetails); Enter without a
 * pick keeps the typed text and submits the form.
 */
