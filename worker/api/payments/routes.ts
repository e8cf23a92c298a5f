import { Hono } from "hono";
import type { AppEnv } from "../../http/types";
import { authLinkApi } from "./auth-link";
import { paymentsConfigApi } from "./config";
import { paymentsLocalApi } from "./local";
import { localOnboardingApi } from "./local-onboarding";

/**
 * /api/payments: the browser's payments configuration (config.ts) and the local payments adapter's own
 * pages (local.ts: tokenize, payment-intent, authenticate, confirm; local-onboarding.ts: the pro's payout
 * account form) and the texted link to approve a later charge with the bank (auth-link.ts).
 */
export const paymentsRoutes = new Hono<AppEnv>()
  .route("/local", paymentsLocalApi)
  .route("/config", paymentsConfigApi)
  .route("/local/connect", localOnboardingApi)
  .route("/auth-link", authLinkApi);
