import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";
import { createdAt, instant } from "./columns";
import { serviceOrders } from "./orders";
import { vendors } from "./vendors";

/**
 * Before and after the visit (docs/decisions/152-visit-reminders-and-calendar.md,
 * 153-book-again-and-favourite-pros.md): the calendar event of a visit and the customer's favourite pros.
 */

/**
 * The `.ics` event of one visit: its SEQUENCE (RFC 5545 section 3.8.7.4) goes up each time the event served
 * differs from the last one served (a new time, a cancellation), in one conditional update, so calendar apps
 * replace the copy they hold. `token` is the visit's subscribe link (`/api/calendar/visit/{token}.ics`), 256
 * random bits, kept readable so the order page can show it again (a share link, like Google Calendar's secret
 * address); it only ever reveals one visit's time and place.
 */
export const visitCalendars = sqliteTable("visit_calendars", {
  service_order_id: integer("service_order_id")
    .primaryKey()
    .references(() => serviceOrders.service_order_id),
  token: text("token").notNull().unique(),
  sequence: integer("sequence").notNull().default(0),
  /** What the last served event said: its start (ms UTC), length and whether it was cancelled. */
  starts_at: instant("starts_at").notNull(),
  minutes: integer("minutes").notNull(),
  cancelled: integer("cancelled", { mode: "boolean" }).notNull().default(false),
  created_at: createdAt(),
  updated_at: instant("updated_at").notNull(),
});

/** A customer's favourite pros (at most FAVOURITE_LIMIT each, domain/visit-plan.ts). */
export const favouritePros = sqliteTable(
  "favourite_pros",
  {
    user_id: integer("user_id")
      .notNull()
      .references(() => users.user_id),
    vendor_id: integer("vendor_id")
      .notNull()
      .references(() => vendors.vendor_id),
    created_at: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.vendor_id] }), index("favourite_pros_vendor_idx").on(t.vendor_id)],
);
