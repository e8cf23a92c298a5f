import { and, asc, desc, eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import { normalizeEmail } from "../../../domain/email";
import { normalizeUsPhone } from "../../../domain/phone";
import { normalizeZip } from "../../../domain/location/zip";
import { applicantView, applyBlocker, MAX_EXPERIENCE_YEARS } from "../../../domain/vendor/application";
import { expiryFromDay, isPlausibleExpiry } from "../../../domain/vendor/licenses";
import { isValidRadius } from "../../../domain/vendor/service-range";
import { serviceCodeGroups } from "../../../schema/tables/catalogue";
import { uploads } from "../../../schema/tables/operations";
import { zipcodes } from "../../../schema/tables/places";
import { vendorApplications } from "../../../schema/tables/vendors";
import { fail } from "../../http/errors";
import { isUniqueViolation } from "../../vendors/unique";
import type { AppEnv } from "../../http/types";
import { requireUser, viewerOf } from "../../middleware/roles";
import { checkImage, refuseHugeBody, storeFile, uploadRow } from "../../vendors/files";

const MAX_TEXT = 120;
const MAX_ABOUT = 2000;

/** Groups a pro can apply for, with whether they need a licence. */
async function applyGroups(db: AppEnv["Variables"]["db"]) {
  return (
    db
      .select({
        service_code_group_id: serviceCodeGroups.service_code_group_id,
        name: serviceCodeGroups.name,
        slug: serviceCodeGroups.slug,
        license_required: serviceCodeGroups.license_required,
      })
      .from(serviceCodeGroups)
      // Only groups with bookable services (not the gift card or foundation pseudo-groups).
      .where(
        and(
          eq(serviceCodeGroups.is_hidden, false),
          sql`EXISTS (SELECT 1 FROM services s WHERE s.service_code_group_id = service_code_groups.service_code_group_id AND s.enable = 1)`,
        ),
      )
      .orderBy(asc(serviceCodeGroups.display_order), asc(serviceCodeGroups.service_code_group_id))
  );
}

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
}

/**
 * Applying to become a pro (SPEC sections 4 and 7: POST /vendor/create; docs/decisions/080). The applicant
 * signs in first (their account becomes the pro's login on approval) and can read the state of their
 * application at GET /vendor/application.
 */
