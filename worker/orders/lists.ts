import { and, desc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import {
  jobImageEntries,
  lastJobImage,
  pageFromWindow,
  pageWindow,
  parseJobImages,
} from "../../domain/catalogue-rules";
import { formatLocal, iso } from "../../domain/calendar/time";
import { normalizeZip } from "../../domain/location/zip";
import { canCancel, canRequestReschedule, compareScheduled } from "../../domain/order-rules";
import { ServiceOrderStatus } from "../../domain/order-status";
import type { ChosenProView, CompletedOrder, CompletedOrdersPage, ScheduledOrder } from "../../schema/payloads/orders";
import { checkoutItems, jobOffers, rescheduleRequests, serviceOrders } from "../../schema/tables/orders";
import { services } from "../../schema/tables/catalogue";
import { vendors } from "../../schema/tables/vendors";
import { addedChargesOfJobs } from "../jobs/added-charges";
import { arrival, jobQuery, serviceView, vendorView } from "./jobs";
import { visitViews } from "./visit-view";

/** docs/product.md section 9: completed orders come 20 to a page. */
export const COMPLETED_PAGE_SIZE = 20;
/** More open jobs than this is not a customer; the list stops there. */
const SCHEDULED_LIMIT = 200;

const OPEN = [ServiceOrderStatus.PENDING, ServiceOrderStatus.SCHEDULED, ServiceOrderStatus.IN_PROGRESS];

/** A ZIP filter: a ZIP narrows the list to jobs at that ZIP; no ZIP (or one that is not a ZIP) shows all. */
function zipCondition(zip: unknown) {
  const z = normalizeZip(zip);
  return z ? eq(serviceOrders.zipcode, z) : undefined;
}

/**
 * The customer's open jobs (pending, scheduled, in progress): status 30 first, then by time (docs/product.md section 4
 * "Ordering"), each with its pending reschedule request. One batch.
 */
export async function scheduledOrders(
  db: DrizzleD1Database,
  userId: number,
  zip: unknown,
  now: number,
): Promise<ScheduledOrder[]> {
  const mine = and(eq(serviceOrders.user_id, userId), inArray(serviceOrders.service_order_status_id, OPEN));
  const [jobs, requests] = await db.batch([
    jobQuery(db)
      .where(and(mine, zipCondition(zip)))
      .limit(SCHEDULED_LIMIT),
    db
      .select({
        request_id: rescheduleRequests.reschedule_id,
        service_order_id: rescheduleRequests.service_order_id,
        to_time: rescheduleRequests.to_time,
        expires_at: rescheduleRequests.expires_at,
        requested_by: rescheduleRequests.requested_by,
        reason: rescheduleRequests.reason,
        to_job_minutes: rescheduleRequests.to_job_minutes,
        awaiting_payment: sql<number>`EXISTS (SELECT 1 FROM reschedule_payments rp
          WHERE rp.reschedule_id = ${rescheduleRequests.reschedule_id} AND rp.charge_status IN ('due', 'requires_action'))`.as(
          "awaiting_payment",
        ),
      })
      .from(rescheduleRequests)
      .innerJoin(serviceOrders, eq(serviceOrders.service_order_id, rescheduleRequests.service_order_id))
      .where(
        and(
          mine,
          eq(rescheduleRequests.status, "pending"),
          inArray(rescheduleRequests.requested_by, ["customer", "vendor"]),
          gt(rescheduleRequests.expires_at, now),
        ),
      ),
  ]);
  const charges = await addedChargesOfJobs(
    db,
    jobs.map((j) => j.service_order_id),
  );
  const chosen = await chosenPros(db, userId, now);
  const visits = await visitViews(db, jobs);
  const pending = new Map(requests.filter((r) => r.requested_by === "customer").map((r) => [r.service_order_id, r]));
  const proposals = new Map(requests.filter((r) => r.requested_by === "vendor").map((r) => [r.service_order_id, r]));
  return [...jobs].sort(compareScheduled).map((j): ScheduledOrder => {
    const r = pending.get(j.service_order_id);
    const p = proposals.get(j.service_order_id);
    return {
      service_order_id: j.service_order_id,
      order_id: j.order_id,
      service_order_status_id: j.service_order_status_id,
      scheduled_status: j.scheduled_status,
      ...arrival(j),
      time_zone: j.time_zone,
      job_minutes: j.job_minutes,
      is_connect: j.is_connect,
      service: serviceView(j),
      vendor: vendorView(j),
      price_cents: j.price_cents,
      address: j.address,
      zipcode: j.zipcode,
      reschedule_request: r
        ? {
            request_id: r.request_id,
            selectedDate: formatLocal(r.to_time, j.time_zone),
            expires_at: iso(r.expires_at!),
            ...(r.to_job_minutes ? { job_minutes: r.to_job_minutes } : {}),
            ...(r.awaiting_payment ? { checkout_url: `/checkout/reschedule?request_id=${r.request_id}` } : {}),
          }
        : null,
      vendor_proposal: p
        ? {
            request_id: p.request_id,
            selectedDate: formatLocal(p.to_time, j.time_zone),
            expires_at: iso(p.expires_at!),
            reason: p.reason,
          }
        : null,
      chosen_pro: chosen.get(j.service_order_id) ?? null,
      can_reschedule: canRequestReschedule(
        { service_order_status_id: j.service_order_status_id, vendor_id: j.vendor_id, start: j.promised_arrival_time },
        now,
      ),
      can_cancel: canCancel(j.service_order_status_id),
      added_charges: charges.get(j.service_order_id) ?? [],
      visit: visits.get(j.service_order_id) ?? null,
    };
  });
}

/**
 * The pros the customer chose for their jobs no pro has accepted yet, with their offer's state (decision 122):
 * waiting until the offer's end, declined, or lapsed (their window closed, or the job was opened to others).
 */
async function chosenPros(db: DrizzleD1Database, userId: number, now: number): Promise<Map<number, ChosenProView>> {
  const rows = await db
    .select({
      service_order_id: checkoutItems.service_order_id,
      vendor_id: vendors.vendor_id,
      name: vendors.display_name,
      time_zone: serviceOrders.time_zone,
      zipcode: serviceOrders.zipcode,
      slug: services.slug,
      status: jobOffers.status,
      expires_at: jobOffers.expires_at,
      opened:
        sql<number>`EXISTS (SELECT 1 FROM job_offers o WHERE o.service_order_id = ${checkoutItems.service_order_id}
        AND o.vendor_id <> ${checkoutItems.chosen_vendor_id})`.as("opened"),
    })
    .from(checkoutItems)
    .innerJoin(serviceOrders, eq(serviceOrders.service_order_id, checkoutItems.service_order_id))
    .innerJoin(vendors, eq(vendors.vendor_id, checkoutItems.chosen_vendor_id))
    .innerJoin(services, eq(services.service_id, serviceOrders.service_id))
    .innerJoin(
      jobOffers,
      and(
        eq(jobOffers.service_order_id, checkoutItems.service_order_id),
        eq(jobOffers.vendor_id, checkoutItems.chosen_vendor_id),
      ),
    )
    .where(
      and(
        eq(serviceOrders.user_id, userId),
        eq(serviceOrders.service_order_status_id, ServiceOrderStatus.PENDING),
        isNull(serviceOrders.vendor_id),
      ),
    )
    .limit(SCHEDULED_LIMIT);
  const out = new Map<number, ChosenProView>();
  for (const r of rows) {
    if (r.service_order_id === null || r.expires_at === null) continue;
    const state =
      r.status === "declined"
        ? "declined"
        : r.status === "offered" && r.expires_at > now && !r.opened
          ? "waiting"
          : "lapsed";
    out.set(r.service_order_id, {
      vendor_id: r.vendor_id,
      name: r.name,
      state,
      confirm_by: iso(r.expires_at),
      confirm_by_local: formatLocal(r.expires_at, r.time_zone),
      book_href: `/services/${encodeURIComponent(r.slug)}?zipcode=${encodeURIComponent(r.zipcode)}`,
    });
  }
  return out;
}

/** The customer's completed jobs, newest first, 20 to a page (docs/product.md section 7 "POST /order/complete"). */
export async function completedOrders(
  db: DrizzleD1Database,
  userId: number,
  zip: unknown,
  page: number,
): Promise<CompletedOrdersPage> {
  const { limit, offset } = pageWindow(page, COMPLETED_PAGE_SIZE);
  const rows = await jobQuery(db)
    .where(
      and(
        eq(serviceOrders.user_id, userId),
        eq(serviceOrders.service_order_status_id, ServiceOrderStatus.COMPLETED),
        zipCondition(zip),
      ),
    )
    .orderBy(
      desc(sql`coalesce(${serviceOrders.completion_time}, ${serviceOrders.promised_arrival_time})`),
      desc(serviceOrders.service_order_id),
    )
    .limit(limit)
    .offset(offset);
  const charges = await addedChargesOfJobs(
    db,
    rows.map((j) => j.service_order_id),
  );
  const items = rows.map((j): CompletedOrder => {
    const entries = jobImageEntries(parseJobImages(j.job_images));
    return {
      service_order_id: j.service_order_id,
      order_id: j.order_id,
      service_order_status_id: j.service_order_status_id,
      promised_arrival_time: arrival(j).promised_arrival_time,
      completion_time: j.completion_time === null ? null : iso(j.completion_time),
      time_zone: j.time_zone,
      service: serviceView(j),
      vendor: vendorView(j),
      price_cents: j.price_cents,
      tip_cents: j.tip_cents,
      job_images: entries,
      job_image: lastJobImage(entries),
      vendor_rating: j.vendor_rating,
      vendor_rating_notes: j.vendor_rating_notes,
      zipcode: j.zipcode,
      added_charges: charges.get(j.service_order_id) ?? [],
    };
  });
  return pageFromWindow(items, page, COMPLETED_PAGE_SIZE);
}
