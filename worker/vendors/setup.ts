import { AGREEMENT_VERSION } from "../../domain/vendors/agreement";
import { vendorAccountState } from "../../domain/vendors/account-policy";
import { licenseAllowsService } from "../../domain/vendors/licenses";
import {
  canReceiveOffers,
  notLiveReasons,
  setupItems,
  type SetupFacts,
  type SetupItemKey,
} from "../../domain/vendors/setup";
import type { SetupView } from "../../schema/contracts/business";
import { parseAvailableSetting } from "../calendar/settings";
import { fail } from "../http/errors";

/** Where each step is done in the business area. */
const WHERE: Record<SetupItemKey, string> = {
  agreement: "/business/profile#agreement",
  services: "/business/services",
  licences: "/business/licences",
  area: "/business/service-area",
  hours: "/business/calendar#hours",
  photo: "/business/profile#photo",
  payouts: "/business/pay#payout-account",
};

/**
 * Reads what the setup checklist and the Live rule need (domain/vendors/setup.ts) for one pro in one D1 batch:
 * the vendors row, each of their services with its group's licence, and the payout account.
 */
export async function setupFacts(d1: D1Database, vendorId: number, now: number): Promise<SetupFacts> {
  const [vendor, svc, acct] = await d1.batch([
    d1
      .prepare(
        `SELECT status, soft_banned, deactivated_by, agreement_signed_at, agreement_version, latitude, longitude,
           available_setting, photo, photo_status FROM vendors WHERE vendor_id = ?`,
      )
      .bind(vendorId),
    d1
      .prepare(
        `SELECT vs.enabled, vs.restricted_at IS NOT NULL AS restricted, s.enable AS sold, g.license_required,
           l.status AS licence_status, l.expires_at AS licence_expires_at
         FROM vendor_services vs
         JOIN services s ON s.service_id = vs.service_id
         JOIN service_code_groups g ON g.service_code_group_id = s.service_code_group_id
         LEFT JOIN vendor_licenses l ON l.vendor_id = vs.vendor_id AND l.service_code_group_id = g.service_code_group_id
         WHERE vs.vendor_id = ?`,
      )
      .bind(vendorId),
    d1.prepare("SELECT status, payouts_enabled FROM connected_accounts WHERE vendor_id = ?").bind(vendorId),
  ]);
  const v = vendor!.results[0] as
    | {
        status: "active" | "deactivated" | "terminated";
        soft_banned: number;
        deactivated_by: "pro" | "staff" | null;
        agreement_signed_at: number | null;
        agreement_version: string | null;
        latitude: number | null;
        longitude: number | null;
        available_setting: string;
        photo: string | null;
        photo_status: string;
      }
    | undefined;
  if (!v) fail("NOT_FOUND");
  const services = (
    svc!.results as Array<{
      enabled: number;
      restricted: number;
      sold: number;
      license_required: number;
      licence_status: "pending" | "approved" | "rejected" | null;
      licence_expires_at: number | null;
    }>
  ).map((r) => ({
    enabled: Boolean(r.enabled),
    restricted: Boolean(r.restricted),
    sold: Boolean(r.sold),
    licenceRequired: Boolean(r.license_required),
    licenceValid:
      r.licence_status !== null &&
      r.licence_expires_at !== null &&
      licenseAllowsService({ status: r.licence_status, expires_at: r.licence_expires_at }, now),
  }));
  const account = acct!.results[0] as { status: string; payouts_enabled: number } | undefined;
  return {
    accountState: vendorAccountState(v),
    agreementSigned: v.agreement_signed_at !== null && v.agreement_version === AGREEMENT_VERSION,
    services,
    hasServiceArea: v.latitude !== null && v.longitude !== null,
    weekly: parseAvailableSetting(v.available_setting).weekly,
    hasApprovedPhoto: v.photo !== null && v.photo_status === "approved",
    payoutsReady: !!account && account.status !== "deleted" && Boolean(account.payouts_enabled),
  };
}

/** GET /vendor/me/setup: the checklist with where each step is done, and whether the pro is Live. */
export async function setupView(d1: D1Database, vendorId: number, now: number): Promise<SetupView> {
  const facts = await setupFacts(d1, vendorId, now);
  const items = setupItems(facts).map((i) => ({ ...i, href: WHERE[i.key] }));
  return {
    live: canReceiveOffers(facts),
    not_live_because: notLiveReasons(facts),
    account_state: facts.accountState,
    complete: items.every((i) => i.done),
    items,
  };
}
