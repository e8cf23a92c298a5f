import { Hono, type Context } from "hono";
import { SmsCustomer2Body, SmsCustomerBody } from "../../../schema/payloads/job-actions";
import type { AppEnv } from "../../http/types";
import { routeHandlers, validate } from "../../http/validate";
import { requireVendor, viewerOf } from "../../middleware/roles";
import { latestJobWith, textCustomer } from "../../jobs/contact";
import { vendorJob } from "../../jobs/vendor-job";

/** Sends the pro's text about this job and answers as docs/product.md section 7 says: code 200, 'custom' and the message. */
async function texted(c: Context<AppEnv>, job: Parameters<typeof textCustomer>[3], message: string) {
  const viewer = viewerOf(c);
  const sender = { vendorId: viewer.vendor_id!, name: job.vendor_name ?? viewer.name };
  const data = await textCustomer(c.env, c.get("db"), sender, job, message, c.get("now"));
  return c.json({ code: 200, custom: true, message: data.message, data });
}

const customerRoute = routeHandlers(requireVendor, validate("json", SmsCustomerBody), async (c) => {
  const body = c.req.valid("json");
  const job = await vendorJob(c.get("db"), viewerOf(c).vendor_id!, body.service_order_id);
  return texted(c, job, body.message);
});

const customer2Route = routeHandlers(requireVendor, validate("json", SmsCustomer2Body), async (c) => {
  const body = c.req.valid("json");
  const job = await latestJobWith(c.get("db"), viewerOf(c).vendor_id!, body.user_id);
  return texted(c, job, body.message);
});

/**
 * A pro texts their customer through the platform (docs/product.md section 7 "POST /sms/customer (response code 200
 * with 'custom' and a message means sent)", "/sms/customer2"). Mounted at /sms; the number stays masked.
 */
export const smsCustomerApi = new Hono<AppEnv>()
  /** { service_order_id, message } */
  .post("/customer", ...customerRoute)
  .post("/customer/", ...customerRoute)

  /** { user_id, message }: to a customer the pro has a job with, about the latest such job. */
  .post("/customer2", ...customer2Route)
  .post("/customer2/", ...customer2Route);
