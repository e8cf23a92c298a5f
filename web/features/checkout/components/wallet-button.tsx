import { useEffect, useState } from "react";
import { walletAllowed } from "../../../../domain/checkout-rules";
import { centsToDecimal } from "../../../../domain/money";
import { BRAND } from "../../../config/brand";
import { ApiError, call } from "../../../lib/api-client";
import { paymentsClient } from "../../../lib/api-clients";
import { getPaymentsConfig, tokenizeLocal, type IntentView } from "../../../lib/payments";
import { asyncHandler } from "../../../lib/async-handler";

/**
 * Apple Pay / Google Pay through the browser's Payment Request API (docs/product.md section 4 "Wallet payment flow",
 * section 5 "Wallet payment"): offered only from 0.50 and when the device can pay. Start, create the intent
 * (the page's charge), confirm; confirm again if an action is required; then the page confirms on the
 * server. The wallet state resets after completion, cancel or failure.
 */
type WalletConfirm = (pi: IntentView) => Promise<void>;

interface PaymentResponseLike {
  details: Record<string, unknown>;
  complete(result: "success" | "fail"): Promise<void>;
}

const METHODS = [
  { supportedMethods: "basic-card", data: { supportedNetworks: ["visa", "mastercard", "amex", "discover"] } },
];

function request(amountCents: number) {
  const PR = (window as unknown as { PaymentRequest?: new (m: object[], d: object) => unknown }).PaymentRequest;
  if (!PR) return null;
  try {
    return new PR(METHODS, {
      total: { label: BRAND.name, amount: { currency: "USD", value: centsToDecimal(amountCents) } },
    }) as { canMakePayment(): Promise<boolean>; show(): Promise<PaymentResponseLike> };
  } catch {
    return null;
  }
}

export function WalletButton({
  amountCents,
  disabled,
  onPay,
  onError,
}: {
  amountCents: number;
  disabled?: boolean;
  onPay(confirm: WalletConfirm): Promise<void>;
  onError(message: string): void;
}) {
  const [supported, setSupported] = useState(false);
  const [busy, setBusy] = useState(false);
  const allowed = walletAllowed(amountCents);

  useEffect(() => {
    if (!allowed) return setSupported(false);
    let live = true;
    getPaymentsConfig()
      .then((c) => (c.provider === "local" && amountCents >= c.wallet_minimum_cents ? request(amountCents) : null))
      .then((pr) => (pr ? pr.canMakePayment() : false))
      .then((ok) => live && setSupported(Boolean(ok)))
      .catch(() => live && setSupported(false));
    return () => {
      live = false;
    };
  }, [allowed, amountCents]);

  if (!allowed || !supported) return null;

  const start = async () => {
    const pr = request(amountCents);
    if (!pr) return;
    setBusy(true);
    let response: PaymentResponseLike | null = null;
    try {
      response = await pr.show();
      const d = response.details as {
        cardNumber?: string;
        expiryMonth?: string;
        expiryYear?: string;
        cardSecurityCode?: string;
        billingAddress?: { postalCode?: string };
      };
      const pm = await tokenizeLocal({
        number: d.cardNumber ?? "",
        exp: `${d.expiryMonth ?? ""}/${d.expiryYear ?? ""}`,
        cvc: d.cardSecurityCode ?? "",
        postal_code: d.billingAddress?.postalCode ?? "",
      });
      const paid = response;
      await onPay(async (pi) => {
        let data = await call((o) =>
          paymentsClient.local.confirm.$post(
            { json: { client_secret: pi.client_secret, payment_method_id: pm.id } },
            o,
          ),
        );
        // Further action required: confirm again (the wallet already verified the payer).
        if (data.payment_intent.status === "requires_action") {
          data = await call((o) =>
            paymentsClient.local.authenticate.$post({ json: { client_secret: pi.client_secret, approve: true } }, o),
          );
        }
        if (data.payment_intent.status !== "succeeded")
          throw new ApiError("CARD_DECLINED", "Your wallet payment failed.", 402);
        await paid.complete("success");
      });
    } catch (err) {
      await response?.complete("fail").catch(() => undefined);
      if (!(err instanceof DOMException && err.name === "AbortError")) {
        onError(err instanceof ApiError ? err.message : "Your wallet payment could not be completed.");
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="wallet-pay">
      <span className="wallet-or">or</span>
      <button
        type="button"
        className="button button-secondary button-block"
        onClick={asyncHandler(start)}
        disabled={disabled || busy}
      >
        {busy ? "Opening wallet…" : "Pay with Apple Pay / Google Pay"}
      </button>
    </div>
  );
}
