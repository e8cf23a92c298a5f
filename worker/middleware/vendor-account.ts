import { createMiddleware } from "hono/factory";
import { matchedRoutes } from "hono/route";
import {
  refusalCode,
  vendorAccountState,
  vendorMay,
  type VendorAccountState,
  type VendorAction,
} from "../../domain/vendors/account-policy";
import type { SessionUser } from "../auth/sessions";
import { fail } from "../http/errors";
import type { AppEnv } from "../http/types";

/**
 * The one place the vendor account policy (domain/vendors/account-policy.ts) is enforced
 * (docs/decisions/118-vendor-account-states.md). Mounted once on /api/*, it governs every route whose path
 * starts with one of VENDOR_AREAS: it finds the route the request is for, looks up its action in
 * VENDOR_ROUTE_ACTIONS and refuses it when the pro's state does not allow it. A governed route missing from
 * the table is refused for everyone (VENDOR_ACTION_UNCLASSIFIED), so a route added later cannot slip past;
 * worker/middleware/vendor-account.test.ts walks every governed route of the app in every state.
 */

/** Path prefixes of the routes a pro acts through. */
export const VENDOR_AREAS = [
  "/api/vendor/me/",
  "/api/vendor/instant-transfer",
  "/api/sms/customer",
  "/api/service/",
  "/api/services",
] as const;

/** Every governed route ("METHOD path" as the app declares it) and the action it is. */
export const VENDOR_ROUTE_ACTIONS: Readonly<Record<string, VendorAction>> = {
  // Reading their own records: allowed while signed in as a pro in any state but pending.
  "GET /api/vendor/me/notification": "read",
  "POST /api/vendor/me/main-details": "read",
  "GET /api/vendor/me/calendar": "read",
  "GET /api/vendor/me/calendar/feed": "read",
  "GET /api/vendor/me/profile": "read",
  "GET /api/vendor/me/setup": "read",
  "GET /api/vendor/me/license": "read",
  "GET /api/vendor/me/download-agreement": "read",
  "POST /api/vendor/me/download-agreement": "read",
  "GET /api/vendor/me/vendor-request": "read",
  "POST /api/vendor/me/pay": "read",
  "POST /api/vendor/me/pay-complete": "read",
  "GET /api/vendor/me/connect-info": "read",
  "POST /api/vendor/me/connect-info": "read",
  "GET /api/vendor/me/help": "read",
  "POST /api/vendor/me/help": "read",
  "GET /api/vendor/me/get-social": "read",
  "GET /api/vendor/me/exceptions": "read",
  "GET /api/vendor/me/jobs/:id/actions": "read",
  "GET /api/vendor/me/reschedule-times": "read",
  "GET /api/vendor/me/reschedule-requests": "read",
  "GET /api/vendor/me/connect-requests": "read",
  "GET /api/vendor/me/customer-subscription": "read",
  "GET /api/vendor/me/customer-subscription-services": "read",
  "POST /api/vendor/me/getCustomerSubscription": "read",
  "GET /api/vendor/me/redemption-products": "read",
  "POST /api/vendor/me/past-redemption": "read",
  "GET /api/services": "read",

  // Offers.
  "POST /api/vendor/me/jobs/accept": "accept_offer",
  "POST /api/vendor/me/offers/decline": "decline_offer",
  "GET /api/vendor/me/live": "live_socket",

  // Jobs already theirs.
  "POST /api/vendor/me/schedule/accept": "job_action",
  "POST /api/vendor/me/schedule/decline": "job_action",
  "POST /api/vendor/me/complete-job-validate": "job_action",
  "POST /api/vendor/me/job/complete": "job_action",
  "POST /api/vendor/me/issue-refund": "job_action",
  "POST /api/vendor/me/customer-unreachable": "job_action",
  "POST /api/vendor/me/emergency-reschedule": "job_action",
  "POST /api/vendor/me/cannot-provide-service": "job_action",
  "POST /api/vendor/me/reschedule": "job_action",
  "POST /api/vendor/me/vendor-connect-schedule": "job_action",
  "POST /api/vendor/me/vendor-connect-propose": "job_action",
  "POST /api/vendor/me/job": "job_action",
  "POST /api/vendor/me/update-photo": "job_action",
  "POST /api/vendor/me/visit-step": "job_action",
  "POST /api/vendor/me/visit-location": "job_action",

  // Money from customers.
  "POST /api/vendor/me/add-charge": "charge",
  "POST /api/vendor/me/add-charge-connect": "charge",
  "POST /api/vendor/me/redeem-product": "charge",

  // Customers.
  "POST /api/vendor/me/request-contact-info": "message_customer",
  "POST /api/sms/customer": "message_customer",
  "POST /api/sms/customer/": "message_customer",
  "POST /api/sms/customer2": "message_customer",
  "POST /api/sms/customer2/": "message_customer",

  // What the public sees and what they are offered.
  "PUT /api/vendor/me/description": "profile_edit",
  "PUT /api/vendor/me/photo": "profile_edit",
  "POST /api/vendor/me/do-upload": "profile_edit",
  "POST /api/vendor/me/remove-upload": "profile_edit",
  "POST /api/vendor/me/serviceRange": "profile_edit",
  "POST /api/vendor/me/vendor-request": "profile_edit",
  "POST /api/vendor/me/vendor-request-remove": "profile_edit",
  "POST /api/vendor/me/get-social": "profile_edit",
  "PUT /api/service/:id/status": "profile_edit",
  "POST /api/service/save": "profile_edit",

  // When they work.
  "POST /api/vendor/me/calendar/settings": "calendar_edit",
  "POST /api/vendor/me/calendar/feed/regenerate": "calendar_edit",
  "POST /api/vendor/me/calendar/time-off": "calendar_edit",
  "PUT /api/vendor/me/calendar/time-off/:id": "calendar_edit",
  "DELETE /api/vendor/me/calendar/time-off/:id": "calendar_edit",

  // Recurring clients.
  "POST /api/vendor/me/customer-subscription-active": "client_subscription",
  "POST /api/vendor/me/update-client-subscription": "client_subscription",
  "POST /api/vendor/me/cancel-client-subscription": "client_subscription",
  "POST /api/vendor/me/cancelSubscription": "client_subscription",
  "POST /api/vendor/me/updateSubscriptionPayment": "client_subscription",
  "POST /api/vendor/me/updateSubscriptionEmail": "client_subscription",

  // Money out.
  "POST /api/vendor/me/instant-payout": "payout",
  "POST /api/vendor/instant-transfer": "payout",

  // The account itself.
  "POST /api/vendor/me/status": "own_status",
  "POST /api/vendor/me/reactivation-request": "request_reactivation",
  "POST /api/vendor/me/exceptions": "appeal",
  "POST /api/vendor/me/sign-agreement": "community",
  "GET /api/vendor/me/nodebb-authorize": "community",
};

