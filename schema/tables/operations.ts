import { sql } from "drizzle-orm";
import { type AnySQLiteColumn, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";
import { payLinks } from "./after-booking";
import { cents, createdAt, instant } from "./columns";
import { vendors } from "./vendors";
import { serviceOrders } from "./orders";

/**
 * Stored files (R2 in production, local storage in dev). `key` is the object key; sha256 of the bytes
 * lets the API refuse a picture the same owner uploaded within 3 days (docs/product.md section 5 "Image check").
 */
export const uploads = sqliteTable(
  "uploads",
  {
    upload_id: integer("upload_id").primaryKey({ autoIncrement: true }),
    owner_user_id: integer("owner_user_id").references(() => users.user_id),
    key: text("key").notNull().unique(),
    kind: text("kind", {
      enum: ["profile_photo", "license", "job_before", "job_after", "job_testimonial", "job_video", "other"],
    }).notNull(),
    content_type: text("content_type").notNull(),
    size_bytes: integer("size_bytes").notNull(),
    sha256: text("sha256").notNull(),
    width: integer("width"),
    height: integer("height"),
    created_at: createdAt(),
    deleted_at: instant("deleted_at"),
    /**
     * The job a job picture or video belongs to (migration 0009). The return type is spelled out because
     * service_orders reaches back here through vendors (a type cycle TypeScript cannot infer).
     */
    service_order_id: integer("service_order_id").references((): AnySQLiteColumn => serviceOrders.service_order_id),
    /** 64-bit difference hash of a picture (domain/image-quality.ts), for the 3-day duplicate check. */
    image_hash: text("image_hash"),
  },
  (t) => [
    index("uploads_owner_idx").on(t.owner_user_id, t.created_at),
    index("uploads_owner_sha_idx").on(t.owner_user_id, t.sha256),
    index("uploads_owner_hash_idx")
      .on(t.owner_user_id, t.created_at)
      .where(sql`image_hash IS NOT NULL`),
    index("uploads_so_idx").on(t.service_order_id),
  ],
);

/** Products vendors can redeem (GET /vendor/me/redemption-products), paid from their earnings. */
export const redemptionProducts = sqliteTable("redemption_products", {
  product_id: integer("product_id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  description: text("description"),
  image: text("image"),
  cost_cents: cents("cost_cents").notNull(),
  enable: integer("enable", { mode: "boolean" }).notNull().default(true),
  display_order: integer("display_order").notNull().default(0),
  created_at: createdAt(),
  /** The pro's share of cost_cents when they sell it to a client (migration 0008). */
  vendor_share_bps: integer("vendor_share_bps").notNull().default(2000),
});

/** A vendor's redemption of a product (POST /vendor/me/redeem-product, /past-redemption). */
export const redemptions = sqliteTable(
  "redemptions",
  {
    redemption_id: integer("redemption_id").primaryKey({ autoIncrement: true }),
    vendor_id: integer("vendor_id")
      .notNull()
      .references(() => vendors.vendor_id),
    product_id: integer("product_id")
      .notNull()
      .references(() => redemptionProducts.product_id),
    quantity: integer("quantity").notNull().default(1),
    cost_cents: cents("cost_cents").notNull(),
    status: text("status", { enum: ["requested", "fulfilled", "cancelled"] })
      .notNull()
      .default("requested"),
    idempotency_key: text("idempotency_key").notNull().unique(),
    created_at: createdAt(),
    fulfilled_at: instant("fulfilled_at"),
    cancelled_at: instant("cancelled_at"),
    /** Migration 0008: who bought it, at which visit, and the pro's share (a vendor_earnings line). */
    client_name: text("client_name"),
    service_order_id: integer("service_order_id").references(() => serviceOrders.service_order_id),
    vendor_cents: cents("vendor_cents").notNull().default(0),
    /** Migration 0012: the customer's payment (a charge of their card, or the texted payment link's). */
    payment_intent_id: text("payment_intent_id"),
    pay_link_id: integer("pay_link_id").references(() => payLinks.pay_link_id),
  },
  (t) => [index("redemptions_vendor_idx").on(t.vendor_id, t.created_at)],
);

/** Who did what, for staff actions and sensitive account changes. details is JSON. */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    actor_user_id: integer("actor_user_id").references(() => users.user_id),
    action: text("action").notNull(),
    target_type: text("target_type").notNull(),
    target_id: text("target_id"),
    details: text("details"),
    /** Staff actions (docs/decisions/091): one key per action, so its other statements can check it ran. */
    op_key: text("op_key"),
    reason: text("reason"),
    /** JSON of the target's fields the action changed, before and after. */
    before_value: text("before_value"),
    after_value: text("after_value"),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex("audit_log_op_uq").on(t.op_key),
    index("audit_log_action_idx").on(t.action, t.created_at),
    index("audit_log_target_idx").on(t.target_type, t.target_id, t.created_at),
    index("audit_log_actor_idx").on(t.actor_user_id, t.created_at),
    index("audit_log_created_idx").on(t.created_at),
  ],
);

/**
 * Operator settings, one row per key, value as JSON text. Known keys:
 * - "compatibility_level": number (docs/product.md section 4; 1 today).
 */
export const settings = sqliteTable("settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updated_at: instant("updated_at").notNull(),
  updated_by_user_id: integer("updated_by_user_id").references(() => users.user_id),
});

export const SETTING_KEYS = {
  COMPATIBILITY_LEVEL: "compatibility_level",
} as const;
