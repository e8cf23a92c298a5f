import { and, eq, inArray, sql } from "drizzle-orm";
import { Hono } from "hono";
import * as v from "valibot";
import { localDate, localTime } from "../../../../domain/calendar/time";
import { normalizeZip, zipFromAddress } from "../../../../domain/location/zip";
import { AGREEMENT_VERSION, agreementLines } from "../../../../domain/vendor/agreement";
import { licenceNoticePattern } from "../../../../domain/vendor/licence-notices";
import { expiryFromDay, isPlausibleExpiry, licenseAllowsService } from "../../../../domain/vendor/licenses";
import {
  isRangeTooSimilar,
  isValidRadius,
  MAX_RANGE_MILES,
  MIN_RANGE_MILES,
} from "../../../../domain/vendor/service-range";
import { serviceCodeGroups, services } from "../../../../schema/tables/catalogue";
import { uploads } from "../../../../schema/tables/operations";
import { vendorLicenses, vendors, vendorServiceRequests, vendorServices } from "../../../../schema/tables/vendors";
import { geoFromEnv } from "../../../adapters/geo";
import type { ZipPlace } from "../../../adapters/geo/port";
import { fail } from "../../../http/errors";
import type { AppEnv } from "../../../http/types";
import { jsonBody } from "../../../http/validate";
import { requireVendor, viewerOf } from "../../../middleware/roles";
import { buildPdf } from "../../../vendors/agreement-pdf";
import { checkImage, refuseHugeBody, storeFile, uploadRow } from "../../../vendors/files";
import { d1Batch } from "../../../orders/d1-batch";
import { isUniqueViolation } from "../../../vendors/unique";

type Db = AppEnv["Variables"]["db"];

export const MAX_DESCRIPTION = 1000;

async function ownVendor(db: Db, vendorId: number) {
  const [vendor] = await db.select().from(vendors).where(eq(vendors.vendor_id, vendorId)).limit(1);
  if (!vendor) fail("NOT_FOUND");
  return vendor;
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
async function licenseList(db: Db, vendorId: number, now: number) {
  const rows = await db
    .selectDistinct({
      service_code: serviceCodeGroups.slug,
      name: serviceCodeGroups.name,
      group_id: serviceCodeGroups.service_code_group_id,
      status: vendorLicenses.status,
      expires_at: vendorLicenses.expires_at,
      review_note: vendorLicenses.review_note,
      updated_at: vendorLicenses.updated_at,
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
      valid: licenseAllowsService(license, now),
    };
  });
}

const Description = v.object({
  description: v.pipe(
    v.string(),
    v.trim(),
    v.maxLength(MAX_DESCRIPTION, "Keep your description under 1,000 characters."),
  ),
});
const StatusBody = v.object({ status: v.picklist(["active", "deactivated"], "Choose active or deactivated.") });
const ServiceCodeBody = v.object({ service_code: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(80)) });
const SignBody = v.object({ version: v.pipe(v.string(), v.maxLength(40)) });
const RangeBody = v.object({
  zipcode: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(10))),
  address: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200))),
  radius_miles: v.pipe(
    v.number(),
    v.integer(),
    v.minValue(MIN_RANGE_MILES, `Choose a radius of at least ${MIN_RANGE_MILES} mile.`),
    v.maxValue(MAX_RANGE_MILES, `Choose a radius of at most ${MAX_RANGE_MILES} miles.`),
  ),
});

