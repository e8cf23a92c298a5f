/**
 * The customer's payment history and receipts (GET /api/account/payments, /api/account/payments/:id;
 * docs/decisions/154). Amounts are cents and always positive: `direction` says which way the money went.
 */
export type PaymentKind = "charge" | "tip" | "added_charge" | "refund" | "credit";
export type PaymentDirection = "paid" | "returned" | "credit_added" | "credit_used";

export interface PaymentEntry {
  /** "pi_…" style ids are prefixed by what they are: "pi:<intent>", "rf:<refund>", "cr:<credit entry>". */
  id: string;
  kind: PaymentKind;
  direction: PaymentDirection;
  title: string;
  amount_cents: number;
  /** ISO instant. */
  created_at: string;
}

export interface PaymentHistoryPage {
  entries: PaymentEntry[];
  page: number;
  has_more: boolean;
}

export interface ReceiptLine {
  label: string;
  /** Local time of the visit, "YYYY-MM-DD HH:MM", with its zone; null for lines that are not visits. */
  when: string | null;
  time_zone: string | null;
  amount_cents: number | null;
}

export interface Receipt extends PaymentEntry {
  /** The processor's description of the payment ("Tip for Maya (Blowout, job #12)"), when there is one. */
  description: string | null;
  /** "Visa •••• 4242", or null (credit entries, a card no longer known). */
  card: string | null;
  /** What it paid for (the visits of an order, the visit of a tip or added charge). */
  lines: ReceiptLine[];
  /** Money sent back against this payment. */
  refunds: Array<{ id: string; amount_cents: number; created_at: string }>;
  /** For a refund: the payment it returned money from. */
  original: { id: string; title: string; amount_cents: number } | null;
}
