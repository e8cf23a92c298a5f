import { Hono } from "hono";
import type { AppEnv } from "../../../http/types";
import { requireVendor } from "../../../middleware/roles";
import { vendorClientSubscriptionApi } from "./client-subscriptions";
import { vendorConnectApi } from "./connect-requests";
import { vendorDashboardApi } from "./dashboard";
import { vendorExceptionsApi } from "./exceptions";
import { vendorExtrasApi } from "./extras";
import { vendorJobActionsApi } from "./job-actions";
import { vendorJobPhotosApi } from "./job-photos";
import { vendorJobsApi } from "./jobs";
import { vendorLiveApi } from "./live";
import { vendorApi } from "./notification";
import { vendorPayApi } from "./pay";
import { vendorProfileApi } from "./profile";
import { redemptionApi } from "./redemptions";
import { vendorRescheduleApi } from "./reschedule";
import { vendorSetupApi } from "./setup";
import { vendorTimeOffApi } from "./time-off";
import { vendorVisitApi } from "./visit";

/**
 * /api/vendor/me: the signed-in pro's own area. Every path below it asks for a vendor first, known or not.
 * The spec puts most of the pro's calls side by side at this level (/vendor/me/main-details,
 * /vendor/me/issue-refund...), so most files are mounted here at the root; docs/api-routes.md names the file
 * of each path. Time off sits at its own sub-path.
 */
export const vendorMeRoutes = new Hono<AppEnv>()
  .use(requireVendor)
  .route("/", vendorApi) // notification
  .route("/", vendorRescheduleApi) // reschedule, reschedule-times, reschedule-requests
  .route("/", vendorExceptionsApi) // exceptions
  .route("/", vendorSetupApi) // setup
  .route("/", vendorConnectApi) // connect-requests
  .route("/", vendorPayApi) // pay, pay-complete, instant-payout
  .route("/", vendorClientSubscriptionApi) // customer-subscription*, *-client-subscription, *Subscription*
  .route("/", redemptionApi) // redemption-products, redeem-product, past-redemption
  .route("/", vendorJobsApi) // jobs/accept
  .route("/", vendorLiveApi) // live, schedule/accept, schedule/decline, offers/decline
  .route("/calendar/time-off", vendorTimeOffApi)
  .route("/", vendorProfileApi) // profile, description, license, serviceRange, status, agreements, uploads
  .route("/", vendorExtrasApi) // connect-info, get-social, help, nodebb-authorize
  .route("/", vendorJobActionsApi) // job actions, add-charge, issue-refund, job/complete...
  .route("/", vendorJobPhotosApi) // job, update-photo
  .route("/", vendorVisitApi) // visit-step, visit-location
  .route("/", vendorDashboardApi); // main-details, calendar, calendar/settings, calendar/feed
