import { and, eq, isNull, sql } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { ServiceOrderStatus } from "../../domain/order-status";
import { checkRating, isAutoApproved } from "../../domain/rating-rules";
import { messageFor } from "../../domain/messages";
import { serviceOrders } from "../../schema/tables/orders";
import { vendors } from "../../schema/tables/vendors";
import { fail } from "../http/errors";
import { ownJob } from "./jobs";

/**
 * Recomputes a vendor's rating average (times 100) and count from the approved ratings of their jobs, in
 * one statement, so concurrent ratings and staff approvals can never leave the figures out of step (the
 * last writer reads everything committed before it). vendors.updated_at is left alone: ratings are not
 * calendar settings (docs/decisions/011). Staff approval of a held rating should run this too.
 */
export function refreshVendorRating(db: DrizzleD1Database, vendorId: number) {
  const approved = sql`FROM service_orders WHERE vendor_id = ${vendorId} AND vendor_rating IS NOT NULL AND rating_approved = 1`;
  return db
    .update(vendors)
    .set({
      rating_count: sql`(SELECT count(*) ${approved})`,
      rating_avg_x100: sql`coalesce((SELECT CAST(round(sum(vendor_rating) * 100.0 / count(*)) AS INTEGER) ${approved}), 0)`,
    })
    .where(eq(vendors.vendor_id, vendorId));
}

export interface RatingResult {
  service_order_id: number;
  vendor_rating: number;
  vendor_rating_notes: string | null;
  /** false while a rating below 4 waits for staff approval before it counts. */
  rating_approved: boolean;
}

/**
 * The customer's rating of their own completed job, once (docs/product.md section 5 "Rating"). The rules come first,
 * in the modal's order, so the answer names what to fix; then the job must be the caller's, completed and
 * not rated yet. The rating and the vendor's figures are written in one batch; the conditional update
 * makes a double submit rate once (the second answers ALREADY_RATED).
 */
export async function rateJob(
  db: DrizzleD1Database,
  userId: number,
  input: { service_order_id: number; vendor_rating?: unknown; vendor_rating_notes?: string | null },
  now: number,
): Promise<RatingResult> {
  const check = checkRating(input);
  if (!check.ok) fail(check.code, { [check.field]: messageFor(check.code) });
  const job = await ownJob(db, userId, input.service_order_id);
  if (!job) fail("NOT_FOUND", { service_order_id: "We couldn't find this service." });
  if (job.service_order_status_id !== ServiceOrderStatus.COMPLETED || job.vendor_id === null) {
    fail("RATING_NOT_AVAILABLE");
  }
  if (job.vendor_rating !== null) fail("ALREADY_RATED");
  const approved = isAutoApproved(check.rating);
  const [rated] = await db.batch([
    db
      .update(serviceOrders)
      .set({
        vendor_rating: check.rating,
        vendor_rating_notes: check.notes,
        rated_at: now,
        rating_approved: approved,
        updated_at: now,
      })
      .where(
        and(
          eq(serviceOrders.service_order_id, job.service_order_id),
          eq(serviceOrders.user_id, userId),
          eq(serviceOrders.service_order_status_id, ServiceOrderStatus.COMPLETED),
          isNull(serviceOrders.vendor_rating),
        ),
      )
      .returning({ id: serviceOrders.service_order_id }),
    refreshVendorRating(db, job.vendor_id),
  ]);
  if (rated.length === 0) fail("ALREADY_RATED");
  return {
    service_order_id: job.service_order_id,
    vendor_rating: check.rating,
    vendor_rating_notes: check.notes,
    rating_approved: approved,
  };
}
