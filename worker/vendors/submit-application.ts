import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { applyBlocker } from "../../domain/vendor/application";
import { isPlausibleExpiry } from "../../domain/vendor/licenses";
import { serviceCodeGroups } from "../../schema/tables/catalogue";
import { uploads } from "../../schema/tables/operations";
import { zipcodes } from "../../schema/tables/places";
import { vendorApplications } from "../../schema/tables/vendors";
import { fail } from "../http/errors";
import { checkImage, storeFile, uploadRow } from "./files";
import { isUniqueViolation } from "./unique";

/** Groups a pro can apply for, with whether they need a licence. */
export async function applyGroups(db: DrizzleD1Database) {
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

/** An application as the form gave it, its fields checked for presence and normalised. */
export interface ApplicationInput {
  userId: number;
  name: string;
  phone: string;
  email: string;
  zipcode: string;
  radius: number;
  experience: number;
  about: string;
  groupIds: number[];
  photo: File;
  licenseFile: FormDataEntryValue | null;
  licenseNumber: string;
  licenseState: string;
  licenseExpires: number | null;
}

/**
 * Files an application to become a pro (docs/decisions/080): the ZIP must be ours, the groups bookable; a
 * licence (file, number, state, an expiry at least a day away) is required when any chosen group needs one;
 * a permanent rejection or a pending application blocks a new one. The photo and licence are checked and
 * stored, then the uploads and the application are written in one batch. Answers the new application's id.
 */
export async function submitApplication(
  env: Env,
  db: DrizzleD1Database,
  input: ApplicationInput,
  now: number,
): Promise<{ application_id: number }> {
  const { userId, name, phone, email, zipcode, radius, experience, about, groupIds, photo } = input;
  const { licenseFile, licenseNumber, licenseState, licenseExpires } = input;
  const [place] = await db.select({ zip: zipcodes.zip }).from(zipcodes).where(eq(zipcodes.zip, zipcode)).limit(1);
  if (!place) fail("INVALID_ADDRESS");
  const groups = (await applyGroups(db)).filter((g) => groupIds.includes(g.service_code_group_id));
  if (groups.length !== new Set(groupIds).size)
    fail("VENDOR_APPLICATION_MISSING_FIELDS", { service_groups: "Choose services from the list." });

  // Licence: required when any chosen group needs one.
  const needsLicense = groups.some((g) => g.license_required);
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
    .where(eq(vendorApplications.user_id, userId));
  const blocker = applyBlocker(previous.map((p) => p.status));
  if (blocker) fail(blocker);

  const photoFile = await checkImage(db, photo as File, {
    ownerUserId: userId,
    now,
    photo: true,
    invalid: "VENDOR_APPLICATION_INVALID_FILE",
    field: "photo",
  });
  const license =
    needsLicense || hasLicenseFile
      ? await checkImage(db, licenseFile as File, {
          ownerUserId: userId,
          now,
          photo: false,
          invalid: "VENDOR_APPLICATION_INVALID_FILE",
          field: "license",
        })
      : null;

  const storedPhoto = await storeFile(env, photoFile, { ownerUserId: userId, kind: "profile_photo" });
  const storedLicense = license ? await storeFile(env, license, { ownerUserId: userId, kind: "license" }) : null;
  // One transaction: the uploads and the application row, linked by their unique keys.
  const uploadId = (key: string) => sql<number>`(SELECT upload_id FROM uploads WHERE key = ${key})`;
  const inserts = [
    db.insert(uploads).values(uploadRow(photoFile, storedPhoto, { ownerUserId: userId, kind: "profile_photo", now })),
    ...(license && storedLicense
      ? [db.insert(uploads).values(uploadRow(license, storedLicense, { ownerUserId: userId, kind: "license", now }))]
      : []),
  ] as const;
  await isUniqueViolation(
    db.batch([
      ...inserts,
      db.insert(vendorApplications).values({
        user_id: userId,
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
    .where(and(eq(vendorApplications.user_id, userId), eq(vendorApplications.status, "submitted")))
    .orderBy(desc(vendorApplications.application_id))
    .limit(1);
  return { application_id: created!.application_id };
}
