import { and, eq } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { JOB_PHOTO_TYPES, type JobPhotoType } from "../../domain/job-actions";
import { users } from "../../schema/tables/accounts";
import { orders, serviceOrders } from "../../schema/tables/orders";
import { fail } from "../http/errors";
import { jobQuery, type JobRow } from "../orders/jobs";

/**
 * One of the signed-in pro's own jobs, with what the job actions need of its customer and order. Another
 * pro's job, an unassigned job and an unknown id all answer NOT_FOUND alike, so a guessed id learns nothing.
 */
export interface VendorJob extends JobRow {
  vendor_id: number;
  order_phone: string | null;
  order_email: string | null;
  customer_name: string;
  customer_phone: string | null;
  payment_intent_id: string | null;
}

export async function vendorJob(db: DrizzleD1Database, vendorId: number, serviceOrderId: number): Promise<VendorJob> {
  const [row] = await jobQuery(db)
    .where(and(eq(serviceOrders.service_order_id, serviceOrderId), eq(serviceOrders.vendor_id, vendorId)))
    .limit(1);
  if (!row) fail("NOT_FOUND", { service_order_id: "We couldn't find this job among yours." });
  const [extra] = await db
    .select({
      order_phone: orders.phone,
      order_email: orders.email,
      payment_intent_id: orders.payment_intent_id,
      customer_name: users.name,
      customer_phone: users.phone,
    })
    .from(orders)
    .innerJoin(users, eq(users.user_id, orders.user_id))
    .where(eq(orders.order_id, row.order_id))
    .limit(1);
  return {
    ...row,
    vendor_id: vendorId,
    order_phone: extra?.order_phone ?? null,
    order_email: extra?.order_email ?? null,
    customer_name: extra?.customer_name ?? "Client",
    customer_phone: extra?.customer_phone ?? null,
    payment_intent_id: extra?.payment_intent_id ?? null,
  };
}

/** The number texts to the customer go to: the order's contact phone, else the account's. */
export function customerPhoneOf(job: VendorJob): string | null {
  return job.order_phone ?? job.customer_phone;
}

export type JobImages = Record<JobPhotoType, string[]>;

export function parseJobImages(json: string | null | undefined): JobImages {
  const out: JobImages = { before: [], after: [], testimonial: [] };
  try {
    const parsed = JSON.parse(json ?? "{}") as Record<string, unknown>;
    for (const type of JOB_PHOTO_TYPES) {
      const list = parsed[type];
      if (Array.isArray(list)) out[type] = list.filter((x): x is string => typeof x === "string");
    }
  } catch {
    /* an unreadable value counts as no pictures */
  }
  return out;
}

export function firstNameOf(name: string | null | undefined): string {
  return (name ?? "").trim().split(/\s+/)[0] || "there";
}
