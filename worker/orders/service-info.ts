import type { DrizzleD1Database } from "drizzle-orm/d1";
import { prepNotes } from "../../domain/order-rules";
import { fail } from "../http/errors";
import { arrival, ownJob, serviceView, vendorView } from "./jobs";

/**
 * What to expect for one of the customer's jobs (POST /order/service-info, docs/product.md section 7
 * "Orders"): service, duration, preparation, vendor and address. Another customer's job, or an unknown one,
 * is NOT_FOUND.
 */
export async function serviceInfo(db: DrizzleD1Database, userId: number, serviceOrderId: number) {
  const job = await ownJob(db, userId, serviceOrderId);
  if (!job) fail("NOT_FOUND", { service_order_id: "We couldn't find this service." });
  return {
    service_order_id: job.service_order_id,
    service_order_status_id: job.service_order_status_id,
    scheduled_status: job.scheduled_status,
    ...arrival(job),
    time_zone: job.time_zone,
    job_minutes: job.job_minutes,
    service: {
      ...serviceView(job),
      long_description: job.service_long_description,
      category: job.category_name,
      duration_minutes: job.job_minutes,
    },
    prep_notes: prepNotes(job.category_name),
    vendor: vendorView(job),
    address: job.address,
    zipcode: job.zipcode,
  };
}
