import { Hono } from "hono";
import type { AppEnv } from "../../http/types";
import { smsCustomerApi } from "./customer";
import { smsReminderApi } from "./reminder";
import { smsVendorApi } from "./vendor";

/**
 * /api/sms: texts. vendor.ts (/vendor, /vendor2: the pro's replies), reminder.ts (/reminder: the checkout
 * reminder), customer.ts (/customer, /customer2: the customer's replies). The spec's paths share no
 * sub-path, so each file is mounted at the area's root.
 */
export const smsRoutes = new Hono<AppEnv>()
  .route("/", smsVendorApi)
  .route("/", smsReminderApi)
  .route("/", smsCustomerApi);
