import { and, desc, eq, ne } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { messageFor } from "../../../domain/messages";
import { ServiceOrderStatus } from "../../../domain/order-status";
import { SmsVendor2Body, SmsVendorBody } from "../../../schema/payloads/orders";
import { serviceOrders } from "../../../schema/tables/orders";
import { fail } from "../../http/errors";
import type { AppEnv } from "../../http/types";
import { routeHandlers, validate } from "../../http/validate";
import { requireUser, viewerOf } from "../../middleware/roles";
import { textVendorOfJob } from "../../jobs/customer-message";
import { jobQuery, ownJob, type JobRow } from "../../orders/jobs";

/**
 * A customer texts the vendor of their job through the SMS port (docs/product.md section 7 "POST /sms/vendor/",
 * "/sms/vendor2/"; docs/api-orders.md). The vendor sees the customer's first name and the job, never the
 * customer's number; they answer with /sms/customer, so replies come back by text. A failed send is
 * MESSAGE_FAILED ("refresh and retry", docs/product.md section 8). At most 10 messages per customer in 10 minutes
 * (worker/jobs/customer-message.ts).
 */

/** The handlers' common end: text the job's pro, answer as the spec says. */
async function send(c: Context<AppEnv>, job: JobRow, message: string) {
  const { service_order_id } = await textVendorOfJob(c.env, c.get("db"), {
    sender: viewerOf(c),
    job,
    message,
    now: c.get("now"),
  });
  return c.json({ data: { code: 200, sent: true, service_order_id, message: messageFor("MESSAGE_SENT") } });
}

const vendorRoute = routeHandlers(requireUser, validate("json", SmsVendorBody), async (c) => {
  const body = c.req.valid("json");
  const job = await ownJob(c.get("db"), viewerOf(c).user_id, body.service_order_id);
  if (!job || job.service_order_status_id === ServiceOrderStatus.CANCELLED) {
    fail("NOT_FOUND", { service_order_id: "We couldn't find this service." });
  }
  return send(c, job, body.message);
});

const vendor2Route = routeHandlers(requireUser, validate("json", SmsVendor2Body), async (c) => {
  const body = c.req.valid("json");
  const [job] = await jobQuery(c.get("db"))
    .where(
      and(
        eq(serviceOrders.user_id, viewerOf(c).user_id),
        eq(serviceOrders.vendor_id, body.vendor_id),
        ne(serviceOrders.service_order_status_id, ServiceOrderStatus.CANCELLED),
      ),
    )
    .orderBy(desc(serviceOrders.promised_arrival_time))
    .limit(1);
  if (!job) fail("NOT_FOUND", { vendor_id: "You haven't booked this professional." });
  return send(c, job, body.message);
});

export const smsVendorApi = new Hono<AppEnv>()
  /** { service_order_id, message }: to the vendor of that job (not a cancelled one). */
  .post("/vendor", ...vendorRoute)
  .post("/vendor/", ...vendorRoute)

  /** { vendor_id, message }: to a vendor the customer has a job with, about the latest such job. */
  .post("/vendor2", ...vendor2Route)
  .post("/vendor2/", ...vendor2Route);
