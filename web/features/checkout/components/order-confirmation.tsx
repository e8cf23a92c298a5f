import { useEffect, useRef } from "react";
import { catalogue } from "../../../../domain/messages";
import { Page } from "../../../components/layout/page";
import { AppLink } from "../../../components/ui/app-link";
import { CheckIcon } from "../../../components/ui/icons";
import { formatCents } from "../../../lib/format";
import { formatLocalTime } from "../../../lib/local-time";
import { type CheckoutItem, type PlacedOrder } from "../api/checkout";
import { SummaryItems } from "./checkout-summary";
import { ConfirmationCalendar } from "./confirmation-calendar";

/** What the customer sees once the order is placed: the confirmation and the pros chosen for each job. */

export function OrderConfirmation({ order, items }: { order: PlacedOrder; items: CheckoutItem[] }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
    window.scrollTo({ top: 0 });
  }, []);
  return (
    <Page title="Checkout">
      <section className="card order-confirmation" data-testid="order-confirmation" aria-labelledby="confirm-title">
        <div className="confirm-icon" aria-hidden="true">
          <CheckIcon size={28} />
        </div>
        <h2 className="card-title" id="confirm-title" tabIndex={-1} ref={headingRef}>
          You're booked! Order #{order.order_id}
        </h2>
        <p className="muted">
          {catalogue.ORDER_PLACED.text}
          {order.email ? ` A receipt is on its way to ${order.email}.` : ""}
        </p>
        <SummaryItems items={items} />
        <ChosenPros jobs={order.jobs} />
        <ConfirmationCalendar jobs={order.jobs} />
        <p className="summary-total-line">
          Total charged <strong>{formatCents(order.total_cents)}</strong>
        </p>
        <div className="form-actions">
          <AppLink href="/account/orders" className="button button-primary">
            View my orders
          </AppLink>
          <AppLink href="/services" className="button button-secondary">
            Book another service
          </AppLink>
        </div>
      </section>
    </Page>
  );
}

/** "Maya will confirm by 3:40 PM": each job whose pro the customer chose, and when that pro answers by. */
export function ChosenPros({ jobs }: { jobs: PlacedOrder["jobs"] }) {
  const chosen = jobs.filter((j) => j.chosen_vendor_name && j.confirm_by_local && j.vendor_id === null);
  if (chosen.length === 0) return null;
  return (
    <ul className="order-note" data-testid="chosen-pros">
      {chosen.map((j) => (
        <li key={j.service_order_id}>
          <strong>{j.chosen_vendor_name}</strong> will confirm your {j.description} by{" "}
          {formatLocalTime(j.confirm_by_local, j.time_zone)}. If they can't, we text you at once to pick another pro or
          cancel for a full refund.
        </li>
      ))}
    </ul>
  );
}

/** The booked services with their local times and prices, in the summary and on the confirmation. */
