import { walletAllowed } from "./checkout-rules";

/**
 * The wallet (Apple Pay, Google Pay) of docs/product.md section 4 "Wallet payment flow" and section 5 "Wallet
 * payment": when it is offered, how its card is used, and the states of one wallet payment. Both the Stripe
 * Express Checkout Element and the local processor's stand-in go through these (docs/decisions/145, 160, 161).
 */

/** The wallets a device can pay with, as the Express Checkout Element's `ready` event reports them. */
export interface WalletMethods {
  applePay: boolean;
  googlePay: boolean;
  link: boolean;
}

/**
 * Offered only at the minimum ($0.50) or more and when the device can pay with Apple Pay or Google Pay
 * (`available` is undefined when it can pay with none, as Stripe answers). Link is not offered (decision 161), so
 * a device whose only wallet is Link is offered none.
 */
export function walletOffered(totalCents: number, available: WalletMethods | undefined): boolean {
  if (!walletAllowed(totalCents) || !available) return false;
  return available.applePay || available.googlePay;
}

/**
 * How a page uses the wallet's card (docs/decisions/160):
 * - `pay`: pays the amount now, once; the card is not kept (checkout, tips, pay links, gift cards);
 * - `pay_and_keep`: pays the amount now and keeps the card, set up for later off-session charges (the membership's
 *   first month, then its renewals);
 * - `keep`: charges nothing now; the card is set up for later off-session charges of the amount (a client
 *   subscription's visits).
 */
export type WalletUse = "pay" | "pay_and_keep" | "keep";

/** How often a kept card is charged later: every `count` days or months. */
export interface WalletRecurrence {
  unit: "day" | "month";
  count: number;
  /** What the later charges pay for, as the payer's wallet lists it ("Beauty membership"). */
  description: string;
}

/** "every month", "every 2 months", "every day", "every 14 days". */
export function recurrenceText(every: Pick<WalletRecurrence, "unit" | "count">): string {
  if (every.count === 1) return `every ${every.unit}`;
  return `every ${every.count} ${every.unit}s`;
}

/**
 * What the wallet's sheet tells the payer about the money (docs/decisions/160): the amount paid now, and when the
 * card is kept, that it is and how often it will be charged, so consent to later charges is given in the sheet.
 * `amount` is already formatted ("$65.00").
 */
export function walletSheetNote(input: {
  use: WalletUse;
  amount: string;
  merchant: string;
  every: WalletRecurrence | null;
}): string {
  const { use, amount, merchant, every } = input;
  const later = every ? `${recurrenceText(every)} for ${every.description}` : "later";
  if (use === "keep") return `Nothing is charged now. ${merchant} keeps this card to charge ${amount} ${later}.`;
  if (use === "pay_and_keep") {
    return `Pay ${amount} to ${merchant} now; the card is kept to charge ${amount} ${later}.`;
  }
  return `Pay ${amount} to ${merchant}.`;
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
