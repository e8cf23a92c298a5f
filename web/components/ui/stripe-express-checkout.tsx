import { Elements, ExpressCheckoutElement, useElements } from "@stripe/react-stripe-js";
import {
  configuredStripe,
  elementsOptions,
  paymentMethodFromElements,
  type ExpressCheckoutProps,
} from "../../lib/payments";

/**
 * Stripe's Express Checkout Element (Apple Pay, Google Pay, and Link where the account and intents allow it)
 * in its own Elements group, loaded on demand by wallet-button.tsx. It only draws the buttons and the
 * wallet's sheet; the payment runs in the page's flow (WalletButton).
 */
export default function StripeExpressCheckout(props: ExpressCheckoutProps) {
  return (
    <Elements stripe={configuredStripe()} options={elementsOptions(props.amountCents)}>
      <Express {...props} />
    </Elements>
  );
}

function Express({ disabled, onReady, onClick, onConfirm, onCancel }: ExpressCheckoutProps) {
  const elements = useElements();
  return (
    <ExpressCheckoutElement
      options={{ buttonHeight: 44 }}
      onReady={(e) => {
        const a = e.availablePaymentMethods;
        onReady(a ? { applePay: a.applePay, googlePay: a.googlePay, link: a.link } : undefined);
      }}
      onClick={(e) => {
        // Not resolving keeps the sheet closed (a payment of the page is already running).
        if (disabled) return;
        e.resolve();
        onClick();
      }}
      onConfirm={(e) =>
        onConfirm({
          expressPaymentType: e.expressPaymentType,
          paymentMethod: () => paymentMethodFromElements(elements!),
          paymentFailed: () => e.paymentFailed({ reason: "fail" }),
        })
      }
      onCancel={onCancel}
    />
  );
}
