import { and, eq, inArray, sql } from "drizzle-orm";
import { vendorAccountState } from "../../domain/vendors/account-policy";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { localDate, localTime } from "../../domain/calendar/time";
import { normalizeZip, zipFromAddress } from "../../domain/location/zip";
import { AGREEMENT_VERSION, agreementLines } from "../../domain/vendors/agreement";
import { licenceNoticePattern } from "../../domain/vendors/licence-notices";
import { licenseAllowsService } from "../../domain/vendors/licenses";
import { isRangeTooSimilar, isValidRadius } from "../../domain/vendors/service-range";
import { serviceCodeGroups, services } from "../../schema/tables/catalogue";
import { uploads } from "../../schema/tables/operations";
import { vendorLicenses, vendors, vendorServiceRequests, vendorServices } from "../../schema/tables/vendors";
import type { GeoPort, ZipPlace } from "../adapters/geo/port";
import { fail } from "../http/errors";
import { d1Batch } from "../orders/d1-batch";
import { buildPdf } from "./agreement-pdf";
import { checkImage, storeFile, uploadRow } from "./files";
import { isUniqueViolation } from "./unique";

/**
 * The pro's own profile and documents (worker/api/vendor/me/profile.ts, issue 12): licences, description,
 * account status, the agreement, the service range and requests for more services. Each takes the pro's
 * vendor id and the time explicitly.
 */

type Db = DrizzleD1Database;

export async function ownVendor(db: Db, vendorId: number) {
  const [vendor] = await db.select().from(vendors).where(eq(vendors.vendor_id, vendorId)).limit(1);
  if (!vendor) fail("NOT_FOUND");
  return vendor;
}

/** The pro's profile as their dashboard shows it. */
export async function vendorProfile(db: Db, vendorId: number) {
  const vendor = await ownVendor(db, vendorId);
  return {
    vendor_id: vendor.vendor_id,
    display_name: vendor.display_name,
    status: vendor.status,
    account_state: vendorAccountState(vendor),
    reactivation_requested_at: vendor.reactivation_requested_at,
    description: vendor.description ?? "",
    photo: vendor.photo,
    photo_status: vendor.photo_status,
    review_note: vendor.review_note,
    reliability: vendor.reliability,
    tz: vendor.tz,
    base_zip: vendor.base_zip,
    range_miles: vendor.range_miles,
    agreement: vendor.agreement_version === AGREEMENT_VERSION && vendor.agreement_signed_at !== null,
    agreement_signed_at: vendor.agreement_signed_at,
    agreement_version: vendor.agreement_version,
    current_agreement_version: AGREEMENT_VERSION,
  };
}

/** The group a service_code names: a group slug, or the code of one of the group's services. */
async function groupByCode(db: Db, code: string) {
  const [group] = await db
    .select({ id: serviceCodeGroups.service_code_group_id, license_required: serviceCodeGroups.license_required })
    .from(serviceCodeGroups)
    .where(
      sql`${serviceCodeGroups.slug} = ${code} OR ${serviceCodeGroups.service_code_group_id} =
        (SELECT service_code_group_id FROM services WHERE service_code = ${code})`,
    )
    .limit(1);
  if (!group) fail("NOT_FOUND");
  return group;
}

