import { eq } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { paymentCustomers } from "../../schema/tables/payments";
import {
  PaymentsError,
  type CardPaymentMethod,
  type PaymentIntent,
  type PaymentsPort,
} from "../adapters/payments/port";

export interface SavedCardCharge {
  /** The intent (null when the provider refused the request); `status` "succeeded" means paid. */
  intent: PaymentIntent | null;
  method: CardPaymentMethod;
}

/**
 * Charges a user's saved card off-session: their default card, else the first one. Null when they have no
 * provider customer or no card. A refused request (a PaymentsError) answers `intent: null`; a decline or
 * 3-D Secure answers the intent in its state. Callers send a payment link when it did not succeed.
 * Used by the pro's added charge (worker/jobs/money.ts) and staff charges (worker/admin/charges.ts).
 */
export async function chargeSavedCard(
  db: DrizzleD1Database,
  port: () => PaymentsPort,
  userId: number,
  input: {
    amount_cents: number;
    description: string;
    metadata: Record<string, string>;
    idempotency_key: string;
  },
): Promise<SavedCardCharge | null> {
  const [customer] = await db
    .select({ id: paymentCustomers.provider_customer_id })
    .from(paymentCustomers)
    .where(eq(paymentCustomers.user_id, userId));
  if (!customer) return null;
  const methods = await port()
    .listPaymentMethods(customer.id)
    .catch(() => []);
  const method = methods.find((m) => m.is_default) ?? methods[0];
  if (!method) return null;
  const intent = await port()
    .createIntent({
      ...input,
      customer_id: customer.id,
      payment_method_id: method.id,
      confirm: true,
      off_session: true,
    })
    .catch((err) => {
      if (err instanceof PaymentsError) return null;
      throw err;
    });
  return { intent, method };
}
