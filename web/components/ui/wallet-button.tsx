import { lazy, Suspense, useEffect, useReducer, useState } from "react";
import { walletAllowed } from "../../../domain/checkout-rules";
import { walletOffered, walletStep, type WalletMethods } from "../../../domain/wallet-rules";
import {
  cardFailureMessage,
  confirmWalletPayment,
  getPaymentsConfig,
  type IntentView,
  type WalletConfirmEvent,
} from "../../lib/payments";
import { asyncHandler } from "../../lib/async-handler";
import { LocalExpressCheckout } from "./local-express-checkout";

const StripeExpressCheckout = lazy(() => import("./stripe-express-checkout"));

/** The page's part of a wallet payment: create the intent (its charge), call `confirm` with it, confirm on the server. */
export type WalletConfirm = (pi: IntentView) => Promise<void>;

/**
 * Apple Pay / Google Pay (docs/product.md section 4 "Wallet payment flow", section 5 "Wallet payment"), one
 * component for both modes (docs/decisions/145): Stripe's Express Checkout Element, or the local processor's
 * stand-in with the same events. Offered only from $0.50 and when the device has a wallet
 * (domain/wallet-rules.ts). On confirm: the wallet's card becomes a payment method, the page creates the
 * intent and hands it to `confirm` (confirm, and confirm again when further action is required), then the
 * page confirms on the server. The wallet state resets after completion, cancel or failure.
 */
export function WalletButton({
  amountCents,
  disabled = false,
  onPay,
  onError,
}: {
  amountCents: number;
  disabled?: boolean;
  onPay(confirm: WalletConfirm): Promise<void>;
  onError(message: string): void;
}) {
  const [provider, setProvider] = useState<"local" | "stripe" | null>(null);
  const [available, setAvailable] = useState<WalletMethods | undefined>(undefined);
  const [state, dispatch] = useReducer(walletStep, "idle");
  const allowed = walletAllowed(amountCents);

  useEffect(() => {
    let live = true;
    getPaymentsConfig().then(
      (c) => live && setProvider(amountCents >= c.wallet_minimum_cents ? c.provider : null),
      () => live && setProvider(null),
    );
    return () => {
      live = false;
    };
  }, [amountCents]);

  if (!allowed || !provider) return null;

  const confirm = async (event: WalletConfirmEvent) => {
    dispatch("confirm");
    try {
      const paymentMethodId = await event.paymentMethod();
      await onPay(async (pi) => {
        await confirmWalletPayment(pi, paymentMethodId);
      });
      dispatch("completed");
    } catch (err) {
      event.paymentFailed();
      dispatch("failed");
      onError(cardFailureMessage(err));
    }
  };

  const props = {
    amountCents,
    disabled: disabled || state === "paying",
    sheetOpen: state === "sheet",
    paying: state === "paying",
    onReady: setAvailable,
    onClick: () => dispatch("click"),
    onConfirm: asyncHandler(confirm),
    onCancel: () => dispatch("cancel"),
  };
  const offered = walletOffered(amountCents, available);
  return (
    // Mounted before it is offered: the element's ready event tells whether the device has a wallet.
    <div className="wallet-pay" hidden={!offered} data-testid="wallet">
      <span className="wallet-or">or</span>
      {provider === "stripe" ? (
        <Suspense fallback={null}>
          <StripeExpressCheckout {...props} />
        </Suspense>
      ) : (
        <LocalExpressCheckout {...props} />
      )}
    </div>
  );
}