/** Groups the vendor is approved for (has services in) that need a licence, with the licence if any. */
export async function licenseList(db: Db, vendorId: number, now: number) {
  const rows = await db
    .selectDistinct({
      service_code: serviceCodeGroups.slug,
      name: serviceCodeGroups.name,
      group_id: serviceCodeGroups.service_code_group_id,
      status: vendorLicenses.status,
      expires_at: vendorLicenses.expires_at,
      review_note: vendorLicenses.review_note,
      updated_at: vendorLicenses.updated_at,
      renewal_expires_at: vendorLicenses.renewal_expires_at,
      renewal_submitted_at: vendorLicenses.renewal_submitted_at,
    })
    .from(vendorServices)
    .innerJoin(services, eq(services.service_id, vendorServices.service_id))
    .innerJoin(serviceCodeGroups, eq(serviceCodeGroups.service_code_group_id, services.service_code_group_id))
    .leftJoin(
      vendorLicenses,
      and(
        eq(vendorLicenses.vendor_id, vendorServices.vendor_id),
        eq(vendorLicenses.service_code_group_id, serviceCodeGroups.service_code_group_id),
      ),
    )
    .where(and(eq(vendorServices.vendor_id, vendorId), eq(serviceCodeGroups.license_required, true)));
  return rows.map((r) => {
    const license = r.status && r.expires_at !== null ? { status: r.status, expires_at: r.expires_at } : null;
    return {
      service_code: r.service_code,
      name: r.name,
      license: license && { ...license, review_note: r.review_note, uploaded_at: r.updated_at },
      /** A renewal waiting for staff while the current licence holds (decision 121). */
      renewal:
        r.renewal_expires_at !== null
          ? { status: "pending" as const, expires_at: r.renewal_expires_at, uploaded_at: r.renewal_submitted_at }
          : null,
      valid: licenseAllowsService(license, now),
    };
  });
}

/** Where the range is centred: a ZIP, an address ending in a ZIP, or an address the geocoder finds. */
async function rangePlace(geoPort: () => GeoPort, body: { zipcode?: string; address?: string }) {
  const geo = geoPort();
  let zip = body.zipcode ? normalizeZip(body.zipcode) : null;
  if (!zip && body.address) zip = zipFromAddress(body.address);
  let place: ZipPlace | null = zip ? await geo.lookupZip(zip) : null;
  if (!place && !zip && body.address) {
    const found = await geo.geocodeAddress(body.address);
    if (found.code === 1) place = found.place;
  }
  return place;
}

/**
 * Stores a licence (a picture or a PDF, decoded to its end) for a group the pro offers that needs one, for staff to
 * review: a first or lapsed licence is pending, a renewal of a valid one waits beside it (decision 121). Resolves
 * the group's licence notices. Answers the licence list.
 */
export async function uploadLicence(
  env: Env,
  db: Db,
  input: { vendorId: number; userId: number; code: string; expires: number; file: File; now: number },
) {
  const { vendorId, userId, code, expires, file, now } = input;
  const group = await groupByCode(db, code.trim());
  if (!group.license_required) fail("NOT_FOUND");
  const offered = await db
    .select({ n: sql<number>`count(*)` })
    .from(vendorServices)
    .innerJoin(services, eq(services.service_id, vendorServices.service_id))
    .where(and(eq(vendorServices.vendor_id, vendorId), eq(services.service_code_group_id, group.id)));
  if (!offered[0]?.n) fail("SERVICE_NOT_APPROVED");
  const checked = await checkImage(db, file, { ownerUserId: userId, now, photo: false });
  const stored = await storeFile(env, checked, { ownerUserId: userId, kind: "license" });
  // Staff review every licence (decision 121). While the current licence is approved and unexpired, the new file
  // waits beside it as a renewal and the current one keeps the services on; otherwise it replaces the licence,
  // pending (which unlocks nothing until staff approve it). In SQLite's upsert every right-hand side reads the row
  // as it was, so `holds` is the state before this upload.
  const holds = sql.raw(`(vendor_licenses.status = 'approved' AND vendor_licenses.expires_at > ${Number(now)})`);
  await d1Batch(env.DB, [
    db.insert(uploads).values(uploadRow(checked, stored, { ownerUserId: userId, kind: "license", now })),
    sql`INSERT INTO vendor_licenses
          (vendor_id, service_code_group_id, upload_id, expires_at, status, review_note, created_at, updated_at)
        VALUES (${vendorId}, ${group.id}, (SELECT upload_id FROM uploads WHERE key = ${stored.key}),
          ${expires}, 'pending', NULL, ${now}, ${now})
        ON CONFLICT (vendor_id, service_code_group_id) DO UPDATE SET
          renewal_upload_id = CASE WHEN ${holds} THEN excluded.upload_id ELSE NULL END,
          renewal_expires_at = CASE WHEN ${holds} THEN excluded.expires_at ELSE NULL END,
          renewal_submitted_at = CASE WHEN ${holds} THEN excluded.updated_at ELSE NULL END,
          upload_id = CASE WHEN ${holds} THEN vendor_licenses.upload_id ELSE excluded.upload_id END,
          expires_at = CASE WHEN ${holds} THEN vendor_licenses.expires_at ELSE excluded.expires_at END,
          status = CASE WHEN ${holds} THEN 'approved' ELSE 'pending' END,
          updated_at = CASE WHEN ${holds} THEN vendor_licenses.updated_at ELSE excluded.updated_at END,
          review_note = NULL`,
    // The new licence resolves the group's licence notices (expiring soon, services switched off).
    sql`UPDATE notifications SET dismissed_at = ${now} WHERE vendor_id = ${vendorId}
        AND dedupe_key LIKE ${licenceNoticePattern(group.id)} AND dismissed_at IS NULL`,
  ]);
  return licenseList(db, vendorId, now);
}

