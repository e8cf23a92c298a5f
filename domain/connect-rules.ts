import { DAY_MS, HOUR_MS, MINUTE_MS } from "./calendar/time";

/**
 * Timing rules of business (connect) requests after they leave the queue (docs/decisions/113, 114). Pure: the
 * time comes in as an argument.
 */

/** An offer round to several pros lasts 2 hours... */
export const CONNECT_OFFER_WINDOW_MS = 2 * HOUR_MS;
/** ...or half the time left before the start when that is shorter, but never under 15 minutes. */
export const CONNECT_OFFER_MIN_WINDOW_MS = 15 * MINUTE_MS;

/**
 * When an offer round sent at `offeredAt` for a request starting at `startsAt` ends: 2 hours, or half the time
 * left before the start when that is shorter (staff still have the other half to place it), at least 15 minutes.
 */
export function connectOfferExpiresAt(offeredAt: number, startsAt: number): number {
  const half = Math.floor((startsAt - offeredAt) / 2);
  return offeredAt + Math.max(CONNECT_OFFER_MIN_WINDOW_MS, Math.min(CONNECT_OFFER_WINDOW_MS, half));
}

/** Reminders of an unpaid invoice link: 3 and 7 days after it was sent, at most these two. */
export const CONNECT_INVOICE_REMINDER_DAYS = [3, 7] as const;
/** Two reminders are never sent less than a day apart (a cron that was down catches up one at a time). */
export const CONNECT_INVOICE_REMINDER_GAP_MS = DAY_MS;

/**
 * The reminder due for an invoice link sent at `sentAt` that has had `remindersSent` reminders (the last at
 * `lastReminderAt`), or null: the next one once its day has come and a day has passed since the previous one.
 */
export function dueInvoiceReminder(
  sentAt: number,
  remindersSent: number,
  lastReminderAt: number | null,
  now: number,
): number | null {
  const days = CONNECT_INVOICE_REMINDER_DAYS[remindersSent];
  if (days === undefined) return null;
  if (now < sentAt + days * DAY_MS) return null;
  if (lastReminderAt !== null && now < lastReminderAt + CONNECT_INVOICE_REMINDER_GAP_MS) return null;
  return remindersSent + 1;
}
