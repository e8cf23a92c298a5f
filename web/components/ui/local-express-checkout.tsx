import { useEffect, useState } from "react";
import { walletSheetNote } from "../../../domain/wallet-rules";
import { BRAND } from "../../config/brand";
import { formatCents } from "../../lib/format";
import { tokenizeLocal, type ExpressCheckoutProps } from "../../lib/payments";
import { Dialog } from "./dialog";

/**
 * The local processor's wallet (docs/decisions/145): what Stripe's Express Checkout Element is to the page,
 * offline. It reports the wallets the device has (ready), opens a payment sheet on click, and hands the
 * chosen card on confirm or closes on cancel, so the page's wallet flow and the server's are the ones Stripe
 * mode runs. The sheet holds Stripe's test cards; the card is tokenised by the local adapter like a typed one. Like
 * a wallet's own sheet, it says when the card is kept for later charges and how often they come (decision 160).
 */

/** The test wallet's cards: Stripe's published test numbers, as the local adapter understands them. */
const WALLET_CARDS = [
  { number: "4242424242424242", label: "Visa •••• 4242" },
  { number: "4000002500003155", label: "Visa •••• 3155 (the bank asks to confirm)" },
  { number: "4000000000000002", label: "Visa •••• 0002 (declined)" },
] as const;

/**
 * A device wallet the browser could offer: Apple Pay where Safari's ApplePaySession exists, Google Pay where
 * the Payment Request API does (Chromium), as Stripe's element decides from the same capabilities.
 */
function deviceWallets(): { applePay: boolean; googlePay: boolean; link: boolean } | undefined {
  const w = window as unknown as Record<string, unknown>;
  const applePay = typeof w.ApplePaySession === "function";
  const googlePay = !applePay && typeof w.PaymentRequest === "function";
  return applePay || googlePay ? { applePay, googlePay, link: false } : undefined;
}

export function LocalExpressCheckout({
  amountCents,
  use,
  every,
  disabled,
  sheetOpen,
  paying,
  onReady,
  onClick,
  onConfirm,
  onCancel,
}: ExpressCheckoutProps) {
  const [wallet, setWallet] = useState<"apple_pay" | "google_pay" | null>(null);
  const [card, setCard] = useState<string>(WALLET_CARDS[0].number);

  useEffect(() => {
    const available = deviceWallets();
    setWallet(available ? (available.applePay ? "apple_pay" : "google_pay") : null);
    onReady(available);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- ready is raised once, when the element mounts
  }, []);
  // Each opening of the sheet starts from the wallet's default card (the state resets).
  useEffect(() => {
    if (sheetOpen) setCard(WALLET_CARDS[0].number);
  }, [sheetOpen]);

  if (!wallet) return null;
  const name = wallet === "apple_pay" ? "Apple Pay" : "Google Pay";
  const exp = `12/${String((new Date().getFullYear() + 4) % 100).padStart(2, "0")}`;
  const note = walletSheetNote({ use, amount: formatCents(amountCents), merchant: BRAND.name, every });
  const description = `${note} The local processor's stand-in for the wallet's sheet.`;
  const action = use === "keep" ? "Save card" : `Pay ${formatCents(amountCents)}`;
  const button = use === "keep" ? `Save with ${name}` : `Pay with ${name}`;

  return (
    <>
      <button
        type="button"
        className="button button-secondary button-block"
        onClick={() => onClick()}
        disabled={disabled || paying || sheetOpen}
        data-testid="wallet-pay"
      >
        {paying ? (use === "keep" ? "Saving…" : "Paying…") : button}
      </button>
      <Dialog
        open={sheetOpen || paying}
        onClose={() => {
          if (!paying) onCancel();
        }}
        title={`${name} (test wallet)`}
        description={description}
        size="sm"
        testId="wallet-sheet"
      >
        <fieldset className="pay-options" disabled={paying}>
          <legend className="field-label">Card in the wallet</legend>
          {WALLET_CARDS.map((c) => (
            <label key={c.number} className={`pay-option${card === c.number ? " is-selected" : ""}`}>
              <input
                type="radio"
                name="wallet-card"
                value={c.number}
                checked={card === c.number}
                onChange={() => setCard(c.number)}
              />
              <span className="pay-option-text">{c.label}</span>
            </label>
          ))}
        </fieldset>
        <div className="modal-actions">
          <button
            type="button"
            className="button button-secondary"
            onClick={onCancel}
            disabled={paying}
            data-testid="wallet-sheet-cancel"
          >
            Cancel
          </button>
          <button
            type="button"
            className="button button-primary"
            disabled={paying}
            data-testid="wallet-sheet-pay"
            onClick={() =>
              onConfirm({
                expressPaymentType: wallet,
                paymentMethod: async () =>
                  (await tokenizeLocal({ number: card, exp, cvc: "123", postal_code: "10001" })).id,
                paymentFailed: () => undefined,
              })
            }
          >
            {paying ? "Processing…" : action}
          </button>
        </div>
      </Dialog>
    </>
  );
}
