/**
 * Numeric order and job states. The spec shows that they are numbers (status 30 sorts first among scheduled
 * orders) but not their values; these are ours (docs/decisions/005-order-status.md).
 */
export const ServiceOrderStatus = {
  /** Paid, offered to vendors, nobody accepted yet. */
  PENDING: 10,
  /** A vendor accepted; on the vendor's calendar. */
  SCHEDULED: 20,
  /** Today's job: the vendor is on the way or working. Sorts first (docs/product.md section 4). */
  IN_PROGRESS: 30,
  COMPLETED: 40,
  CANCELLED: 50,
  SUSPENDED: 60,
} as const;
export type ServiceOrderStatus = (typeof ServiceOrderStatus)[keyof typeof ServiceOrderStatus];

/** scheduled_status: 0 waits for the vendor to confirm the schedule; 1 once confirmed (docs/product.md section 4). */
export const ScheduledStatus = { UNCONFIRMED: 0, CONFIRMED: 1 } as const;

export function isOpenStatus(status: number): boolean {
  return (
    status === ServiceOrderStatus.PENDING ||
    status === ServiceOrderStatus.SCHEDULED ||
    status === ServiceOrderStatus.IN_PROGRESS
  );
}
