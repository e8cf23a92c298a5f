/**
 * Notification ordering (docs/product.md section 9): persistence, then user-dismissed, then severity descending,
 * then timestamp. Persistent ones first; among equals, those not yet dismissed first; newest last wins ties.
 */
export interface NotificationLike {
  persistence: number;
  dismissed: boolean;
  severity: number;
  timestamp: number;
}

export function compareNotifications(a: NotificationLike, b: NotificationLike): number {
  return (
    b.persistence - a.persistence ||
    Number(a.dismissed) - Number(b.dismissed) ||
    b.severity - a.severity ||
    b.timestamp - a.timestamp
  );
}
