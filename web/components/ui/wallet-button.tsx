import { lazy, Suspense, useEffect, useReducer, useState } from "react";
import { walletAllowed } from "../../../domain/checkout-rules";
import {
  walletOffered,
  walletStep,
  type WalletMethods,
  type WalletRecurrence,
  type WalletUse,
} from "../../../domain/wallet-rules";
import {
  cardFailureMessage,
  confirmWalletPayment,
  getPaymentsConfig,
  walletAuthenticator,
  type Authenticator,
  type IntentView,
  type WalletConfirmEvent,
} from "../../lib/payments";
import { asyncHandler } from "../../lib/async-handler";
import { LocalExpressCheckout } from "./local-express-checkout";

const StripeExpressCheckout = lazy(() => import("./stripe-express-checkout"));

/**
 * The wallet's card, handed to the page once the payer confirmed in the sheet. A page that charges now creates
 * its intent and calls `confirm` with it; a page that keeps the card for later sends `paymentMethodId` through its
 * own SetupIntent flow (saveCardWithCheck) with `authenticate` as the cardholder's step.
 */
export interface WalletPayment {
  /** The card chosen in the wallet, as a payment method (not saved). */
  paymentMethodId: string;
  /** Confirms the page's intent with the wallet's card, and again when further action is required. */
  confirm(pi: IntentView): Promise<void>;
  /** The cardholder's step on a SetupIntent or a server-made charge (the wallet already verified the payer). */
  authenticate: Authenticator;
}

/**
 * The page's part of a wallet payment: create the intent (its charge) and confirm it with the wallet's card, or keep
 * the card; then confirm on the server. Answers true once paid (or kept), false when it failed and the page showed
 * why; the wallet then tells its sheet the payment failed. Either way the wallet returns to its button.
 */
export type WalletPay = (wallet: WalletPayment) => Promise<boolean>;

/**
 * Apple Pay / Google Pay (docs/product.md section 4 "Wallet payment flow", section 5 "Wallet payment"), one
 * component for both modes (docs/decisions/145): Stripe's Express Checkout Element, or the local processor's
 * stand-in with the same events. Offered only from $0.50 and when the device has a wallet
 * (domain/wallet-rules.ts). `use` says whether the card is kept for later charges (`every` says how often), so the
 * sheet tells the payer and the card is set up for off-session use (docs/decisions/160). `canOpen` checks the
 * page's own fields before the sheet opens (it shows their errors and answers false). The wallet state resets
 * after completion, cancel or failure.
 */
export function WalletButton({
  amountCents,
  use = "pay",
  every = null,
  disabled = false,
  canOpen,
  onPay,
  onError,
}: {
  amountCents: number;
  use?: WalletUse;
  every?: WalletRecurrence | null;
  disabled?: boolean;
  canOpen?(): boolean;
  onPay: WalletPay;
  onError(message: string): void;
}) {
  const [config, setConfig] = useState<{ provider: "local" | "stripe"; minimum: number } | null>(null);
  const [available, setAvailable] = useState<WalletMethods | undefined>(undefined);
  const [state, dispatch] = useReducer(walletStep, "idle");
  // The product's minimum, and the server's own (they are the same setting, PRICING.walletMinimumCents).
  const allowed = walletAllowed(amountCents) && config !== null && amountCents >= config.minimum;
  const provider = config?.provider ?? null;

  useEffect(() => {
    let live = true;
    getPaymentsConfig().then(
      (c) => live && setConfig({ provider: c.provider, minimum: c.wallet_minimum_cents }),
      () => live && setConfig(null),
    );
    return () => {
      live = false;
    };
  }, []);

  if (!allowed || !provider) return null;

  const confirm = async (event: WalletConfirmEvent) => {
    dispatch("confirm");
    let done = false;
    try {
      const paymentMethodId = await event.paymentMethod();
      done = await onPay({
        paymentMethodId,
        confirm: async (pi) => {
          await confirmWalletPayment(pi, paymentMethodId);
        },
        authenticate: walletAuthenticator,
      });
    } catch (err) {
      onError(cardFailureMessage(err));
    }
    if (done) {
      dispatch("completed");
    } else {
      event.paymentFailed();
      dispatch("failed");
    }
  };

  const props = {
    amountCents,
    use,
    every,
    disabled: disabled || state === "paying",
    sheetOpen: state === "sheet",
    paying: state === "paying",
    onReady: setAvailable,
    onClick: () => {
      if (disabled || state !== "idle" || (canOpen && !canOpen())) return false;
      dispatch("click");
      return true;
    },
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
