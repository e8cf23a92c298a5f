import { Elements, ExpressCheckoutElement, useElements } from "@stripe/react-stripe-js";
import type { StripeExpressCheckoutElementOptions } from "@stripe/stripe-js";
import {
  configuredStripe,
  elementsOptions,
  paymentMethodFromElements,
  type ExpressCheckoutProps,
} from "../../lib/payments";

/**
 * Stripe's Express Checkout Element (Apple Pay and Google Pay) in its own Elements group, loaded on demand by
 * wallet-button.tsx. It only draws the buttons and the wallet's sheet; the payment runs in the page's flow
 * (WalletButton). The group says whether the card is kept for later (decision 160); Link, PayPal, Amazon Pay and
 * Klarna are never shown: the server's intents take cards only, so their buttons could not pay (decision 161).
 */
export default function StripeExpressCheckout(props: ExpressCheckoutProps) {
  return (
    <Elements stripe={configuredStripe()} options={elementsOptions(props.amountCents, props.use)}>
      <Express {...props} />
    </Elements>
  );
}

function expressOptions({ amountCents, every }: ExpressCheckoutProps): StripeExpressCheckoutElementOptions {
  return {
    buttonHeight: 44,
    paymentMethods: {
      applePay: "auto",
      googlePay: "auto",
      link: "never",
      paypal: "never",
      amazonPay: "never",
      klarna: "never",
    },
    // Apple Pay shows later charges as a recurring payment the payer agrees to (and can manage from the page).
    ...(every
      ? {
          applePay: {
            recurringPaymentRequest: {
              paymentDescription: every.description,
              managementURL: window.location.href,
              regularBilling: {
                label: every.description,
                amount: amountCents,
                recurringPaymentIntervalUnit: every.unit,
                recurringPaymentIntervalCount: every.count,
              },
            },
          },
        }
      : {}),
  };
}

function Express(props: ExpressCheckoutProps) {
  const { onReady, onClick, onConfirm, onCancel } = props;
  const elements = useElements();
  return (
    <ExpressCheckoutElement
      options={expressOptions(props)}
      onReady={(e) => {
        const a = e.availablePaymentMethods;
        onReady(a ? { applePay: a.applePay, googlePay: a.googlePay, link: a.link } : undefined);
      }}
      onClick={(e) => {
        // Not resolving keeps the sheet closed: a payment of the page is running, or the page's fields are not
        // complete yet (the page shows why).
        if (onClick()) e.resolve();
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
