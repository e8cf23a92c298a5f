import type { PaymentsPort, SavedPaymentMethod } from "../adapters/payments/port";

/**
 * The saved cards a customer sees (docs/decisions/106-one-entry-per-card.md). Paying at checkout with "save
 * this card" makes a new payment method each time, even for a card already saved, and a card saved that way
 * never became the default: the wallet listed the same card twice and marked none. One card number (the
 * provider's fingerprint) is one entry: the default copy, else the newest. The other copies stay attached (a
 * subscription may charge them) but are not listed, and removing the card detaches every copy. Cards kept at
 * checkout become the default when there is none (`defaultCardIfNone`).
 */
export function oneEntryPerCard(methods: readonly SavedPaymentMethod[]): SavedPaymentMethod[] {
  const keep = new Map<string, SavedPaymentMethod>();
  // The providers list newest first; a default copy wins over a newer one.
  for (const m of methods) {
    const key = m.fingerprint ?? `id:${m.id}`;
    const kept = keep.get(key);
    if (!kept || (m.is_default && !kept.is_default)) keep.set(key, m);
  }
  const shown = new Set(keep.values());
  return methods.filter((m) => shown.has(m));
}

/** The payment methods made from the same card as `method` (itself included). */
export function copiesOf(methods: readonly SavedPaymentMethod[], method: SavedPaymentMethod): SavedPaymentMethod[] {
  return method.fingerprint === null ? [method] : methods.filter((m) => m.fingerprint === method.fingerprint);
}

/**
 * The card that becomes the default when the default one is removed: the most recently added of the cards left
 * (the providers list newest first), as the wallet shows them; undefined when none is left.
 */
export function nextDefault(left: readonly SavedPaymentMethod[]): SavedPaymentMethod | undefined {
  return oneEntryPerCard(left)[0];
}

/**
 * After a paid checkout: a card kept on the account while paying becomes the default when the customer has
 * none (as the first card saved in the wallet does), so the wallet marks it and the next checkout preselects
 * it. A customer who has a default keeps it. Best effort: the booking is already confirmed, and a failure
 * here only leaves the card unmarked.
 */
export async function defaultCardIfNone(
  port: PaymentsPort,
  customerId: string | null,
  paymentMethodId: string | null,
): Promise<void> {
  if (!customerId || !paymentMethodId) return;
  try {
    const methods = await port.listPaymentMethods(customerId);
    const paidWith = methods.find((m) => m.id === paymentMethodId);
    if (!paidWith || methods.some((m) => m.is_default)) return;
    await port.setDefaultPaymentMethod(customerId, paidWith.id);
  } catch (err) {
    console.error(JSON.stringify({ at: "checkout.default-card", error: String(err) }));
  }
}