/** Removes the pro's licence for a group; the group's services stop being offered in the same batch. */
export async function removeLicence(db: Db, input: { vendorId: number; serviceCode: string; now: number }) {
  const { vendorId, serviceCode, now } = input;
  const group = await groupByCode(db, serviceCode);
  const [license] = await db
    .select()
    .from(vendorLicenses)
    .where(and(eq(vendorLicenses.vendor_id, vendorId), eq(vendorLicenses.service_code_group_id, group.id)))
    .limit(1);
  if (!license) fail("NOT_FOUND");
  // Without the licence the group's services stop being offered, in the same transaction.
  await db.batch([
    db
      .delete(vendorLicenses)
      .where(and(eq(vendorLicenses.vendor_id, vendorId), eq(vendorLicenses.service_code_group_id, group.id))),
    db.update(uploads).set({ deleted_at: now }).where(eq(uploads.upload_id, license.upload_id)),
    db
      .update(vendorServices)
      .set({ enabled: false })
      .where(
        and(
          eq(vendorServices.vendor_id, vendorId),
          inArray(
            vendorServices.service_id,
            db.select({ id: services.service_id }).from(services).where(eq(services.service_code_group_id, group.id)),
          ),
        ),
      ),
  ]);
  return licenseList(db, vendorId, now);
}

/** Sets the pro's public description (empty clears it). */
export async function setDescription(db: Db, input: { vendorId: number; description: string; now: number }) {
  const { vendorId, description, now } = input;
  await db
    .update(vendors)
    .set({ description: description || null, updated_at: now })
    .where(eq(vendors.vendor_id, vendorId));
}

/**
 * The pro pauses or resumes their own account (status 'deactivated' with deactivated_by 'pro'). Only their
 * own pause: VENDOR_TERMINATED for a terminated pro, VENDOR_ACCOUNT_INACTIVE for one staff deactivated
 * (they ask staff instead: requestReactivation). The conditional update decides, so a staff change that
 * lands meanwhile wins.
 */
export async function setOwnStatus(
  db: Db,
  input: { vendorId: number; status: "active" | "deactivated"; now: number },
): Promise<{ status: string }> {
  const { vendorId, status, now } = input;
  const [updated] = await db
    .update(vendors)
    .set({ status, deactivated_by: status === "deactivated" ? "pro" : null, updated_at: now })
    .where(
      and(
        eq(vendors.vendor_id, vendorId),
        sql`(${vendors.status} = 'active' OR (${vendors.status} = 'deactivated' AND ${vendors.deactivated_by} = 'pro'))`,
      ),
    )
    .returning({ status: vendors.status });
  if (updated) return { status: updated.status };
  const [now_] = await db.select({ status: vendors.status }).from(vendors).where(eq(vendors.vendor_id, vendorId));
  fail(now_?.status === "terminated" ? "VENDOR_TERMINATED" : "VENDOR_ACCOUNT_INACTIVE");
}

