import { Hono } from "hono";
import type { AppEnv } from "../../http/types";
import { addressApi } from "./address";
import { checkoutApi } from "./checkout";
import { checkoutGiftApi } from "./gift";
import { paymentLinksApi } from "./links";
import { checkoutRescheduleApi } from "./reschedule";

/**
 * /api/checkout: paying. checkout.ts (cart validation, the charge, completeOrder), links.ts (the pro's
 * payment links: requestCustomerPayment, getCustomerPayment/Schedule/Charge), address.ts (getAddress) and
 * gift.ts (/gift, buying a gift card), reschedule.ts (/reschedule and /reschedule-complete: paying a reschedule's
 * price difference).
 */
export const checkoutRoutes = new Hono<AppEnv>()
  .route("/", addressApi)
  .route("/", checkoutApi)
  .route("/", paymentLinksApi)
  .route("/", checkoutRescheduleApi)
  .route("/gift", checkoutGiftApi);
