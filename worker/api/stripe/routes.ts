import { Hono } from "hono";
import type { AppEnv } from "../../http/types";
import { stripeConnectApi } from "./express-account";
import { stripePaymentMethodsApi } from "./payment-methods";
import { stripeWebhookApi } from "./webhook";

/**
 * /api/stripe: the provider's webhook (webhook.ts), the customer's saved cards (payment-methods.ts:
 * /payment-methods, /payment-method/:id) and the pro's payout account (express-account.ts:
 * /express-account, /account-login, /account-delete). Mounted at the area's root: the spec's paths share no
 * sub-path.
 */
export const stripeRoutes = new Hono<AppEnv>()
  .route("/", stripeWebhookApi)
  .route("/", stripePaymentMethodsApi)
  .route("/", stripeConnectApi);
