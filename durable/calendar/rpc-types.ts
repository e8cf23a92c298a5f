/**
 * The calendar object's public contract: constants, the shapes its RPC methods take and answer, and the
 * hold id format. The rules these answers come from live in domain/calendar/hold-rules.ts.
 */
import type { Alternative, Refusal, VendorSettings } from "../../domain/calendar/hold-rules";
import { DAY_MS, MINUTE_MS } from "../../domain/calendar/time";

export type { Alternative, Refusal, RefusalCode, VendorSettings } from "../../domain/calendar/hold-rules";

/** How long a hold keeps a time for a cart item (docs/decisions/011-holds-and-cart.md). */
export const HOLD_TTL_MS = 15 * MINUTE_MS;
/**
 * The longest a hold may be asked to last: a reschedule request's provisional hold lasts until the vendor
 * must answer (docs/decisions/033-cancellation-and-reschedule.md).
 */
export const MAX_HOLD_TTL_MS = 7 * DAY_MS;
/** How long the answer to an idempotency key is kept. */
export const IDEMPOTENCY_RETENTION_MS = DAY_MS;

export type StoredKind = "hold" | "booking" | "time_off";

export interface BusyEntry {
  kind: StoredKind;
  /** Hold id, order reference or time-off id. */
  ref: string;
  start: number;
  end: number;
  isConnect: boolean;
  /** Holds only. */
  expiresAt: number | null;
}

export interface HoldInfo {
  holdId: string;
  vendorId: number;
  start: number;
  end: number;
  isConnect: boolean;
  createdAt: number;
  expiresAt: number;
}

export interface BookingInfo {
  orderRef: string;
  holdId: string;
  vendorId: number;
  start: number;
  end: number;
  isConnect: boolean;
}

export type HoldAnswer = ({ ok: true; hold: HoldInfo } | Refusal) & { replayed?: boolean };
export type ConfirmAnswer = ({ ok: true; booking: BookingInfo } | Refusal) & { replayed?: boolean };
export type ReleaseAnswer = { ok: true; released: boolean; replayed?: boolean } | (Refusal & { replayed?: boolean });
export type TimeOffAnswer =
  | { ok: true; timeOff: { ref: string; start: number; end: number }; overlaps: BusyEntry[]; replayed?: boolean }
  | (Refusal & { replayed?: boolean });

export interface PlaceHoldRequest {
  settings: VendorSettings;
  now: number;
  start: number;
  durationMinutes: number;
  isConnect?: boolean;
  /** Staff- or vendor-made item: skip the availability rules (the time is still held). */
  bypass?: boolean;
  /** Holds of the same cart item being moved: ignored by the conflict check, not released here. */
  ignoreHoldIds?: string[];
  /** Bookings (order refs) ignored by the conflict check: a booking being rescheduled may move next to itself. */
  ignoreBookings?: string[];
  /** How long the hold lasts (default HOLD_TTL_MS, at most MAX_HOLD_TTL_MS). */
  ttlMs?: number;
  idempotencyKey: string;
}

export interface HoldCheck {
  holdId: string;
  /** Where the cart item says it is, used when the hold is gone. */
  start: number;
  durationMinutes: number;
  isConnect: boolean;
}

export type HoldStatus =
  | { holdId: string; state: "held"; expiresAt: number }
  | { holdId: string; state: "booked" }
  | {
      holdId: string;
      state: "expired" | "moved" | "blocked";
      code: "CART_ITEM_NOT_AVAILABLE" | "CART_ITEM_DATE_CHANGED";
      alternative: Alternative | null;
    };

/**
 * What one offer step did to a watched job (VendorCalendarObject.advanceOffer): look again at `next`, or stop
 * watching it (a pro accepted, the job is gone, or it was cancelled at the cut-off, which frees its booking).
 */
export type OfferProgress = { next: number } | { done: "accepted" | "gone" | "cancelled" };

/** Hold ids carry their vendor, so a cart item matched to "any pro" still knows which object holds it. */
export function holdVendorId(holdId: string): number | null {
  const m = /^(\d{1,10})\.[A-Za-z0-9-]+$/.exec(holdId);
  return m ? Number(m[1]) : null;
}
