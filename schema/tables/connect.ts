import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";
import { services } from "./catalogue";
import { createdAt, instant } from "./columns";
import { vendors } from "./vendors";

/**
 * A business's request for services for several people at one address and time (/connect). Connect staff
 * (group 31) assign it to a pro (docs/decisions/095): new -> assigned, or cancelled.
 */
export const connectRequests = sqliteTable(
  "connect_requests",
  {
    connect_request_id: integer("connect_request_id").primaryKey({ autoIncrement: true }),
    business_name: text("business_name").notNull(),
    contact_name: text("contact_name").notNull(),
    phone: text("phone").notNull(),
    email: text("email").notNull(),
    address: text("address").notNull(),
    zipcode: text("zipcode").notNull(),
    starts_at: instant("starts_at").notNull(),
    time_zone: text("time_zone").notNull(),
    people: integer("people").notNull(),
    service_id: integer("service_id")
      .notNull()
      .references(() => services.service_id),
    notes: text("notes"),
    status: text("status", { enum: ["new", "assigned", "cancelled"] })
      .notNull()
      .default("new"),
    vendor_id: integer("vendor_id").references(() => vendors.vendor_id),
    requested_by_user_id: integer("requested_by_user_id").references(() => users.user_id),
    created_at: createdAt(),
    updated_at: instant("updated_at").notNull(),
  },
  (t) => [
    index("connect_requests_status_idx").on(t.status, t.starts_at),
    index("connect_requests_vendor_idx").on(t.vendor_id, t.starts_at),
  ],
);
