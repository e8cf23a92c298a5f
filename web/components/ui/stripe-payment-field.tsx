import { Elements, PaymentElement, useElements } from "@stripe/react-stripe-js";
import type { StripeElements } from "@stripe/stripe-js";
import { useEffect } from "react";
import { configuredStripe, elementsOptions } from "../../lib/payments";

/**
 * Stripe's Payment Element inside its Elements group (Stripe mode of the card form). Loaded on demand by
 * card-form.tsx (React.lazy), so @stripe/react-stripe-js and Stripe.js reach only the pages that take money.
 * The group is handed to the form (`onElements`), which turns it into a payment method when the payer pays.
 */
export default function StripePaymentField({
  amountCents,
  onElements,
  onComplete,
  onLoadError,
}: {
  amountCents: number | null;
  onElements(elements: StripeElements | null): void;
  onComplete(complete: boolean): void;
  onLoadError(): void;
}) {
  return (
    <Elements stripe={configuredStripe()} options={elementsOptions(amountCents)}>
      <PaymentField onElements={onElements} onComplete={onComplete} onLoadError={onLoadError} />
    </Elements>
  );
}

function PaymentField({
  onElements,
  onComplete,
  onLoadError,
}: {
  onElements(elements: StripeElements | null): void;
  onComplete(complete: boolean): void;
  onLoadError(): void;
}) {
  const elements = useElements();
  useEffect(() => {
    onElements(elements);
    return () => onElements(null);
  }, [elements, onElements]);
  return (
    <PaymentElement
      options={{ layout: "tabs", fields: { billingDetails: { address: { postalCode: "auto" } } } }}
      onChange={(e) => onComplete(e.complete)}
      onLoadError={onLoadError}
    />
  );
}
