import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";
import { serviceCodeGroups, services } from "./catalogue";
import { cents, createdAt, instant } from "./columns";
import { uploads } from "./operations";

/**
 * Vendors (service professionals) and what the product knows about them outside their calendar. The
 * vendor's Durable Object is the authority over busy time; vendor_busy is its projection in D1.
 */
export const vendors = sqliteTable(
  "vendors",
  {
    vendor_id: integer("vendor_id").primaryKey({ autoIncrement: true }),
    /** The vendor's login; users.vendor_id points back here. */
    user_id: integer("user_id")
      .notNull()
      .references(() => users.user_id),
    display_name: text("display_name").notNull(),
    /**
     * active; deactivated (may be re-activated); terminated (irreversible: payouts and jobs paused).
     * Soft ban is a separate flag (docs/product.md section 4 "Vendor account").
     */
    status: text("status", { enum: ["active", "deactivated", "terminated"] })
      .notNull()
      .default("active"),
    /**
     * Who deactivated the account (migration 0020): "pro" paused it themselves and resumes it themselves;
     * "staff" deactivated it and only staff reactivate it (docs/decisions/118-vendor-account-states.md).
     */
    deactivated_by: text("deactivated_by", { enum: ["pro", "staff"] }),
    /** When a pro deactivated by staff asked to be reactivated (cleared when staff decide), with their note. */
    reactivation_requested_at: integer("reactivation_requested_at"),
    reactivation_note: text("reactivation_note"),
    /** Soft-banned vendors keep their account but their reliability is set to 1. */
    soft_banned: integer("soft_banned", { mode: "boolean" }).notNull().default(false),
    /** 1..100; initial 50 (docs/product.md section 9); gates same-day booking and holidays. */
    reliability: integer("reliability").notNull().default(50),
    /** IANA zone of the vendor's service area; promised_arrival_time is shown in it. */
    tz: text("tz").notNull(),
    /** Bio shown on the vendor page (PUT /vendor/me/description). */
    description: text("description"),
    /**
     * Weekly working hours as JSON, local wall-clock times in `tz` on the 30-minute grid:
     * `{ "weekly": { "mon": [["09:00","17:00"]], "tue": [["09:00","12:00"],["13:00","18:00"]], "wed": [],
     *    "thu": [...], "fri": [...], "sat": [...], "sun": [] } }`
     * Each day lists [start, end) ranges "HH:MM" ("24:00" ends at midnight); a missing or empty day means
     * not working (domain/calendar WeeklySchedule). Optional: `"same_day": boolean` (accepts same-day
     * bookings, still gated by reliability; default true) and `"holidays": "skip" | "work"` (default skip).
     */
    available_setting: text("available_setting").notNull().default('{"weekly":{}}'),
    /** Service range: a base ZIP and a radius; latitude/longitude are the base ZIP's centre. */
    base_zip: text("base_zip"),
    range_miles: integer("range_miles").notNull().default(15),
    latitude: real("latitude"),
    longitude: real("longitude"),
    /** Professional tier (counted apart in availability rows: pro_vendor_count). */
    is_pro: integer("is_pro", { mode: "boolean" }).notNull().default(false),
    /** Average rating times 100 (4.87 is 487); 0 with no ratings. */
    rating_avg_x100: integer("rating_avg_x100").notNull().default(0),
    rating_count: integer("rating_count").notNull().default(0),
    /** Completed jobs, kept in step on completion; sets the padding tier (domain/calendar/padding.ts). */
    completed_jobs: integer("completed_jobs").notNull().default(0),
    /** Profile picture path (an upload key or /media/demo/vendor-<n>.svg). */
    photo: text("photo"),
    /** The signed vendor agreement (POST /vendor/me/main-details {agreement}). */
    agreement_signed_at: instant("agreement_signed_at"),
    /** Which agreement text was signed (domain/vendors/agreement.ts AGREEMENT_VERSION). */
    agreement_version: text("agreement_version"),
    /** The pro's social links as JSON { instagram?, facebook?, tiktok?, website? } (validated https URLs). */
    social_links: text("social_links").notNull().default("{}"),
    license_upload_id: integer("license_upload_id").references(() => uploads.upload_id),
    license_expires_at: instant("license_expires_at"),
    /** Staff review of the license and the profile photo; a rejection carries a note for the vendor. */
    license_status: text("license_status", { enum: ["none", "pending", "approved", "rejected"] })
      .notNull()
      .default("none"),
    photo_status: text("photo_status", { enum: ["pending", "approved", "rejected"] })
      .notNull()
      .default("approved"),
    review_note: text("review_note"),
    /**
     * Payouts: the payout account itself is in connected_accounts (payments.ts). Paused for terminated
     * vendors; instant transfers are an opt-in.
     */
    payouts_paused: integer("payouts_paused", { mode: "boolean" }).notNull().default(false),
    instant_payout_enabled: integer("instant_payout_enabled", {
      mode: "boolean",
    })
      .notNull()
      .default(false),
    /**
     * SHA-256 (hex) of the secret token in the vendor's iCalendar feed URL (GET /api/calendar/{token}.ics);
     * null until the vendor asks for the feed. Regenerating replaces it (docs/decisions/042-ical-feed.md).
     */
    calendar_feed_token_hash: text("calendar_feed_token_hash"),
    calendar_feed_created_at: instant("calendar_feed_created_at"),
    created_at: createdAt(),
    updated_at: instant("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("vendors_user_uq").on(t.user_id),
    uniqueIndex("vendors_calendar_feed_uq").on(t.calendar_feed_token_hash),
    index("vendors_status_idx").on(t.status),
    index("vendors_base_zip_idx").on(t.base_zip),
    index("vendors_reactivation_idx")
      .on(t.reactivation_requested_at)
      .where(sql`${t.reactivation_requested_at} IS NOT NULL`),
    // Candidate search near a point scans a latitude band of active vendors.
    index("vendors_lat_idx").on(t.latitude),
    // Migration 0020 put this CHECK on the column; drizzle spells it as a table check (the same constraint).
    check("vendors_deactivated_by_check", sql`${t.deactivated_by} IN ('pro', 'staff')`),
  ],
);

/** Which services a vendor offers, at the area price or an override. */
export const vendorServices = sqliteTable(
  "vendor_services",
  {
    vendor_id: integer("vendor_id")
      .notNull()
      .references(() => vendors.vendor_id, { onDelete: "cascade" }),
    service_id: integer("service_id")
      .notNull()
      .references(() => services.service_id, { onDelete: "cascade" }),
    enabled: integer("enabled", { mode: "boolean" }).notNull().default(true),
    price_override_cents: cents("price_override_cents"),
    /** Set when staff restrict the vendor from this service for all future jobs (docs/product.md section 6). */
    restricted_at: instant("restricted_at"),
    /** Why, in the words staff wrote for the pro (migration 0024); shown on their services screen. */
    restricted_reason: text("restricted_reason"),
    /** Option groups as JSON (domain/vendors/service-options.ts OptionGroup[]), at most 11 groups of 10 choices. */
    options: text("options").notNull().default("[]"),
    /** A note the pro shows clients booking this service. */
    message: text("message"),
  },
  (t) => [
    primaryKey({ columns: [t.vendor_id, t.service_id] }),
    index("vendor_services_service_idx").on(t.service_id, t.enabled),
  ],
);

/**
 * Applications to become a vendor (POST /vendor/create). rejected is permanent (cannot reapply);
 * silently_rejected looks pending to the applicant; ignored may resubmit (docs/product.md section 4).
 */
export const vendorApplications = sqliteTable(
  "vendor_applications",
  {
    application_id: integer("application_id").primaryKey({ autoIncrement: true }),
    user_id: integer("user_id").references(() => users.user_id),
    name: text("name").notNull(),
    phone: text("phone").notNull(),
    email: text("email").notNull(),
    zipcode: text("zipcode").notNull(),
    /** JSON array of service_code_group_id the applicant offers. */
    service_groups: text("service_groups").notNull().default("[]"),
    experience_years: integer("experience_years"),
    about: text("about"),
    license_number: text("license_number"),
    license_state: text("license_state"),
    license_upload_id: integer("license_upload_id").references(() => uploads.upload_id),
    status: text("status", {
      enum: ["submitted", "approved", "rejected", "silently_rejected", "ignored"],
    })
      .notNull()
      .default("submitted"),
    reviewed_by_user_id: integer("reviewed_by_user_id").references(() => users.user_id),
    reviewed_at: instant("reviewed_at"),
    review_notes: text("review_notes"),
    radius_miles: integer("radius_miles"),
    photo_upload_id: integer("photo_upload_id").references(() => uploads.upload_id),
    license_expires_at: instant("license_expires_at"),
    agreement_accepted_at: instant("agreement_accepted_at"),
    /**
     * Migration 0021: one licence per licensed group applied for, as JSON
     * [{ group_id, upload_id, number, state, expires_at }] (the license_* columns keep the first, for older rows).
     */
    licenses: text("licenses"),
    /** Set on approval: the vendor row created from this application. */
    vendor_id: integer("vendor_id").references(() => vendors.vendor_id),
    created_at: createdAt(),
  },
  (t) => [
    index("vendor_applications_status_idx").on(t.status, t.created_at),
    index("vendor_applications_phone_idx").on(t.phone),
    index("vendor_applications_user_idx").on(t.user_id),
    // At most one application under review per account (a silent rejection still looks under review).
    uniqueIndex("vendor_applications_open_uq")
      .on(t.user_id)
      .where(sql`${t.status} IN ('submitted', 'silently_rejected')`),
  ],
);

/** Time off entered by the vendor (POST/PUT/DELETE /vendor/me/calendar/time-off). */
export const vendorTimeOff = sqliteTable(
  "vendor_time_off",
  {
    time_off_id: integer("time_off_id").primaryKey({ autoIncrement: true }),
    vendor_id: integer("vendor_id")
      .notNull()
      .references(() => vendors.vendor_id, { onDelete: "cascade" }),
    starts_at: instant("starts_at").notNull(),
    ends_at: instant("ends_at").notNull(),
    reason: text("reason"),
    created_at: createdAt(),
  },
  (t) => [index("vendor_time_off_vendor_idx").on(t.vendor_id, t.starts_at)],
);

/**
 * The D1 projection of each vendor's busy intervals, written only by that vendor's Durable Object after
 * every change so a slot search across vendors is one query (docs/architecture.md section 3). [starts_at, ends_at) in
 * UTC ms is the listed duration (promised arrival to end); padding and the 60% rule are applied by
 * domain/calendar at search time, which is why is_connect is kept. ref_id is the hold id,
 * service_order_id or time_off_id; (vendor_id, kind, ref_id) is unique so the object can upsert and delete
 * by reference. Kinds map to domain/calendar's BusyKind as booking -> job, hold -> hold, time_off -> block.
 */
export const vendorBusy = sqliteTable(
  "vendor_busy",
  {
    busy_id: integer("busy_id").primaryKey({ autoIncrement: true }),
    vendor_id: integer("vendor_id")
      .notNull()
      .references(() => vendors.vendor_id, { onDelete: "cascade" }),
    starts_at: instant("starts_at").notNull(),
    ends_at: instant("ends_at").notNull(),
    kind: text("kind", { enum: ["hold", "booking", "time_off"] }).notNull(),
    ref_id: text("ref_id").notNull(),
    /** Connect (business) jobs count at full length in conflict checks. */
    is_connect: integer("is_connect", { mode: "boolean" }).notNull().default(false),
    /** Holds lapse on their own; the search ignores expired ones before the object cleans them up. */
    expires_at: instant("expires_at"),
    updated_at: instant("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("vendor_busy_ref_uq").on(t.vendor_id, t.kind, t.ref_id),
    index("vendor_busy_vendor_time_idx").on(t.vendor_id, t.starts_at),
    index("vendor_busy_time_idx").on(t.starts_at, t.ends_at),
  ],
);

/**
 * Notices for a user or a vendor (GET /vendor/me/notification). Listed by persistence, user-dismissed,
 * severity descending, then timestamp (docs/product.md section 9).
 */
export const notifications = sqliteTable(
  "notifications",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    user_id: integer("user_id").references(() => users.user_id, {
      onDelete: "cascade",
    }),
    vendor_id: integer("vendor_id").references(() => vendors.vendor_id, {
      onDelete: "cascade",
    }),
    /** 1 stays until resolved (cannot be dismissed); 0 can be dismissed. */
    persistence: integer("persistence").notNull().default(0),
    /** 0 info, 1 warning, 2 urgent. */
    severity: integer("severity").notNull().default(0),
    message: text("message").notNull(),
    /** When the notice applies (ms UTC). */
    timestamp: instant("timestamp").notNull(),
    dismissed_at: instant("dismissed_at"),
    /** The event a system notice reports (e.g. "licence-off:g3:u41"): one notice per event (migration 0010). */
    dedupe_key: text("dedupe_key"),
    /** When the notice was also texted to the pro (claimed before sending, so at most once). */
    texted_at: instant("texted_at"),
  },
  (t) => [
    index("notifications_vendor_idx").on(t.vendor_id, t.timestamp),
    index("notifications_user_idx").on(t.user_id, t.timestamp),
    uniqueIndex("notifications_vendor_key_uq").on(t.vendor_id, t.dedupe_key),
  ],
);

/** Vendors a customer asked not to be matched with again (POST /order/customer-vendor-exclude). */
export const customerVendorExclusions = sqliteTable(
  "customer_vendor_exclusions",
  {
    user_id: integer("user_id")
      .notNull()
      .references(() => users.user_id, { onDelete: "cascade" }),
    vendor_id: integer("vendor_id")
      .notNull()
      .references(() => vendors.vendor_id, { onDelete: "cascade" }),
    created_at: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.vendor_id] }), index("cve_vendor_idx").on(t.vendor_id)],
);

