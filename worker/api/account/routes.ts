import { Hono } from "hono";
import type { AppEnv } from "../../http/types";
import { emailVerificationApi } from "./email-verification";
import { paymentsApi } from "./payments";
import { favouritesApi } from "./favourites";
import { profileApi } from "./profile";

/**
 * /api/account/user: the signed-in user's own profile and the check of their email address;
 * /api/account/payments: their payment history and receipts;
 * /api/account/favourites: their favourite pros.
 */
export const accountRoutes = new Hono<AppEnv>()
  .route("/user/email", emailVerificationApi)
  .route("/user", profileApi)
  .route("/payments", paymentsApi)
  .route("/favourites", favouritesApi);
