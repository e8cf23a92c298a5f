import { walletAllowed } from "./checkout-rules";

/**
 * The wallet (Apple Pay, Google Pay, Link) of docs/product.md section 4 "Wallet payment flow" and section 5
 * "Wallet payment": when it is offered, and the states of one wallet payment. Both the Stripe Express
 * Checkout Element and the local processor's stand-in go through these (docs/decisions/145).
 */

/** The wallets a device can pay with, as the Express Checkout Element's `ready` event reports them. */
export interface WalletMethods {
  applePay: boolean;
  googlePay: boolean;
  link: boolean;
}

/**
 * Offered only at the minimum ($0.50) or more and when the device can pay with at least one wallet
 * (`available` is undefined when it can pay with none, as Stripe answers).
 */
export function walletOffered(totalCents: number, available: WalletMethods | undefined): boolean {
  if (!walletAllowed(totalCents) || !available) return false;
  return available.applePay || available.googlePay || available.link;
}

/** idle: the button; sheet: the wallet's payment sheet is open; paying: the payer confirmed, the payment runs. */
export type WalletState = "idle" | "sheet" | "paying";
export type WalletEvent = "click" | "confirm" | "cancel" | "completed" | "failed";

/**
 * One step of a wallet payment. Click opens the sheet, confirm starts the payment; completion, cancel and
 * failure all return to idle (the wallet state resets). Anything else leaves the state as it is, so a
 * second click while paying, or a confirm without an open sheet, starts nothing.
 */
export function walletStep(state: WalletState, event: WalletEvent): WalletState {
  switch (event) {
    case "click":
      return state === "idle" ? "sheet" : state;
    case "confirm":
      return state === "sheet" ? "paying" : state;
    case "cancel":
      return state === "sheet" ? "idle" : state;
    case "completed":
    case "failed":
      return "idle";
  }
}