export const isVendorArea = (path: string) => VENDOR_AREAS.some((p) => path.startsWith(p));

/**
 * The pro's account state: from their vendors row, or `pending` for a signed-in applicant whose application
 * is under review (including one silently rejected, which the applicant sees as under review); null for a
 * user who is neither.
 */
export async function accountStateOf(d1: D1Database, user: SessionUser): Promise<VendorAccountState | null> {
  if (user.vendor_id != null) {
    const row = await d1
      .prepare("SELECT status, soft_banned, deactivated_by FROM vendors WHERE vendor_id = ?")
      .bind(user.vendor_id)
      .first<Parameters<typeof vendorAccountState>[0]>();
    return row ? vendorAccountState(row) : null;
  }
  const applied = await d1
    .prepare(
      "SELECT 1 AS x FROM vendor_applications WHERE user_id = ? AND status IN ('submitted', 'silently_rejected') LIMIT 1",
    )
    .bind(user.user_id)
    .first();
  return applied ? "pending" : null;
}

/** Signed out: INVALID_SESSION; neither a pro nor an applicant: FORBIDDEN; otherwise the policy's answer. */
export const vendorAccount = createMiddleware<AppEnv>(async (c, next) => {
  // The route the request is for: the last matched route that is not middleware (`use` registers ALL).
  const route = matchedRoutes(c)
    .filter((r) => r.method !== "ALL")
    .at(-1);
  // Not governed, or nothing serves this path (the router answers 404 as usual).
  if (!route || !isVendorArea(route.path)) return next();
  const viewer = c.get("viewer");
  if (!viewer) fail("INVALID_SESSION");
  const state = await accountStateOf(c.env.DB, viewer);
  if (state === null) fail("FORBIDDEN");
  const action = VENDOR_ROUTE_ACTIONS[`${route.method} ${route.path}`];
  if (!action) fail("VENDOR_ACTION_UNCLASSIFIED");
  if (!vendorMay(state, action)) fail(refusalCode(state));
  await next();
});
