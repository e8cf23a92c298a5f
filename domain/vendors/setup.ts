import type { WeeklySchedule } from "../calendar/availability";
import { minutesOfTime } from "../calendar/time";
import type { VendorAccountState } from "./account-policy";

/**
 * A new pro's setup checklist and whether they are "Live" (issue 21; docs/decisions/131-setup-checklist-and-live.md).
 * Pure: the Worker reads the facts (worker/vendors/setup.ts) and asks here.
 *
 * "Live" means the pro can receive job offers now, so it is exactly the gating of the offer code: the
 * candidate query (worker/catalogue/queries.ts vendorsNearQuery: an active, not soft-banned pro with a service
 * area and at least one service switched on, not restricted, still sold), the licence sweep (a licensed
 * service is switched off when its licence is not approved and current) and the free-time check
 * (worker/calendar/search.ts vendorFreeAt: a pro with no working hours is never free). The agreement, the
 * photo and the payout account are on the checklist because a pro needs them to work well and get paid, but
 * the offer code does not wait for them, so "Live" does not either.
 */

export const SETUP_ITEMS = ["agreement", "services", "licences", "area", "hours", "photo", "payouts"] as const;
export type SetupItemKey = (typeof SETUP_ITEMS)[number];

/** One of the pro's services, as the offer code sees it. */
export interface SetupService {
  /** The pro switched it on (vendor_services.enabled). */
  enabled: boolean;
  /** Staff restricted the pro from it (vendor_services.restricted_at set). */
  restricted: boolean;
  /** The catalogue still sells it (services.enable). */
  sold: boolean;
  /** Its group needs a licence. */
  licenceRequired: boolean;
  /** The pro's licence for its group is approved and not expired (domain/vendors/licenses.ts). */
  licenceValid: boolean;
}

export interface SetupFacts {
  accountState: VendorAccountState;
  /** The current agreement version is signed. */
  agreementSigned: boolean;
  services: readonly SetupService[];
  /** The service area's centre is known (vendors.latitude/longitude, set from the base ZIP). */
  hasServiceArea: boolean;
  weekly: WeeklySchedule;
  /** A profile photo is set and approved (customers see the default picture otherwise). */
  hasApprovedPhoto: boolean;
  /** A payout account that can receive transfers (connected_accounts: not deleted, payouts enabled). */
  payoutsReady: boolean;
}

/** A service the offer code would offer this pro. */
export function offerableService(s: SetupService): boolean {
  return s.enabled && !s.restricted && s.sold && (!s.licenceRequired || s.licenceValid);
}

/** At least one working range of positive length in the week (a pro with none is never free). */
export function worksSomeHours(weekly: WeeklySchedule): boolean {
  return Object.values(weekly).some((ranges) =>
    (ranges ?? []).some(([start, end]) => {
      try {
        return minutesOfTime(end) > minutesOfTime(start);
      } catch {
        return false;
      }
    }),
  );
}

/** Whether an item is done. Licences are done when every licensed service the pro has is covered. */
export function setupItemDone(key: SetupItemKey, f: SetupFacts): boolean {
  switch (key) {
    case "agreement":
      return f.agreementSigned;
    case "services":
      return f.services.some(offerableService);
    case "licences":
      return f.services.every((s) => !s.licenceRequired || !s.sold || s.licenceValid);
    case "area":
      return f.hasServiceArea;
    case "hours":
      return worksSomeHours(f.weekly);
    case "photo":
      return f.hasApprovedPhoto;
    case "payouts":
      return f.payoutsReady;
  }
}

/** The checklist's items in order; the licence item only for a pro with a service that needs one. */
export function setupItems(f: SetupFacts): Array<{ key: SetupItemKey; done: boolean }> {
  return SETUP_ITEMS.filter((key) => key !== "licences" || f.services.some((s) => s.licenceRequired && s.sold)).map(
    (key) => ({ key, done: setupItemDone(key, f) }),
  );
}

/** Live: the pro can receive job offers now (the offer code's gating, nothing more and nothing less). */
export function canReceiveOffers(f: SetupFacts): boolean {
  return (
    f.accountState === "active" && f.hasServiceArea && f.services.some(offerableService) && worksSomeHours(f.weekly)
  );
}

/** What keeps a pro from offers, for the dashboard (empty when live). */
export function notLiveReasons(f: SetupFacts): SetupItemKey[] {
  const out: SetupItemKey[] = [];
  if (!f.services.some(offerableService)) {
    // A pro whose only switched-on services wait for a licence is missing the licence, not the choice.
    const waitingOnLicence = f.services.some((s) => s.enabled && !s.restricted && s.sold && s.licenceRequired);
    out.push(waitingOnLicence && !setupItemDone("licences", f) ? "licences" : "services");
  }
  if (!f.hasServiceArea) out.push("area");
  if (!worksSomeHours(f.weekly)) out.push("hours");
  return out;
}