/**
 * A pro staff deactivated asks to be reactivated, with an optional note staff read beside the request
 * (admin vendors list). One open request at a time: VENDOR_REACTIVATION_PENDING while one waits. The account
 * policy lets only a staff-deactivated pro here; the conditional update re-checks it
 * (STAFF_ACTION_NOT_ALLOWED if staff changed the account meanwhile).
 */
export async function requestReactivation(
  db: Db,
  input: { vendorId: number; note: string; now: number },
): Promise<{ reactivation_requested_at: number }> {
  const { vendorId, note, now } = input;
  const [updated] = await db
    .update(vendors)
    .set({ reactivation_requested_at: now, reactivation_note: note || null, updated_at: now })
    .where(
      and(
        eq(vendors.vendor_id, vendorId),
        sql`${vendors.status} = 'deactivated' AND ${vendors.deactivated_by} = 'staff' AND ${vendors.reactivation_requested_at} IS NULL`,
      ),
    )
    .returning({ at: vendors.reactivation_requested_at });
  if (updated) return { reactivation_requested_at: updated.at! };
  const [row] = await db
    .select({ at: vendors.reactivation_requested_at })
    .from(vendors)
    .where(eq(vendors.vendor_id, vendorId));
  fail(row?.at != null ? "VENDOR_REACTIVATION_PENDING" : "STAFF_ACTION_NOT_ALLOWED");
}

/** The agreement as a PDF, signed (with the local date and time) if the pro signed the current version. */
export async function agreementPdf(db: Db, vendorId: number, now: number) {
  const vendor = await ownVendor(db, vendorId);
  const signed =
    vendor.agreement_signed_at !== null && vendor.agreement_version === AGREEMENT_VERSION
      ? `${localDate(vendor.agreement_signed_at, vendor.tz)} ${localTime(vendor.agreement_signed_at, vendor.tz)}`
      : null;
  const pdf = buildPdf(
    agreementLines({
      name: vendor.display_name,
      vendor_id: vendor.vendor_id,
      date: localDate(vendor.agreement_signed_at && signed ? vendor.agreement_signed_at : now, vendor.tz),
      signed,
    }),
    { title: `Independent Professional Agreement ${AGREEMENT_VERSION}`, author: vendor.display_name },
  );
  return pdf;
}

/** The pro signs the current agreement version; AGREEMENT_VERSION_CHANGED if they read another. */
export async function signAgreement(db: Db, input: { vendorId: number; version: string; now: number }) {
  const { vendorId, version, now } = input;
  if (version !== AGREEMENT_VERSION) fail("AGREEMENT_VERSION_CHANGED");
  await db
    .update(vendors)
    .set({ agreement_signed_at: now, agreement_version: AGREEMENT_VERSION, updated_at: now })
    .where(eq(vendors.vendor_id, vendorId));
  return { agreement: true, version: AGREEMENT_VERSION, signed_at: now };
}

/**
 * Centres the pro's service range on a ZIP or address with a radius; SERVICE_RANGE_ERROR when the place is
 * missing or unknown, the radius invalid, or the range too like the current one.
 */
