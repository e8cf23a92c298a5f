import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { cents, createdAt, instant } from "./columns";

/**
 * A person with a login. A vendor is a user with vendor_id set; staff roles come from security_groups
 * (comma-separated numbers, docs/product.md section 6).
 */
export const users = sqliteTable(
  "users",
  {
    user_id: integer("user_id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    /** E.164 US number, e.g. +15551234567. */
    phone: text("phone").notNull(),
    email: text("email").notNull(),
    /** "pbkdf2-sha256$iterations$saltB64$hashB64"; null for Google-only accounts. */
    password_hash: text("password_hash"),
    google_sub: text("google_sub"),
    photo: text("photo"),
    vendor_id: integer("vendor_id"),
    security_groups: text("security_groups").notNull().default(""),
    rating_weight: integer("rating_weight").notNull().default(1),
    credit_balance_cents: cents("credit_balance_cents").notNull().default(0),
    immediate_credit_amt_cents: cents("immediate_credit_amt_cents").notNull().default(0),
    address: text("address"),
    zipcode: text("zipcode"),
    /** pending until the phone is confirmed with a one-time code; then active. */
    status: text("status", { enum: ["pending", "active", "disabled"] })
      .notNull()
      .default("pending"),
    referral_code: text("referral_code").notNull(),
    referred_by_user_id: integer("referred_by_user_id"),
    failed_login_count: integer("failed_login_count").notNull().default(0),
    locked_until: instant("locked_until"),
    /** When the current email was confirmed with a code (null: unverified; Google cannot link it). */
    email_verified_at: instant("email_verified_at"),
    created_at: createdAt(),
    updated_at: instant("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("users_phone_uq").on(t.phone),
    uniqueIndex("users_email_uq").on(t.email),
    uniqueIndex("users_referral_code_uq").on(t.referral_code),
    uniqueIndex("users_google_sub_uq").on(t.google_sub),
    index("users_vendor_idx").on(t.vendor_id),
  ],
);

/** Only the SHA-256 of the session token is stored; the token itself lives in the cookie. */
export const sessions = sqliteTable(
  "sessions",
  {
    token_hash: text("token_hash").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.user_id, { onDelete: "cascade" }),
    user_agent: text("user_agent"),
    created_at: createdAt(),
    expires_at: instant("expires_at").notNull(),
  },
  (t) => [index("sessions_user_idx").on(t.user_id)],
);

/** One-time codes sent by SMS: signup confirmation and password reset. Only the code's hash is kept. */
export const oneTimeCodes = sqliteTable(
  "one_time_codes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    phone: text("phone").notNull(),
    purpose: text("purpose", { enum: ["signup", "reset"] }).notNull(),
    code_hash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    created_at: createdAt(),
    expires_at: instant("expires_at").notNull(),
    used_at: instant("used_at"),
  },
  (t) => [index("otc_phone_idx").on(t.phone, t.purpose, t.created_at)],
);

/** Fixed-window counters for rate limits, keyed by what is limited (e.g. "auth-ip:1.2.3.4"). */
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  window_start: instant("window_start").notNull(),
  count: integer("count").notNull(),
});

/** Every outbound text message. The local SMS adapter only writes here; staff and tests read it. */
export const outbox = sqliteTable(
  "outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    channel: text("channel", { enum: ["sms", "email"] })
      .notNull()
      .default("sms"),
    to: text("to").notNull(),
    body: text("body").notNull(),
    /** queued (local adapter keeps it here), sent (a provider accepted it), failed. */
    status: text("status", { enum: ["queued", "sent", "failed"] }).notNull(),
    provider: text("provider").notNull(),
    provider_ref: text("provider_ref"),
    error: text("error"),
    created_at: createdAt(),
  },
  (t) => [index("outbox_to_idx").on(t.to, t.created_at)],
);

/** Codes that confirm a user's email (worker/auth/email-verification.ts). Only a hash is kept. */
export const emailCodes = sqliteTable(
  "email_codes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.user_id, { onDelete: "cascade" }),
    /** The address the code was sent to; confirming applies only while the account still has it. */
    email: text("email").notNull(),
    code_hash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    created_at: createdAt(),
    expires_at: instant("expires_at").notNull(),
    used_at: instant("used_at"),
  },
  (t) => [index("email_codes_user_idx").on(t.user_id, t.created_at)],
);
