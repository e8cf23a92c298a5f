import { and, eq, isNull } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { sortVendorServices } from "../../domain/catalogue-rules";
import type { VendorPublicPage, VendorServiceItem } from "../../schema/payloads/catalogue";
import { vendors, vendorServices } from "../../schema/tables/vendors";
import type { GeoPort } from "../adapters/geo/port";
import { fail } from "../http/errors";
import { servicesQuery, toServiceCard, vendorPhoto, withVendorPrice } from "./queries";
import { vendorReviews } from "./vendor-directory";

/**
 * A pro's public page without a ZIP, what a search engine or a shared link opens
 * (docs/decisions/157-pro-pages-without-a-zip.md): who they are, the area they serve from their base ZIP,
 * their services at their home ZIP's prices (list prices labelled "from" when the base ZIP is unknown) and their newest approved reviews. A terminated pro is gone (VENDOR_GONE, 410); a
 * deactivated or soft-banned one is not found (404), as on the ZIP-priced page.
 */
export async function vendorPublicPage(
  db: DrizzleD1Database,
  geo: GeoPort,
  vendorId: number,
): Promise<VendorPublicPage> {
  const [found, offers] = await db.batch([
    db
      .select({
        vendor_id: vendors.vendor_id,
        display_name: vendors.display_name,
        status: vendors.status,
        soft_banned: vendors.soft_banned,
        photo: vendors.photo,
        photo_status: vendors.photo_status,
        description: vendors.description,
        tz: vendors.tz,
        is_pro: vendors.is_pro,
        rating_avg_x100: vendors.rating_avg_x100,
        rating_count: vendors.rating_count,
        completed_jobs: vendors.completed_jobs,
        base_zip: vendors.base_zip,
        latitude: vendors.latitude,
        longitude: vendors.longitude,
        range_miles: vendors.range_miles,
      })
      .from(vendors)
      .where(eq(vendors.vendor_id, vendorId))
      .limit(1),
    db
      .select({ service_id: vendorServices.service_id, price_override_cents: vendorServices.price_override_cents })
      .from(vendorServices)
      .where(
        and(
          eq(vendorServices.vendor_id, vendorId),
          eq(vendorServices.enabled, true),
          isNull(vendorServices.restricted_at),
        ),
      ),
  ]);
  const v = found[0];
  if (!v) fail("NOT_FOUND", { vendorId: "No such vendor." });
  if (v.status === "terminated") fail("VENDOR_GONE", { vendorId: "This professional no longer works with us." });
  if (v.status !== "active" || v.soft_banned) fail("NOT_FOUND", { vendorId: "No such vendor." });

  const place = v.base_zip ? await geo.lookupZip(v.base_zip) : null;
  const areaId = place?.area_id ?? null;
  const [rows, reviews] = await Promise.all([
    servicesQuery(db, areaId),
    vendorReviews(db, { vendorId, pagination: 1, filterType: 0 }),
  ]);
  const own = new Map(offers.map((o) => [o.service_id, o.price_override_cents]));
  const services: VendorServiceItem[] = sortVendorServices(
    rows.filter((s) => own.has(s.service_id)).map((s) => withVendorPrice(toServiceCard(s), own.get(s.service_id))),
  );
  return {
    vendor: {
      vendor_id: v.vendor_id,
      display_name: v.display_name,
      photo: vendorPhoto(v.photo, v.photo_status),
      description: v.description,
      tz: v.tz,
      is_pro: v.is_pro,
      rating: Math.round(v.rating_avg_x100) / 100,
      rating_count: v.rating_count,
      completed_jobs: v.completed_jobs,
    },
    area: {
      zip: place?.zip ?? v.base_zip ?? null,
      city: place?.city ?? null,
      state: place?.state ?? null,
      latitude: v.latitude,
      longitude: v.longitude,
      range_miles: v.range_miles,
    },
    price_basis: place ? "home" : "from",
    services,
    reviews: reviews.items,
  };
}