export async function setServiceRange(
  db: Db,
  geo: () => GeoPort,
  input: { vendorId: number; zipcode?: string; address?: string; radius_miles: number; now: number },
) {
  const { vendorId, now } = input;
  const body = input;
  const vendor = await ownVendor(db, vendorId);
  if (!body.zipcode && !body.address) fail("SERVICE_RANGE_ERROR");
  if (!isValidRadius(body.radius_miles)) fail("SERVICE_RANGE_ERROR");
  const place = await rangePlace(geo, body);
  if (!place) fail("SERVICE_RANGE_ERROR");
  const previous =
    vendor.latitude !== null && vendor.longitude !== null
      ? { centre: { lat: vendor.latitude, lng: vendor.longitude }, radius_miles: vendor.range_miles }
      : null;
  const next = { centre: { lat: place.latitude, lng: place.longitude }, radius_miles: body.radius_miles };
  if (isRangeTooSimilar(previous, next)) fail("SERVICE_RANGE_ERROR");
  // Search and job matching read these columns directly, so the new range applies to the next search.
  await db
    .update(vendors)
    .set({
      base_zip: place.zip,
      latitude: place.latitude,
      longitude: place.longitude,
      range_miles: body.radius_miles,
      updated_at: now,
    })
    .where(eq(vendors.vendor_id, vendor.vendor_id));
  return { base_zip: place.zip, city: place.city, state: place.state, range_miles: body.radius_miles };
}

/** The pro asks to offer another group of services; SERVICE_REQUEST_EXISTS if offered or already asked. */
export async function requestServiceGroup(db: Db, input: { vendorId: number; serviceCode: string; now: number }) {
  const { vendorId, serviceCode, now } = input;
  const group = await groupByCode(db, serviceCode);
  const groups = await requestableGroups(db, vendorId);
  const entry = groups.find((g) => g.service_code_group_id === group.id);
  if (!entry) fail("NOT_FOUND");
  if (entry.approved) fail("SERVICE_REQUEST_EXISTS");
  const dup = await isUniqueViolation(
    db.insert(vendorServiceRequests).values({
      vendor_id: vendorId,
      service_code_group_id: group.id,
      status: "pending",
      created_at: now,
      updated_at: now,
    }),
  );
  if (dup) fail("SERVICE_REQUEST_EXISTS");
  return requestableGroups(db, vendorId);
}

/** The pro withdraws a pending request; NOT_FOUND if none is pending. */
export async function withdrawServiceRequest(db: Db, input: { vendorId: number; serviceCode: string; now: number }) {
  const { vendorId, serviceCode, now } = input;
  const group = await groupByCode(db, serviceCode);
  const [removed] = await db
    .update(vendorServiceRequests)
    .set({ status: "withdrawn", updated_at: now })
    .where(
      and(
        eq(vendorServiceRequests.vendor_id, vendorId),
        eq(vendorServiceRequests.service_code_group_id, group.id),
        eq(vendorServiceRequests.status, "pending"),
      ),
    )
    .returning({ id: vendorServiceRequests.request_id });
  if (!removed) fail("NOT_FOUND");
  return requestableGroups(db, vendorId);
}

/** Every visible group with whether the pro already offers it and whether a request is pending. */
export async function requestableGroups(db: Db, vendorId: number) {
  const rows = await db
    .select({
      service_code_group_id: serviceCodeGroups.service_code_group_id,
      service_code: serviceCodeGroups.slug,
      name: serviceCodeGroups.name,
      approved: sql<number>`EXISTS (SELECT 1 FROM vendor_services vs JOIN services s ON s.service_id = vs.service_id
        WHERE vs.vendor_id = ${vendorId} AND s.service_code_group_id = service_code_groups.service_code_group_id)`,
      requested: sql<number>`EXISTS (SELECT 1 FROM vendor_service_requests r WHERE r.vendor_id = ${vendorId}
        AND r.service_code_group_id = service_code_groups.service_code_group_id AND r.status = 'pending')`,
    })
    .from(serviceCodeGroups)
    .where(eq(serviceCodeGroups.is_hidden, false))
    .orderBy(serviceCodeGroups.display_order);
  return rows.map((r) => ({ ...r, approved: Boolean(r.approved), requested: Boolean(r.requested) }));
}
