import { Hono } from "hono";
import type { AppEnv } from "../../http/types";
import { vendorApplicationApi } from "./application";
import { instantTransferApi } from "./instant-transfer";
import { vendorMeRoutes } from "./me/routes";

/**
 * /api/vendor: becoming a pro (application.ts: /application, /apply-options, /create), the signed-in pro's
 * own area (/me, worker/api/vendor/me/routes.ts) and the instant transfer of their balance.
 */
export const vendorRoutes = new Hono<AppEnv>()
  .route("/me", vendorMeRoutes)
  .route("/instant-transfer", instantTransferApi)
  .route("/", vendorApplicationApi);