/**
 * A pro's licence for a service group that needs one (service_code_groups.license_required). An expired
 * or rejected licence stops the group's services from being offered; staff review renewals.
 */
export const vendorLicenses = sqliteTable(
  "vendor_licenses",
  {
    vendor_id: integer("vendor_id")
      .notNull()
      .references(() => vendors.vendor_id, { onDelete: "cascade" }),
    service_code_group_id: integer("service_code_group_id")
      .notNull()
      .references(() => serviceCodeGroups.service_code_group_id, { onDelete: "cascade" }),
    upload_id: integer("upload_id")
      .notNull()
      .references(() => uploads.upload_id),
    expires_at: instant("expires_at").notNull(),
    status: text("status", { enum: ["pending", "approved", "rejected"] })
      .notNull()
      .default("pending"),
    review_note: text("review_note"),
    created_at: createdAt(),
    updated_at: instant("updated_at").notNull(),
    /**
     * Migration 0021: a renewal sent while this licence is approved and unexpired waits here for staff, so the
     * current licence keeps the group's services on; approving moves it into upload_id/expires_at.
     */
    renewal_upload_id: integer("renewal_upload_id").references(() => uploads.upload_id),
    renewal_expires_at: instant("renewal_expires_at"),
    renewal_submitted_at: instant("renewal_submitted_at"),
    reviewed_by_user_id: integer("reviewed_by_user_id").references(() => users.user_id),
    reviewed_at: instant("reviewed_at"),
  },
  (t) => [
    primaryKey({ columns: [t.vendor_id, t.service_code_group_id] }),
    index("vendor_licenses_review_idx").on(t.status, t.updated_at),
  ],
);

/** A pro asking staff to add a service group they are not approved for yet (POST /vendor/me/vendor-request). */
export const vendorServiceRequests = sqliteTable(
  "vendor_service_requests",
  {
    request_id: integer("request_id").primaryKey({ autoIncrement: true }),
    vendor_id: integer("vendor_id")
      .notNull()
      .references(() => vendors.vendor_id, { onDelete: "cascade" }),
    service_code_group_id: integer("service_code_group_id")
      .notNull()
      .references(() => serviceCodeGroups.service_code_group_id, { onDelete: "cascade" }),
    status: text("status", { enum: ["pending", "withdrawn", "approved", "rejected"] })
      .notNull()
      .default("pending"),
    created_at: createdAt(),
    updated_at: instant("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("vendor_service_requests_pending_uq")
      .on(t.vendor_id, t.service_code_group_id)
      .where(sql`${t.status} = 'pending'`),
  ],
);