/** Where the range is centred: a ZIP, an address ending in a ZIP, or an address the geocoder finds. */
async function rangePlace(c: { env: Env; get(k: "db"): Db }, body: v.InferOutput<typeof RangeBody>) {
  const geo = geoFromEnv(c.env, c.get("db"));
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
 * The pro's profile and documents (/api/vendor/me/*, issue 12): licences, description, account status,
 * the agreement, the service range and requests for more services.
 */
export const vendorProfileApi = new Hono<AppEnv>()
  .use(requireVendor)
  .get("/profile", async (c) => {
    const vendor = await ownVendor(c.get("db"), viewerOf(c).vendor_id!);
    return c.json({
      data: {
        vendor_id: vendor.vendor_id,
        display_name: vendor.display_name,
        status: vendor.status,
        description: vendor.description ?? "",
        photo: vendor.photo,
        reliability: vendor.reliability,
        tz: vendor.tz,
        base_zip: vendor.base_zip,
        range_miles: vendor.range_miles,
        agreement: vendor.agreement_version === AGREEMENT_VERSION && vendor.agreement_signed_at !== null,
        agreement_signed_at: vendor.agreement_signed_at,
        agreement_version: vendor.agreement_version,
        current_agreement_version: AGREEMENT_VERSION,
      },
    });
  })

  .get("/license", async (c) => {
    const now = c.get("now");
    return c.json({ data: { licenses: await licenseList(c.get("db"), viewerOf(c).vendor_id!, now) } });
  })

  .post("/do-upload", async (c) => {
    const viewer = viewerOf(c);
    const db = c.get("db");
    const now = c.get("now");
    refuseHugeBody(c.req.header("content-length"), 1);
    let form: FormData;
    try {
      form = await c.req.formData();
    } catch {
      fail("INVALID_INPUT", { file: "Send the licence as multipart form data." });
    }
    const code = form.get("service_code");
    const expires = expiryFromDay(String(form.get("expires") ?? ""));
    const file = form.get("file");
    if (typeof code !== "string" || !code.trim()) fail("INVALID_INPUT", { service_code: "Choose the service." });
    if (expires === null || !isPlausibleExpiry(expires, now))
      fail("INVALID_INPUT", { expires: "Enter the licence's expiry date; it must be in the future." });
    if (!(file instanceof File) || file.size === 0)
      fail("INVALID_INPUT", { file: "Choose a picture of your licence." });
    const group = await groupByCode(db, code.trim());
    if (!group.license_required) fail("NOT_FOUND");
    const offered = await db
      .select({ n: sql<number>`count(*)` })
      .from(vendorServices)
      .innerJoin(services, eq(services.service_id, vendorServices.service_id))
      .where(and(eq(vendorServices.vendor_id, viewer.vendor_id!), eq(services.service_code_group_id, group.id)));
    if (!offered[0]?.n) fail("SERVICE_NOT_APPROVED");
    const checked = await checkImage(db, file, { ownerUserId: viewer.user_id, now, photo: false });
    const stored = await storeFile(c.env, checked, { ownerUserId: viewer.user_id, kind: "license" });
    // A renewal replaces the licence and goes back to staff review (pending).
    await d1Batch(c.env.DB, [
      db.insert(uploads).values(uploadRow(checked, stored, { ownerUserId: viewer.user_id, kind: "license", now })),
      sql`INSERT INTO vendor_licenses
          (vendor_id, service_code_group_id, upload_id, expires_at, status, review_note, created_at, updated_at)
        VALUES (${viewer.vendor_id}, ${group.id}, (SELECT upload_id FROM uploads WHERE key = ${stored.key}),
          ${expires}, 'pending', NULL, ${now}, ${now})
        ON CONFLICT (vendor_id, service_code_group_id) DO UPDATE SET upload_id = excluded.upload_id,
          expires_at = excluded.expires_at, status = 'pending', review_note = NULL, updated_at = excluded.updated_at`,
      // The new licence resolves the group's licence notices (expiring soon, services switched off).
      sql`UPDATE notifications SET dismissed_at = ${now} WHERE vendor_id = ${viewer.vendor_id}
        AND dedupe_key LIKE ${licenceNoticePattern(group.id)} AND dismissed_at IS NULL`,
    ]);
    return c.json({ data: { licenses: await licenseList(db, viewer.vendor_id!, now) }, code: "SAVED" });
  })

  .post("/remove-upload", async (c) => {
    const body = await jsonBody(c, ServiceCodeBody);
    const viewer = viewerOf(c);
    const db = c.get("db");
    const now = c.get("now");
    const group = await groupByCode(db, body.service_code);
    const [license] = await db
      .select()
      .from(vendorLicenses)
      .where(and(eq(vendorLicenses.vendor_id, viewer.vendor_id!), eq(vendorLicenses.service_code_group_id, group.id)))
      .limit(1);
    if (!license) fail("NOT_FOUND");
    // Without the licence the group's services stop being offered, in the same transaction.
    await db.batch([
      db
        .delete(vendorLicenses)
        .where(
          and(eq(vendorLicenses.vendor_id, viewer.vendor_id!), eq(vendorLicenses.service_code_group_id, group.id)),
        ),
      db.update(uploads).set({ deleted_at: now }).where(eq(uploads.upload_id, license.upload_id)),
      db
        .update(vendorServices)
        .set({ enabled: false })
        .where(
          and(
            eq(vendorServices.vendor_id, viewer.vendor_id!),
            inArray(
              vendorServices.service_id,
              db.select({ id: services.service_id }).from(services).where(eq(services.service_code_group_id, group.id)),
            ),
          ),
        ),
    ]);
    return c.json({ data: { licenses: await licenseList(db, viewer.vendor_id!, now) }, code: "SAVED" });
  })

  .put("/description", async (c) => {
    const body = await jsonBody(c, Description);
    const db = c.get("db");
    const vendorId = viewerOf(c).vendor_id!;
    await db
      .update(vendors)
      .set({ description: body.description || null, updated_at: c.get("now") })
      .where(eq(vendors.vendor_id, vendorId));
    return c.json({ data: { description: body.description }, code: "SAVED" });
  })

  .post("/status", async (c) => {
    const body = await jsonBody(c, StatusBody);
    const db = c.get("db");
    const vendorId = viewerOf(c).vendor_id!;
    // Terminated is staff-only and final: the conditional update never touches it.
    const [updated] = await db
      .update(vendors)
      .set({ status: body.status, updated_at: c.get("now") })
      .where(and(eq(vendors.vendor_id, vendorId), sql`${vendors.status} <> 'terminated'`))
      .returning({ status: vendors.status });
    if (!updated) fail("VENDOR_TERMINATED");
    return c.json({ data: { status: updated.status }, code: "SAVED" });
  })

  .on(["GET", "POST"], "/download-agreement", async (c) => {
    const vendor = await ownVendor(c.get("db"), viewerOf(c).vendor_id!);
    const now = c.get("now");
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
    return new Response(pdf, {
      headers: {
        "content-type": "application/pdf",
        "content-disposition": `attachment; filename="agreement-${AGREEMENT_VERSION}.pdf"`,
        "cache-control": "private, no-store",
        "x-agreement-version": AGREEMENT_VERSION,
      },
    });
  })

  .post("/sign-agreement", async (c) => {
    const body = await jsonBody(c, SignBody);
    if (body.version !== AGREEMENT_VERSION) fail("AGREEMENT_VERSION_CHANGED");
    const now = c.get("now");
    const vendorId = viewerOf(c).vendor_id!;
    await c
      .get("db")
      .update(vendors)
      .set({ agreement_signed_at: now, agreement_version: AGREEMENT_VERSION, updated_at: now })
      .where(eq(vendors.vendor_id, vendorId));
    return c.json({ data: { agreement: true, version: AGREEMENT_VERSION, signed_at: now }, code: "SAVED" });
  })

  .post("/serviceRange", async (c) => {
    const body = await jsonBody(c, RangeBody);
    const db = c.get("db");
    const vendor = await ownVendor(db, viewerOf(c).vendor_id!);
    if (!body.zipcode && !body.address) fail("SERVICE_RANGE_ERROR");
    if (!isValidRadius(body.radius_miles)) fail("SERVICE_RANGE_ERROR");
    const place = await rangePlace(c, body);
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
        updated_at: c.get("now"),
      })
      .where(eq(vendors.vendor_id, vendor.vendor_id));
    return c.json({
      data: { base_zip: place.zip, city: place.city, state: place.state, range_miles: body.radius_miles },
      code: "SAVED",
    });
  })

  .get("/vendor-request", async (c) => {
    const vendorId = viewerOf(c).vendor_id!;
    return c.json({ data: { groups: await requestableGroups(c.get("db"), vendorId) } });
  })

  .post("/vendor-request", async (c) => {
    const body = await jsonBody(c, ServiceCodeBody);
    const db = c.get("db");
    const vendorId = viewerOf(c).vendor_id!;
    const now = c.get("now");
    const group = await groupByCode(db, body.service_code);
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
    return c.json({ data: { groups: await requestableGroups(db, vendorId) }, code: "SAVED" }, 201);
  })

  .post("/vendor-request-remove", async (c) => {
    const body = await jsonBody(c, ServiceCodeBody);
    const db = c.get("db");
    const vendorId = viewerOf(c).vendor_id!;
    const group = await groupByCode(db, body.service_code);
    const [removed] = await db
      .update(vendorServiceRequests)
      .set({ status: "withdrawn", updated_at: c.get("now") })
      .where(
        and(
          eq(vendorServiceRequests.vendor_id, vendorId),
          eq(vendorServiceRequests.service_code_group_id, group.id),
          eq(vendorServiceRequests.status, "pending"),
        ),
      )
      .returning({ id: vendorServiceRequests.request_id });
    if (!removed) fail("NOT_FOUND");
    return c.json({ data: { groups: await requestableGroups(db, vendorId) }, code: "SAVED" });
  });

/** Every visible group with whether the pro already offers it and whether a request is pending. */
async function requestableGroups(db: Db, vendorId: number) {
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
