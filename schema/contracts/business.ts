/**
 * What the pro's business calls answer that schema/payloads/vendor-dashboard.ts does not already type
 * (docs/decisions/111-business-admin-pay-contracts.md). Money answers are schema/contracts/pay.ts.
 */

/** One notice on the pro's dashboard. */
export interface VendorNotification {
  id: number;
  persistence: number;
  severity: number;
  timestamp: number;
  message: string;
  dismissed: boolean;
}

/**
 * GET /vendor/me/notification, the spec's "Notification response": [0] the notices, most important first,
 * [1][0].stat the unread count, [2] the pro's service area (empty without a base ZIP).
 */
export type NotificationResponse = [
  VendorNotification[],
  Array<{ stat: number }>,
  Array<{ name: string; city: string; state_name: string | null }>,
];

/** A time off on the pro's calendar (POST/PUT /vendor/me/calendar/time-off), local to the pro's zone. */
export interface TimeOffView {
  id: number;
  /** "YYYY-MM-DD HH:MM" local to the vendor. */
  start: string;
  end: string;
  note: string | null;
}

/** GET /api/vendor/me/setup: the new pro's checklist and whether they can receive offers (domain/vendors/setup.ts). */
export interface SetupView {
  /** The pro can receive job offers now. */
  live: boolean;
  /** The steps that keep them from offers (empty when live; the account state is told apart). */
  not_live_because: Array<"agreement" | "services" | "licences" | "area" | "hours" | "photo" | "payouts">;
  account_state: "active" | "paused" | "soft_banned" | "deactivated" | "terminated" | "pending";
  /** Every step is done: the dashboard stops showing the checklist. */
  complete: boolean;
  items: Array<{
    key: "agreement" | "services" | "licences" | "area" | "hours" | "photo" | "payouts";
    done: boolean;
    /** Where in the business area the step is done. */
    href: string;
  }>;
}
