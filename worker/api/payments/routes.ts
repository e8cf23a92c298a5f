import { Hono } from "hono";
import type { AppEnv } from "../../http/types";
import { paymentsConfigApi } from "./config";
import { paymentsLocalApi } from "./local";
import { localOnboardingApi } from "./local-onboarding";

/**
 * /api/payments: the browser's payments configuration (config.ts) and the local payments adapter's own
 * pages (local.ts: tokenize, payment-intent, authenticate, confirm; local-onboarding.ts: the pro's payout
 * account form).
 */
export const paymentsRoutes = new Hono<AppEnv>()
  .route("/local", paymentsLocalApi)
  .route("/config", paymentsConfigApi)
  .route("/local/connect", localOnboardingApi);
