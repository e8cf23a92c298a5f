import { and, desc, eq, or, sql } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { formatLocal } from "../../domain/calendar/time";
import {
  displayName,
  jobImageEntries,
  lastJobImage,
  parseJobImages,
  pickTestimonials,
  testimonialScgid,
} from "../../domain/catalogue-rules";
import type { TestimonialCard } from "../../schema/payloads/catalogue";
import { serviceCodeGroups, services } from "../../schema/tables/catalogue";
import { serviceOrders, testimonials } from "../../schema/tables/orders";
import { vendors } from "../../schema/tables/vendors";
import { fail } from "../http/errors";

/**
 * Published testimonials (docs/product.md sections 3, 4 and 9), as the home page, a service page and a
 * category page show them: at most two per service, those of the current category first.
 */

/** Testimonials listed without a service (the home page): two per service, this many in all. */
const HOME_TESTIMONIALS = 20;
/** Rows read before picking two per service; far more than any page shows. */
const TESTIMONIAL_ROWS = 200;

async function groupExists(db: DrizzleD1Database, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: serviceCodeGroups.service_code_group_id })
    .from(serviceCodeGroups)
    .where(eq(serviceCodeGroups.service_code_group_id, id))
    .limit(1);
  return Boolean(row);
}

function testimonialRows(db: DrizzleD1Database) {
  return db
    .select({
      testimonial_id: testimonials.testimonial_id,
      service_order_id: testimonials.service_order_id,
      service_id: testimonials.service_id,
      service_description: services.description,
      service_code_group_id: testimonials.service_code_group_id,
      // Aliased: D1 batches answer rows as objects, where two columns of one name would collapse.
      service_group: sql<number | null>`${services.service_code_group_id}`.as("service_group"),
      vendor_id: testimonials.vendor_id,
      name: testimonials.name,
      rating: testimonials.rating,
      comment: testimonials.comment,
      display_order: testimonials.display_order,
      json_data: testimonials.json_data,
      job_images: testimonials.job_images,
      promised_arrival_time: testimonials.promised_arrival_time,
      time_zone: sql<string>`coalesce(${serviceOrders.time_zone}, ${vendors.tz}, 'UTC')`.as("tz"),
    })
    .from(testimonials)
    .leftJoin(services, eq(services.service_id, testimonials.service_id))
    .leftJoin(serviceOrders, eq(serviceOrders.service_order_id, testimonials.service_order_id))
    .leftJoin(vendors, eq(vendors.vendor_id, testimonials.vendor_id))
    .$dynamic();
}

type TestimonialRow = Awaited<ReturnType<typeof testimonialRows>>[number];

function toTestimonialCard(r: TestimonialRow): TestimonialCard {
  const entries = jobImageEntries(parseJobImages(r.job_images));
  return {
    testimonial_id: r.testimonial_id,
    service_order_id: r.service_order_id,
    service_id: r.service_id,
    service_description: r.service_description,
    service_code_group_id: r.service_code_group_id ?? r.service_group,
    scgid: testimonialScgid(r.json_data, r.service_code_group_id ?? r.service_group),
    vendor_id: r.vendor_id,
    name: displayName(r.name),
    rating: r.rating,
    comment: r.comment,
    display_order: r.display_order,
    json_data: r.json_data,
    job_images: entries,
    job_image: lastJobImage(entries),
    promised_arrival_time: r.promised_arrival_time === null ? null : formatLocal(r.promised_arrival_time, r.time_zone),
  };
}

/**
 * One service's testimonials (at most 2, display_order descending), those of category scgid first; without
 * a service, two per service across the catalogue (at most 20) for the home page. NOT_FOUND for an unknown
 * service.
 */
export async function serviceTestimonials(
  db: DrizzleD1Database,
  q: { serviceId?: number; scgid?: number },
): Promise<TestimonialCard[]> {
  const published = eq(testimonials.published, true);
  let rows: TestimonialRow[];
  if (q.serviceId !== undefined) {
    const [service, found] = await db.batch([
      db.select({ id: services.service_id }).from(services).where(eq(services.service_id, q.serviceId)).limit(1),
      testimonialRows(db)
        .where(and(published, eq(testimonials.service_id, q.serviceId)))
        .orderBy(desc(testimonials.display_order))
        .limit(TESTIMONIAL_ROWS),
    ]);
    if (service.length === 0) fail("NOT_FOUND", { serviceId: "No such service." });
    rows = found;
  } else {
    rows = await testimonialRows(db).where(published).orderBy(desc(testimonials.display_order)).limit(TESTIMONIAL_ROWS);
  }
  const cards = pickTestimonials(rows.map(toTestimonialCard), { currentScgid: q.scgid ?? null });
  return q.serviceId !== undefined ? cards : cards.slice(0, HOME_TESTIMONIALS);
}

/**
 * One category's testimonials across its services (at most 2 per service); the given service's lead.
 * NOT_FOUND for an unknown category.
 */
export async function categoryTestimonials(
  db: DrizzleD1Database,
  q: { scgid: number; serviceId?: number },
): Promise<TestimonialCard[]> {
  if (!(await groupExists(db, q.scgid))) fail("NOT_FOUND", { scgid: "No such category." });
  const rows = await testimonialRows(db)
    .where(
      and(
        eq(testimonials.published, true),
        or(
          eq(testimonials.service_code_group_id, q.scgid),
          eq(services.service_code_group_id, q.scgid),
          sql`(CASE WHEN json_valid(${testimonials.json_data}) THEN json_extract(${testimonials.json_data}, '$.scgid') END) = ${q.scgid}`,
        ),
      ),
    )
    .orderBy(desc(testimonials.display_order))
    .limit(TESTIMONIAL_ROWS);
  const cards = pickTestimonials(rows.map(toTestimonialCard), { currentScgid: q.scgid });
  const lead = q.serviceId;
  return lead === undefined
    ? cards
    : [...cards.filter((t) => t.service_id === lead), ...cards.filter((t) => t.service_id !== lead)];
}
