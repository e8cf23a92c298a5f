import { and, eq } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { serviceOrders } from "../../schema/tables/orders";
import { customerVendorExclusions } from "../../schema/tables/vendors";
import { fail } from "../http/errors";
import { ownJob } from "./jobs";

/**
 * "Never match me with this vendor again" (POST /order/customer-vendor-exclude): the vendor of one of the
 * customer's jobs, or a vendor the customer had a job with. Idempotent; answers the excluded vendor's id.
 */
export async function excludeVendor(
  db: DrizzleD1Database,
  userId: number,
  input: { vendor_id?: number | null; service_order_id?: number },
  now: number,
): Promise<number> {
  let vendorId = input.vendor_id ?? null;
  if (input.service_order_id !== undefined) {
    const job = await ownJob(db, userId, input.service_order_id);
    if (!job || job.vendor_id === null || (vendorId !== null && vendorId !== job.vendor_id)) {
      fail("NOT_FOUND", { service_order_id: "We couldn't find a professional for this service." });
    }
    vendorId = job.vendor_id;
  } else {
    const [had] = await db
      .select({ id: serviceOrders.service_order_id })
      .from(serviceOrders)
      .where(and(eq(serviceOrders.user_id, userId), eq(serviceOrders.vendor_id, vendorId!)))
      .limit(1);
    if (!had) fail("NOT_FOUND", { vendor_id: "You haven't had a service with this professional." });
  }
  await db
    .insert(customerVendorExclusions)
    .values({ user_id: userId, vendor_id: vendorId!, created_at: now })
    .onConflictDoNothing();
  return vendorId!;
}
