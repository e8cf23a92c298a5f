import type { localPaymentMethods } from "../../../schema/tables/payments";

/**
 * How the local adapter's cards behave: Stripe's published test numbers
 * (https://docs.stripe.com/testing), with Stripe's own error codes and messages. A "decline" card is refused when it is
 * saved too (Stripe checks a card when it is attached or set up); only 4000 0000 0000 0341 saves and then declines. Any other number that passes
 * the Luhn check succeeds. The outcome is decided when the card is tokenised and kept with the payment method
 * (local_payment_methods.outcome), so the number itself is never stored.
 */
export type LocalCardOutcome = (typeof localPaymentMethods.$inferSelect)["outcome"];

export interface TestCardBehaviour {
  outcome: LocalCardOutcome;
  /** For "decline": the error code and the issuer's decline code, as Stripe answers them. */
  error_code?: string;
  decline_code?: string;
  note: string;
}

export const TEST_CARDS: Readonly<Record<string, TestCardBehaviour>> = {
  "4242424242424242": { outcome: "succeed", note: "Visa: succeeds" },
  "5555555555554444": { outcome: "succeed", note: "Mastercard: succeeds" },
  "378282246310005": { outcome: "succeed", note: "American Express: succeeds" },
  "4000000000000002": {
    outcome: "decline",
    error_code: "card_declined",
    decline_code: "generic_decline",
    note: "declined",
  },
  "4000000000009995": {
    outcome: "decline",
    error_code: "card_declined",
    decline_code: "insufficient_funds",
    note: "declined: insufficient funds",
  },
  "4000000000009987": {
    outcome: "decline",
    error_code: "card_declined",
    decline_code: "lost_card",
    note: "declined: lost card",
  },
  "4000000000009979": {
    outcome: "decline",
    error_code: "card_declined",
    decline_code: "stolen_card",
    note: "declined: stolen card",
  },
  "4100000000000019": {
    outcome: "decline",
    error_code: "card_declined",
    decline_code: "fraudulent",
    note: "declined: blocked as fraudulent",
  },
  "4000000000000069": { outcome: "decline", error_code: "expired_card", note: "declined: expired card" },
  "4000000000000127": { outcome: "decline", error_code: "incorrect_cvc", note: "declined: incorrect CVC" },
  "4000000000000119": { outcome: "decline", error_code: "processing_error", note: "declined: processing error" },
  "4000000000000341": {
    outcome: "decline_charges",
    error_code: "card_declined",
    decline_code: "generic_decline",
    note: "saves fine, every charge is declined",
  },
  "4000002500003155": {
    outcome: "authenticate",
    note: "3-D Secure on every on-session payment; once authenticated with saving, off-session charges succeed",
  },
  "4000002760003184": { outcome: "authenticate_always", note: "3-D Secure on every payment, off-session too" },
  "4000000000000259": {
    outcome: "dispute",
    note: "the charge succeeds, then the bank opens a dispute (fraudulent) for the whole amount",
  },
};

const SUCCEED: TestCardBehaviour = { outcome: "succeed", note: "any other valid number succeeds" };

export function testCardBehaviour(digits: string): TestCardBehaviour {
  return TEST_CARDS[digits] ?? SUCCEED;
}

/** Stripe's messages for the codes the local adapter answers with (shown beneath the card field). */
export function cardErrorMessage(code: string, declineCode?: string | null): string {
  switch (code) {
    case "card_declined":
      if (declineCode === "insufficient_funds") return "Your card has insufficient funds.";
      if (declineCode === "authentication_required") {
        return "Your card was declined. This transaction requires authentication.";
      }
      return "Your card was declined.";
    case "expired_card":
      return "Your card has expired.";
    case "incorrect_cvc":
      return "Your card's security code is incorrect.";
    case "processing_error":
      return "An error occurred while processing your card. Try again in a little bit.";
    case "incorrect_number":
      return "Your card number is incorrect.";
    case "authentication_required":
      return "Your card was declined. This transaction requires authentication.";
    case "payment_intent_authentication_failure":
      return "We are unable to authenticate your payment method. Please choose a different payment method and try again.";
    default:
      return "Your card was declined.";
  }
}
