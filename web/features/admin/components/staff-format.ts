import { ServiceOrderStatus } from "../../../../domain/order-status";

/** A date as staff read it in their lists: "Mar 4, 2026". */
export const day = (ms: number) =>
  new Date(ms).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" });

/** A job's state in words. */
export const STATUS_NAME: Record<number, string> = {
  [ServiceOrderStatus.PENDING]: "pending",
  [ServiceOrderStatus.SCHEDULED]: "scheduled",
  [ServiceOrderStatus.IN_PROGRESS]: "in progress",
  [ServiceOrderStatus.COMPLETED]: "completed",
  [ServiceOrderStatus.CANCELLED]: "cancelled",
  [ServiceOrderStatus.SUSPENDED]: "suspended",
};

/** Dollars typed by staff to whole cents; null when it is not an amount. */
export function toCents(dollars: string): number | null {
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(dollars.trim())) return null;
  return Math.round(Number(dollars) * 100);
}
