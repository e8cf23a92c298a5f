/**
 * Every amount the spec leaves open ("Amounts for gift cards, fees and prices are not shown"), in one
 * place (docs/decisions/030-money-amounts.md). Cents throughout.
 */
export const PRICING = {
  /** Service fee added to each order, as basis points of the subtotal, with a floor and a cap. */
  serviceFeeBps: 500,
  serviceFeeMinCents: 199,
  serviceFeeMaxCents: 1500,
  /** Beauty membership: monthly price and the member discount on services. */
  membershipMonthlyCents: 1999,
  memberDiscountBps: 1500,
  /** Gift cards: the amounts offered, and the limits of a custom amount. */
  giftCardPresetsCents: [2500, 5000, 10000, 15000, 20000],
  giftCardMinCents: 1000,
  giftCardMaxCents: 50000,
  /** Cancellation: free until this many hours before the appointment, then a fee of this share. */
  freeCancellationHours: 24,
  lateCancellationFeeBps: 2500,
  lateCancellationFeeMinCents: 1500,
  /** Reschedule fee charged when a reschedule is not waived (docs/product.md section 4). */
  rescheduleFeeCents: 1500,
  /** The vendor's share of the service price (the rest is the platform's); tips go to the vendor in full. */
  vendorShareBps: 7000,
  /** Tips (docs/product.md sections 5 and 9). */
  tipMinCents: 50,
  tipMaxCustomerCents: 20000,
  tipMaxSecurePayCents: 50000,
  /** Wallet payment (Apple Pay / Google Pay) is offered from this amount (docs/product.md section 9). */
  walletMinimumCents: 50,
} as const;
