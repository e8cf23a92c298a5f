import { Hono } from "hono";
import type { AppEnv } from "../../http/types";
import { requireAdmin } from "../../middleware/roles";
import { adminAddedChargesApi } from "./added-charges";
import { adminApplicationsApi } from "./applications";
import { adminAuditApi } from "./audit";
import { adminChargesApi } from "./charges";
import { adminCustomServicesApi } from "./custom-services";
import { adminCustomersApi } from "./customers";
import { adminDisputesApi } from "./disputes";
import { adminExceptionsApi } from "./exceptions";
import { adminJobCompleteApi } from "./job-complete";
import { adminJobsApi } from "./jobs";
import { adminOutboxApi } from "./outbox";
import { adminPayoutsApi } from "./payouts";
import { adminRatingsApi } from "./ratings";
import { adminVendorReviewsApi } from "./reviews";
import { adminVendorsApi } from "./vendors";

/**
 * /api/admin: the staff area (security group 50+). Every path below it asks for staff first, known or not;
 * each resource file sits at its own sub-path and guards itself too.
 */
export const adminRoutes = new Hono<AppEnv>()
  .use(requireAdmin)
  .route("/outbox", adminOutboxApi)
  .route("/jobs", adminJobCompleteApi)
  .route("/vendors", adminVendorsApi)
  .route("/applications", adminApplicationsApi)
  .route("/reviews", adminVendorReviewsApi)
  .route("/ratings", adminRatingsApi)
  .route("/customers", adminCustomersApi)
  .route("/audit", adminAuditApi)
  .route("/payouts", adminPayoutsApi)
  .route("/charges", adminChargesApi)
  .route("/added-charges", adminAddedChargesApi)
  .route("/jobs", adminJobsApi)
  .route("/exceptions", adminExceptionsApi)
  .route("/custom-services", adminCustomServicesApi)
  .route("/disputes", adminDisputesApi);