export const vendorApplicationApi = new Hono<AppEnv>()
  .get("/apply-options", async (c) => c.json({ data: { groups: await applyGroups(c.get("db")) } }))

  .get("/application", requireUser, async (c) => {
    const viewer = viewerOf(c);
    const [row] = await c
      .get("db")
      .select()
      .from(vendorApplications)
      .where(eq(vendorApplications.user_id, viewer.user_id))
      .orderBy(desc(vendorApplications.application_id))
      .limit(1);
    if (!row) return c.json({ data: { application: null } });
    return c.json({
      data: {
        application: {
          application_id: row.application_id,
          state: applicantView(row.status),
          submitted_at: row.created_at,
          name: row.name,
          zipcode: row.zipcode,
        },
      },
    });
  })

  .post("/create", requireUser, async (c) => {
    const viewer = viewerOf(c);
    const db = c.get("db");
    const now = c.get("now");
    if (viewer.vendor_id) fail("VENDOR_ALREADY_EXISTS");
    refuseHugeBody(c.req.header("content-length"), 2);
    let form: FormData;
    try {
      form = await c.req.formData();
    } catch {
      fail("VENDOR_APPLICATION_MISSING_FIELDS");
    }

    const name = text(form, "name");
    const phone = normalizeUsPhone(text(form, "phone"));
    const email = normalizeEmail(text(form, "email"));
    const zipcode = normalizeZip(text(form, "zipcode"));
    const radius = Number(text(form, "radius_miles"));
    const experienceText = text(form, "experience_years");
    const experience = Number(experienceText);
    const about = text(form, "about");
    const groupIds = text(form, "service_groups").split(",").filter(Boolean).map(Number);
    const agreement = text(form, "agreement");
    const photo = form.get("photo");
    const missing: Record<string, string> = {};
    if (!name || name.length > MAX_TEXT) missing.name = "Enter your full name.";
    if (!text(form, "phone")) missing.phone = "Enter your mobile number.";
    if (!text(form, "email")) missing.email = "Enter your email address.";
    if (!text(form, "zipcode")) missing.zipcode = "Enter your home ZIP code.";
    if (!isValidRadius(radius)) missing.radius_miles = "Choose how far you travel (1 to 50 miles).";
    if (!experienceText || !Number.isInteger(experience) || experience < 0 || experience > MAX_EXPERIENCE_YEARS)
      missing.experience_years = "Enter your years of experience.";
    if (about.length > MAX_ABOUT) missing.about = "Keep this under 2,000 characters.";
    if (groupIds.length === 0 || groupIds.some((id) => !Number.isInteger(id) || id <= 0))
      missing.service_groups = "Choose at least one service you offer.";
    if (agreement !== "1" && agreement !== "true") missing.agreement = "Please accept the professional agreement.";
    if (!(photo instanceof File) || photo.size === 0) missing.photo = "Add a profile photo.";
    if (Object.keys(missing).length > 0) fail("VENDOR_APPLICATION_MISSING_FIELDS", missing);
    if (!phone) fail("PHONE_NOT_VALID");
    if (!email) fail("INVALID_EMAIL_ADDRESS");
    if (!zipcode) fail("INVALID_ADDRESS");

    const [place] = await db.select({ zip: zipcodes.zip }).from(zipcodes).where(eq(zipcodes.zip, zipcode)).limit(1);
    if (!place) fail("INVALID_ADDRESS");
    const groups = (await applyGroups(db)).filter((g) => groupIds.includes(g.service_code_group_id));
    if (groups.length !== new Set(groupIds).size)
      fail("VENDOR_APPLICATION_MISSING_FIELDS", { service_groups: "Choose services from the list." });

    // Licence: required when any chosen group needs one.
    const needsLicense = groups.some((g) => g.license_required);
    const licenseFile = form.get("license");
    const licenseNumber = text(form, "license_number");
    const licenseState = text(form, "license_state").toUpperCase();
    const licenseExpires = expiryFromDay(text(form, "license_expires"));
    const hasLicenseFile = licenseFile instanceof File && licenseFile.size > 0;
    if (needsLicense) {
      if (!hasLicenseFile || !licenseNumber || !/^[A-Z]{2}$/.test(licenseState) || licenseExpires === null)
        fail("VENDOR_APPLICATION_MISSING_LICENSE");
      if (!isPlausibleExpiry(licenseExpires, now))
        fail("VENDOR_APPLICATION_MISSING_LICENSE", {
          license_expires: "The licence must be valid for at least another day.",
        });
    }

    const previous = await db
      .select({ status: vendorApplications.status })
      .from(vendorApplications)
      .where(eq(vendorApplications.user_id, viewer.user_id));
    const blocker = applyBlocker(previous.map((p) => p.status));
    if (blocker) fail(blocker);

    const photoFile = await checkImage(db, photo as File, {
      ownerUserId: viewer.user_id,
      now,
      photo: true,
      invalid: "VENDOR_APPLICATION_INVALID_FILE",
      field: "photo",
    });
    const license =
      needsLicense || hasLicenseFile
        ? await checkImage(db, licenseFile as File, {
            ownerUserId: viewer.user_id,
            now,
            photo: false,
            invalid: "VENDOR_APPLICATION_INVALID_FILE",
            field: "license",
          })
        : null;

    const storedPhoto = await storeFile(c.env, photoFile, { ownerUserId: viewer.user_id, kind: "profile_photo" });
    const storedLicense = license
      ? await storeFile(c.env, license, { ownerUserId: viewer.user_id, kind: "license" })
      : null;
    // One transaction: the uploads and the application row, linked by their unique keys.
    const uploadId = (key: string) => sql<number>`(SELECT upload_id FROM uploads WHERE key = ${key})`;
    const inserts = [
      db
        .insert(uploads)
        .values(uploadRow(photoFile, storedPhoto, { ownerUserId: viewer.user_id, kind: "profile_photo", now })),
      ...(license && storedLicense
        ? [
            db
              .insert(uploads)
              .values(uploadRow(license, storedLicense, { ownerUserId: viewer.user_id, kind: "license", now })),
          ]
        : []),
    ] as const;
    await isUniqueViolation(
      db.batch([
        ...inserts,
        db.insert(vendorApplications).values({
          user_id: viewer.user_id,
          name,
          phone,
          email,
          zipcode,
          radius_miles: radius,
          service_groups: JSON.stringify([...new Set(groupIds)]),
          experience_years: experience,
          about: about || null,
          license_number: licenseNumber || null,
          license_state: licenseState || null,
          license_expires_at: license ? licenseExpires : null,
          agreement_accepted_at: now,
          status: "submitted",
          photo_upload_id: uploadId(storedPhoto.key),
          license_upload_id: storedLicense ? uploadId(storedLicense.key) : null,
          created_at: now,
        }),
      ]),
    ).then((dup) => dup && fail("VENDOR_APPLICATION_PENDING"));
    const [created] = await db
      .select({ application_id: vendorApplications.application_id })
      .from(vendorApplications)
      .where(and(eq(vendorApplications.user_id, viewer.user_id), eq(vendorApplications.status, "submitted")))
      .orderBy(desc(vendorApplications.application_id))
      .limit(1);
    return c.json({ data: { application_id: created!.application_id, state: "in_review" } }, 201);
  });
