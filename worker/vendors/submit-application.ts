import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { applyBlocker } from "../../domain/vendors/application";
import { isPlausibleExpiry } from "../../domain/vendors/licenses";
import { serviceCodeGroups } from "../../schema/tables/catalogue";
import { uploads } from "../../schema/tables/operations";
import { zipcodes } from "../../schema/tables/places";
import { vendorApplications } from "../../schema/tables/vendors";
import { fail } from "../http/errors";
import { checkImage, storeFile, uploadRow, type CheckedFile } from "./files";
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
  /** One licence per licensed group, keyed by group id (form fields license_<id>, license_number_<id>, ...). */
  licenses: Record<number, LicenceInput>;
  /** The single licence of older forms (license, license_number, ...): taken only when one licensed group is chosen. */
  legacyLicense: LicenceInput;
}

export interface LicenceInput {
  file: FormDataEntryValue | null;
  number: string;
  state: string;
  expires: number | null;
}

/** One licence of an application as stored in vendor_applications.licenses (migration 0021). */
export interface ApplicationLicence {
  group_id: number;
  upload_id: number;
  number: string;
  state: string;
  expires_at: number;
}

/**
 * Files an application to become a pro (docs/decisions/080): the ZIP must be ours, the groups bookable; one
 * licence (file, number, state, an expiry at least a day away) for each chosen group that needs one (decision 121);
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
  const [place] = await db.select({ zip: zipcodes.zip }).from(zipcodes).where(eq(zipcodes.zip, zipcode)).limit(1);
  if (!place) fail("INVALID_ADDRESS");
  const groups = (await applyGroups(db)).filter((g) => groupIds.includes(g.service_code_group_id));
  if (groups.length !== new Set(groupIds).size)
    fail("VENDOR_APPLICATION_MISSING_FIELDS", { service_groups: "Choose services from the list." });

  // One licence per licensed group (decision 121): a licence unlocks only the group it was sent for.
  const licensed = groups.filter((g) => g.license_required);
  const wanted = licensed.map((g) => {
    const given = input.licenses[g.service_code_group_id];
    const entry = given?.file instanceof File ? given : licensed.length === 1 ? input.legacyLicense : given;
    const field = `license_${g.service_code_group_id}`;
    if (!entry || !(entry.file instanceof File) || entry.file.size === 0 || !entry.number || entry.expires === null)
      fail("VENDOR_APPLICATION_MISSING_LICENSE", { [field]: `Add your ${g.name} licence.` });
    if (!/^[A-Z]{2}$/.test(entry.state))
      fail("VENDOR_APPLICATION_MISSING_LICENSE", { [field]: `Choose the state of your ${g.name} licence.` });
    if (!isPlausibleExpiry(entry.expires, now))
      fail("VENDOR_APPLICATION_MISSING_LICENSE", {
        [field]: `Your ${g.name} licence must be valid for at least another day.`,
        license_expires: "The licence must be valid for at least another day.",
      });
    return { group: g, field, entry: entry as LicenceInput & { file: File; expires: number } };
  });

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
  const licenceFiles: ((typeof wanted)[number] & { checked: CheckedFile })[] = [];
  for (const w of wanted) {
    const checked = await checkImage(db, w.entry.file, {
      ownerUserId: userId,
      now,
      photo: false,
      invalid: "VENDOR_APPLICATION_INVALID_FILE",
      field: licensed.length === 1 && !input.licenses[w.group.service_code_group_id]?.file ? "license" : w.field,
    });
    // The same file sent for two groups is one licence: each group needs its own.
    if (licenceFiles.some((l) => l.checked.sha256 === checked.sha256))
      fail("VENDOR_APPLICATION_MISSING_LICENSE", { [w.field]: `Add the ${w.group.name} licence itself.` });
    licenceFiles.push({ ...w, checked });
  }

  const storedPhoto = await storeFile(env, photoFile, { ownerUserId: userId, kind: "profile_photo" });
  const storedLicences = [];
  for (const l of licenceFiles) {
    storedLicences.push({ ...l, stored: await storeFile(env, l.checked, { ownerUserId: userId, kind: "license" }) });
  }
  // One transaction: the uploads and the application row, linked by their unique keys.
  const uploadId = (key: string) => sql<number>`(SELECT upload_id FROM uploads WHERE key = ${key})`;
  const licencesJson = sql`json_array(${sql.join(
    storedLicences.map(
      (l) =>
        sql`json_object('group_id', ${l.group.service_code_group_id}, 'upload_id', ${uploadId(l.stored.key)},
          'number', ${l.entry.number}, 'state', ${l.entry.state}, 'expires_at', ${l.entry.expires})`,
    ),
    sql`, `,
  )})`;
  const first = storedLicences[0];
  await isUniqueViolation(
    db.batch([
      db.insert(uploads).values(uploadRow(photoFile, storedPhoto, { ownerUserId: userId, kind: "profile_photo", now })),
      ...storedLicences.map((l) =>
        db.insert(uploads).values(uploadRow(l.checked, l.stored, { ownerUserId: userId, kind: "license", now })),
      ),
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
        license_number: first?.entry.number ?? null,
        license_state: first?.entry.state ?? null,
        license_expires_at: first?.entry.expires ?? null,
        licenses: storedLicences.length ? licencesJson : null,
        agreement_accepted_at: now,
        status: "submitted",
        photo_upload_id: uploadId(storedPhoto.key),
        license_upload_id: first ? uploadId(first.stored.key) : null,
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
