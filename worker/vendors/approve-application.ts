import { and, eq, sql } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { users } from "../../schema/tables/accounts";
import { serviceCodeGroups } from "../../schema/tables/catalogue";
import { uploads } from "../../schema/tables/operations";
import { zipcodes } from "../../schema/tables/places";
import { vendorApplications, vendors } from "../../schema/tables/vendors";
import { fail } from "../http/errors";
import { d1Batch } from "../orders/d1-batch";
import type { ApplicationLicence } from "./submit-application";
import { isUniqueViolation } from "./unique";

/** A new pro's starting week until they set their own (Monday to Saturday, 9 am to 5 pm; decision 080). */
export const STARTING_HOURS = JSON.stringify({
  weekly: {
    mon: [["09:00", "17:00"]],
    tue: [["09:00", "17:00"]],
    wed: [["09:00", "17:00"]],
    thu: [["09:00", "17:00"]],
    fri: [["09:00", "17:00"]],
    sat: [["09:00", "17:00"]],
    sun: [],
  },
});
export const INITIAL_RELIABILITY = 50;

/**
 * Approves a submitted application (staff action, docs/product.md section 6): in one transaction creates the vendor
 * (active, reliability 50, the application's ZIP and radius as service range, its photo), its services
 * (every enabled service of the approved groups, switched off until the pro turns them on), each licence sent
 * approved for its own group (decision 121), links the applicant's login, marks the application approved with
 * staff's note, and writes the audit row. The vendor's calendar object starts on first use. A second approval of the same
 * application (or a race of two) answers APPLICATION_ALREADY_REVIEWED and writes nothing.
 */
export async function approveApplication(
  db: DrizzleD1Database,
  d1: D1Database,
  opts: { applicationId: number; staffUserId: number; now: number; note?: string | null },
): Promise<{ vendor_id: number }> {
  const { now } = opts;
  const [app] = await db
    .select()
    .from(vendorApplications)
    .where(eq(vendorApplications.application_id, opts.applicationId))
    .limit(1);
  if (!app) fail("NOT_FOUND");
  if (app.status !== "submitted" || !app.user_id) fail("APPLICATION_ALREADY_REVIEWED");
  const userId = app.user_id;
  const [place] = await db.select().from(zipcodes).where(eq(zipcodes.zip, app.zipcode)).limit(1);
  if (!place) fail("INVALID_ADDRESS");
  const [photo] = app.photo_upload_id
    ? await db.select({ key: uploads.key }).from(uploads).where(eq(uploads.upload_id, app.photo_upload_id)).limit(1)
    : [];
  const groupIds = (JSON.parse(app.service_groups) as number[]).filter((n) => Number.isInteger(n));
  const licensed = groupIds.length
    ? await db
        .select({ id: serviceCodeGroups.service_code_group_id })
        .from(serviceCodeGroups)
        .where(
          and(
            sql`${serviceCodeGroups.service_code_group_id} IN ${groupIds}`,
            eq(serviceCodeGroups.license_required, true),
          ),
        )
    : [];

  const perGroup = JSON.parse(app.licenses ?? "[]") as ApplicationLicence[];
  const vendorIdOf = sql`(SELECT vendor_id FROM vendors WHERE user_id = ${userId})`;
  const groupList = sql.join(
    groupIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const writes = [
    db.insert(vendors).values({
      user_id: userId,
      display_name: app.name,
      status: "active",
      reliability: INITIAL_RELIABILITY,
      tz: place.time_zone,
      available_setting: STARTING_HOURS,
      base_zip: place.zip,
      range_miles: app.radius_miles ?? 15,
      latitude: place.latitude,
      longitude: place.longitude,
      photo: photo ? `/media/${photo.key}` : null,
      photo_status: "approved",
      license_upload_id: app.license_upload_id,
      license_expires_at: app.license_expires_at,
      license_status: app.license_upload_id ? "approved" : "none",
      created_at: now,
      updated_at: now,
    }),
    sql`INSERT INTO vendor_services (vendor_id, service_id, enabled)
      SELECT ${vendorIdOf}, service_id, 0 FROM services
      WHERE enable = 1 AND service_code_group_id IN (${groupIds.length ? groupList : sql`NULL`})`,
    // One licence per licensed group (decision 121): each licence staff saw with the application is approved for
    // its own group only. An older application with one licence for several groups leaves them pending, for staff
    // to check in the licence queue.
    ...licensed.flatMap((g) => {
      const own = perGroup.find((l) => l.group_id === g.id);
      const legacy = app.licenses === null && app.license_upload_id && app.license_expires_at;
      if (!own && !legacy) return [];
      const status = own || licensed.length === 1 ? "approved" : "pending";
      const uploadId = own ? own.upload_id : app.license_upload_id;
      const expiresAt = own ? own.expires_at : app.license_expires_at;
      return [
        sql`INSERT INTO vendor_licenses
            (vendor_id, service_code_group_id, upload_id, expires_at, status, reviewed_by_user_id, reviewed_at,
             created_at, updated_at)
            VALUES (${vendorIdOf}, ${g.id}, ${uploadId}, ${expiresAt}, ${status},
              ${status === "approved" ? opts.staffUserId : null}, ${status === "approved" ? now : null}, ${now}, ${now})`,
      ];
    }),
    // The application's photo is the pro's starting photo everywhere (docs/decisions/132): their account keeps
    // a photo they chose themselves.
    db
      .update(users)
      .set({
        vendor_id: sql`${vendorIdOf}`,
        photo: photo ? sql`coalesce(${users.photo}, ${`/media/${photo.key}`})` : sql`${users.photo}`,
        updated_at: now,
      })
      .where(eq(users.user_id, userId)),
    db
      .update(vendorApplications)
      .set({
        status: "approved",
        reviewed_by_user_id: opts.staffUserId,
        reviewed_at: now,
        review_notes: opts.note || null,
        vendor_id: sql`${vendorIdOf}`,
      })
      .where(
        and(eq(vendorApplications.application_id, app.application_id), eq(vendorApplications.status, "submitted")),
      ),
    // Audited like the other decisions, with its note, in the same transaction (written only when the approval
    // above changed the row).
    sql`INSERT INTO audit_log (actor_user_id, action, target_type, target_id, reason, before_value, after_value, details,
          op_key, created_at)
        SELECT ${opts.staffUserId}, 'application.approve', 'vendor_application', ${String(app.application_id)},
          ${opts.note || null}, ${JSON.stringify({ status: "submitted" })},
          json_object('status', 'approved', 'vendor_id', ${vendorIdOf}), ${JSON.stringify({ groups: groupIds })},
          ${crypto.randomUUID()}, ${now}
        WHERE changes() > 0`,
  ];
  // vendors.user_id is unique: of two racing approvals one transaction fails whole.
  if (await isUniqueViolation(d1Batch(d1, writes))) {
    fail("APPLICATION_ALREADY_REVIEWED");
  }
  const [vendor] = await db.select({ vendor_id: vendors.vendor_id }).from(vendors).where(eq(vendors.user_id, userId));
  return { vendor_id: vendor!.vendor_id };
}
