import { and, eq } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { iso, formatLocal } from "../../domain/calendar/time";
import { users } from "../../schema/tables/accounts";
import { serviceCodeGroups, services } from "../../schema/tables/catalogue";
import { serviceOrders } from "../../schema/tables/orders";
import { vendors } from "../../schema/tables/vendors";
import type { OrderService, OrderVendor } from "../../schema/payloads/orders";
import { vendorPhoto } from "../catalogue/queries";

/**
 * One job with what every order endpoint shows of it: the service, its category and the vendor (and the
 * vendor's login, for texts). One query.
 */
export const jobColumns = {
  service_order_id: serviceOrders.service_order_id,
  order_id: serviceOrders.order_id,
  user_id: serviceOrders.user_id,
  vendor_id: serviceOrders.vendor_id,
  service_id: serviceOrders.service_id,
  service_order_status_id: serviceOrders.service_order_status_id,
  scheduled_status: serviceOrders.scheduled_status,
  promised_arrival_time: serviceOrders.promised_arrival_time,
  job_minutes: serviceOrders.job_minutes,
  is_connect: serviceOrders.is_connect,
  address: serviceOrders.address,
  zipcode: serviceOrders.zipcode,
  time_zone: serviceOrders.time_zone,
  completion_time: serviceOrders.completion_time,
  job_images: serviceOrders.job_images,
  vendor_rating: serviceOrders.vendor_rating,
  vendor_rating_notes: serviceOrders.vendor_rating_notes,
  price_cents: serviceOrders.price_cents,
  tip_cents: serviceOrders.tip_cents,
  service_code: services.service_code,
  service_description: services.description,
  service_long_description: services.long_description,
  service_image: services.image,
  service_duration: services.duration_minutes,
  category_name: serviceCodeGroups.name,
  vendor_name: vendors.display_name,
  vendor_photo: vendors.photo,
  vendor_photo_status: vendors.photo_status,
  vendor_tz: vendors.tz,
  vendor_user_id: vendors.user_id,
  vendor_phone: users.phone,
};

export function jobQuery(db: DrizzleD1Database) {
  return db
    .select(jobColumns)
    .from(serviceOrders)
    .innerJoin(services, eq(services.service_id, serviceOrders.service_id))
    .leftJoin(serviceCodeGroups, eq(serviceCodeGroups.service_code_group_id, services.service_code_group_id))
    .leftJoin(vendors, eq(vendors.vendor_id, serviceOrders.vendor_id))
    .leftJoin(users, eq(users.user_id, vendors.user_id));
}

export type JobRow = Awaited<ReturnType<ReturnType<typeof jobQuery>["where"]>>[number];

/** The caller's own job, or null (another customer's job is as good as missing). */
export async function ownJob(db: DrizzleD1Database, userId: number, serviceOrderId: number): Promise<JobRow | null> {
  const [row] = await jobQuery(db)
    .where(and(eq(serviceOrders.service_order_id, serviceOrderId), eq(serviceOrders.user_id, userId)))
    .limit(1);
  return row ?? null;
}

/** Any job by id (vendor and secure-pay paths check ownership themselves). */
export async function jobById(db: DrizzleD1Database, serviceOrderId: number): Promise<JobRow | null> {
  const [row] = await jobQuery(db).where(eq(serviceOrders.service_order_id, serviceOrderId)).limit(1);
  return row ?? null;
}

export function serviceView(j: JobRow): OrderService {
  return {
    service_id: j.service_id,
    service_code: j.service_code,
    description: j.service_description,
    image: j.service_image,
  };
}

export function vendorView(j: JobRow): OrderVendor | null {
  if (j.vendor_id === null || j.vendor_name === null) return null;
  return {
    vendor_id: j.vendor_id,
    name: j.vendor_name,
    photo: vendorPhoto(j.vendor_photo, j.vendor_photo_status ?? ""),
  };
}

/** The job's time as the API shows it: local wall time in the service zone, and the instant. */
export function arrival(j: Pick<JobRow, "promised_arrival_time" | "time_zone">) {
  return {
    promised_arrival_time: formatLocal(j.promised_arrival_time, j.time_zone),
    promised_arrival_at: iso(j.promised_arrival_time),
  };
}

/** "Ava" from "Ava Brooks": how a customer is named in a text to their vendor. */
export function firstName(name: string | null | undefined): string {
  return name?.trim().split(/\s+/)[0] || "Your client";
}
