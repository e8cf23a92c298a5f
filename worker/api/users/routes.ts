import { Hono } from "hono";
import type { AppEnv } from "../../http/types";
import { userPaymentMethodsApi } from "./payment-methods";
import { userServicesApi } from "./services";

/** /api/users/me: the signed-in customer's own lists (signed-in only, from the first mount's guard). */
export const usersRoutes = new Hono<AppEnv>()
  .route("/me", userServicesApi)
  .route("/me/payment-methods", userPaymentMethodsApi);
