import type { ClientSubscriptionView } from "../../schema/contracts/pay";
import { formatLocal } from "../../domain/calendar/time";
import { orFail } from "../adapters/payments";
import type { PaymentsPort } from "../adapters/payments/port";
import { fail } from "../http/errors";
import { checkCardForLater } from "../wallet/setup-card";
import { bookingRef, upcomingDates, type SubRow } from "./service";

/**
 * What the pro's screen and the client's link show of a client subscription, and the client's card saved to
 * it: shared by worker/api/vendor/me/client-subscriptions.ts and worker/api/client-subscription.ts.
 */

/** The subscription as both screens show it: service, pro, price, next dates, card. */
export async function describeSubscription(d1: D1Database, sub: SubRow): Promise<ClientSubscriptionView> {
  const extra = await d1
    .prepare(
      `SELECT s.description, v.display_name, pm.brand, pm.last4, pm.exp_month, pm.exp_year
       FROM services s JOIN vendors v ON v.vendor_id = ?2
       LEFT JOIN local_payment_methods pm ON pm.id = ?3
       WHERE s.service_id = ?1`,
    )
    .bind(sub.service_id, sub.vendor_id, sub.payment_method_id)
    .first<Record<string, string | number | null>>();
  const dates = upcomingDates(sub);
  const charged = sub.last_charged_for !== null && sub.last_charged_for >= sub.next_service_at;
  const waiting = charged
    ? null
    : await d1
        .prepare(
          `SELECT 1 AS waiting FROM payment_auth_links
           WHERE purpose = 'client_subscription' AND ref = ?1 AND completed_at IS NULL LIMIT 1`,
        )
        .bind(bookingRef(sub.client_subscription_id, sub.next_service_at))
        .first();
  return {
    client_subscription_id: sub.client_subscription_id,
    status: sub.status,
    client_name: sub.client_name,
    client_phone: sub.client_phone,
    client_email: sub.client_email,
    service_id: sub.service_id,
    service: String(extra?.description ?? ""),
    vendor_name: String(extra?.display_name ?? ""),
    price_cents: sub.price_cents,
    pending_price_cents: sub.pending_price_cents,
    interval_days: sub.interval_days,
    address: sub.address,
    zipcode: sub.zipcode,
    time_zone: sub.time_zone,
    next_dates: dates.map((at) => ({ at, local: formatLocal(at, sub.time_zone) })),
    card: sub.payment_method_id
      ? extra?.last4
        ? {
            brand: String(extra.brand),
            last4: String(extra.last4),
            exp_month: extra.exp_month,
            exp_year: extra.exp_year,
          }
        : { brand: "card", last4: "" }
      : null,
    declined: sub.declined_at !== null,
    awaiting_authentication: waiting !== null,
    last_charged_for: sub.last_charged_for,
    cancelled_at: sub.cancelled_at,
  };
}

/**
 * The subscription's customer (created on the first card, found again after), and the card checked with the
 * processor (a SetupIntent, decision 120): only a card it accepts is attached and made the customer's default. A
 * decline throws the card error with the processor's message; a card that needs 3-D Secure answers the
 * SetupIntent in requires_action. A card that belongs to someone else is refused like an unknown one.
 */
export async function saveClientCard(d1: D1Database, port: PaymentsPort, sub: SubRow, paymentMethodId: string) {
  let customerId = sub.customer_id;
  if (!customerId) {
    const created = await orFail(
      port.ensureGuestCustomer({
        ref: `csub:${sub.client_subscription_id}`,
        name: sub.client_name,
        phone: sub.client_phone,
        email: sub.client_email,
      }),
    );
    const row = await d1
      .prepare(
        `UPDATE client_subscriptions SET customer_id = coalesce(customer_id, ?2)
         WHERE client_subscription_id = ?1 RETURNING customer_id`,
      )
      .bind(sub.client_subscription_id, created)
      .first<{ customer_id: string }>();
    customerId = row!.customer_id;
  }
  const owner = (await orFail(port.retrievePaymentMethod(paymentMethodId)))?.customer_id ?? null;
  if (owner !== null && owner !== customerId) fail("PAYMENT_METHOD_NOT_FOUND");
  const setup = await checkCardForLater(port, {
    customerId,
    paymentMethodId,
    purpose: "client_subscription",
    ref: `csub:${sub.client_subscription_id}`,
  });
  if (setup.status === "succeeded") await orFail(port.setDefaultPaymentMethod(customerId, paymentMethodId));
  return { customerId, setup };
}
