import { cardErrorMessageCode } from "../../domain/cards";
import { orFail } from "../adapters/payments";
import type { PaymentPurpose, PaymentsPort, SetupIntent } from "../adapters/payments/port";
import { CardRefusal } from "../checkout/payments";
import { fail } from "../http/errors";

/**
 * A card is kept for later only when the processor accepts it (docs/decisions/120-cards-confirmed-before-saved.md):
 * every place that saves a card (the wallet, a client subscription's link) checks it with a SetupIntent first. A
 * decline throws the card's catalogue code with the processor's own message under `fields.card`, and nothing is
 * saved; a card that needs 3-D Secure answers the SetupIntent in requires_action for the browser to finish (the
 * caller calls again with the same payment method once it is authenticated, and the same key answers the result).
 */
export async function checkCardForLater(
  port: PaymentsPort,
  input: { customerId: string; paymentMethodId: string; purpose: PaymentPurpose; ref: string },
): Promise<SetupIntent & { status: "succeeded" | "requires_action" }> {
  const setup = await orFail(
    port.setupCard({
      customer_id: input.customerId,
      payment_method_id: input.paymentMethodId,
      idempotency_key: `setup:${input.ref}:${input.paymentMethodId}`,
      metadata: { purpose: input.purpose, ref: input.ref },
    }),
  );
  if (setup.status === "succeeded" || setup.status === "requires_action") {
    return setup as SetupIntent & { status: "succeeded" | "requires_action" };
  }
  if (setup.status === "canceled") fail("CARD_DECLINED");
  const err = setup.last_error;
  throw new CardRefusal(
    err ? cardErrorMessageCode(err.code, err.decline_code) : "CARD_DECLINED",
    err?.message ?? "Your card was declined.",
    null,
  );
}

/** What the browser needs to finish a card's 3-D Secure step (no customer, no metadata). */
export function setupView(setup: SetupIntent) {
  return {
    id: setup.id,
    status: setup.status,
    client_secret: setup.client_secret,
    payment_method_id: setup.payment_method_id,
    last_error: setup.last_error,
  };
}
